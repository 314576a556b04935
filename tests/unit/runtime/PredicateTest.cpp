//===- PredicateTest.cpp - Dispatch predicates ----------------------------===//
#include "TestSupport.h"

#include <cstring>
#include <limits>
#include <vector>

using namespace plrt;
using namespace plrt::test;

namespace {

/// Adds 1 to the int64 counter in tensor 0 (element 0).
int bumpKernel(const KernelContext &ctx) {
  static_cast<int64_t *>(ctx.tensor(0).data)[ctx.tensor(0).startOffset] += 1;
  return 0;
}
const KernelDesc KERNEL_bump{"bump", &bumpKernel};

/// Appends the scalar 0 to a log: tensor 0 holds [count, entries...].
int logKernel(const KernelContext &ctx) {
  int64_t *log = static_cast<int64_t *>(ctx.tensor(0).data);
  log[1 + log[0]] = ctx.scalar<int64_t>(0);
  log[0] += 1;
  return 0;
}
const KernelDesc KERNEL_log{"log", &logKernel};

CoreTaskPredicate predicateOn(const Tensor &t, std::initializer_list<uint32_t> idx,
                              PredicateOp op, int64_t target) {
  CoreTaskPredicate p;
  p.operand.tensor = &t;
  p.operand.ndims = static_cast<uint32_t>(idx.size());
  uint32_t i = 0;
  for (uint32_t v : idx)
    p.operand.indices[i++] = v;
  p.op = op;
  p.target = target;
  return p;
}

/// Independent model of the comparison, on plain int64 values.
bool expectedOutcome(int64_t v, PredicateOp op, int64_t t) {
  switch (op) {
  case PredicateOp::EQ: return v == t;
  case PredicateOp::NE: return v != t;
  case PredicateOp::GT: return v > t;
  case PredicateOp::LT: return v < t;
  case PredicateOp::GE: return v >= t;
  case PredicateOp::LE: return v <= t;
  case PredicateOp::NONE: return true;
  }
  return true;
}

struct DTypeCase {
  DataType dtype;
  size_t size;
  std::vector<int64_t> values;
};

/// Runs one predicated task reading \p value stored with \p dtype; returns
/// whether its kernel ran.
bool runsWith(Runtime &rt, DataType dtype, size_t size, int64_t value,
              PredicateOp op, int64_t target) {
  alignas(8) unsigned char gate[4 * 8] = {};
  // Element [1, 0] of a 2x2 tensor; little-endian truncation of value.
  std::memcpy(gate + 2 * size, &value, size);
  Tensor gateT = Tensor::contiguous(gate, dtype, {2, 2});
  int64_t counter = 0;
  Tensor counterT = Tensor::contiguous(&counter, DataType::INT64, {1});
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.add_inout(counterT);
    a.set_predicate(predicateOn(gateT, {1, 0}, op, target));
    rt_submit_aiv_task(KERNEL_bump, a);
  });
  EXPECT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(rt.lastRunStats().skipped + rt.lastRunStats().executed, 1u);
  return counter == 1;
}

TEST(Predicate, EveryOpOnEverySignedDtype) {
  const DTypeCase cases[] = {
      {DataType::INT8, 1, {-128, -3, -1, 0, 1, 3, 127}},
      {DataType::INT16, 2, {-32768, -300, -1, 0, 1, 300, 32767}},
      {DataType::INT32, 4, {std::numeric_limits<int32_t>::min(), -70000, -1, 0,
                            1, 70000, std::numeric_limits<int32_t>::max()}},
      {DataType::INT64, 8, {std::numeric_limits<int64_t>::min(), -(1ll << 40),
                            -1, 0, 1, 1ll << 40,
                            std::numeric_limits<int64_t>::max()}},
  };
  const PredicateOp ops[] = {PredicateOp::EQ, PredicateOp::NE, PredicateOp::GT,
                             PredicateOp::LT, PredicateOp::GE, PredicateOp::LE};
  Runtime rt(RuntimeConfig::inlineMode());
  int checked = 0;
  for (const DTypeCase &c : cases)
    for (int64_t v : c.values)
      for (PredicateOp op : ops)
        for (int64_t target : {int64_t(-1), int64_t(0), int64_t(1), v}) {
          bool expect = expectedOutcome(v, op, target);
          ASSERT_EQ(runsWith(rt, c.dtype, c.size, v, op, target), expect)
              << dataTypeName(c.dtype) << " value " << v << " op "
              << static_cast<int>(op) << " target " << target;
          ++checked;
        }
  EXPECT_EQ(checked, 4 * 7 * 6 * 4);
}

