//===- TestIR.h - Building outlined IR by hand for codegen tests -*- C++ -*-===//
///
/// \file
/// Small helpers that build IR in the shape the outlining passes produce:
/// kernel functions that load, compute and store, and an orchestration
/// function whose dispatches are Submits (results bound through
/// TupleGetItem) or plain Calls. Task graphs come from the real
/// build-task-graph pass.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TESTS_UNIT_CODEGEN_TESTIR_H
#define PLC_TESTS_UNIT_CODEGEN_TESTIR_H

#include "ir/IR.h"

#include <string>
#include <vector>

namespace plc::test {

class TestIR {
public:
  explicit TestIR(ir::IRContext &ctx) : ctx(ctx) {}

  ir::IRContext &ctx;

  const ir::TensorType *tensor(std::vector<int64_t> shape, ir::DType dt) {
    return ctx.tensorType(shape, dt);
  }
  const ir::TileType *tile(std::vector<int64_t> shape, ir::DType dt) {
    return ctx.tileType(shape, dt);
  }
  const ir::ScalarType *scalar(ir::DType dt) { return ctx.scalarType(dt); }
  const ir::Var *var(const std::string &name, const ir::Type *type) {
    return ctx.newVar(name, type);
  }
  const ir::Expr *index(int64_t v) { return ctx.constInt(v); }
  const ir::Expr *tuple(std::vector<const ir::Expr *> elements);
  const ir::Expr *ints(std::vector<int64_t> values);
  const ir::Expr *fp32(double v);
  const ir::Call *op(ir::OpKind kind, std::vector<const ir::Expr *> args,
                     const ir::Type *type,
                     std::vector<ir::Kwarg> kwargs = {});
  const ir::Call *call(const std::string &callee,
                       std::vector<const ir::Expr *> args,
                       const ir::Type *type);
  const ir::Submit *submit(const std::string &callee,
                           std::vector<const ir::Expr *> args,
                           std::vector<const ir::Type *> results,
                           std::vector<const ir::Expr *> deps = {},
                           const ir::Expr *coreNum = nullptr,
                           bool syncStart = false,
                           bool allowEarlyResolve = false,
                           const ir::Expr *predicate = nullptr);
  /// `t[indices...]` (a tensor.read with a MakeTuple of indices).
  const ir::Expr *read(const ir::Var *t, std::vector<const ir::Expr *> indices);
  const ir::Expr *cmp(ir::BinaryOp op, const ir::Expr *lhs,
                      const ir::Expr *rhs);

  const ir::Stmt *assign(const ir::Var *v, const ir::Expr *value) {
    return ctx.create<ir::AssignStmt>(v, value, Span());
  }
  const ir::Stmt *eval(const ir::Expr *value) {
    return ctx.create<ir::EvalStmt>(value, Span());
  }
  const ir::Stmt *ret(std::vector<const ir::Expr *> values);
  const ir::Stmt *seq(std::vector<const ir::Stmt *> stmts);
  const ir::Stmt *manualScope(const ir::Stmt *body, bool manual = true);

  const ir::Function *function(const std::string &name, ir::FunctionType type,
                               std::vector<ir::Param> params,
                               std::vector<const ir::Type *> results,
                               const ir::Stmt *body);
  const ir::Program *program(const std::string &name,
                             std::vector<const ir::Function *> functions);

  /// Binds `var_i = tuple[i]` for each result of `dispatch` assigned to a
  /// fresh tuple Var; returns the statements (the tuple assignment first).
  std::vector<const ir::Stmt *> bindSubmit(const ir::Submit *dispatch,
                                           std::vector<const ir::Var *> vars);

  /// `name(x: Out Tensor) { t = tile.full(value); return store(t, x) }`.
  const ir::Function *fillKernel(const std::string &name, double value,
                                 const ir::TensorType *type,
                                 ir::FunctionType fnType =
                                     ir::FunctionType::InCore);
  /// `name(x: In, out: Out) { t = load(x); return store(t, out) }`.
  const ir::Function *copyKernel(const std::string &name,
                                 const ir::TensorType *inType,
                                 const ir::TensorType *outType);
};

/// The predicated chain (x_producer, clobber if gate[0, 0] > 0, consumer)
/// in the spmd_submit form inside a manual scope, with its task graph.
const ir::Program *predicatedChainSubmit(ir::IRContext &ctx,
                                         DiagnosticEngine &diags);
/// The same chain as the outliner leaves `pl.at` scopes: Submits of
/// main_incore_N functions, with its task graph.
const ir::Program *predicatedChainAt(ir::IRContext &ctx,
                                     DiagnosticEngine &diags);
/// The same chain through Spmd wrapper functions (`pl.spmd(1)` around a
/// call), with its task graph.
const ir::Program *predicatedChainSpmd(ir::IRContext &ctx,
                                       DiagnosticEngine &diags);

} // namespace plc::test

#endif // PLC_TESTS_UNIT_CODEGEN_TESTIR_H
