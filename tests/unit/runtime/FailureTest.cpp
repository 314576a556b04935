//===- FailureTest.cpp - Failing kernels and rejected submits -------------===//
#include "TestSupport.h"

#include <stdexcept>
#include <vector>

using namespace plrt;
using namespace plrt::test;

namespace {

std::atomic<bool> failRelease{false};
std::atomic<int> ranMask{0};

/// Marks bit scalar(0) in ranMask.
int markKernel(const KernelContext &ctx) {
  ranMask.fetch_or(1 << ctx.scalar<int>(0));
  return 0;
}
/// Waits for failRelease (so dependents get wired first), then fails.
int failKernel(const KernelContext &ctx) {
  waitFlag(failRelease);
  return 3;
}
int throwKernel(const KernelContext &ctx) {
  waitFlag(failRelease);
  throw std::runtime_error("boom in kernel");
}
int throwIntKernel(const KernelContext &ctx) { throw 42; }

const KernelDesc KERNEL_mark{"mark", &markKernel};
const KernelDesc KERNEL_fail{"fail_kernel", &failKernel};
const KernelDesc KERNEL_throw{"throw_kernel", &throwKernel};
const KernelDesc KERNEL_throwInt{"throw_int", &throwIntKernel};

class Failure : public testing::TestWithParam<Mode> {
protected:
  /// A(mark 0) -> B(bad) -> {C(mark 2), D(mark 3)} -> E(mark 4), plus an
  /// independent X(mark 5) submitted before B can fail.
  Status runDiamond(const KernelDesc &bad, Runtime &rt) {
    ranMask.store(0);
    // Inline mode runs B during its own submit: it must not wait.
    failRelease.store(rt.isInline());
    return rt.run([&] {
      PLRT_SCOPE() {
        auto task = [](const KernelDesc &k, int bit, std::vector<TaskId> deps) {
          CoreTaskArgs a;
          a.add_scalar(bit);
          if (!deps.empty())
            a.set_dependencies(deps.data(), static_cast<uint32_t>(deps.size()));
          return rt_submit_aiv_task(k, a).task_id();
        };
        TaskId a = task(KERNEL_mark, 0, {});
        TaskId x = task(KERNEL_mark, 5, {});
        TaskId b = task(bad, 1, {a});
        TaskId c = task(KERNEL_mark, 2, {b});
        TaskId d = task(KERNEL_mark, 3, {b});
        task(KERNEL_mark, 4, {c, d});
        (void)x;
        failRelease.store(true, std::memory_order_release);
      }
    });
  }
};

TEST_P(Failure, FailingKernelCancelsDependents) {
  Runtime rt(configFor(GetParam()));
  Status st = runDiamond(KERNEL_fail, rt);
  EXPECT_EQ(st.code(), StatusCode::KERNEL_FAILED);
  EXPECT_NE(st.message().find("task #2"), std::string::npos) << st.message();
  EXPECT_NE(st.message().find("'fail_kernel'"), std::string::npos);
  EXPECT_NE(st.message().find("returned 3"), std::string::npos);
  int mask = ranMask.load();
  EXPECT_EQ(mask & (1 << 0), 1 << 0) << "the producer ran";
  EXPECT_EQ(mask & (1 << 5), 1 << 5) << "independent earlier task ran";
  EXPECT_EQ(mask & ((1 << 2) | (1 << 3) | (1 << 4)), 0) << "dependents ran";
  const RunStats &s = rt.lastRunStats();
  EXPECT_EQ(s.failed, 1u);
  EXPECT_EQ(s.executed, 2u);
  // Inline: the failure happens during B's submit, so the dependents are
  // refused at submit; with workers they are wired first, then cancelled.
  EXPECT_EQ(s.cancelled + s.rejected, 3u);
  if (!rt.isInline()) {
    EXPECT_EQ(s.cancelled, 3u);
  }
}

TEST_P(Failure, ThrowingKernelIsAFailure) {
  Runtime rt(configFor(GetParam()));
  Status st = runDiamond(KERNEL_throw, rt);
  EXPECT_EQ(st.code(), StatusCode::KERNEL_FAILED);
  EXPECT_NE(st.message().find("'throw_kernel'"), std::string::npos);
  EXPECT_NE(st.message().find("boom in kernel"), std::string::npos)
      << st.message();
  EXPECT_EQ(ranMask.load() & ((1 << 2) | (1 << 3) | (1 << 4)), 0);
  EXPECT_EQ(rt.lastRunStats().failed, 1u);
}

TEST_P(Failure, NonStandardExceptionIsAFailure) {
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs a;
    rt_submit_aiv_task(KERNEL_throwInt, a);
  });
  EXPECT_EQ(st.code(), StatusCode::KERNEL_FAILED);
  EXPECT_NE(st.message().find("non-standard exception"), std::string::npos);
  EXPECT_NE(st.message().find("'throw_int'"), std::string::npos);
}

TEST_P(Failure, RuntimeRecoversForTheNextRun) {
  Runtime rt(configFor(GetParam()));
  ASSERT_FALSE(runDiamond(KERNEL_fail, rt).ok());
  Status st = runDiamond(KERNEL_mark, rt);
  EXPECT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(ranMask.load(), 0x3f);
}

