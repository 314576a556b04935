//===- PrinterTest.cpp - The canonical .pl text ---------------------------===//

#include "Build.h"

#include "ir/Printer.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <random>

using namespace plc::ir;
using plc::ir::test::Build;

namespace {

class PrinterTest : public ::testing::Test {
protected:
  IRContext ctx;
  Build b{ctx};

  const Type *t128() { return b.tensor({128, 128}); }

  /// `k(x, out) -> Tensor`: load x, store into out.
  const Function *kernel(llvm::StringRef name) {
    const Var *x = b.var("x", t128());
    const Var *out = b.var("out", t128());
    const Var *t = b.var("t", b.tile({128, 128}));
    const Expr *shape = b.tuple({b.i(128), b.i(128)});
    return b.fn(
        name, FunctionType::InCore,
        {Param{x}, Param{out, ParamDirection::Out}}, {t128()},
        b.seq({b.assign(t, b.op(OpKind::TileLoad,
                                 {x, b.tuple({b.i(0), b.i(0)}), shape},
                                 b.tile({128, 128}))),
               b.ret({b.op(OpKind::TileStore,
                           {t, b.tuple({b.i(0), b.i(0)}), out}, t128())})}));
  }

  /// Prints `stmt` as the body of an Opaque function, without the header.
  std::string body(const Stmt *stmt) { return stmtToString(stmt); }
};

TEST_F(PrinterTest, ProgramLayoutAndCalleeFirstOrder) {
  const Var *x = b.var("x", t128());
  const Var *out = b.var("out", t128());
  const Var *r = b.var("r", t128());
  const Function *main =
      b.fn("main", FunctionType::Orchestration,
           {Param{x}, Param{out, ParamDirection::Out}}, {t128()},
           b.seq({b.assign(r, b.call("k", {x, out}, t128())), b.ret({r})}));
  // Program order puts the caller first; the printer puts the callee first.
  const Program *program = b.program("Chain", {main, kernel("k")});
  EXPECT_EQ(programToString(*program),
            R"(# pypto.program: Chain
import pypto.language as pl

@pl.program
class Chain:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[128, 128], pl.FP32] = pl.tile.load(x, [0, 0], [128, 128])
        return pl.tile.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration, level=pl.Level.CHIP, role=pl.Role.Orchestrator)
    def main(self, x: pl.Tensor[[128, 128], pl.FP32], out: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        r: pl.Tensor[[128, 128], pl.FP32] = self.k(x, out)
        return r
)");
}

TEST_F(PrinterTest, TopologicalOrderKeepsProgramOrderForTies) {
  auto leaf = [&](llvm::StringRef name) {
    return b.fn(name, FunctionType::InCore, {}, {}, b.seq({}));
  };
  auto caller = [&](llvm::StringRef name,
                    std::initializer_list<llvm::StringRef> callees) {
    std::vector<const Stmt *> stmts;
    for (llvm::StringRef callee : callees)
      stmts.push_back(b.eval(b.call(callee, {}, b.tupleOf({}))));
    return b.fn(name, FunctionType::Orchestration, {}, {},
                ctx.create<SeqStmt>(ctx.copy(stmts), plc::Span{}));
  };
  // top -> mid -> c; top -> a; b is free. Program order: top, a, mid, b, c.
  const Program *program =
      b.program("P", {caller("top", {"mid", "a"}), leaf("a"),
                      caller("mid", {"c"}), leaf("b"), leaf("c")});
  std::vector<std::string> names;
  for (const Function *fn : calleeFirstOrder(*program))
    names.push_back(fn->name().str());
  EXPECT_EQ(names, (std::vector<std::string>{"a", "b", "c", "mid", "top"}));
}

