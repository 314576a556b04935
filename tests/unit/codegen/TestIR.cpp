//===- TestIR.cpp - Building outlined IR by hand for codegen tests --------===//

#include "TestIR.h"

#include "transforms/Passes.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::test;

const Expr *TestIR::tuple(std::vector<const Expr *> elements) {
  std::vector<const Type *> types;
  for (const Expr *e : elements)
    types.push_back(e->type());
  return ctx.create<MakeTuple>(ctx.copy(elements), ctx.tupleType(types),
                               Span());
}

const Expr *TestIR::ints(std::vector<int64_t> values) {
  std::vector<const Expr *> elements;
  for (int64_t v : values)
    elements.push_back(index(v));
  return tuple(elements);
}

const Expr *TestIR::fp32(double v) {
  return ctx.create<ConstFloat>(v, scalar(DType::FP32), Span());
}

const Call *TestIR::op(OpKind kind, std::vector<const Expr *> args,
                       const Type *type, std::vector<Kwarg> kwargs) {
  return ctx.create<Call>(kind, ctx.copy(args), ctx.copy(kwargs), type,
                          Span());
}

const Call *TestIR::call(const std::string &callee,
                         std::vector<const Expr *> args, const Type *type) {
  return ctx.create<Call>(ctx.intern(callee), ctx.copy(args), type, Span());
}

const Submit *TestIR::submit(const std::string &callee,
                             std::vector<const Expr *> args,
                             std::vector<const Type *> results,
                             std::vector<const Expr *> deps,
                             const Expr *coreNum, bool syncStart,
                             bool allowEarlyResolve, const Expr *predicate) {
  results.push_back(ctx.taskIdType());
  return ctx.create<Submit>(ctx.intern(callee), ctx.copy(args), ctx.copy(deps),
                            coreNum, syncStart, allowEarlyResolve, predicate,
                            ctx.tupleType(results), Span());
}

const Expr *TestIR::read(const Var *t, std::vector<const Expr *> indices) {
  DType dt = llvm::cast<TensorType>(t->type())->dtype;
  return op(OpKind::TensorRead, {t, tuple(indices)}, scalar(dt));
}

const Expr *TestIR::cmp(BinaryOp opKind, const Expr *lhs, const Expr *rhs) {
  return ctx.create<Binary>(opKind, lhs, rhs, scalar(DType::BOOL), Span());
}

const Stmt *TestIR::ret(std::vector<const Expr *> values) {
  return ctx.create<ReturnStmt>(ctx.copy(values), Span());
}

const Stmt *TestIR::seq(std::vector<const Stmt *> stmts) {
  return ctx.create<SeqStmt>(ctx.copy(stmts), Span());
}

const Stmt *TestIR::manualScope(const Stmt *body, bool manual) {
  ScopeStmt::Fields fields;
  fields.kind = ScopeKind::Runtime;
  fields.manual = manual;
  return ctx.create<ScopeStmt>(fields, body, Span());
}

const Function *TestIR::function(const std::string &name, FunctionType type,
                                 std::vector<Param> params,
                                 std::vector<const Type *> results,
                                 const Stmt *body) {
  Function::Fields fields;
  fields.name = ctx.intern(name);
  fields.type = type;
  return ctx.create<Function>(fields, ctx.copy(params), ctx.copy(results),
                              body, Span());
}

const Program *TestIR::program(const std::string &name,
                               std::vector<const Function *> functions) {
  Program::Fields fields;
  fields.name = ctx.intern(name);
  return ctx.create<Program>(fields, ctx.copy(functions));
}

std::vector<const Stmt *> TestIR::bindSubmit(const Submit *dispatch,
                                             std::vector<const Var *> vars) {
  std::vector<const Stmt *> stmts;
  const Var *tmp = var("_submit_tmp", dispatch->type());
  stmts.push_back(assign(tmp, dispatch));
  auto *tupleType = llvm::cast<TupleType>(dispatch->type());
  for (unsigned i = 0; i != vars.size(); ++i)
    stmts.push_back(assign(
        vars[i], ctx.create<TupleGetItem>(tmp, i, tupleType->elements[i],
                                          Span())));
  return stmts;
}

const Function *TestIR::fillKernel(const std::string &name, double value,
                                   const TensorType *type,
                                   FunctionType fnType) {
  const Var *x = var("x", type);
  const TileType *tileType = tile(type->shape, type->dtype);
  const Var *t = var("t", tileType);
  const Var *stored = var("x_stored", type);
  std::vector<int64_t> zeros(type->rank(), 0);
  std::vector<int64_t> shape(type->shape.begin(), type->shape.end());
  return function(
      name, fnType, {{x, ParamDirection::Out}}, {type},
      seq({assign(t, op(OpKind::TileFull, {ints(shape)}, tileType,
                        {Kwarg{ctx.intern("value"), fp32(value)}})),
           assign(stored, op(OpKind::TileStore, {t, ints(zeros), x}, type)),
           ret({stored})}));
}

const Function *TestIR::copyKernel(const std::string &name,
                                   const TensorType *inType,
                                   const TensorType *outType) {
  const Var *x = var("x", inType);
  const Var *out = var("out", outType);
  const TileType *tileType = tile(inType->shape, inType->dtype);
  const Var *t = var("t", tileType);
  const Var *stored = var("out_stored", outType);
  std::vector<int64_t> zeros(inType->rank(), 0);
  std::vector<int64_t> shape(inType->shape.begin(), inType->shape.end());
  return function(
      name, FunctionType::InCore,
      {{x, ParamDirection::In}, {out, ParamDirection::Out}}, {outType},
      seq({assign(t, op(OpKind::TileLoad, {x, ints(zeros), ints(shape)},
                        tileType)),
           assign(stored, op(OpKind::TileStore, {t, ints(zeros), out},
                             outType)),
           ret({stored})}));
}

