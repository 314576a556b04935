//===- SpmdTest.cpp - Multi-block tasks, sync start, mixed kernels --------===//
#include "TestSupport.h"

#include <vector>

using namespace plrt;
using namespace plrt::test;

namespace {

/// out[blockIdx] = 100 * blockNum + blockIdx
int blockIdKernel(const KernelContext &ctx) {
  int64_t *out = static_cast<int64_t *>(ctx.tensor(0).data);
  out[ctx.blockIdx] = 100 * int64_t(ctx.blockNum) + ctx.blockIdx;
  return 0;
}
const KernelDesc KERNEL_blockId{"block_id", &blockIdKernel};

class Spmd : public testing::TestWithParam<Mode> {};

TEST_P(Spmd, EveryBlockSeesItsIndex) {
  constexpr int BLOCKS = 24;
  std::vector<int64_t> out(BLOCKS, -1);
  Tensor o = Tensor::contiguous(out.data(), DataType::INT64, {BLOCKS});
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.add_output(o);
    a.launch_spec.set_block_num(BLOCKS);
    rt_submit_aiv_task(KERNEL_blockId, a);
  });
  ASSERT_TRUE(st.ok()) << st.message();
  for (int b = 0; b < BLOCKS; ++b)
    EXPECT_EQ(out[b], 100 * BLOCKS + b);
  EXPECT_EQ(rt.lastRunStats().executed, 1u);
}

TEST_P(Spmd, ConsumerWaitsForAllBlocks) {
  constexpr int BLOCKS = 16;
  std::vector<int64_t> out(BLOCKS, 0);
  int64_t sum = 0;
  Tensor o = Tensor::contiguous(out.data(), DataType::INT64, {BLOCKS});
  Tensor s = Tensor::contiguous(&sum, DataType::INT64, {1});
  static const KernelDesc KERNEL_sum{"sum", [](const KernelContext &ctx) {
    const int64_t *in = static_cast<const int64_t *>(ctx.tensor(0).data);
    int64_t acc = 0;
    for (int64_t i = 0; i < ctx.tensor(0).numel(); ++i)
      acc += in[i];
    *static_cast<int64_t *>(ctx.tensor(1).data) = acc;
    return 0;
  }};
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    for (int round = 0; round < 20; ++round) {
      CoreTaskArgs a;
      a.add_output(o);
      a.launch_spec.set_block_num(BLOCKS);
      rt_submit_aiv_task(KERNEL_blockId, a);
      CoreTaskArgs b;
      b.add_input(o);
      b.add_output(s);
      rt_submit_aiv_task(KERNEL_sum, b);
    }
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(sum, 100 * BLOCKS * BLOCKS + BLOCKS * (BLOCKS - 1) / 2);
}

std::atomic<int> blocksRan{0};
int countBlocksKernel(const KernelContext &) {
  blocksRan.fetch_add(1);
  return 0;
}
const KernelDesc KERNEL_countBlocks{"count_blocks", &countBlocksKernel};

TEST_P(Spmd, PredicatedSpmdTaskIsSkippedAsAWhole) {
  for (int32_t gate : {0, 1}) {
    blocksRan.store(0);
    Tensor g = Tensor::contiguous(&gate, DataType::INT32, {1});
    Runtime rt(configFor(GetParam()));
    Status st = rt.run([&] {
      CoreTaskArgs a;
      a.launch_spec.set_block_num(8);
      CoreTaskPredicate p;
      p.operand.tensor = &g;
      p.operand.ndims = 1;
      p.op = PredicateOp::EQ;
      p.target = 1;
      a.set_predicate(p);
      rt_submit_aiv_task(KERNEL_countBlocks, a);
    });
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(blocksRan.load(), gate ? 8 : 0);
    EXPECT_EQ(rt.lastRunStats().skipped, gate ? 0u : 1u);
  }
}

TEST_P(Spmd, FailingBlockFailsTheTask) {
  static const KernelDesc KERNEL_oddFails{"odd_fails", [](const KernelContext &ctx) {
    return ctx.blockIdx == 3 ? 9 : 0;
  }};
  Runtime rt(configFor(GetParam()));
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.launch_spec.set_block_num(6);
    TaskId t = rt_submit_aiv_task(KERNEL_oddFails, a).task_id();
    CoreTaskArgs b;
    b.set_dependencies(&t, 1);
    rt_submit_aiv_task(KERNEL_countBlocks, b);
  });
  EXPECT_EQ(st.code(), StatusCode::KERNEL_FAILED);
  EXPECT_NE(st.message().find("block 3 of 6"), std::string::npos)
      << st.message();
  EXPECT_EQ(rt.lastRunStats().failed, 1u);
}