TEST_F(PrinterTest, Decorators) {
  Function::Fields opaque;
  opaque.name = "f";
  EXPECT_EQ(functionToString(*b.fnWith(opaque, {}, {}, b.seq({}))),
            "@pl.function\ndef f(self):\n    pass\n");

  Function::Fields host = opaque;
  host.level = Level::HOST;
  host.role = Role::Orchestrator;
  EXPECT_EQ(functionToString(*b.fnWith(host, {}, {}, b.seq({}))),
            "@pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)\n"
            "def f(self):\n    pass\n");

  // The derived level wins over a stale explicit one; AIV has no role.
  Function::Fields aiv = opaque;
  aiv.type = FunctionType::AIV;
  aiv.level = Level::CHIP;
  EXPECT_EQ(functionToString(*b.fnWith(aiv, {}, {}, b.seq({}))),
            "@pl.function(type=pl.FunctionType.AIV, level=pl.Level.AIV)\n"
            "def f(self):\n    pass\n");

  Function::Fields group = opaque;
  group.type = FunctionType::Group;
  EXPECT_EQ(functionToString(*b.fnWith(group, {}, {}, b.seq({}))),
            "@pl.function(type=pl.FunctionType.Group, "
            "level=pl.Level.CORE_GROUP, role=pl.Role.SubWorker)\n"
            "def f(self):\n    pass\n");
}

TEST_F(PrinterTest, SignatureDirectionsAndTupleReturn) {
  const Var *a = b.var("a", b.tensor({4}, DType::INT32));
  const Var *c = b.var("c", t128());
  const Var *n = b.var("n", b.index());
  const Function *fn = b.fn(
      "f", FunctionType::Opaque,
      {Param{a, ParamDirection::InOut}, Param{c, ParamDirection::Out},
       Param{n}},
      {b.tensor({4}, DType::INT32), t128()}, b.ret({a, c}));
  EXPECT_EQ(functionToString(*fn),
            "@pl.function\n"
            "def f(self, a: pl.InOut[pl.Tensor[[4], pl.INT32]], "
            "c: pl.Out[pl.Tensor[[128, 128], pl.FP32]], n: pl.Scalar[pl.INDEX]) "
            "-> tuple[pl.Tensor[[4], pl.INT32], pl.Tensor[[128, 128], pl.FP32]]:\n"
            "    return a, c\n");
}

TEST_F(PrinterTest, TypesOfAssignments) {
  const Var *tid = b.var("tid", b.taskId());
  const Var *arr = b.var("arr", ctx.arrayType(3, DType::TASK_ID));
  const Var *tup = b.var("tup", b.tupleOf({t128(), b.taskId()}));
  EXPECT_EQ(typeToString(tid->type()), "pl.Scalar[pl.TASK_ID]");
  EXPECT_EQ(typeToString(arr->type()), "pl.Array[3, pl.TASK_ID]");
  EXPECT_EQ(typeToString(tup->type()),
            "pl.Tuple[pl.Tensor[[128, 128], pl.FP32], pl.Scalar[pl.TASK_ID]]");
  EXPECT_EQ(typeToString(b.tile({16, 8}, DType::BF16)),
            "pl.Tile[[16, 8], pl.BF16]");
}

TEST_F(PrinterTest, Constants) {
  EXPECT_EQ(exprToString(b.i(7)), "7");
  EXPECT_EQ(exprToString(b.i(-3)), "-3");
  EXPECT_EQ(exprToString(b.i(7, DType::INT64)), "pl.const(7, pl.INT64)");
  EXPECT_EQ(exprToString(b.i(-2, DType::INT32)), "pl.const(-2, pl.INT32)");
  EXPECT_EQ(exprToString(b.f(42.0)), "42.0");
  EXPECT_EQ(exprToString(b.f(0.1)), "0.1");
  EXPECT_EQ(exprToString(b.f(-1.5)), "-1.5");
  EXPECT_EQ(exprToString(b.f(1e20)), "1e+20");
  EXPECT_EQ(exprToString(b.f(2.5e-7)), "2.5e-07");
  EXPECT_EQ(exprToString(b.f(1.5, DType::FP16)), "pl.const(1.5, pl.FP16)");
  EXPECT_EQ(exprToString(b.b(true)), "True");
  EXPECT_EQ(exprToString(b.b(false)), "False");
}

TEST(FormatFloat, ShortestTextThatReadsBackExactly) {
  std::mt19937_64 rng(12345);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-40, 40);
  for (int i = 0; i < 20000; ++i) {
    double value = std::ldexp(unit(rng), exponent(rng));
    std::string text = formatFloat(value);
    EXPECT_EQ(std::strtod(text.c_str(), nullptr), value) << text;
    EXPECT_NE(text.find_first_of(".e"), std::string::npos) << text;
  }
  // Integral values keep a decimal point so that they lex as floats.
  EXPECT_EQ(formatFloat(3.0), "3.0");
  EXPECT_EQ(formatFloat(-0.0), "-0.0");
  EXPECT_EQ(formatFloat(123456.0), "123456.0");
}