TEST_P(Failure, InvalidAndFutureTaskIdsAreSubmitErrors) {
  struct Case {
    int kind;
    const char *expect;
  } cases[] = {{0, "invalid task id"},
               {1, "has not been submitted yet"},
               {2, "another run"}};
  Runtime rt(configFor(GetParam()));
  TaskId fromEarlierRun;
  ASSERT_TRUE(rt.run([&] {
                  CoreTaskArgs a;
                  a.add_scalar(0);
                  fromEarlierRun = rt_submit_aiv_task(KERNEL_mark, a).task_id();
                }).ok());
  ASSERT_TRUE(fromEarlierRun.is_valid());
  for (const Case &c : cases) {
    ranMask.store(0);
    bool returnedInvalid = false, laterRejected = false;
    Status st = rt.run([&] {
      CoreTaskArgs first;
      first.add_scalar(0);
      TaskId ok = rt_submit_aiv_task(KERNEL_mark, first).task_id();
      TaskId bad;
      if (c.kind == 1)
        bad.raw = ok.raw + 5;
      else if (c.kind == 2)
        bad = fromEarlierRun;
      CoreTaskArgs a;
      a.add_scalar(1);
      a.set_dependencies(&bad, 1);
      returnedInvalid = !rt_submit_aiv_task(KERNEL_mark, a).is_valid();
      CoreTaskArgs later;
      later.add_scalar(2);
      laterRejected = !rt_submit_aiv_task(KERNEL_mark, later).is_valid();
    });
    EXPECT_EQ(st.code(), StatusCode::INVALID_SUBMIT) << c.expect;
    EXPECT_NE(st.message().find(c.expect), std::string::npos) << st.message();
    EXPECT_NE(st.message().find("'mark'"), std::string::npos) << st.message();
    EXPECT_TRUE(returnedInvalid);
    EXPECT_TRUE(laterRejected) << "the run is fatal after a rejected submit";
    EXPECT_EQ(ranMask.load(), 1) << "the task submitted before still ran";
    EXPECT_EQ(rt.lastRunStats().rejected, 2u);
  }
}

TEST_P(Failure, ArgumentOverflowIsASubmitError) {
  Runtime rt(configFor(GetParam()));
  std::vector<float> buf(64);
  Status st = rt.run([&] {
    CoreTaskArgs a;
    for (uint32_t i = 0; i <= MAX_TENSOR_ARGS; ++i)
      a.add_input(Tensor::contiguous(buf.data() + i, DataType::FP32, {1}));
    rt_submit_aiv_task(KERNEL_fill, a);
  });
  EXPECT_EQ(st.code(), StatusCode::INVALID_SUBMIT);
  EXPECT_NE(st.message().find("MAX_TENSOR_ARGS"), std::string::npos);
}

TEST_P(Failure, SecondDependencyListIsASubmitError) {
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs p;
    p.add_scalar(0);
    TaskId t = rt_submit_aiv_task(KERNEL_mark, p).task_id();
    CoreTaskArgs a;
    a.add_scalar(1);
    a.set_dependencies(&t, 1);
    a.set_dependencies(&t, 1);
    rt_submit_aiv_task(KERNEL_mark, a);
  });
  EXPECT_EQ(st.code(), StatusCode::INVALID_SUBMIT);
  EXPECT_NE(st.message().find("set_dependencies called twice"),
            std::string::npos);
}

TEST_P(Failure, MissingKernelFunctionIsASubmitError) {
  Runtime rt(configFor(GetParam()));
  static const KernelDesc nothing{"nothing", nullptr};
  Status st = rt.run([&] {
    CoreTaskArgs a;
    rt_submit_aiv_task(nothing, a);
    rt_submit_task(MixedKernels{}, a);
  });
  EXPECT_EQ(st.code(), StatusCode::INVALID_SUBMIT);
  EXPECT_NE(st.message().find("'nothing' has no function"), std::string::npos)
      << st.message();
}

TEST_P(Failure, OrchestrationExceptionIsReported) {
  Runtime rt(configFor(GetParam()));
  ranMask.store(0);
  Status st = rt.run([&] {
    PLRT_SCOPE() {
      CoreTaskArgs a;
      a.add_scalar(0);
      rt_submit_aiv_task(KERNEL_mark, a);
      throw std::runtime_error("orchestration broke");
    }
  });
  EXPECT_EQ(st.code(), StatusCode::ORCHESTRATION_FAILED);
  EXPECT_NE(st.message().find("orchestration broke"), std::string::npos);
  EXPECT_EQ(ranMask.load(), 1) << "submitted work still drains";
}

INSTANTIATE_TEST_SUITE_P(Modes, Failure, testing::ValuesIn(ALL_MODES),
                         modeName);

TEST(NoRuntime, SubmitOutsideRunReturnsInvalid) {
  CoreTaskArgs a;
  EXPECT_FALSE(rt_submit_aiv_task(KERNEL_fill, a).is_valid());
  EXPECT_FALSE(rt_submit_dummy_task(a).is_valid());
  rt_scope_begin();
  rt_scope_end();
  EXPECT_EQ(Runtime::current(), nullptr);
}

TEST(NoRuntime, NestedRunIsRefused) {
  Runtime outer(RuntimeConfig::inlineMode());
  Runtime inner(RuntimeConfig::inlineMode());
  Status innerStatus;
  Status st = outer.run([&] {
    EXPECT_EQ(Runtime::current(), &outer);
    innerStatus = inner.run([] {});
  });
  EXPECT_TRUE(st.ok());
  EXPECT_EQ(innerStatus.code(), StatusCode::NO_RUNTIME);
}

} // namespace
