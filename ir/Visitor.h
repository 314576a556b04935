//===- Visitor.h - Read-only IR traversal -----------------------*- C++ -*-===//
///
/// \file
/// IRVisitor walks every Expr-bearing field of every node (scope dispatch
/// fields, Submit metadata and predicates included) in a fixed order. A
/// subclass overrides the visitX hooks it cares about and calls the base to
/// keep walking. Definition sites (assign targets, loop variables, iter args,
/// branch and loop results, parameters) go to visitDef, uses to visitVar.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_VISITOR_H
#define PLC_IR_VISITOR_H

#include "ir/Function.h"

namespace plc::ir {

class IRVisitor {
public:
  virtual ~IRVisitor();

  void visit(const Expr *expr);
  void visit(const Stmt *stmt);
  /// Parameters (as definitions), then the body.
  virtual void visitFunction(const Function *fn);

  /// A definition site of `var`.
  virtual void visitDef(const Var *var) {}

#define PLC_EXPR(Name) virtual void visit##Name(const Name *node);
#define PLC_STMT(Name) virtual void visit##Name##Stmt(const Name##Stmt *node);
#include "ir/Nodes.def"

  /// The scope's dispatch fields and kind fields, in printing order.
  void visitScopeFields(const ScopeStmt *node);
};

} // namespace plc::ir

#endif // PLC_IR_VISITOR_H