TEST_F(PrinterTest, MinimalParentheses) {
  const Expr *a = b.var("a", b.index());
  const Expr *c = b.var("c", b.index());
  const Expr *d = b.var("d", b.index());
  using BO = BinaryOp;
  EXPECT_EQ(exprToString(b.bin(BO::Mul, b.bin(BO::Add, a, c), d)),
            "(a + c) * d");
  EXPECT_EQ(exprToString(b.bin(BO::Add, a, b.bin(BO::Mul, c, d))),
            "a + c * d");
  EXPECT_EQ(exprToString(b.bin(BO::Sub, b.bin(BO::Sub, a, c), d)),
            "a - c - d");
  EXPECT_EQ(exprToString(b.bin(BO::Sub, a, b.bin(BO::Sub, c, d))),
            "a - (c - d)");
  EXPECT_EQ(exprToString(b.bin(BO::FloorDiv, a, b.bin(BO::FloorMod, c, d))),
            "a // (c % d)");
  EXPECT_EQ(exprToString(b.bin(BO::Shl, b.bin(BO::Add, a, c), d)),
            "a + c << d");
  EXPECT_EQ(exprToString(b.bin(BO::Add, b.bin(BO::Shr, a, c), d)),
            "(a >> c) + d");
  EXPECT_EQ(exprToString(b.neg(b.bin(BO::Add, a, c))), "-(a + c)");
  EXPECT_EQ(exprToString(b.bin(BO::Mul, b.neg(a), c)), "-a * c");
  EXPECT_EQ(exprToString(b.bin(BO::Sub, a, b.i(-1))), "a - -1");
  const Expr *lt = b.bin(BO::Lt, a, c);
  const Expr *ge = b.bin(BO::Ge, c, d);
  EXPECT_EQ(exprToString(b.bin(BO::And, lt, ge)), "a < c and c >= d");
  EXPECT_EQ(exprToString(b.bin(BO::Or, b.bin(BO::And, lt, ge), lt)),
            "a < c and c >= d or a < c");
  EXPECT_EQ(exprToString(b.bin(BO::And, b.bin(BO::Or, lt, ge), lt)),
            "(a < c or c >= d) and a < c");
  EXPECT_EQ(exprToString(b.bin(BO::And, lt, b.bin(BO::And, ge, lt))),
            "a < c and (c >= d and a < c)");
  EXPECT_EQ(exprToString(b.notE(b.bin(BO::And, lt, ge))),
            "not (a < c and c >= d)");
  EXPECT_EQ(exprToString(b.bin(BO::And, b.notE(lt), ge)),
            "not a < c and c >= d");
  // A comparison operand that is itself a comparison keeps its parentheses
  // (otherwise it would read as a chained comparison).
  EXPECT_EQ(exprToString(b.bin(BO::Eq, lt, b.b(true))), "(a < c) == True");
  EXPECT_EQ(exprToString(b.bin(BO::Eq, b.b(true), lt)), "True == (a < c)");
}

TEST_F(PrinterTest, CallsCastsAndTuples) {
  const Var *rc = b.var("rc", b.tensor({4, 4}, DType::INT32));
  const Expr *read = b.read(rc, {b.i(0), b.i(1)});
  EXPECT_EQ(exprToString(read), "pl.tensor.read(rc, [0, 1])");
  EXPECT_EQ(exprToString(b.bin(BinaryOp::Gt, b.cast(read, DType::INDEX),
                               b.i(0))),
            "pl.cast(pl.tensor.read(rc, [0, 1]), pl.INDEX) > 0");
  const Expr *full =
      b.op(OpKind::TileFull, {b.tuple({b.i(128), b.i(128)})},
           b.tile({128, 128}), {Kwarg{"value", b.f(42.0)}});
  EXPECT_EQ(exprToString(full),
            "pl.tile.full([128, 128], dtype=pl.FP32, value=42.0)");
  const Expr *create = b.op(OpKind::TensorCreate, {b.tuple({b.i(8)})},
                            b.tensor({8}, DType::INT32));
  EXPECT_EQ(exprToString(create), "pl.tensor.create([8], dtype=pl.INT32)");
  EXPECT_EQ(exprToString(b.op(OpKind::TileGetBlockIdx, {}, b.index())),
            "pl.tile.get_block_idx()");
  const Var *t = b.var("t", b.tupleOf({b.index(), b.taskId()}));
  EXPECT_EQ(exprToString(b.get(t, 1)), "t[1]");
  EXPECT_EQ(exprToString(b.get(b.call("k", {rc}, t->type()), 0)),
            "self.k(rc)[0]");
}

