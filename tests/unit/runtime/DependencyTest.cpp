//===- DependencyTest.cpp - Dependencies inferred from tensor arguments ---===//
#include "TestSupport.h"

#include <vector>

using namespace plrt;
using namespace plrt::test;

namespace {

void pause() { std::this_thread::sleep_for(std::chrono::milliseconds(20)); }

/// Slowly sets every int64 of tensor 0 to scalar 0.
int slowSetKernel(const KernelContext &ctx) {
  pause();
  const Tensor &t = ctx.tensor(0);
  for (int64_t i = 0; i < t.numel(); ++i)
    static_cast<int64_t *>(t.data)[t.startOffset + i] = ctx.scalar<int64_t>(0);
  return 0;
}
/// Sets every int64 of tensor 0 to scalar 0.
int setKernel(const KernelContext &ctx) {
  const Tensor &t = ctx.tensor(0);
  for (int64_t i = 0; i < t.numel(); ++i)
    static_cast<int64_t *>(t.data)[t.startOffset + i] = ctx.scalar<int64_t>(0);
  return 0;
}
/// Copies int64 element 0 of tensor 0 to tensor 1, optionally slowly.
int copyFirstKernel(const KernelContext &ctx) {
  if (ctx.numScalars && ctx.scalar<int>(0))
    pause();
  const Tensor &s = ctx.tensor(0), &d = ctx.tensor(1);
  static_cast<int64_t *>(d.data)[d.startOffset] =
      static_cast<int64_t *>(s.data)[s.startOffset];
  return 0;
}
const KernelDesc KERNEL_slowSet{"slow_set", &slowSetKernel};
const KernelDesc KERNEL_set{"set", &setKernel};
const KernelDesc KERNEL_copyFirst{"copy_first", &copyFirstKernel};

class Deps : public testing::TestWithParam<Mode> {};

TEST_P(Deps, ReadAfterWrite) {
  int64_t x = 0, y = -1;
  Tensor xt = Tensor::contiguous(&x, DataType::INT64, {1});
  Tensor yt = Tensor::contiguous(&y, DataType::INT64, {1});
  Runtime rt(configFor(GetParam()));
  ASSERT_TRUE(rt.run([&] {
                  CoreTaskArgs w;
                  w.add_output(xt);
                  w.add_scalar(int64_t(5));
                  rt_submit_aiv_task(KERNEL_slowSet, w);
                  CoreTaskArgs r;
                  r.add_input(xt);
                  r.add_output(yt);
                  rt_submit_aiv_task(KERNEL_copyFirst, r);
                }).ok());
  EXPECT_EQ(y, 5);
}

TEST_P(Deps, WriteAfterRead) {
  int64_t x = 1, y = -1;
  Tensor xt = Tensor::contiguous(&x, DataType::INT64, {1});
  Tensor yt = Tensor::contiguous(&y, DataType::INT64, {1});
  Runtime rt(configFor(GetParam()));
  ASSERT_TRUE(rt.run([&] {
                  CoreTaskArgs r;
                  r.add_input(xt);
                  r.add_output(yt);
                  r.add_scalar(1); // slow
                  rt_submit_aiv_task(KERNEL_copyFirst, r);
                  CoreTaskArgs w;
                  w.add_output(xt);
                  w.add_scalar(int64_t(9));
                  rt_submit_aiv_task(KERNEL_set, w);
                }).ok());
  EXPECT_EQ(y, 1) << "the reader saw the later write";
  EXPECT_EQ(x, 9);
}

TEST_P(Deps, WriteAfterWrite) {
  int64_t x = 0;
  Tensor xt = Tensor::contiguous(&x, DataType::INT64, {1});
  Runtime rt(configFor(GetParam()));
  ASSERT_TRUE(rt.run([&] {
                  CoreTaskArgs a;
                  a.add_output(xt);
                  a.add_scalar(int64_t(1));
                  rt_submit_aiv_task(KERNEL_slowSet, a);
                  CoreTaskArgs b;
                  b.add_output(xt);
                  b.add_scalar(int64_t(2));
                  rt_submit_aiv_task(KERNEL_set, b);
                }).ok());
  EXPECT_EQ(x, 2);
}

TEST_P(Deps, OverlappingViewsAreOrdered) {
  std::vector<int64_t> buf(8, 0);
  int64_t y = -1;
  Tensor base = Tensor::contiguous(buf.data(), DataType::INT64, {8});
  Tensor yt = Tensor::contiguous(&y, DataType::INT64, {1});
  Runtime rt(configFor(GetParam()));
  ASSERT_TRUE(rt.run([&] {
                  CoreTaskArgs w;
                  w.add_output(base.view({2}, {4})); // elements 2..5
                  w.add_scalar(int64_t(7));
                  rt_submit_aiv_task(KERNEL_slowSet, w);
                  CoreTaskArgs r;
                  r.add_input(base.view({5}, {3})); // elements 5..7
                  r.add_output(yt);
                  rt_submit_aiv_task(KERNEL_copyFirst, r);
                }).ok());
  EXPECT_EQ(y, 7);
}

TEST_P(Deps, AliasThroughAnotherBasePointerIsOrdered) {
  std::vector<int64_t> buf(8, 0);
  int64_t y = -1;
  Tensor whole = Tensor::contiguous(buf.data(), DataType::INT64, {8});
  Tensor alias = Tensor::contiguous(buf.data() + 6, DataType::INT64, {2});
  Tensor yt = Tensor::contiguous(&y, DataType::INT64, {1});
  Runtime rt(configFor(GetParam()));
  ASSERT_TRUE(rt.run([&] {
                  CoreTaskArgs w;
                  w.add_output(whole);
                  w.add_scalar(int64_t(3));
                  rt_submit_aiv_task(KERNEL_slowSet, w);
                  CoreTaskArgs r;
                  r.add_input(alias);
                  r.add_output(yt);
                  rt_submit_aiv_task(KERNEL_copyFirst, r);
                }).ok());
  EXPECT_EQ(y, 3);
}

std::atomic<bool> partnerRan{false};
/// Succeeds only if the partner task runs while this one is running.
int waitPartnerKernel(const KernelContext &) {
  return waitFlag(partnerRan, 5.0) ? 0 : 1;
}
int partnerKernel(const KernelContext &) {
  partnerRan.store(true, std::memory_order_release);
  return 0;
}
const KernelDesc KERNEL_waitPartner{"wait_partner", &waitPartnerKernel};
const KernelDesc KERNEL_partner{"partner", &partnerKernel};

/// Submits waitPartner(tensor a) then partner(tensor b); both write. The run
/// succeeds only if the runtime did not order them.
Status runConcurrentWriters(Runtime &rt, const Tensor &a, TensorArgKind ka,
                            const Tensor &b, ScopeMode mode) {
  partnerRan.store(false);
  return rt.run([&] {
    PLRT_SCOPE(mode) {
      CoreTaskArgs first;
      if (ka == TensorArgKind::NO_DEP)
        first.add_no_dep(a);
      else
        first.add_output(a);
      rt_submit_aiv_task(KERNEL_waitPartner, first);
      CoreTaskArgs second;
      second.add_output(b);
      rt_submit_aiv_task(KERNEL_partner, second);
    }
  });
}

class Concurrency : public testing::Test {
protected:
  Runtime rt{RuntimeConfig::withWorkers(0, 2)};
  std::vector<int64_t> buf = std::vector<int64_t>(8, 0);
  Tensor base = Tensor::contiguous(buf.data(), DataType::INT64, {8});
};

TEST_F(Concurrency, DisjointViewsAreIndependent) {
  Status st = runConcurrentWriters(rt, base.view({0}, {4}), TensorArgKind::OUTPUT,
                                   base.view({4}, {4}), ScopeMode::AUTO);
  EXPECT_TRUE(st.ok()) << st.message();
}

TEST_F(Concurrency, NoDepTensorsAreNotTracked) {
  Status st = runConcurrentWriters(rt, base, TensorArgKind::NO_DEP, base,
                                   ScopeMode::AUTO);
  EXPECT_TRUE(st.ok()) << st.message();
}

TEST_F(Concurrency, ManualScopeIgnoresTensorConflicts) {
  Status st = runConcurrentWriters(rt, base, TensorArgKind::OUTPUT, base,
                                   ScopeMode::MANUAL);
  EXPECT_TRUE(st.ok()) << st.message();
}

TEST_F(Concurrency, ManualTasksStillOrderLaterAutoTasks) {
  int64_t y = -1;
  Tensor yt = Tensor::contiguous(&y, DataType::INT64, {1});
  ASSERT_TRUE(rt.run([&] {
                  PLRT_SCOPE(ScopeMode::MANUAL) {
                    CoreTaskArgs w;
                    w.add_output(base);
                    w.add_scalar(int64_t(4));
                    rt_submit_aiv_task(KERNEL_slowSet, w);
                  }
                  CoreTaskArgs r;
                  r.add_input(base);
                  r.add_output(yt);
                  rt_submit_aiv_task(KERNEL_copyFirst, r);
                }).ok());
  EXPECT_EQ(y, 4);
}

TEST_P(Deps, ScalarsRoundTrip) {
  static float f;
  static double d;
  static int64_t i;
  static uint32_t u;
  static bool b;
  static const KernelDesc KERNEL_scalars{"scalars", [](const KernelContext &ctx) {
    f = ctx.scalar<float>(0);
    d = ctx.scalar<double>(1);
    i = ctx.scalar<int64_t>(2);
    u = ctx.scalar<uint32_t>(3);
    b = ctx.scalar<bool>(4);
    return ctx.numScalars == 5 ? 0 : 1;
  }};
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.add_scalar(1.5f);
    a.add_scalar(-2.25);
    a.add_scalar(int64_t(-123456789012));
    a.add_scalar(uint32_t(4000000000u));
    a.add_scalar(true);
    rt_submit_aiv_task(KERNEL_scalars, a);
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(f, 1.5f);
  EXPECT_EQ(d, -2.25);
  EXPECT_EQ(i, -123456789012);
  EXPECT_EQ(u, 4000000000u);
  EXPECT_TRUE(b);
}

TEST_P(Deps, WideFanInThroughTensors) {
  // 300 writers of disjoint elements, then one reader of the whole buffer:
  // the reader depends on all of them (more than fit in any fixed array).
  constexpr int64_t W = 300;
  std::vector<int64_t> buf(W, 0);
  int64_t sum = -1;
  Tensor t = Tensor::contiguous(buf.data(), DataType::INT64, {W});
  Tensor s = Tensor::contiguous(&sum, DataType::INT64, {1});
  static const KernelDesc KERNEL_sum{"sum", [](const KernelContext &ctx) {
    int64_t acc = 0;
    for (int64_t k = 0; k < ctx.tensor(0).numel(); ++k)
      acc += static_cast<int64_t *>(ctx.tensor(0).data)[k];
    *static_cast<int64_t *>(ctx.tensor(1).data) = acc;
    return 0;
  }};
  Runtime rt(configFor(GetParam()));
  ASSERT_TRUE(rt.run([&] {
                  for (int64_t k = 0; k < W; ++k) {
                    CoreTaskArgs a;
                    a.add_output(t.view({k}, {1}));
                    a.add_scalar(k);
                    rt_submit_aiv_task(KERNEL_set, a);
                  }
                  CoreTaskArgs r;
                  r.add_input(t);
                  r.add_output(s);
                  rt_submit_aiv_task(KERNEL_sum, r);
                }).ok());
  EXPECT_EQ(sum, W * (W - 1) / 2);
}

INSTANTIATE_TEST_SUITE_P(Modes, Deps, testing::ValuesIn(ALL_MODES), modeName);

} // namespace
