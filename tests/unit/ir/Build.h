//===- Build.h - Terse hand construction of IR for tests --------*- C++ -*-===//
#ifndef PLC_TESTS_UNIT_IR_BUILD_H
#define PLC_TESTS_UNIT_IR_BUILD_H

#include "ir/IR.h"

#include <initializer_list>
#include <string>

namespace plc::ir::test {

/// Builds nodes in one IRContext; every array is copied into the arena.
struct Build {
  IRContext &ctx;
  explicit Build(IRContext &ctx) : ctx(ctx) {}

  template <typename T> llvm::ArrayRef<T> arr(std::initializer_list<T> xs) {
    return ctx.copy(llvm::ArrayRef<T>(xs.begin(), xs.size()));
  }

  // Types.
  const Type *scalar(DType dt) { return ctx.scalarType(dt); }
  const Type *index() { return scalar(DType::INDEX); }
  const Type *taskId() { return ctx.taskIdType(); }
  const Type *tensor(std::initializer_list<int64_t> shape,
                     DType dt = DType::FP32) {
    return ctx.tensorType(llvm::ArrayRef<int64_t>(shape.begin(), shape.size()),
                          dt);
  }
  const Type *tile(std::initializer_list<int64_t> shape,
                   DType dt = DType::FP32) {
    return ctx.tileType(llvm::ArrayRef<int64_t>(shape.begin(), shape.size()),
                        dt);
  }
  const Type *tupleOf(std::initializer_list<const Type *> elements) {
    return ctx.tupleType(
        llvm::ArrayRef<const Type *>(elements.begin(), elements.size()));
  }

  // Expressions.
  const Var *var(llvm::StringRef name, const Type *type, Span span = {}) {
    return ctx.newVar(name, type, span);
  }
  const Expr *i(int64_t v, DType dt = DType::INDEX, Span span = {}) {
    return ctx.constInt(v, dt, span);
  }
  const Expr *f(double v, DType dt = DType::FP32) {
    return ctx.create<ConstFloat>(v, scalar(dt), Span{});
  }
  const Expr *b(bool v) { return ctx.constBool(v); }
  const Expr *bin(BinaryOp op, const Expr *l, const Expr *r) {
    const Type *t = isComparison(op) || isLogical(op) ? scalar(DType::BOOL)
                                                      : l->type();
    return ctx.create<Binary>(op, l, r, t, Span{});
  }
  const Expr *neg(const Expr *e) {
    return ctx.create<Unary>(UnaryOp::Neg, e, e->type(), Span{});
  }
  const Expr *notE(const Expr *e) {
    return ctx.create<Unary>(UnaryOp::Not, e, scalar(DType::BOOL), Span{});
  }
  const Expr *cast(const Expr *e, DType dt) {
    return ctx.create<Cast>(e, scalar(dt), Span{});
  }
  const Expr *tuple(std::initializer_list<const Expr *> elements) {
    std::vector<const Type *> types;
    for (const Expr *e : elements)
      types.push_back(e->type());
    return ctx.create<MakeTuple>(arr(elements), ctx.tupleType(types), Span{});
  }
  const Expr *get(const Expr *t, unsigned index) {
    return ctx.create<TupleGetItem>(
        t, index, llvm::cast<TupleType>(t->type())->elements[index], Span{});
  }
  const Expr *op(OpKind kind, std::initializer_list<const Expr *> args,
                 const Type *type, std::initializer_list<Kwarg> kwargs = {}) {
    return ctx.create<Call>(kind, arr(args), arr(kwargs), type, Span{});
  }
  const Expr *call(llvm::StringRef callee,
                   std::initializer_list<const Expr *> args, const Type *type) {
    return ctx.create<Call>(ctx.intern(callee), arr(args), type, Span{});
  }
  const Expr *taskInvalid() {
    return op(OpKind::SystemTaskInvalid, {}, taskId());
  }
  const Expr *read(const Expr *t, std::initializer_list<const Expr *> idx) {
    return op(OpKind::TensorRead, {t, tuple(idx)},
              scalar(llvm::cast<ShapedType>(t->type())->dtype));
  }
  /// Submit whose result tuple is the callee's results plus a TaskId.
  const Expr *submit(llvm::StringRef callee,
                     std::initializer_list<const Expr *> args,
                     std::initializer_list<const Type *> results,
                     std::initializer_list<const Expr *> deps = {},
                     const Expr *coreNum = nullptr, bool syncStart = false,
                     bool early = false, const Expr *predicate = nullptr) {
    std::vector<const Type *> types(results);
    types.push_back(taskId());
    return ctx.create<Submit>(ctx.intern(callee), arr(args), arr(deps),
                              coreNum, syncStart, early, predicate,
                              ctx.tupleType(types), Span{});
  }

  // Statements.
  const Stmt *assign(const Var *v, const Expr *e, Span span = {}) {
    return ctx.create<AssignStmt>(v, e, span);
  }
  const Stmt *eval(const Expr *e) { return ctx.create<EvalStmt>(e, Span{}); }
  const Stmt *seq(std::initializer_list<const Stmt *> stmts) {
    return ctx.create<SeqStmt>(arr(stmts), Span{});
  }
  const Stmt *ret(std::initializer_list<const Expr *> values) {
    return ctx.create<ReturnStmt>(arr(values), Span{});
  }
  const Stmt *yield(std::initializer_list<const Expr *> values) {
    return ctx.create<YieldStmt>(arr(values), Span{});
  }
  const Stmt *scope(const ScopeStmt::Fields &fields, const Stmt *body) {
    return ctx.create<ScopeStmt>(fields, body, Span{});
  }
  const Stmt *forRange(const Var *loopVar, const Expr *start, const Expr *stop,
                       const Expr *step, const Stmt *body,
                       std::initializer_list<const Var *> iterArgs = {},
                       std::initializer_list<const Expr *> inits = {},
                       std::initializer_list<const Var *> results = {}) {
    return ctx.create<ForStmt>(loopVar, start, stop, step, arr(iterArgs),
                               arr(inits), body, arr(results), Span{});
  }
  const Stmt *ifElse(const Expr *cond, const Stmt *thenBody,
                     const Stmt *elseBody,
                     std::initializer_list<const Var *> results = {}) {
    return ctx.create<IfStmt>(cond, thenBody, elseBody, arr(results), Span{});
  }

  // Functions and programs.
  const Function *fn(llvm::StringRef name, FunctionType type,
                     std::initializer_list<Param> params,
                     std::initializer_list<const Type *> returns,
                     const Stmt *body) {
    Function::Fields fields;
    fields.name = ctx.intern(name);
    fields.type = type;
    return ctx.create<Function>(fields, arr(params), arr(returns), body,
                                Span{});
  }
  const Function *fnWith(const Function::Fields &fields,
                         std::initializer_list<Param> params,
                         std::initializer_list<const Type *> returns,
                         const Stmt *body) {
    return ctx.create<Function>(fields, arr(params), arr(returns), body,
                                Span{});
  }
  const Program *program(llvm::StringRef name,
                         std::initializer_list<const Function *> fns) {
    Program::Fields fields;
    fields.name = ctx.intern(name);
    return ctx.create<Program>(fields, arr(fns));
  }
};

} // namespace plc::ir::test

#endif // PLC_TESTS_UNIT_IR_BUILD_H
