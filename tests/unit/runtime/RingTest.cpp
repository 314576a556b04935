//===- RingTest.cpp - Bounded ring, scopes and flat memory ----------------===//
#include "TestSupport.h"

#include <vector>

using namespace plrt;
using namespace plrt::test;

namespace {

constexpr int64_t LONG_CHAIN = 1000000;

int incKernel(const KernelContext &ctx) {
  static_cast<int64_t *>(ctx.tensor(0).data)[0] += 1;
  return 0;
}
const KernelDesc KERNEL_inc{"inc", &incKernel};

int nopKernel(const KernelContext &) { return 0; }
const KernelDesc KERNEL_nop{"nop", &nopKernel};

class Ring : public testing::TestWithParam<Mode> {};

TEST_P(Ring, LongChainThroughSmallRingHasFlatMemory) {
  // Every task increments the same counter (INOUT) and also names its
  // predecessor explicitly: both dependency paths are exercised.
  int64_t counter = 0;
  Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
  Runtime rt(configFor(GetParam(), 1024));
  ASSERT_EQ(rt.config().ringSize, 1024u);
  std::vector<size_t> samples;
  samples.reserve(64);
  size_t before = rt.footprintBytes();
  Status st = rt.run([&] {
    TaskId prev;
    for (int64_t i = 0; i < LONG_CHAIN; ++i) {
      CoreTaskArgs a;
      a.add_inout(c);
      if (prev.is_valid())
        a.set_dependencies(&prev, 1);
      prev = rt_submit_aiv_task(KERNEL_inc, a).task_id();
      if ((i + 1) % (LONG_CHAIN / 20) == 0)
        samples.push_back(rt.footprintBytes());
    }
  });
  ASSERT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(counter, LONG_CHAIN);
  EXPECT_EQ(rt.lastRunStats().executed, uint64_t(LONG_CHAIN));
  ASSERT_EQ(samples.size(), 20u);
  // The ring and the edge pool are preallocated; only the tracker's tiny
  // vectors appear at the first submit. After that nothing grows.
  for (size_t s : samples)
    EXPECT_EQ(s, samples.front());
  EXPECT_LT(samples.front() - before, 4096u);
  EXPECT_EQ(rt.footprintBytes(), samples.back());
}

TEST_P(Ring, RingFullInsideOneManualScopeIsAnErrorNotAHang) {
  Runtime rt(configFor(GetParam(), 16));
  int accepted = 0;
  bool laterInvalid = false;
  Status st = rt.run([&] {
    PLRT_SCOPE(ScopeMode::MANUAL) {
      for (int i = 0; i < 40; ++i) {
        CoreTaskArgs a;
        if (rt_submit_aiv_task(KERNEL_nop, a).is_valid())
          ++accepted;
        else
          laterInvalid = true;
      }
    }
  });
  EXPECT_EQ(st.code(), StatusCode::RING_FULL_IN_SCOPE);
  EXPECT_NE(st.message().find("16 ring slots"), std::string::npos)
      << st.message();
  EXPECT_EQ(accepted, 16);
  EXPECT_TRUE(laterInvalid);
  EXPECT_EQ(rt.lastRunStats().executed, 16u) << "accepted tasks still ran";
}

TEST_P(Ring, RingFullInsideAnAutoScopeIsAnError) {
  Runtime rt(configFor(GetParam(), 8));
  Status st = rt.run([&] {
    PLRT_SCOPE() {
      for (int i = 0; i < 9; ++i) {
        CoreTaskArgs a;
        rt_submit_aiv_task(KERNEL_nop, a);
      }
    }
  });
  EXPECT_EQ(st.code(), StatusCode::RING_FULL_IN_SCOPE);
}

TEST_P(Ring, TasksOutsideScopesWaitForFreeSlots) {
  Runtime rt(configFor(GetParam(), 16));
  Status st = rt.run([&] {
    for (int i = 0; i < 500; ++i) {
      CoreTaskArgs a;
      rt_submit_aiv_task(KERNEL_nop, a);
    }
  });
  EXPECT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(rt.lastRunStats().executed, 500u);
}

TEST_P(Ring, ManySmallScopesReuseTheRing) {
  int64_t counter = 0;
  Tensor c = Tensor::contiguous(&counter, DataType::INT64, {1});
  Runtime rt(configFor(GetParam(), 16));
  Status st = rt.run([&] {
    for (int s = 0; s < 100; ++s) {
      PLRT_SCOPE() {
        for (int i = 0; i < 10; ++i) {
          CoreTaskArgs a;
          a.add_inout(c);
          rt_submit_aiv_task(KERNEL_inc, a);
        }
      }
    }
  });
  EXPECT_TRUE(st.ok()) << st.message();
  EXPECT_EQ(counter, 1000);
}

TEST_P(Ring, NestedScopeReleasesItsOwnTasks) {
  // Slots are reclaimed in submission order. Two tasks held by the outer
  // scope therefore pin the ring even though each inner scope releases its
  // own tasks, and 150 inner tasks overflow an 8-slot ring.
  Runtime rt(configFor(GetParam(), 8));
  Status st = rt.run([&] {
    PLRT_SCOPE() {
      for (int i = 0; i < 2; ++i) {
        CoreTaskArgs a;
        rt_submit_aiv_task(KERNEL_nop, a);
      }
      for (int r = 0; r < 50; ++r) {
        PLRT_SCOPE() {
          for (int i = 0; i < 3; ++i) {
            CoreTaskArgs a;
            rt_submit_aiv_task(KERNEL_nop, a);
          }
        }
      }
    }
  });
  EXPECT_EQ(st.code(), StatusCode::RING_FULL_IN_SCOPE);
  // Without tasks of its own, the outer scope does not pin the ring.
  Status st2 = rt.run([&] {
    PLRT_SCOPE() {
      for (int r = 0; r < 50; ++r) {
        PLRT_SCOPE() {
          for (int i = 0; i < 6; ++i) {
            CoreTaskArgs a;
            rt_submit_aiv_task(KERNEL_nop, a);
          }
        }
      }
    }
  });
  EXPECT_TRUE(st2.ok()) << st2.message();
  EXPECT_EQ(rt.lastRunStats().executed, 300u);
}

INSTANTIATE_TEST_SUITE_P(Modes, Ring, testing::ValuesIn(ALL_MODES), modeName);

} // namespace
