//===- Mutator.h - Copy-on-write IR rewriting -------------------*- C++ -*-===//
///
/// \file
/// IRMutator rebuilds a node only when one of its children changed and
/// returns the original pointer otherwise, so a pass that touches a few nodes
/// shares everything else with its input. Like IRVisitor it walks every
/// Expr-bearing field (scope dispatch fields and Submit metadata included),
/// in the same order. Subclasses override the mutateX hooks they care about;
/// the idiom is to call the base first, then inspect what it returned.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_MUTATOR_H
#define PLC_IR_MUTATOR_H

#include "ir/IRContext.h"

namespace plc::ir {

class IRMutator {
public:
  explicit IRMutator(IRContext &ctx) : ctx(ctx) {}
  virtual ~IRMutator();

  const Expr *mutate(const Expr *expr);
  const Stmt *mutate(const Stmt *stmt);
  /// Parameters (as definitions), then the body.
  virtual const Function *mutateFunction(const Function *fn);

  /// A definition site; the default keeps the Var.
  virtual const Var *mutateDef(const Var *var) { return var; }

  /// Called around each nested region: a loop body, each branch of an if.
  /// A mutator that binds names as it goes undoes, at the exit, what it
  /// bound inside, so that no binding reaches a sibling branch or the code
  /// after the region, which the region does not dominate.
  virtual void enterRegion() {}
  virtual void exitRegion() {}

#define PLC_EXPR(Name) virtual const Expr *mutate##Name(const Name *node);
#define PLC_STMT(Name)                                                         \
  virtual const Stmt *mutate##Name##Stmt(const Name##Stmt *node);
#include "ir/Nodes.def"

protected:
  /// Mutates every element; sets `changed` when any element changed and
  /// returns the arena copy (or the original array when nothing changed).
  llvm::ArrayRef<const Expr *> mutateAll(llvm::ArrayRef<const Expr *> exprs,
                                         bool &changed);
  llvm::ArrayRef<const Var *> mutateDefs(llvm::ArrayRef<const Var *> vars,
                                         bool &changed);
  /// `body`, a nested region, mutated between enterRegion and exitRegion.
  const Stmt *mutateRegion(const Stmt *body);
  /// The scope's kind and dispatch fields, mutated in visiting order.
  ScopeStmt::Fields mutateScopeFields(const ScopeStmt::Fields &fields,
                                      bool &changed);

  IRContext &ctx;
};

} // namespace plc::ir

#endif // PLC_IR_MUTATOR_H