TEST_P(Spmd, SyncStartAboveWorkerCountIsAnError) {
  uint32_t workers = GetParam().aic + GetParam().aiv;
  uint32_t limit = workers ? workers : 1;
  Runtime rt(configFor(GetParam()));
  bool invalid = false;
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.launch_spec.set_block_num(static_cast<int32_t>(limit + 1));
    a.launch_spec.set_require_sync_start(true);
    invalid = !rt_submit_aiv_task(KERNEL_countBlocks, a).is_valid();
  });
  EXPECT_EQ(st.code(), StatusCode::INVALID_SUBMIT);
  EXPECT_NE(st.message().find("sync_start needs " + std::to_string(limit + 1)),
            std::string::npos)
      << st.message();
  EXPECT_TRUE(invalid);
}

std::atomic<int> arrived{0};
/// Each block waits until every block has arrived: only possible if all
/// blocks run at the same time.
int rendezvousKernel(const KernelContext &ctx) {
  arrived.fetch_add(1);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (arrived.load() < int(ctx.blockNum))
    if (std::chrono::steady_clock::now() > deadline)
      return 1;
  return 0;
}
const KernelDesc KERNEL_rendezvous{"rendezvous", &rendezvousKernel};

TEST_P(Spmd, SyncStartBlocksRunTogether) {
  uint32_t workers = GetParam().aic + GetParam().aiv;
  if (workers < 2)
    GTEST_SKIP() << "needs two workers";
  Runtime rt(configFor(GetParam()));
  for (int round = 0; round < 20; ++round) {
    arrived.store(0);
    Status st = rt.run([&] {
      // A long plain SPMD task first, so that the sync task's blocks are
      // claimed while workers are busy.
      CoreTaskArgs w;
      w.launch_spec.set_block_num(5);
      rt_submit_aiv_task(KERNEL_countBlocks, w);
      CoreTaskArgs a;
      a.launch_spec.set_block_num(static_cast<int32_t>(workers));
      a.launch_spec.set_require_sync_start(true);
      rt_submit_aiv_task(KERNEL_rendezvous, a);
    });
    ASSERT_TRUE(st.ok()) << st.message();
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, Spmd, testing::ValuesIn(ALL_MODES), modeName);

struct MixedLog {
  std::atomic<int> order[3];
  std::atomic<int> next{0};
};
MixedLog mixedLog;

int aicKernel(const KernelContext &ctx) {
  mixedLog.order[0] = mixedLog.next++;
  return ctx.subBlockIdx == 0 ? 0 : 1;
}
int aivKernel(const KernelContext &ctx) {
  mixedLog.order[1 + ctx.subBlockIdx] = mixedLog.next++;
  return 0;
}

TEST(Mixed, KernelsRunInOrderWithSubBlockIndex) {
  for (Mode m : ALL_MODES) {
    mixedLog.next = 0;
    for (auto &o : mixedLog.order)
      o = -1;
    Runtime rt(configFor(m));
    Status st = rt.run([&] {
      MixedKernels mixed_0 = {KernelDesc{"aic", &aicKernel},
                              KernelDesc{"aiv", &aivKernel},
                              KernelDesc{"aiv", &aivKernel}};
      CoreTaskArgs a;
      rt_submit_task(mixed_0, a);
    });
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(mixedLog.order[0].load(), 0) << m.name;
    EXPECT_EQ(mixedLog.order[1].load(), 1) << m.name;
    EXPECT_EQ(mixedLog.order[2].load(), 2) << m.name;
  }
}

TEST(Mixed, DummyTaskOrdersItsDependencies) {
  Runtime rt(RuntimeConfig::withWorkers(1, 1));
  std::vector<int64_t> out(4, -1);
  Tensor o = Tensor::contiguous(out.data(), DataType::INT64, {4});
  int64_t copy = 0;
  Status st = rt.run([&] {
    CoreTaskArgs a;
    a.add_no_dep(o);
    a.launch_spec.set_block_num(4);
    TaskId p = rt_submit_aic_task(KERNEL_blockId, a).task_id();
    CoreTaskArgs d;
    d.set_dependencies(&p, 1);
    TaskId dummy = rt_submit_dummy_task(d).task_id();
    CoreTaskArgs c;
    c.add_no_dep(o);
    c.set_dependencies(&dummy, 1);
    static int64_t *copyPtr;
    copyPtr = &copy;
    static const KernelDesc KERNEL_read{"read", [](const KernelContext &ctx) {
      *copyPtr = static_cast<int64_t *>(ctx.tensor(0).data)[3];
      return 0;
    }};
    rt_submit_aiv_task(KERNEL_read, c);
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(copy, 403);
  EXPECT_EQ(rt.lastRunStats().executed, 3u);
}

} // namespace