TEST(Predicate, NegativeValuesAreSignExtended) {
  // Zero-extension would turn these all-ones patterns into large positives.
  Runtime rt(RuntimeConfig::inlineMode());
  EXPECT_TRUE(runsWith(rt, DataType::INT8, 1, -1, PredicateOp::LT, 0));
  EXPECT_FALSE(runsWith(rt, DataType::INT8, 1, -1, PredicateOp::GT, 0));
  EXPECT_TRUE(runsWith(rt, DataType::INT8, 1, -1, PredicateOp::EQ, -1));
  EXPECT_FALSE(runsWith(rt, DataType::INT8, 1, -1, PredicateOp::EQ, 255));
  EXPECT_TRUE(runsWith(rt, DataType::INT16, 1 * 2, -2, PredicateOp::LE, -2));
  EXPECT_FALSE(runsWith(rt, DataType::INT16, 2, -2, PredicateOp::EQ, 65534));
  EXPECT_TRUE(runsWith(rt, DataType::INT32, 4, -5, PredicateOp::LT, -4));
  EXPECT_FALSE(runsWith(rt, DataType::INT32, 4, -5, PredicateOp::GE, 0));
  EXPECT_TRUE(runsWith(rt, DataType::INT64, 8, -9, PredicateOp::NE, 9));
}

TEST(Predicate, NoneAlwaysRuns) {
  Runtime rt(RuntimeConfig::inlineMode());
  int64_t counter = 0;
  Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.add_inout(c);
    CoreTaskPredicate p; // op NONE, no operand: ignored entirely
    a.set_predicate(p);
    rt_submit_aiv_task(KERNEL_bump, a);
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(counter, 1);
}

class PredicateModes : public testing::TestWithParam<Mode> {};

TEST_P(PredicateModes, ViewWithNonZeroOffset) {
  // 4x4 gate; the predicate reads view[1, 1] of the view at (2, 1), which
  // is base element [3, 2] (flat 14), not base [1, 1] (flat 5).
  for (int flip = 0; flip < 2; ++flip) {
    std::vector<int32_t> gate(16, 0);
    gate[14] = flip ? 0 : 5;
    gate[5] = flip ? 5 : 0;
    Tensor base = Tensor::contiguous(gate.data(), DataType::INT32, {4, 4});
    Tensor view = base.view({2, 1}, {2, 2});
    ASSERT_EQ(view.startOffset, 9);
    int64_t counter = 0;
    Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
    Runtime rt(configFor(GetParam()));
    Status st = rt.run([&] {
      CoreTaskArgs a;
      a.add_inout(c);
      a.set_predicate(predicateOn(view, {1, 1}, PredicateOp::GT, 0));
      rt_submit_aiv_task(KERNEL_bump, a);
    });
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(counter, flip ? 0 : 1) << "flip " << flip;
  }
}

TEST_P(PredicateModes, StridedViewHonoursStrides) {
  // A transposed view (strides swapped) of a 3x2 gate: view[1, 2] is base
  // [2, 1], flat 5.
  std::vector<int16_t> gate(6, 0);
  gate[5] = -4;
  Tensor base = Tensor::contiguous(gate.data(), DataType::INT16, {3, 2});
  Tensor t = base;
  t.shape[0] = 2;
  t.shape[1] = 3;
  t.strides[0] = 1;
  t.strides[1] = 2;
  int64_t counter = 0;
  Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.add_inout(c);
    a.set_predicate(predicateOn(t, {1, 2}, PredicateOp::EQ, -4));
    rt_submit_aiv_task(KERNEL_bump, a);
    CoreTaskArgs b;
    b.add_inout(c);
    b.set_predicate(predicateOn(t, {0, 2}, PredicateOp::EQ, -4));
    rt_submit_aiv_task(KERNEL_bump, b);
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(counter, 1);
  EXPECT_EQ(rt.lastRunStats().skipped, 1u);
}

TEST_P(PredicateModes, SkippedTaskInTheMiddleOfALongChain) {
  constexpr int64_t TASKS = 1000, SKIP = 500;
  std::vector<int64_t> log(1 + TASKS, -1);
  log[0] = 0;
  Tensor logT = Tensor::contiguous(log.data(), DataType::INT64, {1 + TASKS});
  int32_t gate = 0;
  Tensor gateT = Tensor::contiguous(&gate, DataType::INT32, {1});
  Runtime rt(configFor(GetParam(), 64));
  Status st = rt.run([&] {
    TaskId prev;
    for (int64_t i = 0; i < TASKS; ++i) {
      CoreTaskArgs a;
      a.add_no_dep(logT); // ordered by the explicit chain only
      a.add_scalar(i);
      TaskId deps[] = {prev};
      if (prev.is_valid())
        a.set_dependencies(deps, 1);
      if (i == SKIP)
        a.set_predicate(predicateOn(gateT, {0}, PredicateOp::NE, 0));
      prev = rt_submit_aiv_task(KERNEL_log, a).task_id();
    }
  });
  ASSERT_TRUE(st.ok()) << st.message();
  ASSERT_EQ(log[0], TASKS - 1);
  for (int64_t i = 0, k = 1; i < TASKS; ++i) {
    if (i == SKIP)
      continue;
    ASSERT_EQ(log[k++], i) << "entries out of order";
  }
  EXPECT_EQ(rt.lastRunStats().skipped, 1u);
  EXPECT_EQ(rt.lastRunStats().executed, uint64_t(TASKS - 1));
}