TEST_F(PrinterTest, VarNamesAreUniqueAndValid) {
  const Var *x1 = b.var("x", b.index());
  const Var *x2 = b.var("x", b.index());
  const Var *literal = b.var("x_1", b.index());
  const Var *x3 = b.var("x", b.index());
  const Var *self = b.var("self", b.index());
  const Var *pl = b.var("pl", b.index());
  const Var *anon = b.var("", b.index());
  const Var *digit = b.var("0a", b.index());
  const Var *kw = b.var("for", b.index());
  const Var *dotted = b.var("a.b", b.index());
  const Stmt *stmts = b.seq({
      b.assign(x1, b.i(1)),
      b.assign(x2, x1),
      b.assign(literal, x2),
      b.assign(x3, literal),
      b.assign(x1, x3),  // a second definition of the first Var
      b.assign(self, b.i(0)),
      b.assign(pl, b.i(0)),
      b.assign(anon, b.i(0)),
      b.assign(digit, b.i(0)),
      b.assign(kw, b.i(0)),
      b.assign(dotted, b.i(0)),
  });
  EXPECT_EQ(body(stmts),
            "x: pl.Scalar[pl.INDEX] = 1\n"
            "x_1: pl.Scalar[pl.INDEX] = x\n"
            "x_1_1: pl.Scalar[pl.INDEX] = x_1\n"
            "x_2: pl.Scalar[pl.INDEX] = x_1_1\n"
            "x: pl.Scalar[pl.INDEX] = x_2\n"
            "self_1: pl.Scalar[pl.INDEX] = 0\n"
            "pl_1: pl.Scalar[pl.INDEX] = 0\n"
            "v: pl.Scalar[pl.INDEX] = 0\n"
            "v_0a: pl.Scalar[pl.INDEX] = 0\n"
            "for_1: pl.Scalar[pl.INDEX] = 0\n"
            "a_b: pl.Scalar[pl.INDEX] = 0\n");
}

TEST_F(PrinterTest, NamesAreChosenPerFunction) {
  auto fn = [&](llvm::StringRef name) {
    const Var *p = b.var("x", b.index());
    const Var *q = b.var("x", b.index());
    return b.fn(name, FunctionType::Opaque, {Param{p}}, {b.index()},
                b.seq({b.assign(q, p), b.ret({q})}));
  };
  std::string text = programToString(*b.program("P", {fn("f"), fn("g")}));
  // Both functions restart from the plain name.
  EXPECT_NE(text.find("def f(self, x: pl.Scalar[pl.INDEX]) -> "
                      "pl.Scalar[pl.INDEX]:\n        x_1: pl.Scalar[pl.INDEX] = x\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("def g(self, x: pl.Scalar[pl.INDEX]) -> "
                      "pl.Scalar[pl.INDEX]:\n        x_1: pl.Scalar[pl.INDEX] = x\n"),
            std::string::npos)
      << text;
}

TEST_F(PrinterTest, InCoreScopeKeywordsInCanonicalOrder) {
  const Var *g = b.var("g_tid", b.taskId());
  const Var *tid = b.var("tid", b.taskId());
  const Var *rc = b.var("rc", b.tensor({2, 2}, DType::INT32));
  const Var *y = b.var("y", b.index());
  ScopeStmt::Fields f;
  f.kind = ScopeKind::InCore;
  f.dispatch.deps = b.arr<const Expr *>({g});
  f.dispatch.taskId = tid;
  f.dispatch.predicate =
      b.bin(BinaryOp::Gt, b.cast(b.read(rc, {b.i(0), b.i(0)}), DType::INDEX),
            b.i(0));
  f.dispatch.allowEarlyResolve = true;
  f.dispatch.nameHint = "work";
  const Stmt *stmts = b.seq({
      b.assign(g, b.taskInvalid()),
      b.assign(tid, b.taskInvalid()),  // the placeholder: not printed
      b.scope(f, b.seq({b.assign(y, b.i(1))})),
  });
  EXPECT_EQ(body(stmts),
            "g_tid: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()\n"
            "with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"work\", "
            "deps=[g_tid], allow_early_resolve=True, "
            "predicate=(pl.cast(pl.tensor.read(rc, [0, 0]), pl.INDEX) > 0)) "
            "as tid:\n"
            "    y: pl.Scalar[pl.INDEX] = 1\n");
}

