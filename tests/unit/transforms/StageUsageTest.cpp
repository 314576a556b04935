//===- StageUsageTest.cpp - Wall, system time and faults of a stage -------===//

#include "transforms/StageUsage.h"

#include <gtest/gtest.h>

#include <sys/mman.h>

#include <cstddef>

using namespace plc::transforms;

namespace {

TEST(StageUsageTest, FirstTouchOfFreshPagesCountsAsFaults) {
  const size_t bytes = size_t(8) << 20;
  void *mapped = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(mapped, MAP_FAILED);
  // Small pages, so that every page is a fault of its own.
  (void)madvise(mapped, bytes, MADV_NOHUGEPAGE);
  StageClock clock;
  auto *bytesOf = static_cast<volatile char *>(mapped);
  for (size_t offset = 0; offset < bytes; offset += 4096)
    bytesOf[offset] = 1;
  StageUsage usage = clock.elapsed();
  munmap(mapped, bytes);
  EXPECT_GE(usage.pageFaults, 1000) << "2048 fresh pages were written";
  EXPECT_GT(usage.seconds, 0.0);
  EXPECT_GE(usage.systemSeconds, 0.0);
}

TEST(StageUsageTest, SumsEveryField) {
  StageUsage total{1.5, 0.25, 10};
  total += StageUsage{0.5, 0.75, 5};
  EXPECT_DOUBLE_EQ(total.seconds, 2.0);
  EXPECT_DOUBLE_EQ(total.systemSeconds, 1.0);
  EXPECT_EQ(total.pageFaults, 15);
}

} // namespace
