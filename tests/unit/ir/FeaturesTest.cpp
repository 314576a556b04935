//===- FeaturesTest.cpp - What a node holds at any depth -------------------===//

#include "Build.h"

#include "gtest/gtest.h"

using namespace plc::ir;
using namespace plc::ir::test;

namespace {

// Check that scalar arithmetic is reported by every node above it, through
// each kind of statement that holds expressions or statements.
TEST(FeaturesTest, ArithmeticIsReportedAtEveryDepth) {
  IRContext ctx;
  Build b(ctx);
  const Var *i = b.var("i", b.index());
  const Var *n = b.var("n", b.index());
  const Expr *sum = b.bin(BinaryOp::Add, i, b.i(1));
  const Stmt *plain = b.eval(b.i(0));
  const Stmt *assign = b.assign(n, b.neg(sum));
  const Stmt *loop = b.forRange(i, b.i(0), b.i(4), b.i(1), b.seq({assign}));
  ScopeStmt::Fields fields;
  const Stmt *scope = b.scope(fields, b.seq({loop}));
  const Stmt *branch = b.ifElse(b.b(true), b.seq({plain}), b.seq({scope}));
  const Stmt *body = b.seq({plain, branch});

  EXPECT_FALSE(plain->features().has(Feature::Arithmetic));
  EXPECT_FALSE(b.tuple({i, b.i(2)})->features().has(Feature::Arithmetic));
  EXPECT_TRUE(sum->features().has(Feature::Arithmetic));
  EXPECT_TRUE(b.cast(i, DType::INT32)->features().has(Feature::Arithmetic));
  EXPECT_TRUE(b.tuple({sum})->features().has(Feature::Arithmetic));
  for (const Stmt *outer : {assign, loop, scope, branch, body})
    EXPECT_TRUE(outer->features().has(Feature::Arithmetic));
  // A loop bound alone counts too.
  const Stmt *bounded =
      b.forRange(i, b.i(0), sum, b.i(1), b.seq({b.eval(b.i(0))}));
  EXPECT_TRUE(bounded->features().has(Feature::Arithmetic));
}

// Check that a predicate counts as Predicate and not as the arithmetic it
// is written with: predicates stay as written, so a folder need not look.
TEST(FeaturesTest, PredicateIsNotArithmetic) {
  IRContext ctx;
  Build b(ctx);
  const Var *gate = b.var("gate", b.tensor({1, 1}, DType::INT32));
  const Expr *predicate =
      b.bin(BinaryOp::Gt, b.read(gate, {b.i(0), b.i(0)}), b.i(0, DType::INT32));
  const Expr *guarded =
      b.submit("k", {gate}, {}, {}, nullptr, false, false, predicate);
  EXPECT_TRUE(guarded->features().has(Feature::Predicate));
  EXPECT_FALSE(guarded->features().has(Feature::Arithmetic));
  EXPECT_FALSE(b.submit("k", {gate}, {})->features().has(Feature::Predicate));

  ScopeStmt::Fields fields;
  fields.dispatch.predicate = predicate;
  const Stmt *scope = b.scope(fields, b.seq({b.eval(b.i(0))}));
  EXPECT_TRUE(scope->features().has(Feature::Predicate));
  EXPECT_FALSE(scope->features().has(Feature::Arithmetic));

  // A launch spec is folded like any operand.
  ScopeStmt::Fields spmd;
  spmd.kind = ScopeKind::Spmd;
  spmd.coreNum = b.bin(BinaryOp::Mul, b.i(2), b.i(2));
  const Stmt *launched = b.scope(spmd, b.seq({b.eval(b.i(0))}));
  EXPECT_TRUE(launched->features().has(Feature::Arithmetic));
  EXPECT_FALSE(launched->features().has(Feature::Predicate));
}

// Check that an Assign of a scalar is ScalarAssign unless the scalar is a
// TaskId, and that an Assign of a tensor is not.
TEST(FeaturesTest, ScalarAssignExcludesTaskIdsAndTensors) {
  IRContext ctx;
  Build b(ctx);
  const Var *n = b.var("n", b.index());
  const Var *tid = b.var("tid", b.taskId());
  const Var *t = b.var("t", b.tensor({4}, DType::FP32));
  const Var *u = b.var("u", b.tensor({4}, DType::FP32));
  EXPECT_TRUE(b.assign(n, b.i(4))->features().has(Feature::ScalarAssign));
  EXPECT_FALSE(
      b.assign(tid, b.taskInvalid())->features().has(Feature::ScalarAssign));
  EXPECT_FALSE(b.assign(u, t)->features().has(Feature::ScalarAssign));
  EXPECT_TRUE(b.seq({b.assign(u, t), b.assign(n, b.i(4))})
                  ->features()
                  .has(Feature::ScalarAssign));
}

// Check that a Function keeps its body's features.
TEST(FeaturesTest, FunctionKeepsItsBodysFeatures) {
  IRContext ctx;
  Build b(ctx);
  const Var *n = b.var("n", b.index());
  const Function *plain = b.fn("plain", FunctionType::Orchestration, {}, {},
                               b.seq({b.eval(b.i(0))}));
  const Function *folding =
      b.fn("folding", FunctionType::Orchestration, {}, {},
           b.seq({b.assign(n, b.bin(BinaryOp::Add, b.i(1), b.i(2)))}));
  EXPECT_FALSE(plain->bodyFeatures.hasAny(Feature::Arithmetic |
                                          Feature::ScalarAssign |
                                          Feature::Predicate));
  EXPECT_TRUE(folding->bodyFeatures.has(Feature::Arithmetic));
  EXPECT_TRUE(folding->bodyFeatures.has(Feature::ScalarAssign));
  EXPECT_FALSE(folding->bodyFeatures.has(Feature::Predicate));
}

} // namespace
