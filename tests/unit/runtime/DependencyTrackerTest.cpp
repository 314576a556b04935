//===- DependencyTrackerTest.cpp - Buckets recycle their lists ------------===//
#include "DependencyTracker.h"

#include <gtest/gtest.h>

using namespace plrt;

namespace {

bool nothingLive(uint64_t) { return false; }
void noConflict(uint64_t) {}

/// One write of task \p seq to the counter, as the runtime submits it: look
/// up conflicts (which drops the bucket once every entry has retired), then
/// record the write.
void writeCounter(DependencyTracker &t, const int64_t &counter, uint64_t seq) {
  auto lo = reinterpret_cast<uintptr_t>(&counter);
  t.lookup(lo, lo + sizeof counter, true, nothingLive, noConflict);
  t.record(&counter, lo, lo + sizeof counter, seq, true, true, nothingLive);
}

TEST(DependencyTracker, RecycledBucketKeepsItsFootprint) {
  // A bucket whose entries have all retired is removed and its lists kept
  // for the next bucket; each list must come back in its old role, or the
  // writer list regrows while the reader list holds the old capacity.
  DependencyTracker t;
  int64_t counter = 0;
  writeCounter(t, counter, 1);
  size_t first = t.footprintBytes();
  for (uint64_t seq = 2; seq < 10; ++seq) {
    writeCounter(t, counter, seq);
    EXPECT_EQ(t.footprintBytes(), first) << "after write " << seq;
  }
}

TEST(DependencyTracker, RecycledReaderListStaysAReaderList) {
  DependencyTracker t;
  int64_t tensor[4] = {};
  auto lo = reinterpret_cast<uintptr_t>(&tensor[0]);
  auto hi = lo + sizeof tensor;
  auto cycle = [&](uint64_t seq) {
    // Three reads and one write, all retired by the next cycle.
    t.lookup(lo, hi, true, nothingLive, noConflict);
    for (uint64_t r = 0; r < 3; ++r)
      t.record(tensor, lo, hi, seq + r, false, false, nothingLive);
    t.record(tensor, lo, lo + 8, seq + 3, true, false, nothingLive);
  };
  cycle(1);
  size_t first = t.footprintBytes();
  for (uint64_t seq = 5; seq < 40; seq += 4) {
    cycle(seq);
    EXPECT_EQ(t.footprintBytes(), first) << "after cycle " << seq;
  }
}

} // namespace
