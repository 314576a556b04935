//===- TestIR.h - Terse IR construction for pass tests ----------*- C++ -*-===//
///
/// \file
/// Builds hand-written IR in a few lines: `IRTest` is a GoogleTest fixture
/// holding an IRContext, a DiagnosticEngine writing into a string, and
/// builders for the handful of nodes the pass tests need (128x128 tensors,
/// loads, stores, scopes with dispatch fields, functions). `runPasses` runs a
/// pipeline string with --verify-each.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TESTS_UNIT_TRANSFORMS_TESTIR_H
#define PLC_TESTS_UNIT_TRANSFORMS_TESTIR_H

#include "transforms/PassManager.h"

#include "ir/IR.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace plc::test {

using namespace plc::ir;

/// Dispatch fields of a scope, set by name: `D().tid(t).pred(p)`.
struct D {
  std::vector<const Expr *> deps_;
  const Var *tid_ = nullptr;
  const Expr *pred_ = nullptr;
  bool aer_ = false;
  std::string hint_;

  D &deps(std::vector<const Expr *> v) { deps_ = std::move(v); return *this; }
  D &tid(const Var *v) { tid_ = v; return *this; }
  D &pred(const Expr *v) { pred_ = v; return *this; }
  D &aer(bool v) { aer_ = v; return *this; }
  D &hint(std::string v) { hint_ = std::move(v); return *this; }
};
using Dispatch = D;

class IRTest : public ::testing::Test {
protected:
  IRTest() : diagStream(diagText), diags(&diagStream) {}

  // Types.
  const Type *tensor(DType dt = DType::FP32) {
    return ctx.tensorType({128, 128}, dt);
  }
  const Type *tile(DType dt = DType::FP32) {
    return ctx.tileType({128, 128}, dt);
  }
  const Type *scalar(DType dt = DType::INDEX) { return ctx.scalarType(dt); }
  const Type *tidType() { return ctx.taskIdType(); }

  const Var *var(llvm::StringRef name, const Type *type) {
    return ctx.newVar(name, type);
  }
  const Var *tidVar(llvm::StringRef name) { return var(name, tidType()); }

  // Expressions.
  const Expr *c(int64_t v) { return ctx.constInt(v); }
  const Expr *bin(BinaryOp op, const Expr *a, const Expr *b) {
    const Type *type =
        isComparison(op) || isLogical(op) ? scalar(DType::BOOL) : a->type();
    return ctx.create<Binary>(op, a, b, type, Span());
  }
  const Expr *add(const Expr *a, const Expr *b) {
    return bin(BinaryOp::Add, a, b);
  }
  const Expr *mul(const Expr *a, const Expr *b) {
    return bin(BinaryOp::Mul, a, b);
  }
  const Expr *tuple(std::vector<const Expr *> elements) {
    std::vector<const Type *> types;
    for (const Expr *e : elements)
      types.push_back(e->type());
    return ctx.create<MakeTuple>(ctx.copy(elements), ctx.tupleType(types),
                                 Span());
  }
  /// `t[i, j]`
  const Expr *read(const Expr *t, const Expr *i, const Expr *j) {
    DType dt = llvm::cast<TensorType>(t->type())->dtype;
    return ctx.create<Call>(
        OpKind::TensorRead,
        ctx.copy(std::vector<const Expr *>{t, tuple({i, j})}),
        llvm::ArrayRef<Kwarg>(), scalar(dt), Span());
  }
  /// `(t[i, j] > 0)`
  const Expr *pred(const Expr *t, const Expr *i = nullptr,
                   const Expr *j = nullptr, Span span = Span()) {
    const Expr *lhs = read(t, i ? i : c(0), j ? j : c(0));
    return ctx.create<Binary>(BinaryOp::Gt, lhs, c(0), scalar(DType::BOOL),
                              span);
  }
  const Expr *load(const Expr *t) {
    DType dt = llvm::cast<TensorType>(t->type())->dtype;
    return ctx.create<Call>(
        OpKind::TileLoad,
        ctx.copy(std::vector<const Expr *>{t, tuple({c(0), c(0)}),
                                           tuple({c(128), c(128)})}),
        llvm::ArrayRef<Kwarg>(), tile(dt), Span());
  }
  const Expr *store(const Expr *tileValue, const Expr *t) {
    return ctx.create<Call>(
        OpKind::TileStore,
        ctx.copy(std::vector<const Expr *>{tileValue, tuple({c(0), c(0)}), t}),
        llvm::ArrayRef<Kwarg>(), t->type(), Span());
  }
  const Expr *full(double value) {
    const Expr *v = ctx.create<ConstFloat>(value, scalar(DType::FP32), Span());
    return ctx.create<Call>(
        OpKind::TileFull, ctx.copy(std::vector<const Expr *>{tuple({c(128), c(128)})}),
        ctx.copy(std::vector<Kwarg>{Kwarg{ctx.intern("value"), v}}), tile(),
        Span());
  }
  const Expr *call(llvm::StringRef fn, std::vector<const Expr *> args,
                   const Type *type) {
    return ctx.create<Call>(ctx.intern(fn), ctx.copy(args), type, Span());
  }
  const Expr *taskInvalid() {
    return ctx.create<Call>(OpKind::SystemTaskInvalid,
                            llvm::ArrayRef<const Expr *>(),
                            llvm::ArrayRef<Kwarg>(), tidType(), Span());
  }
  const Expr *get(const Expr *tupleValue, unsigned i) {
    const Type *type = llvm::cast<TupleType>(tupleValue->type())->elements[i];
    return ctx.create<TupleGetItem>(tupleValue, i, type, Span());
  }
  const Submit *submit(llvm::StringRef fn, std::vector<const Expr *> args,
                       std::vector<const Type *> results,
                       std::vector<const Expr *> deps = {},
                       const Expr *pred = nullptr,
                       const Expr *coreNum = nullptr, bool syncStart = false,
                       bool aer = false, Span span = Span()) {
    results.push_back(tidType());
    return ctx.create<Submit>(ctx.intern(fn), ctx.copy(args), ctx.copy(deps),
                              coreNum, syncStart, aer, pred,
                              ctx.tupleType(results), span);
  }