namespace {

struct ChainParams {
  const Var *x, *gate, *out;
};

/// main(x: Out, gate: In INT32, out: Out) with `body(params)`.
const Function *chainMain(TestIR &b, const ChainParams &p, const Stmt *body) {
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  return b.function("main", FunctionType::Orchestration,
                    {{p.x, ParamDirection::Out},
                     {p.gate, ParamDirection::In},
                     {p.out, ParamDirection::Out}},
                    {f32}, body);
}

ChainParams chainParams(TestIR &b) {
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  return {b.var("x", f32), b.var("gate", b.tensor({128, 128}, DType::INT32)),
          b.var("out", f32)};
}

/// The three dispatches of the chain over callees `names`, each a Submit
/// (with `coreNum` when set), the middle one predicated on gate[0, 0] > 0.
std::vector<const Stmt *> chainDispatches(TestIR &b, const ChainParams &p,
                                          const std::string names[3],
                                          const Expr *coreNum,
                                          const Var *&result) {
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  std::vector<const Stmt *> stmts;
  auto append = [&](std::vector<const Stmt *> more) {
    stmts.insert(stmts.end(), more.begin(), more.end());
  };
  const Var *x1 = b.var("x", f32), *xpTid = b.var("xp_tid", b.ctx.taskIdType());
  append(b.bindSubmit(b.submit(names[0], {p.x}, {f32}, {}, coreNum),
                      {x1, xpTid}));
  const Expr *pred = b.cmp(BinaryOp::Gt, b.read(p.gate, {b.index(0), b.index(0)}),
                           b.index(0));
  const Var *x2 = b.var("x", f32),
            *clobberTid = b.var("clobber_tid", b.ctx.taskIdType());
  append(b.bindSubmit(
      b.submit(names[1], {x1}, {f32}, {xpTid}, coreNum, false, false, pred),
      {x2, clobberTid}));
  const Var *out1 = b.var("out", f32), *tid = b.var("_", b.ctx.taskIdType());
  append(b.bindSubmit(b.submit(names[2], {x2, p.out}, {f32}, {clobberTid},
                               coreNum),
                      {out1, tid}));
  result = out1;
  return stmts;
}

const Program *withGraphs(IRContext &ctx, const Program *program,
                          DiagnosticEngine &diags) {
  return transforms::buildTaskGraphs(ctx, *program, diags);
}

} // namespace

const Program *plc::test::predicatedChainSubmit(IRContext &ctx,
                                                DiagnosticEngine &diags) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  ChainParams p = chainParams(b);
  const std::string names[3] = {"x_producer", "clobber", "consumer"};
  const Var *result = nullptr;
  std::vector<const Stmt *> stmts =
      chainDispatches(b, p, names, b.index(1), result);
  const Stmt *body = b.seq({b.manualScope(b.seq(stmts)), b.ret({result})});
  return withGraphs(
      ctx,
      b.program("PredicatedChain",
                {b.fillKernel("x_producer", 42.0, f32),
                 b.fillKernel("clobber", 999.0, f32),
                 b.copyKernel("consumer", f32, f32), chainMain(b, p, body)}),
      diags);
}

const Program *plc::test::predicatedChainAt(IRContext &ctx,
                                            DiagnosticEngine &diags) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  ChainParams p = chainParams(b);
  const std::string names[3] = {"main_incore_0", "main_incore_1",
                                "main_incore_2"};
  const Var *result = nullptr;
  std::vector<const Stmt *> stmts =
      chainDispatches(b, p, names, nullptr, result);
  stmts.push_back(b.ret({result}));
  return withGraphs(
      ctx,
      b.program("AtPredicatedChain",
                {b.fillKernel("main_incore_0", 42.0, f32),
                 b.fillKernel("main_incore_1", 999.0, f32),
                 b.copyKernel("main_incore_2", f32, f32),
                 chainMain(b, p, b.seq(stmts))}),
      diags);
}

const Program *plc::test::predicatedChainSpmd(IRContext &ctx,
                                              DiagnosticEngine &diags) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  ChainParams p = chainParams(b);
  // main_spmd_N(params...) { r = inner(params...); return r }
  auto wrapper = [&](const std::string &name, const std::string &inner,
                     std::vector<ParamDirection> dirs) {
    std::vector<Param> params;
    std::vector<const Expr *> args;
    for (unsigned i = 0; i != dirs.size(); ++i) {
      const Var *v = b.var(i == 0 ? "x" : "out", f32);
      params.push_back({v, dirs[i]});
      args.push_back(v);
    }
    const Var *r = b.var("r", f32);
    return b.function(name, FunctionType::Spmd, params, {f32},
                      b.seq({b.assign(r, b.call(inner, args, f32)),
                             b.ret({r})}));
  };
  const std::string names[3] = {"main_spmd_0", "main_spmd_1", "main_spmd_2"};
  const Var *result = nullptr;
  std::vector<const Stmt *> stmts =
      chainDispatches(b, p, names, b.index(1), result);
  stmts.push_back(b.ret({result}));
  return withGraphs(
      ctx,
      b.program("SpmdPredicatedChain",
                {b.fillKernel("x_producer", 42.0, f32),
                 b.fillKernel("clobber", 999.0, f32),
                 b.copyKernel("consumer", f32, f32),
                 wrapper("main_spmd_0", "x_producer", {ParamDirection::Out}),
                 wrapper("main_spmd_1", "clobber", {ParamDirection::Out}),
                 wrapper("main_spmd_2", "consumer",
                         {ParamDirection::In, ParamDirection::Out}),
                 chainMain(b, p, b.seq(stmts))}),
      diags);
}
