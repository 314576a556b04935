//===- ConvertToSSATest.cpp - convert-to-ssa on hand-built IR -------------===//

#include "TestIR.h"

using namespace plc;
using namespace plc::test;

namespace {

class ConvertToSSATest : public IRTest {};

// Check that a scope's deps and predicate name the versions visible at scope
// entry (before `as` rebinds the task id and before the body reassigns), that
// a predicate over a tensor an earlier scope stored into names that scope's
// version, and that definitions inside a scope stay visible after it.
TEST_F(ConvertToSSATest, ScopeFieldsVersionedAtEntry) {
  const Var *rc = var("rc", tensor(DType::INT32));
  const Var *out = var("out", tensor());
  const Var *i = var("i", scalar());
  const Var *t = tidVar("t");
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(rc), out_(out)}, {tensor()},
      {assign(i, c(0)), placeholder(t),
       at({assign(rc, store(load(rc), rc))}, D().tid(t)), placeholder(t),
       at({assign(i, c(1)), assign(out, store(full(2), out))},
          D().deps({t}).tid(t).pred(pred(rc, i))),
       ret({out})})});

  const Var *rc0 = var("rc", tensor(DType::INT32)), *rc1 = var("rc", tensor(DType::INT32));
  const Var *out0 = var("out", tensor()), *out1 = var("out", tensor());
  const Var *i0 = var("i", scalar()), *i1 = var("i", scalar());
  const Var *t0 = tidVar("t"), *t1 = tidVar("t");
  const Program *expected = program({fn(
      "main", FunctionType::Orchestration, {out_(rc0), out_(out0)}, {tensor()},
      {assign(i0, c(0)), placeholder(t0),
       at({assign(rc1, store(load(rc0), rc0))}, D().tid(t0)), placeholder(t1),
       at({assign(i1, c(1)), assign(out1, store(full(2), out0))},
          D().deps({t0}).tid(t1).pred(pred(rc1, i0))),
       ret({out1})})});

  EXPECT_IR_EQ(runPasses("convert-to-ssa", before), expected);
}

// Check that a Spmd scope's core_num is substituted like any other use.
TEST_F(ConvertToSSATest, SpmdCoreNumSubstituted) {
  const Var *x = var("x", tensor()), *n = var("n", scalar()),
            *m = var("m", scalar());
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(x), in(n)}, {tensor()},
      {assign(m, add(n, c(1))), assign(m, mul(m, c(2))),
       spmd(m, {assign(x, store(full(1), x))}), ret({x})})});

  const Var *x0 = var("x", tensor()), *x1 = var("x", tensor()),
            *n0 = var("n", scalar()), *m0 = var("m", scalar()),
            *m1 = var("m", scalar());
  const Program *expected = program({fn(
      "main", FunctionType::Orchestration, {out_(x0), in(n0)}, {tensor()},
      {assign(m0, add(n0, c(1))), assign(m1, mul(m0, c(2))),
       spmd(m1, {assign(x1, store(full(1), x0))}), ret({x1})})});

  EXPECT_IR_EQ(runPasses("convert-to-ssa", before), expected);
}

// Check that a value reassigned in a loop is carried through iter args and
// a trailing yield, and the loop result is what later code reads.
TEST_F(ConvertToSSATest, LoopCarriedValue) {
  const Var *x = var("x", tensor()), *i = var("i", scalar());
  const Stmt *loop = ctx.create<ForStmt>(
      i, c(0), c(4), c(1), llvm::ArrayRef<const Var *>(),
      llvm::ArrayRef<const Expr *>(), seq({assign(x, store(full(1), x))}),
      llvm::ArrayRef<const Var *>(), Span());
  const Program *before = program(
      {fn("main", FunctionType::Orchestration, {out_(x)}, {tensor()},
          {loop, ret({x})})});

  const Var *x0 = var("x", tensor()), *xi = var("x", tensor()),
            *x1 = var("x", tensor()), *xr = var("x", tensor()),
            *i0 = var("i", scalar());
  const Stmt *expectedLoop = ctx.create<ForStmt>(
      i0, c(0), c(4), c(1), ctx.copy(std::vector<const Var *>{xi}),
      ctx.copy(std::vector<const Expr *>{x0}),
      seq({assign(x1, store(full(1), xi)),
           ctx.create<YieldStmt>(ctx.copy(std::vector<const Expr *>{x1}),
                                 Span())}),
      ctx.copy(std::vector<const Var *>{xr}), Span());
  const Program *expected = program(
      {fn("main", FunctionType::Orchestration, {out_(x0)}, {tensor()},
          {expectedLoop, ret({xr})})});

  EXPECT_IR_EQ(runPasses("convert-to-ssa", before), expected);
}

// Check that a value assigned in one branch becomes an If result, the other
// branch yielding the value from before the if.
TEST_F(ConvertToSSATest, BranchAssignedValueBecomesResult) {
  const Var *a = var("a", scalar()), *v = var("v", scalar());
  const Stmt *branch = ctx.create<IfStmt>(
      bin(BinaryOp::Gt, a, c(0)), seq({assign(v, c(1))}), nullptr,
      llvm::ArrayRef<const Var *>(), Span());
  const Program *before = program(
      {fn("main", FunctionType::Opaque, {in(a)}, {scalar()},
          {assign(v, c(0)), branch, ret({v})})});

  const Var *a0 = var("a", scalar()), *v0 = var("v", scalar()),
            *v1 = var("v", scalar()), *v2 = var("v", scalar());
  auto yield = [&](const Expr *e) {
    return ctx.create<YieldStmt>(ctx.copy(std::vector<const Expr *>{e}),
                                 Span());
  };
  const Stmt *expectedBranch = ctx.create<IfStmt>(
      bin(BinaryOp::Gt, a0, c(0)), seq({assign(v1, c(1)), yield(v1)}),
      seq({yield(v0)}), ctx.copy(std::vector<const Var *>{v2}), Span());
  const Program *expected = program(
      {fn("main", FunctionType::Opaque, {in(a0)}, {scalar()},
          {assign(v0, c(0)), expectedBranch, ret({v2})})});

  EXPECT_IR_EQ(runPasses("convert-to-ssa", before), expected);
}

// Check that a program already in SSA form comes back structurally equal.
TEST_F(ConvertToSSATest, IdempotentOnSSAInput) {
  const Var *x = var("x", tensor()), *x1 = var("x", tensor());
  const Var *t = tidVar("t");
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(x)}, {tensor()},
      {placeholder(t), at({assign(x1, store(full(1), x))}, D().tid(t)),
       ret({x1})})});
  EXPECT_IR_EQ(runPasses("convert-to-ssa", before), before);
}

} // namespace