int writeSevenKernel(const KernelContext &ctx) {
  static_cast<int64_t *>(ctx.tensor(0).data)[0] = 7;
  return 0;
}
const KernelDesc KERNEL_writeSeven{"write_seven", &writeSevenKernel};

/// mid[i] = x[0] + 1
int midKernel(const KernelContext &ctx) {
  int64_t x = static_cast<int64_t *>(ctx.tensor(0).data)[0];
  const Tensor &mid = ctx.tensor(1);
  static_cast<int64_t *>(mid.data)[mid.startOffset] = x + 1;
  return 0;
}
const KernelDesc KERNEL_mid{"mid", &midKernel};

/// out = sum(mid)
int sumKernel(const KernelContext &ctx) {
  const Tensor &mid = ctx.tensor(0);
  int64_t s = 0;
  for (int64_t i = 0; i < mid.numel(); ++i)
    s += static_cast<int64_t *>(mid.data)[i];
  static_cast<int64_t *>(ctx.tensor(1).data)[0] = s;
  return 0;
}
const KernelDesc KERNEL_sum{"sum", &sumKernel};

TEST_P(PredicateModes, FanOutFanInWithSkippedRoot) {
  constexpr int64_t WIDTH = 100;
  for (bool explicitDeps : {true, false}) {
    int64_t x = 0, out = -1;
    std::vector<int64_t> mid(WIDTH, -1);
    int32_t gate = 0;
    Tensor xT = Tensor::contiguous(&x, DataType::INT64, {1});
    Tensor outT = Tensor::contiguous(&out, DataType::INT64, {1});
    Tensor midT = Tensor::contiguous(mid.data(), DataType::INT64, {WIDTH});
    Tensor gateT = Tensor::contiguous(&gate, DataType::INT32, {1});
    Runtime rt(configFor(GetParam()));
    Status st = rt.run([&] {
      PLRT_SCOPE(explicitDeps ? ScopeMode::MANUAL : ScopeMode::AUTO) {
        CoreTaskArgs r;
        r.add_output(xT);
        r.set_predicate(predicateOn(gateT, {0}, PredicateOp::GT, 0));
        TaskId root = rt_submit_aiv_task(KERNEL_writeSeven, r).task_id();
        std::vector<TaskId> mids;
        for (int64_t i = 0; i < WIDTH; ++i) {
          CoreTaskArgs m;
          m.add_input(xT);
          m.add_output(midT.view({i}, {1}));
          if (explicitDeps)
            m.set_dependencies(&root, 1);
          mids.push_back(rt_submit_aiv_task(KERNEL_mid, m).task_id());
        }
        CoreTaskArgs s;
        s.add_input(midT);
        s.add_output(outT);
        if (explicitDeps)
          s.set_dependencies(mids.data(), WIDTH);
        rt_submit_aiv_task(KERNEL_sum, s);
      }
    });
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(x, 0) << "a skipped task writes nothing";
    EXPECT_EQ(out, WIDTH) << "explicit deps " << explicitDeps;
    EXPECT_EQ(rt.lastRunStats().skipped, 1u);
    EXPECT_EQ(rt.lastRunStats().executed, uint64_t(WIDTH + 1));
  }
}

std::atomic<bool> producerRelease{false};

int gatedProducerKernel(const KernelContext &ctx) {
  if (!waitFlag(producerRelease))
    return 1;
  static_cast<int32_t *>(ctx.tensor(0).data)[0] = 1;
  return 0;
}
const KernelDesc KERNEL_gatedProducer{"gated_producer", &gatedProducerKernel};