TEST_F(PrinterTest, PlaceholderIsPrintedUnlessItImmediatelyPrecedes) {
  const Var *tid = b.var("tid", b.taskId());
  const Var *other = b.var("other", b.taskId());
  ScopeStmt::Fields f;
  f.kind = ScopeKind::InCore;
  f.dispatch.taskId = tid;
  const Stmt *stmts = b.seq({
      b.assign(tid, b.taskInvalid()),
      b.assign(other, b.taskInvalid()),  // not the scope's Var
      b.scope(f, b.seq({})),
  });
  EXPECT_EQ(body(stmts),
            "tid: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()\n"
            "other: pl.Scalar[pl.TASK_ID] = pl.system.task_invalid()\n"
            "with pl.at(level=pl.Level.CORE_GROUP) as tid:\n"
            "    pass\n");
}

TEST_F(PrinterTest, PlaceholderSuppressionLooksThroughNestedBlocks) {
  const Var *tid = b.var("tid", b.taskId());
  ScopeStmt::Fields f;
  f.kind = ScopeKind::InCore;
  f.dispatch.taskId = tid;
  const Stmt *stmts = b.seq({b.seq({b.assign(tid, b.taskInvalid())}),
                             b.seq({b.scope(f, b.seq({}))})});
  EXPECT_EQ(body(stmts),
            "with pl.at(level=pl.Level.CORE_GROUP) as tid:\n    pass\n");
}

TEST_F(PrinterTest, HierarchyClusterAndRuntimeScopes) {
  ScopeStmt::Fields h;
  h.kind = ScopeKind::Hierarchy;
  h.level = Level::HOST;
  h.role = Role::Orchestrator;
  h.dispatch.nameHint = "host";
  ScopeStmt::Fields cluster;
  cluster.kind = ScopeKind::Cluster;
  ScopeStmt::Fields namedCluster = cluster;
  namedCluster.dispatch.nameHint = "grp";
  ScopeStmt::Fields runtime;
  runtime.kind = ScopeKind::Runtime;
  ScopeStmt::Fields manual = runtime;
  manual.manual = true;
  const Stmt *stmts = b.seq({b.scope(h, b.seq({})), b.scope(cluster, b.seq({})),
                             b.scope(namedCluster, b.seq({})),
                             b.scope(runtime, b.seq({})),
                             b.scope(manual, b.seq({}))});
  EXPECT_EQ(body(stmts),
            "with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator, "
            "name_hint=\"host\"):\n    pass\n"
            "with pl.cluster():\n    pass\n"
            "with pl.cluster(name_hint=\"grp\"):\n    pass\n"
            "with pl.scope():\n    pass\n"
            "with pl.scope(mode=pl.ScopeMode.MANUAL):\n    pass\n");
}

class SpmdPrinterTest : public PrinterTest {
protected:
  const Var *i = b.var("i", b.index());
  const Var *y = b.var("y", b.index());

  /// Spmd(InCore(stmts)).
  const Stmt *spmd(ScopeStmt::Fields spmdFields, llvm::StringRef inCoreHint,
                   std::initializer_list<const Stmt *> stmts) {
    ScopeStmt::Fields inCore;
    inCore.kind = ScopeKind::InCore;
    inCore.dispatch.nameHint = inCoreHint;
    spmdFields.kind = ScopeKind::Spmd;
    if (!spmdFields.coreNum)
      spmdFields.coreNum = b.i(4);
    return b.scope(spmdFields, b.scope(inCore, b.seq(stmts)));
  }
  const Stmt *blockIdx() {
    return b.assign(i, b.op(OpKind::TileGetBlockIdx, {}, b.index()));
  }
};

