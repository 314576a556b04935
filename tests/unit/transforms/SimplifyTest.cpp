//===- SimplifyTest.cpp - simplify on hand-built IR -----------------------===//

#include "TestIR.h"

using namespace plc;
using namespace plc::test;

namespace {

class SimplifyTest : public IRTest {
protected:
  const Function *kernel() {
    const Var *x = var("x", tensor());
    return fn("k", FunctionType::InCore, {out_(x)}, {tensor()},
              {ret({store(full(1), x)})});
  }
};

// Check that `idx = i + 1` survives when only a predicate reads it, that
// constants fold and propagate (into a launch spec), that dead scalar code
// goes, and that a Submit, its unused results, its unused TaskId extraction
// and an unused store stay.
TEST_F(SimplifyTest, KeepsPredicateOperandsAndSideEffects) {
  auto build = [&](bool simplified) {
    const Var *i = var("i", scalar()), *rc = var("rc", tensor(DType::INT32)),
              *x = var("x", tensor()), *out = var("out", tensor());
    const Var *idx = var("idx", scalar()), *dead = var("dead", scalar()),
              *a = var("a", scalar()), *b = var("b", scalar());
    const Var *s = var("s", ctx.tupleType({tensor(), tidType()}));
    const Var *y = var("y", tensor()), *tid = tidVar("tid"),
              *z = var("z", tensor()), *t = tidVar("t"),
              *out1 = var("out", tensor());
    std::vector<const Stmt *> body;
    body.push_back(assign(idx, add(i, c(1))));
    if (!simplified) {
      body.push_back(assign(dead, mul(i, c(2))));
      body.push_back(assign(a, add(c(2), c(3))));
      body.push_back(assign(b, mul(a, c(4))));
    }
    const Expr *coreNum = simplified ? c(5) : a;
    body.push_back(assign(s, submit("k", {x}, {tensor()}, {}, nullptr, coreNum)));
    body.push_back(assign(y, get(s, 0)));
    body.push_back(assign(tid, get(s, 1)));
    body.push_back(assign(z, store(full(1), out)));
    body.push_back(eval(store(full(3), out)));
    body.push_back(placeholder(t));
    body.push_back(at({assign(out1, store(full(2), out))},
                      D().tid(t).pred(pred(rc, idx))));
    body.push_back(ret({out1}));
    return program({kernel(), fn("main", FunctionType::Orchestration,
                                 {in(i), in(rc), out_(x), out_(out)},
                                 {tensor()}, body)});
  };
  EXPECT_IR_EQ(runPasses("simplify", build(false)), build(true));
}

// Check that a predicate is left exactly as written: a constant index
// variable is not substituted into it and so stays live.
TEST_F(SimplifyTest, PredicatesAreNotRewritten) {
  const Var *rc = var("rc", tensor(DType::INT32)), *out = var("out", tensor()),
            *j = var("j", scalar()), *t = tidVar("t"),
            *out1 = var("out", tensor());
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {in(rc), out_(out)}, {tensor()},
      {assign(j, c(0)), placeholder(t),
       at({assign(out1, store(full(2), out))}, D().tid(t).pred(pred(rc, j))),
       ret({out1})})});
  EXPECT_IR_EQ(runPasses("simplify", before), before);
}

// Check that a function whose removable assignments are all live comes back
// as it was, the same object: nothing is rebuilt when nothing is dead.
TEST_F(SimplifyTest, AllLiveScalarCodeIsLeftAlone) {
  const Var *i = var("i", scalar()), *x = var("x", tensor());
  const Var *a = var("a", scalar()), *b = var("b", scalar());
  const Var *s = var("s", ctx.tupleType({tensor(), tidType()}));
  const Var *y = var("y", tensor());
  const Program *before = program(
      {kernel(),
       fn("main", FunctionType::Orchestration, {in(i), out_(x)}, {tensor()},
          {assign(a, mul(i, c(2))), assign(b, add(a, i)),
           assign(s, submit("k", {x}, {tensor()}, {}, nullptr, b)),
           assign(y, get(s, 0)), ret({y})})});
  EXPECT_EQ(runPasses("simplify", before), before);
}

// Check integer folding: wrap-around to the dtype width, floor division and
// modulo with Python signs, comparisons to booleans, and no folding of a
// division by zero.
TEST_F(SimplifyTest, FoldsIntegerArithmetic) {
  auto i8 = [&](int64_t v) { return ctx.constInt(v, DType::INT8); };
  const Var *a = var("a", scalar(DType::INT8)), *q = var("q", scalar()),
            *r = var("r", scalar()), *z = var("z", scalar()),
            *cmp = var("cmp", scalar(DType::BOOL));
  const Program *before = program({fn(
      "main", FunctionType::Opaque, {}, {scalar(DType::INT8), scalar(), scalar(), scalar(), scalar(DType::BOOL)},
      {assign(a, add(i8(100), i8(100))),
       assign(q, bin(BinaryOp::FloorDiv, c(-7), c(2))),
       assign(r, bin(BinaryOp::FloorMod, c(-7), c(2))),
       assign(z, bin(BinaryOp::FloorDiv, c(1), c(0))),
       assign(cmp, bin(BinaryOp::Lt, c(3), c(4))),
       ret({a, q, r, z, cmp})})});
  const Var *z1 = var("z", scalar());
  const Program *expected = program({fn(
      "main", FunctionType::Opaque, {}, {scalar(DType::INT8), scalar(), scalar(), scalar(), scalar(DType::BOOL)},
      {assign(z1, bin(BinaryOp::FloorDiv, c(1), c(0))),
       ret({i8(-56), c(-4), c(1), z1, ctx.constBool(true)})})});
  EXPECT_IR_EQ(runPasses("simplify", before), expected);
}

} // namespace