TEST_P(PredicateModes, EvaluatedWhenReadyNotAtSubmit) {
  if (GetParam().aic + GetParam().aiv == 0)
    GTEST_SKIP() << "inline mode runs the producer during its submit";
  // At submit the gate is 0; the producer (still blocked) will set it to 1
  // before the predicated task becomes ready, so the task must run.
  int32_t gate = 0;
  int64_t counter = 0;
  Tensor gateT = Tensor::contiguous(&gate, DataType::INT32, {1});
  Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
  producerRelease.store(false);
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs p;
    p.add_output(gateT);
    TaskId prod = rt_submit_aiv_task(KERNEL_gatedProducer, p).task_id();
    CoreTaskArgs a;
    a.add_inout(c);
    a.set_dependencies(&prod, 1);
    a.set_predicate(predicateOn(gateT, {0}, PredicateOp::GT, 0));
    rt_submit_aiv_task(KERNEL_bump, a);
    producerRelease.store(true, std::memory_order_release);
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(counter, 1);
  EXPECT_EQ(rt.lastRunStats().skipped, 0u);
}

TEST_P(PredicateModes, PredicateTensorIsTrackedInAutoScope) {
  if (GetParam().aic + GetParam().aiv == 0)
    GTEST_SKIP() << "inline mode runs the producer during its submit";
  // No explicit dependency: the auto scope orders the predicated task after
  // the writer of its predicate element.
  int32_t gate = 0;
  int64_t counter = 0;
  Tensor gateT = Tensor::contiguous(&gate, DataType::INT32, {1});
  Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
  producerRelease.store(false);
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    PLRT_SCOPE() {
      CoreTaskArgs p;
      p.add_output(gateT);
      rt_submit_aiv_task(KERNEL_gatedProducer, p);
      CoreTaskArgs a;
      a.add_inout(c);
      a.set_predicate(predicateOn(gateT, {0}, PredicateOp::EQ, 1));
      rt_submit_aiv_task(KERNEL_bump, a);
      producerRelease.store(true, std::memory_order_release);
    }
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(counter, 1);
}

INSTANTIATE_TEST_SUITE_P(Modes, PredicateModes, testing::ValuesIn(ALL_MODES),
                         modeName);

struct BadPredicate {
  const char *name;
  const char *expectInMessage;
};

TEST(PredicateValidation, BadPredicatesAreRejectedAtSubmit) {
  std::vector<int32_t> gate(4, 1);
  std::vector<float> fgate(4, 1.0f);
  std::vector<uint32_t> ugate(4, 1);
  Tensor g = Tensor::contiguous(gate.data(), DataType::INT32, {2, 2});
  Tensor f = Tensor::contiguous(fgate.data(), DataType::FP32, {2, 2});
  Tensor u = Tensor::contiguous(ugate.data(), DataType::UINT32, {2, 2});
  Tensor nodata = g;
  nodata.data = nullptr;
  struct Case {
    CoreTaskPredicate pred;
    const char *expect;
  };
  CoreTaskPredicate noTensor;
  noTensor.op = PredicateOp::EQ;
  noTensor.operand.ndims = 2;
  CoreTaskPredicate badOp = predicateOn(g, {0, 0}, PredicateOp::EQ, 0);
  badOp.op = static_cast<PredicateOp>(42);
  const Case cases[] = {
      {noTensor, "no tensor"},
      {predicateOn(g, {0}, PredicateOp::EQ, 1), "rank 2"},
      {predicateOn(g, {0, 0, 0}, PredicateOp::EQ, 1), "rank 2"},
      {predicateOn(g, {0, 2}, PredicateOp::EQ, 1), "out of range for dimension 1"},
      {predicateOn(g, {7, 0}, PredicateOp::EQ, 1), "out of range for dimension 0"},
      {predicateOn(f, {0, 0}, PredicateOp::EQ, 1), "fp32 is not a signed"},
      {predicateOn(u, {0, 0}, PredicateOp::EQ, 1), "uint32 is not a signed"},
      {predicateOn(nodata, {0, 0}, PredicateOp::EQ, 1), "no data"},
      {badOp, "unknown comparison"},
  };
  for (const Case &c : cases) {
    int64_t counter = 0;
    Tensor ct = Tensor::contiguous(&counter, DataType::INT64, {1});
    Runtime rt(RuntimeConfig::inlineMode());
    bool returnedInvalid = false;
    Status st = rt.run([&] {
      CoreTaskArgs a;
      a.add_inout(ct);
      a.set_predicate(c.pred);
      returnedInvalid = !rt_submit_aiv_task(KERNEL_bump, a).is_valid();
    });
    EXPECT_EQ(st.code(), StatusCode::INVALID_SUBMIT) << c.expect;
    EXPECT_NE(st.message().find(c.expect), std::string::npos) << st.message();
    EXPECT_NE(st.message().find("'bump'"), std::string::npos) << st.message();
    EXPECT_TRUE(returnedInvalid);
    EXPECT_EQ(counter, 0);
  }
}

} // namespace
