//===- StructuralEqualTest.cpp - Structural equality and hashing ----------===//

#include "Build.h"

#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

#include "gtest/gtest.h"

using namespace plc::ir;
using plc::ir::test::Build;

namespace {

/// Knobs that change one aspect of the reference program.
struct Variant {
  std::string prefix;          ///< prepended to every Var name
  bool withSpans = false;      ///< give nodes source locations
  bool swapDeps = false;       ///< deps=[t1, t0] instead of [t0, t1]
  std::string nameHint = "w";  ///< name_hint of the InCore scope
  bool callNotSubmit = false;  ///< a Call where the Submit was
  int64_t predicateConst = 0;  ///< right-hand side of the predicate
  bool functionsReversed = false;
  bool nestedBlocks = false;   ///< wrap statements in extra SeqStmts
  bool submitEarlyResolve = false;
  std::string callee = "k";    ///< name of the kernel (and of its uses)
  bool reuseLoopVarAsAcc = false;  ///< use the loop var where acc was used
};

/// A program touching every node kind: a kernel and an orchestration with a
/// Submit, a scope with `as tid`, deps and a predicate, a loop with carried
/// values and an If.
const Program *buildProgram(IRContext &ctx, const Variant &v) {
  Build b(ctx);
  static const char source[] = "0123456789";
  auto span = [&](int i) {
    plc::Span s;
    if (v.withSpans)
      s.begin.ptr = llvm::SMLoc::getFromPointer(source + i);
    return s;
  };
  auto name = [&](llvm::StringRef n) { return v.prefix + n.str(); };
  const Type *t128 = b.tensor({128, 128});

  // Kernel.
  const Var *kx = b.var(name("x"), t128, span(1));
  const Var *kout = b.var(name("out"), t128, span(2));
  const Var *kt = b.var(name("t"), b.tile({128, 128}), span(3));
  const Function *kernel = b.fn(
      v.callee, FunctionType::InCore,
      {Param{kx}, Param{kout, ParamDirection::Out}}, {t128},
      b.seq({b.assign(kt,
                      b.op(OpKind::TileFull, {b.tuple({b.i(128), b.i(128)})},
                           b.tile({128, 128}), {Kwarg{"value", b.f(42.0)}}),
                      span(4)),
             b.ret({b.op(OpKind::TileStore,
                         {kt, b.tuple({b.i(0), b.i(0)}), kout}, t128)})}));

  // Orchestration.
  const Var *x = b.var(name("x"), t128, span(5));
  const Var *gate = b.var(name("gate"), b.tensor({1, 1}, DType::INT32));
  const Var *out = b.var(name("out"), t128);
  const Var *t0 = b.var(name("t0"), b.taskId());
  const Var *t1 = b.var(name("t1"), b.taskId());
  const Var *tid = b.var(name("tid"), b.taskId());
  const Var *y = b.var(name("y"), b.index());
  const Expr *pred = b.bin(
      BinaryOp::Gt, b.cast(b.read(gate, {b.i(0), b.i(0)}), DType::INDEX),
      b.i(v.predicateConst, DType::INDEX, span(6)));

  std::vector<const Stmt *> stmts;
  stmts.push_back(b.assign(t0, b.taskInvalid()));
  stmts.push_back(b.assign(t1, b.taskInvalid()));
  const Var *r = b.var(name("r"), t128);
  const Var *rtid = b.var(name("rtid"), b.taskId());
  const Expr *dispatch =
      b.submit(v.callee, {x, out}, {t128},
               v.swapDeps ? std::initializer_list<const Expr *>{t1, t0}
                          : std::initializer_list<const Expr *>{t0, t1},
               nullptr, false, v.submitEarlyResolve);
  // A Call with the very same callee, arguments and type.
  if (v.callNotSubmit)
    dispatch = b.call(v.callee, {x, out}, dispatch->type());
  const Var *tmp = b.var("_submit_tmp", dispatch->type());
  stmts.push_back(b.assign(tmp, dispatch));
  stmts.push_back(b.assign(r, b.get(tmp, 0)));
  stmts.push_back(b.assign(rtid, b.get(tmp, 1)));

  ScopeStmt::Fields f;
  f.kind = ScopeKind::InCore;
  f.dispatch.deps = b.arr<const Expr *>({rtid});
  f.dispatch.taskId = tid;
  f.dispatch.predicate = pred;
  f.dispatch.nameHint = ctx.intern(v.nameHint);
  stmts.push_back(b.assign(tid, b.taskInvalid()));
  stmts.push_back(b.scope(f, b.seq({b.assign(y, b.i(3))})));

  const Var *i = b.var(name("i"), b.index());
  const Var *acc = b.var(name("acc"), b.index());
  const Var *next = b.var(name("next"), b.index());
  const Var *res = b.var(name("acc"), b.index());
  const Stmt *loopBody =
      b.seq({b.assign(next, b.bin(BinaryOp::Add,
                                  v.reuseLoopVarAsAcc ? i : acc, i)),
             b.yield({next})});
  if (v.nestedBlocks)
    loopBody = b.seq({b.seq({loopBody})});
  stmts.push_back(b.forRange(i, b.i(0), b.i(4), b.i(1), loopBody, {acc}, {y},
                             {res}));
  const Var *z = b.var(name("z"), b.index());
  stmts.push_back(b.ifElse(b.bin(BinaryOp::Lt, res, b.i(10)),
                           b.yield({res}), b.yield({b.i(10)}), {z}));
  stmts.push_back(b.ret({r}));

  const Stmt *body = ctx.create<SeqStmt>(ctx.copy(stmts), plc::Span{});
  if (v.nestedBlocks)
    body = b.seq({b.seq({body})});
  const Function *main = b.fn(
      "main", FunctionType::Orchestration,
      {Param{x}, Param{gate}, Param{out, ParamDirection::Out}}, {t128}, body);
  return v.functionsReversed ? b.program(v.prefix + "P", {main, kernel})
                             : b.program("P", {kernel, main});
}

class StructuralEqualTest : public ::testing::Test {
protected:
  IRContext ctx;
  IRContext other;

