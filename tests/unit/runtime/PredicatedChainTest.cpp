//===- PredicatedChainTest.cpp - The predicated chain, by hand ------------===//
//
// producer writes 42.0 to x; clobber, predicated on gate[0, 0] > 0, writes
// 999.0 to x; consumer copies x to out. gate 0 -> out is all 42.0, gate 1 ->
// all 999.0. Written the way generated orchestration code is.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include <vector>

using namespace plrt;
using namespace plrt::test;

namespace {

constexpr int64_t N = 128;

int producer(const KernelContext &ctx) {
  const Tensor &x = ctx.tensor(0);
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      x.at<float>({i, j}) = 42.0f;
  return 0;
}

std::atomic<int> clobberRuns{0};

int clobber(const KernelContext &ctx) {
  clobberRuns.fetch_add(1);
  const Tensor &x = ctx.tensor(0);
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      x.at<float>({i, j}) = 999.0f;
  return 0;
}

int consumer(const KernelContext &ctx) {
  const Tensor &x = ctx.tensor(0), &out = ctx.tensor(1);
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = 0; j < N; ++j)
      out.at<float>({i, j}) = x.at<float>({i, j});
  return 0;
}

const KernelDesc KERNEL_producer{"producer", &producer};
const KernelDesc KERNEL_clobber{"clobber", &clobber};
const KernelDesc KERNEL_consumer{"consumer", &consumer};

struct ChainArgs {
  Tensor x, gate, out;
};

/// The orchestration function, shaped like codegen output.
void predicatedChain(void *user) {
  const ChainArgs &a = *static_cast<ChainArgs *>(user);
  const Tensor &ext_x = a.x;
  const Tensor &ext_gate = a.gate;
  const Tensor &ext_out = a.out;
  PLRT_SCOPE() {
    CoreTaskArgs params_t0;
    params_t0.add_output(ext_x);
    params_t0.launch_spec.set_block_num(1);
    TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_producer, params_t0);

    CoreTaskArgs params_t1;
    params_t1.add_inout(ext_x);
    params_t1.launch_spec.set_block_num(1);
    TaskId deps_t1[] = {task_0_outs.task_id()};
    params_t1.set_dependencies(deps_t1, 1);
    CoreTaskPredicate params_t1_pred;
    params_t1_pred.operand.tensor = &ext_gate;
    params_t1_pred.operand.ndims = 2;
    params_t1_pred.operand.indices[0] = 0;
    params_t1_pred.operand.indices[1] = 0;
    params_t1_pred.op = PredicateOp::GT;
    params_t1_pred.target = 0;
    params_t1.set_predicate(params_t1_pred);
    TaskOutputTensors task_1_outs = rt_submit_aiv_task(KERNEL_clobber, params_t1);

    CoreTaskArgs params_t2;
    params_t2.add_input(ext_x);
    params_t2.add_output(ext_out);
    params_t2.launch_spec.set_block_num(1);
    TaskId deps_t2[] = {task_1_outs.task_id()};
    params_t2.set_dependencies(deps_t2, 1);
    TaskOutputTensors task_2_outs = rt_submit_aiv_task(KERNEL_consumer, params_t2);
    (void)task_2_outs;
  }
}

/// The same chain in a manual scope: only the explicit edges order it.
void predicatedChainManual(void *user) {
  const ChainArgs &a = *static_cast<ChainArgs *>(user);
  PLRT_SCOPE(ScopeMode::MANUAL) {
    CoreTaskArgs p0;
    p0.add_output(a.x);
    TaskOutputTensors t0 = rt_submit_aiv_task(KERNEL_producer, p0);
    CoreTaskArgs p1;
    p1.add_output(a.x);
    TaskId d1[] = {t0.task_id()};
    p1.set_dependencies(d1, 1);
    CoreTaskPredicate pred;
    pred.operand.tensor = &a.gate;
    pred.operand.ndims = 2;
    pred.op = PredicateOp::GT;
    pred.target = 0;
    p1.set_predicate(pred);
    TaskOutputTensors t1 = rt_submit_aiv_task(KERNEL_clobber, p1);
    CoreTaskArgs p2;
    p2.add_input(a.x);
    p2.add_output(a.out);
    TaskId d2[] = {t1.task_id()};
    p2.set_dependencies(d2, 1);
    rt_submit_aiv_task(KERNEL_consumer, p2);
  }
}

class PredicatedChain : public testing::TestWithParam<Mode> {
protected:
  void check(OrchestrationFn fn, int32_t gateValue, float expected) {
    std::vector<float> x(N * N, -1.0f), out(N * N, -1.0f);
    std::vector<int32_t> gate(4, 0);
    gate[0] = gateValue;
    ChainArgs args{Tensor::contiguous(x.data(), DataType::FP32, {N, N}),
                   Tensor::contiguous(gate.data(), DataType::INT32, {2, 2}),
                   Tensor::contiguous(out.data(), DataType::FP32, {N, N})};
    Runtime rt(configFor(GetParam()));
    clobberRuns.store(0);
    Status st = rt.run(fn, &args);
    ASSERT_TRUE(st.ok()) << st.message();
    for (float v : out)
      ASSERT_EQ(v, expected);
    for (float v : x)
      ASSERT_EQ(v, expected);
    const RunStats &s = rt.lastRunStats();
    EXPECT_EQ(s.submitted, 3u);
    bool runs = gateValue > 0;
    EXPECT_EQ(clobberRuns.load(), runs ? 1 : 0);
    EXPECT_EQ(s.skipped, runs ? 0u : 1u);
    EXPECT_EQ(s.executed, runs ? 3u : 2u);
    EXPECT_EQ(s.failed + s.cancelled + s.rejected, 0u);
  }
};

TEST_P(PredicatedChain, GateZeroKeepsProducerValue) {
  check(&predicatedChain, 0, 42.0f);
}

TEST_P(PredicatedChain, GateOneRunsClobber) {
  check(&predicatedChain, 1, 999.0f);
}

TEST_P(PredicatedChain, NegativeGateSkips) {
  check(&predicatedChain, -7, 42.0f);
}

TEST_P(PredicatedChain, ManualScopeGateZero) {
  check(&predicatedChainManual, 0, 42.0f);
}

TEST_P(PredicatedChain, ManualScopeGateOne) {
  check(&predicatedChainManual, 1, 999.0f);
}

TEST_P(PredicatedChain, RuntimeIsReusableAcrossRuns) {
  std::vector<float> x(N * N), out(N * N);
  std::vector<int32_t> gate(4, 0);
  ChainArgs args{Tensor::contiguous(x.data(), DataType::FP32, {N, N}),
                 Tensor::contiguous(gate.data(), DataType::INT32, {2, 2}),
                 Tensor::contiguous(out.data(), DataType::FP32, {N, N})};
  Runtime rt(configFor(GetParam()));
  for (int round = 0; round < 6; ++round) {
    gate[0] = round % 2;
    Status st = rt.run(&predicatedChain, &args);
    ASSERT_TRUE(st.ok()) << st.message();
    ASSERT_EQ(out[N * N - 1], round % 2 ? 999.0f : 42.0f) << "round " << round;
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, PredicatedChain, testing::ValuesIn(ALL_MODES),
                         modeName);

} // namespace
