//===- OutlineClusterScopes.cpp - pl.cluster and pl.spmd scopes -----------===//
//
// outline-cluster-scopes. Requires SSAForm. Guarantees ClusterOutlined;
// keeps SSAForm and DefinedBeforeUse.
//
// Two rounds over Opaque and Orchestration functions:
//  1. `pl.cluster()` scopes become Group functions (`<parent>_cluster_<n>`).
//     A `pl.spmd` nested in the cluster is unwrapped first: its body is
//     inlined into the cluster body, the Group is marked spmd_unwrapped, and
//     its core_num (an expression over the caller's values, renamed like any
//     dispatch operand) and sync_start (only when true) ride the Group's
//     dispatch. At most one nested `pl.spmd`, carrying no task id, deps,
//     predicate or early-resolve (the frontend rejects those: internal
//     error); its core_num must not depend on values the cluster computes.
//  2. Standalone `pl.spmd` scopes become Spmd functions (`<parent>_spmd_<n>`)
//     whose launch spec rides the dispatch.
// The launch spec never sits on a function. Our Call has no attributes, so a
// dispatch with a launch spec is always a Submit (a TaskId is synthesised
// when there is no `as`); codegen dispatches a Submit and a Call alike. An
// Opaque parent that outlined a scope becomes Orchestration.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "ir/VarMap.h"
#include "transforms/ScopeOutliner.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

bool isDispatcher(const Function &fn) {
  return fn.type() == FunctionType::Opaque ||
         fn.type() == FunctionType::Orchestration;
}

std::optional<FunctionType> promoteOpaque(const Function &parent) {
  if (parent.type() == FunctionType::Opaque)
    return FunctionType::Orchestration;
  return std::nullopt;
}

/// Inlines the Spmd scopes of a cluster body (not those of nested clusters).
class SpmdUnwrapper : public IRMutator {
public:
  using IRMutator::IRMutator;

  llvm::SmallVector<const ScopeStmt *, 1> found;

  const Stmt *mutateScopeStmt(const ScopeStmt *node) override {
    if (node->scopeKind() == ScopeKind::Cluster)
      return node;
    if (node->scopeKind() != ScopeKind::Spmd)
      return IRMutator::mutateScopeStmt(node);
    found.push_back(node);
    return mutate(node->body);
  }

  const Stmt *mutateSeqStmt(const SeqStmt *node) override {
    return mutateSplicingScopes(ctx, node,
                                [&](const Stmt *stmt) { return mutate(stmt); });
  }
};

class DefCollector : public IRVisitor {
public:
  void visitDef(const Var *var) override { defs.insert(var); }
  VarSet defs;
};

class UseCollector : public IRVisitor {
public:
  void visitVar(const Var *var) override { uses.push_back(var); }
  llvm::SmallVector<const Var *, 4> uses;
};

class ClusterPolicy : public OutlinePolicy {
public:
  bool processes(const Function &fn) const override { return isDispatcher(fn); }
  ScopeKind targetKind() const override { return ScopeKind::Cluster; }
  std::string suffix(const ScopeStmt &) const override { return "_cluster_"; }
  Function::Fields calleeFields(const ScopeStmt &) const override {
    Function::Fields fields;
    fields.type = FunctionType::Group;
    return fields;
  }
  std::optional<FunctionType>
  promotedParentType(const Function &parent) const override {
    return promoteOpaque(parent);
  }

  bool prepare(const ScopeStmt &scope, const Function &parent,
               PreparedScope &prepared, PassContext &pc) const override {
    SpmdUnwrapper unwrapper(pc.ir);
    prepared.body = unwrapper.mutate(scope.body);
    if (unwrapper.found.empty())
      return true;
    const ScopeStmt *spmd = unwrapper.found.front();
    if (unwrapper.found.size() > 1) {
      pc.internalError(unwrapper.found[1]->span(),
                       "more than one pl.spmd nested in a pl.cluster() in "
                       "function '" +
                           parent.name() + "'");
      return false;
    }
    const DispatchAttrs &dispatch = spmd->dispatch();
    if (dispatch.taskId || !dispatch.deps.empty() || dispatch.predicate ||
        dispatch.allowEarlyResolve) {
      pc.internalError(spmd->span(),
                       "a pl.spmd nested in a pl.cluster() carries dispatch "
                       "metadata in function '" +
                           parent.name() + "'")
          .note("the frontend must reject deps, predicate, allow_early_resolve "
                "and `as` on a cluster-nested pl.spmd");
      return false;
    }
    assert(spmd->fields.coreNum && "a Spmd scope has a core_num");
    DefCollector defs;
    defs.visit(scope.body);
    UseCollector uses;
    uses.visit(spmd->fields.coreNum);
    for (const Var *var : uses.uses)
      if (defs.defs.count(var)) {
        pc.error(spmd->fields.coreNum->span().isValid()
                     ? spmd->fields.coreNum->span()
                     : spmd->span(),
                 "the core_num of a pl.spmd nested in pl.cluster() uses '" +
                     var->name + "', which the cluster computes")
            .note("compute the block count before the pl.cluster() scope: it "
                  "is part of the cluster's launch");
        return false;
      }
    prepared.coreNum = spmd->fields.coreNum;
    prepared.syncStart = spmd->fields.syncStart;
    prepared.spmdUnwrapped = true;
    return true;
  }
};

class SpmdPolicy : public OutlinePolicy {
public:
  bool processes(const Function &fn) const override { return isDispatcher(fn); }
  ScopeKind targetKind() const override { return ScopeKind::Spmd; }
  std::string suffix(const ScopeStmt &) const override { return "_spmd_"; }
  Function::Fields calleeFields(const ScopeStmt &) const override {
    Function::Fields fields;
    fields.type = FunctionType::Spmd;
    return fields;
  }
  std::optional<FunctionType>
  promotedParentType(const Function &parent) const override {
    return promoteOpaque(parent);
  }
  bool prepare(const ScopeStmt &scope, const Function &,
               PreparedScope &prepared, PassContext &) const override {
    assert(scope.fields.coreNum && "a Spmd scope has a core_num");
    prepared.body = scope.body;
    prepared.coreNum = scope.fields.coreNum;
    prepared.syncStart = scope.fields.syncStart;
    return true;
  }
};

class OutlineClusterScopesPass : public Pass {
public:
  llvm::StringRef name() const override { return "outline-cluster-scopes"; }
  IRProperties required() const override { return {IRProperty::SSAForm}; }
  IRProperties produced() const override {
    return {IRProperty::ClusterOutlined};
  }
  const Program *run(const Program &program, PassContext &pc) override {
    const Program *clustered = outlineScopes(program, ClusterPolicy(), pc);
    if (!clustered)
      return nullptr;
    return outlineScopes(*clustered, SpmdPolicy(), pc);
  }
};

} // namespace

std::unique_ptr<Pass> plc::transforms::createOutlineClusterScopesPass() {
  return std::make_unique<OutlineClusterScopesPass>();
}