  // Statements.
  const Stmt *assign(const Var *v, const Expr *e) {
    return ctx.create<AssignStmt>(v, e, Span());
  }
  const Stmt *eval(const Expr *e) { return ctx.create<EvalStmt>(e, Span()); }
  const Stmt *seq(std::vector<const Stmt *> stmts) {
    return ctx.create<SeqStmt>(ctx.copy(stmts), Span());
  }
  const Stmt *ret(std::vector<const Expr *> values) {
    return ctx.create<ReturnStmt>(ctx.copy(values), Span());
  }
  const Stmt *placeholder(const Var *tid) { return assign(tid, taskInvalid()); }

  ScopeStmt::Fields fields(ScopeKind kind, const Dispatch &d) {
    ScopeStmt::Fields f;
    f.kind = kind;
    f.dispatch.deps = ctx.copy(d.deps_);
    f.dispatch.taskId = d.tid_;
    f.dispatch.predicate = d.pred_;
    f.dispatch.allowEarlyResolve = d.aer_;
    f.dispatch.nameHint = ctx.intern(d.hint_);
    return f;
  }
  const Stmt *scope(const ScopeStmt::Fields &f, std::vector<const Stmt *> body,
                    Span span = Span()) {
    return ctx.create<ScopeStmt>(f, seq(std::move(body)), span);
  }
  /// `with pl.at(level=pl.Level.CORE_GROUP, ...)`
  const Stmt *at(std::vector<const Stmt *> body, const Dispatch &d = {},
                 Span span = Span()) {
    return scope(fields(ScopeKind::InCore, d), std::move(body), span);
  }
  /// `with pl.at(level=L, role=R, ...)`
  const Stmt *hier(Level level, std::optional<Role> role,
                   std::vector<const Stmt *> body, const Dispatch &d = {}) {
    ScopeStmt::Fields f = fields(ScopeKind::Hierarchy, d);
    f.level = level;
    f.role = role;
    return scope(f, std::move(body));
  }
  const Stmt *spmd(const Expr *coreNum, std::vector<const Stmt *> body,
                   const Dispatch &d = {}, bool syncStart = false) {
    ScopeStmt::Fields f = fields(ScopeKind::Spmd, d);
    f.coreNum = coreNum;
    f.syncStart = syncStart;
    return scope(f, std::move(body));
  }
  const Stmt *cluster(std::vector<const Stmt *> body,
                      const Dispatch &d = {}) {
    return scope(fields(ScopeKind::Cluster, d), std::move(body));
  }

  // Functions and programs.
  Param in(const Var *v) { return Param{v, ParamDirection::In}; }
  Param out_(const Var *v) { return Param{v, ParamDirection::Out}; }
  Param inout(const Var *v) { return Param{v, ParamDirection::InOut}; }
  const Function *fn(llvm::StringRef name, FunctionType type,
                     std::vector<Param> params,
                     std::vector<const Type *> returns,
                     std::vector<const Stmt *> body,
                     bool spmdUnwrapped = false) {
    Function::Fields f;
    f.name = ctx.intern(name);
    f.type = type;
    f.spmdUnwrapped = spmdUnwrapped;
    return ctx.create<Function>(f, ctx.copy(params), ctx.copy(returns),
                                seq(std::move(body)), Span());
  }
  const Program *program(std::vector<const Function *> fns) {
    Program::Fields f;
    f.name = ctx.intern("Test");
    return ctx.create<Program>(f, ctx.copy(fns));
  }

  /// Runs `pipeline` with --verify-each; null on failure.
  const Program *runPasses(llvm::StringRef pipeline, const Program *p,
                           transforms::PipelineResult *result = nullptr) {
    transforms::PassManager pm(ctx, diags);
    if (!pm.parsePipeline(pipeline))
      return nullptr;
    transforms::PipelineResult r = pm.run(p);
    if (result)
      *result = r;
    return r == transforms::PipelineResult::Success ? p : nullptr;
  }

  /// A Span into a registered buffer named `name`, at `line`:`col`.
  Span spanAt(llvm::StringRef text, llvm::StringRef name, unsigned line,
              unsigned col) {
    llvm::StringRef buffer = diags.addBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, name));
    const char *p = buffer.data();
    for (unsigned l = 1; l < line; ++l)
      p = strchr(p, '\n') + 1;
    return Span{Loc{llvm::SMLoc::getFromPointer(p + col - 1)}, Loc()};
  }

  std::string diagnostics() {
    diagStream.flush();
    return diagText;
  }

  IRContext ctx;
  std::string diagText;
  llvm::raw_string_ostream diagStream;
  DiagnosticEngine diags;
};

/// EXPECT that two programs are structurally equal, printing both if not.
#define EXPECT_IR_EQ(actual, expected)                                         \
  do {                                                                         \
    std::string whyNot;                                                        \
    ASSERT_NE((actual), nullptr) << diagnostics();                             \
    EXPECT_TRUE(structuralEqual(*(actual), *(expected), &whyNot))              \
        << whyNot << "\n--- actual ---\n"                                      \
        << programToString(*(actual)) << "--- expected ---\n"                  \
        << programToString(*(expected));                                       \
  } while (0)

} // namespace plc::test

#endif // PLC_TESTS_UNIT_TRANSFORMS_TESTIR_H
