//===- Mutator.cpp - Copy-on-write IR rewriting ----------------------------===//

#include "ir/Mutator.h"

#include "llvm/ADT/SmallVector.h"

using namespace plc::ir;

IRMutator::~IRMutator() = default;

const Expr *IRMutator::mutate(const Expr *expr) {
  switch (expr->kind()) {
#define PLC_EXPR(Name)                                                         \
  case ExprKind::Name:                                                         \
    return mutate##Name(llvm::cast<Name>(expr));
#include "ir/Nodes.def"
  }
  llvm_unreachable("unknown expr kind");
}

const Stmt *IRMutator::mutate(const Stmt *stmt) {
  switch (stmt->kind()) {
#define PLC_STMT(Name)                                                         \
  case StmtKind::Name:                                                         \
    return mutate##Name##Stmt(llvm::cast<Name##Stmt>(stmt));
#include "ir/Nodes.def"
  }
  llvm_unreachable("unknown stmt kind");
}

llvm::ArrayRef<const Expr *>
IRMutator::mutateAll(llvm::ArrayRef<const Expr *> exprs, bool &changed) {
  llvm::SmallVector<const Expr *, 8> result;
  bool any = false;
  result.reserve(exprs.size());
  for (const Expr *expr : exprs) {
    const Expr *mutated = mutate(expr);
    any |= mutated != expr;
    result.push_back(mutated);
  }
  if (!any)
    return exprs;
  changed = true;
  return ctx.copy(result);
}

llvm::ArrayRef<const Var *>
IRMutator::mutateDefs(llvm::ArrayRef<const Var *> vars, bool &changed) {
  llvm::SmallVector<const Var *, 8> result;
  bool any = false;
  result.reserve(vars.size());
  for (const Var *var : vars) {
    const Var *mutated = mutateDef(var);
    any |= mutated != var;
    result.push_back(mutated);
  }
  if (!any)
    return vars;
  changed = true;
  return ctx.copy(result);
}

const Function *IRMutator::mutateFunction(const Function *fn) {
  bool changed = false;
  llvm::SmallVector<Param, 8> params;
  for (const Param &param : fn->params) {
    const Var *var = mutateDef(param.var);
    changed |= var != param.var;
    params.push_back(Param{var, param.direction});
  }
  const Stmt *body = mutate(fn->body);
  changed |= body != fn->body;
  if (!changed)
    return fn;
  return ctx.create<Function>(fn->fields, ctx.copy(params), fn->returnTypes,
                              body, fn->span);
}

const Expr *IRMutator::mutateVar(const Var *node) { return node; }
const Expr *IRMutator::mutateConstInt(const ConstInt *node) { return node; }
const Expr *IRMutator::mutateConstFloat(const ConstFloat *node) { return node; }
const Expr *IRMutator::mutateConstBool(const ConstBool *node) { return node; }

const Expr *IRMutator::mutateBinary(const Binary *node) {
  const Expr *lhs = mutate(node->lhs);
  const Expr *rhs = mutate(node->rhs);
  if (lhs == node->lhs && rhs == node->rhs)
    return node;
  return ctx.create<Binary>(node->op, lhs, rhs, node->type(), node->span());
}

const Expr *IRMutator::mutateUnary(const Unary *node) {
  const Expr *operand = mutate(node->operand);
  if (operand == node->operand)
    return node;
  return ctx.create<Unary>(node->op, operand, node->type(), node->span());
}

const Expr *IRMutator::mutateCast(const Cast *node) {
  const Expr *operand = mutate(node->operand);
  if (operand == node->operand)
    return node;
  return ctx.create<Cast>(operand, node->type(), node->span());
}

const Expr *IRMutator::mutateCall(const Call *node) {
  bool changed = false;
  llvm::ArrayRef<const Expr *> args = mutateAll(node->args, changed);
  llvm::SmallVector<Kwarg, 2> kwargs;
  for (const Kwarg &kwarg : node->kwargs) {
    const Expr *value = mutate(kwarg.value);
    changed |= value != kwarg.value;
    kwargs.push_back(Kwarg{kwarg.name, value});
  }
  if (!changed)
    return node;
  if (node->isOp())
    return ctx.create<Call>(node->op, args, ctx.copy(kwargs), node->type(),
                            node->span());
  return ctx.create<Call>(node->callee, args, node->type(), node->span());
}

const Expr *IRMutator::mutateMakeTuple(const MakeTuple *node) {
  bool changed = false;
  llvm::ArrayRef<const Expr *> elements = mutateAll(node->elements, changed);
  if (!changed)
    return node;
  return ctx.create<MakeTuple>(elements, node->type(), node->span());
}

const Expr *IRMutator::mutateTupleGetItem(const TupleGetItem *node) {
  const Expr *tuple = mutate(node->tuple);
  if (tuple == node->tuple)
    return node;
  return ctx.create<TupleGetItem>(tuple, node->index, node->type(),
                                  node->span());
}

const Expr *IRMutator::mutateSubmit(const Submit *node) {
  bool changed = false;
  llvm::ArrayRef<const Expr *> args = mutateAll(node->args, changed);
  llvm::ArrayRef<const Expr *> deps = mutateAll(node->deps, changed);
  const Expr *coreNum = node->coreNum ? mutate(node->coreNum) : nullptr;
  const Expr *predicate = node->predicate ? mutate(node->predicate) : nullptr;
  changed |= coreNum != node->coreNum || predicate != node->predicate;
  if (!changed)
    return node;
  return ctx.create<Submit>(node->callee, args, deps, coreNum, node->syncStart,
                            node->allowEarlyResolve, predicate, node->type(),
                            node->span());
}

