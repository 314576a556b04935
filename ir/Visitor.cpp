//===- Visitor.cpp - Read-only IR traversal --------------------------------===//

#include "ir/Visitor.h"

using namespace plc::ir;

IRVisitor::~IRVisitor() = default;

void IRVisitor::visit(const Expr *expr) {
  switch (expr->kind()) {
#define PLC_EXPR(Name)                                                         \
  case ExprKind::Name:                                                         \
    return visit##Name(llvm::cast<Name>(expr));
#include "ir/Nodes.def"
  }
  llvm_unreachable("unknown expr kind");
}

void IRVisitor::visit(const Stmt *stmt) {
  switch (stmt->kind()) {
#define PLC_STMT(Name)                                                         \
  case StmtKind::Name:                                                         \
    return visit##Name##Stmt(llvm::cast<Name##Stmt>(stmt));
#include "ir/Nodes.def"
  }
  llvm_unreachable("unknown stmt kind");
}

void IRVisitor::visitFunction(const Function *fn) {
  for (const Param &param : fn->params)
    visitDef(param.var);
  visit(fn->body);
}

void IRVisitor::visitVar(const Var *) {}
void IRVisitor::visitConstInt(const ConstInt *) {}
void IRVisitor::visitConstFloat(const ConstFloat *) {}
void IRVisitor::visitConstBool(const ConstBool *) {}

void IRVisitor::visitBinary(const Binary *node) {
  visit(node->lhs);
  visit(node->rhs);
}

void IRVisitor::visitUnary(const Unary *node) { visit(node->operand); }
void IRVisitor::visitCast(const Cast *node) { visit(node->operand); }

void IRVisitor::visitCall(const Call *node) {
  for (const Expr *arg : node->args)
    visit(arg);
  for (const Kwarg &kwarg : node->kwargs)
    visit(kwarg.value);
}

void IRVisitor::visitMakeTuple(const MakeTuple *node) {
  for (const Expr *element : node->elements)
    visit(element);
}

void IRVisitor::visitTupleGetItem(const TupleGetItem *node) {
  visit(node->tuple);
}

void IRVisitor::visitSubmit(const Submit *node) {
  for (const Expr *arg : node->args)
    visit(arg);
  for (const Expr *dep : node->deps)
    visit(dep);
  if (node->coreNum)
    visit(node->coreNum);
  if (node->predicate)
    visit(node->predicate);
}

void IRVisitor::visitAssignStmt(const AssignStmt *node) {
  visit(node->value);
  visitDef(node->var);
}

void IRVisitor::visitEvalStmt(const EvalStmt *node) { visit(node->expr); }

void IRVisitor::visitSeqStmt(const SeqStmt *node) {
  llvm::ArrayRef<const Stmt *> stmts = node->stmts;
  for (size_t i = 0, e = stmts.size(); i != e; ++i) {
    if (i + kStatementPrefetchDistance < e)
      prefetchStatement(stmts[i + kStatementPrefetchDistance]);
    visit(stmts[i]);
  }
}

void IRVisitor::visitReturnStmt(const ReturnStmt *node) {
  for (const Expr *value : node->values)
    visit(value);
}

void IRVisitor::visitForStmt(const ForStmt *node) {
  visit(node->start);
  visit(node->stop);
  visit(node->step);
  for (const Expr *init : node->inits)
    visit(init);
  visitDef(node->loopVar);
  for (const Var *iterArg : node->iterArgs)
    visitDef(iterArg);
  visit(node->body);
  for (const Var *result : node->results)
    visitDef(result);
}

void IRVisitor::visitIfStmt(const IfStmt *node) {
  visit(node->cond);
  visit(node->thenBody);
  if (node->elseBody)
    visit(node->elseBody);
  for (const Var *result : node->results)
    visitDef(result);
}

void IRVisitor::visitYieldStmt(const YieldStmt *node) {
  for (const Expr *value : node->values)
    visit(value);
}

void IRVisitor::visitScopeFields(const ScopeStmt *node) {
  const ScopeStmt::Fields &fields = node->fields;
  if (fields.coreNum)
    visit(fields.coreNum);
  for (const Expr *dep : fields.dispatch.deps)
    visit(dep);
  if (fields.dispatch.taskId)
    visit(fields.dispatch.taskId);
  if (fields.dispatch.predicate)
    visit(fields.dispatch.predicate);
}

void IRVisitor::visitScopeStmt(const ScopeStmt *node) {
  // Fields are evaluated at scope entry, before the body.
  visitScopeFields(node);
  visit(node->body);
}
