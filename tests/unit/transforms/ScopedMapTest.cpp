//===- ScopedMapTest.cpp - A map rolled back to marks ---------------------===//

#include "transforms/IRUtils.h"

#include "gtest/gtest.h"

using namespace plc::transforms;

namespace {

int keys[4];
int values[4];

TEST(ScopedMapTest, RestoreUndoesOnlyTheChangesSinceItsMark) {
  ScopedMap<const int *, const int *> map;
  // Top-level changes are never undone.
  map.set(&keys[0], &values[0]);
  size_t outer = map.mark();
  map.set(&keys[0], &values[1]); // overwrites a top-level value
  map.set(&keys[1], &values[1]); // a new key
  size_t inner = map.mark();
  map.set(&keys[1], &values[2]);
  map.set(&keys[2], &values[2]);
  map.restore(inner);
  EXPECT_EQ(map.lookup(&keys[1]), &values[1]);
  EXPECT_FALSE(map.contains(&keys[2]));
  map.restore(outer);
  EXPECT_EQ(map.lookup(&keys[0]), &values[0]);
  EXPECT_FALSE(map.contains(&keys[1]));

  // With every mark closed, changes stay whatever comes after.
  map.set(&keys[3], &values[3]);
  size_t later = map.mark();
  map.restore(later);
  EXPECT_EQ(map.lookup(&keys[3]), &values[3]);
  EXPECT_EQ(map.lookup(&keys[0]), &values[0]);
}

} // namespace