const Stmt *IRMutator::mutateAssignStmt(const AssignStmt *node) {
  const Expr *value = mutate(node->value);
  const Var *var = mutateDef(node->var);
  if (value == node->value && var == node->var)
    return node;
  return ctx.create<AssignStmt>(var, value, node->span());
}

const Stmt *IRMutator::mutateEvalStmt(const EvalStmt *node) {
  const Expr *expr = mutate(node->expr);
  if (expr == node->expr)
    return node;
  return ctx.create<EvalStmt>(expr, node->span());
}

const Stmt *IRMutator::mutateSeqStmt(const SeqStmt *node) {
  llvm::SmallVector<const Stmt *, 16> stmts;
  bool changed = false;
  stmts.reserve(node->stmts.size());
  llvm::ArrayRef<const Stmt *> all = node->stmts;
  for (size_t i = 0, e = all.size(); i != e; ++i) {
    if (i + kStatementPrefetchDistance < e)
      prefetchStatement(all[i + kStatementPrefetchDistance]);
    const Stmt *stmt = all[i];
    const Stmt *mutated = mutate(stmt);
    changed |= mutated != stmt;
    if (mutated)  // a pass may delete a statement by returning null
      stmts.push_back(mutated);
  }
  if (!changed)
    return node;
  return ctx.create<SeqStmt>(ctx.copy(stmts), node->span());
}

const Stmt *IRMutator::mutateReturnStmt(const ReturnStmt *node) {
  bool changed = false;
  llvm::ArrayRef<const Expr *> values = mutateAll(node->values, changed);
  if (!changed)
    return node;
  return ctx.create<ReturnStmt>(values, node->span());
}

const Stmt *IRMutator::mutateRegion(const Stmt *body) {
  enterRegion();
  const Stmt *result = mutate(body);
  exitRegion();
  return result;
}

const Stmt *IRMutator::mutateForStmt(const ForStmt *node) {
  bool changed = false;
  const Expr *start = mutate(node->start);
  const Expr *stop = mutate(node->stop);
  const Expr *step = mutate(node->step);
  changed |= start != node->start || stop != node->stop || step != node->step;
  llvm::ArrayRef<const Expr *> inits = mutateAll(node->inits, changed);
  const Var *loopVar = mutateDef(node->loopVar);
  changed |= loopVar != node->loopVar;
  llvm::ArrayRef<const Var *> iterArgs = mutateDefs(node->iterArgs, changed);
  const Stmt *body = mutateRegion(node->body);
  changed |= body != node->body;
  llvm::ArrayRef<const Var *> results = mutateDefs(node->results, changed);
  if (!changed)
    return node;
  return ctx.create<ForStmt>(loopVar, start, stop, step, iterArgs, inits, body,
                             results, node->span());
}

const Stmt *IRMutator::mutateIfStmt(const IfStmt *node) {
  bool changed = false;
  const Expr *cond = mutate(node->cond);
  const Stmt *thenBody = mutateRegion(node->thenBody);
  const Stmt *elseBody =
      node->elseBody ? mutateRegion(node->elseBody) : nullptr;
  changed |= cond != node->cond || thenBody != node->thenBody ||
             elseBody != node->elseBody;
  llvm::ArrayRef<const Var *> results = mutateDefs(node->results, changed);
  if (!changed)
    return node;
  return ctx.create<IfStmt>(cond, thenBody, elseBody, results, node->span());
}

const Stmt *IRMutator::mutateYieldStmt(const YieldStmt *node) {
  bool changed = false;
  llvm::ArrayRef<const Expr *> values = mutateAll(node->values, changed);
  if (!changed)
    return node;
  return ctx.create<YieldStmt>(values, node->span());
}

ScopeStmt::Fields IRMutator::mutateScopeFields(const ScopeStmt::Fields &fields,
                                               bool &changed) {
  ScopeStmt::Fields result = fields;
  if (fields.coreNum) {
    result.coreNum = mutate(fields.coreNum);
    changed |= result.coreNum != fields.coreNum;
  }
  result.dispatch.deps = mutateAll(fields.dispatch.deps, changed);
  if (fields.dispatch.taskId) {
    const Expr *taskId = mutate(fields.dispatch.taskId);
    assert(llvm::isa<Var>(taskId) && "a scope's task id must stay a Var");
    result.dispatch.taskId = llvm::cast<Var>(taskId);
    changed |= result.dispatch.taskId != fields.dispatch.taskId;
  }
  if (fields.dispatch.predicate) {
    result.dispatch.predicate = mutate(fields.dispatch.predicate);
    changed |= result.dispatch.predicate != fields.dispatch.predicate;
  }
  return result;
}

const Stmt *IRMutator::mutateScopeStmt(const ScopeStmt *node) {
  bool changed = false;
  // Fields are evaluated at scope entry, before the body.
  ScopeStmt::Fields fields = mutateScopeFields(node->fields, changed);
  const Stmt *body = mutate(node->body);
  changed |= body != node->body;
  if (!changed)
    return node;
  return ctx.create<ScopeStmt>(fields, body, node->span());
}