TEST_F(SpmdPrinterTest, ForFormWhenTheCarrierStartsWithTheBlockIndex) {
  ScopeStmt::Fields f;
  f.syncStart = true;
  f.dispatch.nameHint = "w_spmd";
  f.dispatch.allowEarlyResolve = true;
  EXPECT_EQ(body(spmd(f, "w", {blockIdx(), b.assign(y, b.bin(BinaryOp::Mul,
                                                             i, b.i(2)))})),
            "for i in pl.spmd(4, sync_start=True, name_hint=\"w_spmd\", "
            "allow_early_resolve=True):\n"
            "    y: pl.Scalar[pl.INDEX] = i * 2\n");
  // Nothing after the block index: the body is `pass`.
  EXPECT_EQ(body(spmd({}, "", {blockIdx()})),
            "for i in pl.spmd(4):\n    pass\n");
}

TEST_F(SpmdPrinterTest, InlineBodyWithTaskIdWhenItReadsTheBlockIndex) {
  const Var *tid = b.var("tid", b.taskId());
  const Var *dep = b.var("dep", b.taskId());
  ScopeStmt::Fields f;
  f.dispatch.taskId = tid;
  f.dispatch.deps = b.arr<const Expr *>({dep});
  const Stmt *stmts = b.seq({b.assign(tid, b.taskInvalid()),
                             spmd(f, "", {blockIdx()})});
  EXPECT_EQ(body(stmts),
            "with pl.spmd(4, deps=[dep]) as tid:\n"
            "    i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()\n");
}

TEST_F(SpmdPrinterTest, ExplicitCarrierOtherwise) {
  const Var *tid = b.var("tid", b.taskId());
  ScopeStmt::Fields f;
  f.dispatch.taskId = tid;
  // With `as tid` but no block index: the carrier prints as a nested pl.at.
  EXPECT_EQ(body(b.seq({b.assign(tid, b.taskInvalid()),
                        spmd(f, "", {b.assign(y, b.i(1))})})),
            "with pl.spmd(4) as tid:\n"
            "    with pl.at(level=pl.Level.CORE_GROUP):\n"
            "        y: pl.Scalar[pl.INDEX] = 1\n");
  // Name hints the parser would not produce from one name_hint=.
  ScopeStmt::Fields named;
  named.dispatch.nameHint = "a";
  EXPECT_EQ(body(spmd(named, "b", {blockIdx()})),
            "with pl.spmd(4, name_hint=\"a\"):\n"
            "    with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"b\"):\n"
            "        i: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()\n");
  // A dispatch body without a carrier prints as it is.
  ScopeStmt::Fields plain;
  plain.kind = ScopeKind::Spmd;
  plain.coreNum = b.i(2);
  EXPECT_EQ(body(b.scope(plain, b.eval(b.call("k", {}, b.tupleOf({}))))),
            "with pl.spmd(2):\n    self.k()\n");
}

TEST_F(PrinterTest, SubmitAndItsUnpacking) {
  const Var *x = b.var("x", t128());
  const Var *gate = b.var("gate", b.tensor({1, 1}, DType::INT32));
  const Var *t0 = b.var("t0", b.taskId());
  const Var *t1 = b.var("t1", b.taskId());
  const Expr *pred =
      b.bin(BinaryOp::Gt, b.cast(b.read(gate, {b.i(0), b.i(0)}), DType::INDEX),
            b.i(0));
  const Expr *plain = b.submit("k", {x}, {t128()}, {t0, t1}, nullptr, false,
                               true, pred);
  const Expr *spmd = b.submit("k", {x}, {t128()}, {t0}, b.i(8), true);
  const Var *tmp1 = b.var("_submit_tmp", plain->type());
  const Var *tmp2 = b.var("_submit_tmp", spmd->type());
  const Var *out = b.var("out", t128());
  const Var *tid = b.var("tid", b.taskId());
  const Stmt *stmts = b.seq({b.assign(tmp1, plain),
                             b.assign(out, b.get(tmp1, 0)),
                             b.assign(tid, b.get(tmp1, 1)),
                             b.assign(tmp2, spmd)});
  EXPECT_EQ(
      body(stmts),
      "_submit_tmp: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], "
      "pl.Scalar[pl.TASK_ID]] = pl.submit(self.k, x, deps=[t0, t1], "
      "allow_early_resolve=True, "
      "predicate=(pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0))\n"
      "out: pl.Tensor[[128, 128], pl.FP32] = _submit_tmp[0]\n"
      "tid: pl.Scalar[pl.TASK_ID] = _submit_tmp[1]\n"
      "_submit_tmp_1: pl.Tuple[pl.Tensor[[128, 128], pl.FP32], "
      "pl.Scalar[pl.TASK_ID]] = pl.spmd_submit(self.k, x, deps=[t0], "
      "core_num=8, sync_start=True)\n");
}

