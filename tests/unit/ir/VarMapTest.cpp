//===- VarMapTest.cpp - Maps and sets keyed by Var id ---------------------===//

#include "ir/IRContext.h"
#include "ir/VarMap.h"

#include "gtest/gtest.h"

#include <vector>

using namespace plc::ir;

namespace {

std::vector<const Var *> makeVars(IRContext &ctx, unsigned count) {
  std::vector<const Var *> vars;
  for (unsigned i = 0; i != count; ++i)
    vars.push_back(ctx.newVar("v", ctx.scalarType(DType::INDEX)));
  return vars;
}

TEST(VarMapTest, InsertFindEraseAcrossPages) {
  IRContext ctx;
  // Enough Vars for several pages; every third one is a key.
  std::vector<const Var *> vars = makeVars(ctx, 1000);
  VarMap<unsigned> map;
  for (unsigned i = 0; i < vars.size(); i += 3)
    EXPECT_TRUE(map.insert(vars[i], i).second);
  EXPECT_EQ(map.size(), 334u);
  for (unsigned i = 0; i != vars.size(); ++i) {
    const unsigned *value = map.find(vars[i]);
    if (i % 3 == 0) {
      ASSERT_NE(value, nullptr) << i;
      EXPECT_EQ(*value, i);
    } else {
      EXPECT_EQ(value, nullptr) << i;
      EXPECT_EQ(map.lookup(vars[i]), 0u);
    }
  }
  // insert keeps an existing value; operator[] overwrites.
  auto [slot, inserted] = map.insert(vars[3], 99);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(*slot, 3u);
  map[vars[3]] = 99;
  EXPECT_EQ(map.lookup(vars[3]), 99u);
  EXPECT_EQ(map[vars[4]], 0u); // value-initialized on first access
  EXPECT_EQ(map.size(), 335u);

  EXPECT_TRUE(map.erase(vars[3]));
  EXPECT_FALSE(map.erase(vars[3]));
  EXPECT_FALSE(map.contains(vars[3]));
  EXPECT_EQ(map.size(), 334u);
}

TEST(VarMapTest, ClearForgetsEveryEntryAndReusesPages) {
  IRContext ctx;
  std::vector<const Var *> vars = makeVars(ctx, 300);
  VarMap<const Var *> map;
  for (const Var *var : vars)
    map[var] = var;
  map.clear();
  EXPECT_TRUE(map.empty());
  for (const Var *var : vars)
    EXPECT_FALSE(map.contains(var));
  // Refilled after the clear, with other values.
  for (unsigned i = 0; i != vars.size(); ++i)
    map[vars[i]] = vars[vars.size() - 1 - i];
  for (unsigned i = 0; i != vars.size(); ++i)
    EXPECT_EQ(map.lookup(vars[i]), vars[vars.size() - 1 - i]);
}

// A large fill, then small ones, each cleared: every page goes back to the
// spare list once, so no two ranges of Vars ever share a page.
TEST(VarMapTest, ClearAfterLargeAndSmallFillsKeepsPagesApart) {
  IRContext ctx;
  std::vector<const Var *> vars = makeVars(ctx, 640);
  VarMap<unsigned> map;
  for (unsigned i = 0; i != vars.size(); ++i)
    map[vars[i]] = i;
  map.clear();
  for (unsigned round = 0; round != 3; ++round) {
    map[vars[round * 64]] = round;
    map[vars[600]] = round;
    map.clear();
  }
  EXPECT_TRUE(map.empty());
  for (unsigned i = 0; i != vars.size(); ++i)
    map[vars[i]] = i + 1;
  EXPECT_EQ(map.size(), vars.size());
  for (unsigned i = 0; i != vars.size(); ++i)
    EXPECT_EQ(map.lookup(vars[i]), i + 1) << i;
}

TEST(VarMapTest, LookupsInAnyOrderAgreeWithInsertion) {
  IRContext ctx;
  std::vector<const Var *> vars = makeVars(ctx, 2000);
  VarSet set;
  // Insert from the back, probing pages out of order.
  for (unsigned i = vars.size(); i-- > 0;) {
    if (i % 7 == 0 || i % 64 == 63) {
      EXPECT_TRUE(set.insert(vars[i]));
    }
  }
  for (unsigned i = 0; i != vars.size(); ++i)
    EXPECT_EQ(set.contains(vars[i]), i % 7 == 0 || i % 64 == 63) << i;
  EXPECT_FALSE(set.insert(vars[0]));
  const VarSet &view = set;
  EXPECT_EQ(view.count(vars[63]), 1u);
  EXPECT_EQ(view.count(vars[1]), 0u);
}

} // namespace