  /// Builds the reference program and a variant and compares them.
  ::testing::AssertionResult equalTo(const Variant &variant,
                                     std::string *why = nullptr) {
    const Program *a = buildProgram(ctx, Variant());
    const Program *b = buildProgram(other, variant);
    std::string whyNot;
    bool equal = structuralEqual(*a, *b, &whyNot);
    if (why)
      *why = whyNot;
    if (equal != structuralEqual(*b, *a))
      return ::testing::AssertionFailure() << "equality is not symmetric";
    if (equal && structuralHash(*a) != structuralHash(*b))
      return ::testing::AssertionFailure() << "equal but hashes differ";
    if (equal)
      return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << whyNot;
  }
};

TEST_F(StructuralEqualTest, SameProgramInTwoContexts) {
  EXPECT_TRUE(equalTo(Variant()));
  const Program *a = buildProgram(ctx, Variant());
  const Program *b = buildProgram(other, Variant());
  EXPECT_EQ(structuralHash(*a), structuralHash(*b));
  // Hashes do not depend on the context either: same value in a third one.
  IRContext third;
  EXPECT_EQ(structuralHash(*buildProgram(third, Variant())),
            structuralHash(*a));
}

TEST_F(StructuralEqualTest, AlphaRenamingSpansAndProgramNamesAreIgnored) {
  Variant renamed;
  renamed.prefix = "renamed_";
  EXPECT_TRUE(equalTo(renamed));
  Variant spans;
  spans.withSpans = true;
  EXPECT_TRUE(equalTo(spans));
}

TEST_F(StructuralEqualTest, FunctionOrderDoesNotMatterButCalleeNamesDo) {
  Variant reversed;
  reversed.functionsReversed = true;
  EXPECT_TRUE(equalTo(reversed));
  Variant renamedKernel;
  renamedKernel.callee = "k2";
  std::string why;
  EXPECT_FALSE(equalTo(renamedKernel, &why));
  EXPECT_EQ(why, "@k: no function of that name in the second program");
}

TEST_F(StructuralEqualTest, NestedBlocksCompareFlattened) {
  Variant nested;
  nested.nestedBlocks = true;
  EXPECT_TRUE(equalTo(nested));
}

TEST_F(StructuralEqualTest, DepsOrderMatters) {
  Variant swapped;
  swapped.swapDeps = true;
  std::string why;
  EXPECT_FALSE(equalTo(swapped, &why));
  EXPECT_EQ(why, "@main.body[2].value.deps[0]: Var 't0' corresponds to 't0', "
                 "not to 't1'");
}

TEST_F(StructuralEqualTest, SubmitNeverEqualsCall) {
  Variant call;
  call.callNotSubmit = true;
  std::string why;
  EXPECT_FALSE(equalTo(call, &why));
  EXPECT_EQ(why, "@main.body[2].value: Submit vs Call");
}

TEST_F(StructuralEqualTest, NameHintCounts) {
  Variant hint;
  hint.nameHint = "other";
  std::string why;
  EXPECT_FALSE(equalTo(hint, &why));
  EXPECT_EQ(why, "@main.body[6]: name_hint \"w\" vs \"other\"");
  hint.nameHint = "";
  EXPECT_FALSE(equalTo(hint));
}

TEST_F(StructuralEqualTest, PredicateAndSubmitFieldsCount) {
  Variant pred;
  pred.predicateConst = 1;
  std::string why;
  EXPECT_FALSE(equalTo(pred, &why));
  EXPECT_EQ(why, "@main.body[6].predicate.rhs: int constant 0 vs 1");
  Variant early;
  early.submitEarlyResolve = true;
  EXPECT_FALSE(equalTo(early, &why));
  EXPECT_EQ(why, "@main.body[2].value: allow_early_resolve differs");
}

TEST_F(StructuralEqualTest, UsesMustMeetTheirDefinitions) {
  // `next = i + i` instead of `next = acc + i`: same shape, other binding.
  Variant rebound;
  rebound.reuseLoopVarAsAcc = true;
  std::string why;
  EXPECT_FALSE(equalTo(rebound, &why));
  EXPECT_EQ(why, "@main.body[7].body[0].value.lhs: Var 'acc' corresponds to "
                 "'acc', not to 'i'");
}

TEST_F(StructuralEqualTest, ExpressionsAndTypes) {
  Build b(ctx), o(other);
  const Var *x = b.var("x", b.index());
  const Var *y = b.var("y", b.index());
  const Var *p = o.var("p", o.index());
  const Var *q = o.var("q", o.index());
  // Free Vars pair up at their first occurrence.
  EXPECT_TRUE(structuralEqual(b.bin(BinaryOp::Add, x, y),
                              o.bin(BinaryOp::Add, p, q)));
  EXPECT_EQ(structuralHash(b.bin(BinaryOp::Add, x, y)),
            structuralHash(o.bin(BinaryOp::Add, p, q)));
  EXPECT_FALSE(structuralEqual(b.bin(BinaryOp::Add, x, x),
                               o.bin(BinaryOp::Add, p, q)));
  EXPECT_NE(structuralHash(b.bin(BinaryOp::Add, x, x)),
            structuralHash(o.bin(BinaryOp::Add, p, q)));
  // Constant dtypes are part of the type.
  std::string why;
  EXPECT_FALSE(structuralEqual(b.i(1, DType::INT64), o.i(1), &why));
  EXPECT_EQ(why, "type pl.Scalar[pl.INT64] vs pl.Scalar[pl.INDEX]");
  // Keyword arguments compare by keyword.
  const Expr *k1 = b.op(OpKind::TileFull, {b.tuple({b.i(4)})}, b.tile({4}),
                        {Kwarg{"value", b.f(1.0)}, Kwarg{"zz", b.i(2)}});
  const Expr *k2 = o.op(OpKind::TileFull, {o.tuple({o.i(4)})}, o.tile({4}),
                        {Kwarg{"zz", o.i(2)}, Kwarg{"value", o.f(1.0)}});
  EXPECT_TRUE(structuralEqual(k1, k2));
  EXPECT_EQ(structuralHash(k1), structuralHash(k2));
  // Types compare structurally across contexts.
  EXPECT_TRUE(structuralEqual(b.tupleOf({b.tensor({2, 3}), b.taskId()}),
                              o.tupleOf({o.tensor({2, 3}), o.taskId()})));
  EXPECT_FALSE(structuralEqual(b.tensor({2, 3}), o.tile({2, 3})));
  EXPECT_FALSE(structuralEqual(b.tensor({2, 3}), o.tensor({3, 2})));
  EXPECT_EQ(structuralHash(b.tensor({2, 3})), structuralHash(o.tensor({2, 3})));
}

TEST_F(StructuralEqualTest, ElseAbsentEqualsElseEmpty) {
  Build b(ctx), o(other);
  const Var *c = b.var("c", b.scalar(DType::BOOL));
  const Var *d = o.var("d", o.scalar(DType::BOOL));
  const Stmt *x = b.ifElse(c, b.seq({}), nullptr);
  const Stmt *y = o.ifElse(d, o.seq({}), o.seq({}));
  EXPECT_TRUE(structuralEqual(x, y));
  EXPECT_EQ(structuralHash(x), structuralHash(y));
}

TEST_F(StructuralEqualTest, FunctionLevelAndRoleCompareAsPrinted) {
  Build b(ctx), o(other);
  Function::Fields derived;
  derived.name = "f";
  derived.type = FunctionType::InCore;
  Function::Fields explicitFields = derived;
  explicitFields.name = "g";  // function names are ignored here
  explicitFields.level = Level::CHIP_DIE;
  explicitFields.role = Role::SubWorker;
  const Function *f = b.fnWith(derived, {}, {}, b.seq({}));
  const Function *g = o.fnWith(explicitFields, {}, {}, o.seq({}));
  EXPECT_TRUE(structuralEqual(*f, *g));
  EXPECT_EQ(structuralHash(*f), structuralHash(*g));

  Function::Fields opaque;
  opaque.name = "h";
  Function::Fields host = opaque;
  host.level = Level::HOST;
  std::string why;
  EXPECT_FALSE(structuralEqual(*b.fnWith(opaque, {}, {}, b.seq({})),
                               *o.fnWith(host, {}, {}, o.seq({})), &why));
  EXPECT_EQ(why, "level differs");
}

TEST_F(StructuralEqualTest, ScopeKindFieldsCount) {
  Build b(ctx), o(other);
  auto spmd = [](Build &bb, int64_t n, bool sync) {
    ScopeStmt::Fields f;
    f.kind = ScopeKind::Spmd;
    f.coreNum = bb.i(n);
    f.syncStart = sync;
    return bb.scope(f, bb.seq({}));
  };
  EXPECT_TRUE(structuralEqual(spmd(b, 4, false), spmd(o, 4, false)));
  EXPECT_FALSE(structuralEqual(spmd(b, 4, false), spmd(o, 8, false)));
  EXPECT_FALSE(structuralEqual(spmd(b, 4, false), spmd(o, 4, true)));
  auto runtime = [](Build &bb, bool manual) {
    ScopeStmt::Fields f;
    f.kind = ScopeKind::Runtime;
    f.manual = manual;
    return bb.scope(f, bb.seq({}));
  };
  EXPECT_FALSE(structuralEqual(runtime(b, true), runtime(o, false)));
  auto hierarchy = [](Build &bb, Level level) {
    ScopeStmt::Fields f;
    f.kind = ScopeKind::Hierarchy;
    f.level = level;
    return bb.scope(f, bb.seq({}));
  };
  EXPECT_TRUE(structuralEqual(hierarchy(b, Level::HOST),
                              hierarchy(o, Level::HOST)));
  EXPECT_FALSE(structuralEqual(hierarchy(b, Level::HOST),
                               hierarchy(o, Level::CHIP)));
}

TEST_F(StructuralEqualTest, EqualProgramsPrintTheSameText) {
  // Same names in two contexts print identically (printing is a function of
  // the structure and the name hints only).
  EXPECT_EQ(programToString(*buildProgram(ctx, Variant())),
            programToString(*buildProgram(other, Variant())));
}

} // namespace
