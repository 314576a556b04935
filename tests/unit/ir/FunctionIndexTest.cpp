//===- FunctionIndexTest.cpp - A program's functions by name --------------===//

#include "ir/FunctionIndex.h"
#include "ir/IR.h"

#include "gtest/gtest.h"

using namespace plc;
using namespace plc::ir;

namespace {

const Function *makeFunction(IRContext &ctx, llvm::StringRef name) {
  Function::Fields fields;
  fields.name = ctx.intern(name);
  return ctx.create<Function>(fields, llvm::ArrayRef<Param>(),
                              llvm::ArrayRef<const Type *>(),
                              ctx.create<SeqStmt>(
                                  llvm::ArrayRef<const Stmt *>(), Span{}),
                              Span{});
}

TEST(FunctionIndexTest, LookupsInAnyOrderFindTheirOwnFunction) {
  IRContext ctx;
  FunctionIndex index;
  const Function *a = makeFunction(ctx, "a");
  const Function *b = makeFunction(ctx, "b");
  index.add(a);
  index.add(b);
  // The same name twice, then the other: the remembered entry must not
  // answer for a different name, nor for one of another length.
  EXPECT_EQ(index.lookup("a"), a);
  EXPECT_EQ(index.lookup("a"), a);
  EXPECT_EQ(index.lookup("b"), b);
  EXPECT_EQ(index.lookup("ab"), nullptr);
  EXPECT_EQ(index.lookup("b"), b);
  EXPECT_EQ(index.lookup(""), nullptr);
  EXPECT_TRUE(index.contains("a"));
  EXPECT_FALSE(index.contains("c"));
}

TEST(FunctionIndexTest, PositionsFollowAdditionAndSurviveReplacement) {
  IRContext ctx;
  FunctionIndex index;
  index.add(makeFunction(ctx, "first"));
  index.add(makeFunction(ctx, "second"));
  EXPECT_EQ(index.find("second")->position, 1u);
  // Replacing a function remembered as found last hands out the new one.
  const Function *newFirst = makeFunction(ctx, "first");
  EXPECT_EQ(index.find("first")->position, 0u);
  index.add(newFirst);
  EXPECT_EQ(index.lookup("first"), newFirst);
  EXPECT_EQ(index.find("first")->position, 0u);
  index.add(makeFunction(ctx, "third"));
  EXPECT_EQ(index.find("third")->position, 2u);
  EXPECT_EQ(index.size(), 3u);
}

} // namespace