TEST_F(PrinterTest, ForLoopsAndRangeShortForms) {
  const Var *i = b.var("i", b.index());
  const Var *j = b.var("j", b.index());
  const Var *k = b.var("k", b.index());
  const Var *n = b.var("n", b.index());
  const Stmt *stmts = b.seq({
      b.forRange(i, b.i(0), n, b.i(1), b.seq({})),
      b.forRange(j, b.i(2), n, b.i(1), b.seq({})),
      b.forRange(k, b.i(0), n, b.i(3), b.seq({})),
  });
  EXPECT_EQ(body(stmts), "for i in pl.range(n):\n    pass\n"
                         "for j in pl.range(2, n):\n    pass\n"
                         "for k in pl.range(0, n, 3):\n    pass\n");
}

TEST_F(PrinterTest, LoopCarriedValuesAndYield) {
  const Var *i = b.var("i", b.index());
  const Var *a0 = b.var("a0", b.index());
  const Var *acc = b.var("acc", b.index());
  const Var *next = b.var("next", b.index());
  const Var *res = b.var("acc", b.index());
  const Stmt *loop = b.forRange(
      i, b.i(0), b.i(10), b.i(1),
      b.seq({b.assign(next, b.bin(BinaryOp::Add, acc, i)), b.yield({next})}),
      {acc}, {a0}, {res});
  EXPECT_EQ(body(b.seq({b.assign(a0, b.i(0)), loop, b.ret({res})})),
            "a0: pl.Scalar[pl.INDEX] = 0\n"
            "for i, (acc,) in pl.range(10, init_values=(a0,)):\n"
            "    next: pl.Scalar[pl.INDEX] = acc + i\n"
            "    acc_1 = pl.yield_(next)\n"
            "return acc_1\n");

  const Var *p = b.var("p", b.index());
  const Var *q = b.var("q", b.index());
  const Var *rp = b.var("rp", b.index());
  const Var *rq = b.var("rq", b.index());
  const Stmt *two = b.forRange(i, b.i(1), b.i(5), b.i(2),
                               b.yield({q, p}), {p, q}, {b.i(0), b.i(1)},
                               {rp, rq});
  EXPECT_EQ(body(two),
            "for i, (p, q) in pl.range(1, 5, 2, init_values=(0, 1)):\n"
            "    rp, rq = pl.yield_(q, p)\n");
}

TEST_F(PrinterTest, IfElseWithResults) {
  const Var *c = b.var("c", b.scalar(DType::BOOL));
  const Var *y = b.var("y", b.index());
  const Stmt *branch =
      b.ifElse(c, b.yield({b.i(1)}), b.seq({b.yield({b.i(2)})}), {y});
  EXPECT_EQ(body(branch), "if c:\n    y = pl.yield_(1)\nelse:\n"
                          "    y = pl.yield_(2)\n");
  // No else, or an empty one, prints no else.
  EXPECT_EQ(body(b.ifElse(c, b.seq({}), b.seq({}))), "if c:\n    pass\n");
  EXPECT_EQ(body(b.ifElse(c, b.eval(b.call("k", {}, b.tupleOf({}))), nullptr)),
            "if c:\n    self.k()\n");
}

TEST_F(PrinterTest, ReturnForms) {
  EXPECT_EQ(body(b.ret({})), "return\n");
  EXPECT_EQ(body(b.ret({b.i(1), b.i(2)})), "return 1, 2\n");
  EXPECT_EQ(stmtToString(b.ret({b.i(1)}), 8), "        return 1\n");
}

TEST_F(PrinterTest, EmptyProgram) {
  EXPECT_EQ(programToString(*b.program("Empty", {})),
            "# pypto.program: Empty\nimport pypto.language as pl\n\n"
            "@pl.program\nclass Empty:\n    pass\n");
}

} // namespace
