//===- VerifyScopesOutlined.cpp - No scope left for a finished outliner ---===//
//
// scopes-outlined. For each established outlining property: no Hierarchy
// scope in an Opaque function (hierarchy-outlined), no InCore scope outside
// kernel functions (incore-outlined), no Cluster or Spmd scope anywhere
// (cluster-outlined). Runtime scopes stay; they are not tasks.
//
//===----------------------------------------------------------------------===//

#include "transforms/Verifiers.h"

#include "ir/Visitor.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class ScopeChecker : public IRVisitor {
public:
  ScopeChecker(const Function &fn, IRProperties which, Violations &out)
      : fn(fn), which(which), out(out) {}

  void visitScopeStmt(const ScopeStmt *node) override {
    switch (node->scopeKind()) {
    case ScopeKind::Hierarchy:
      if (which.contains(IRProperty::HierarchyOutlined) &&
          fn.type() == FunctionType::Opaque)
        report(node, "a Hierarchy scope is left in Opaque function");
      break;
    case ScopeKind::InCore:
      if (which.contains(IRProperty::InCoreOutlined) && !fn.isKernel())
        report(node, "an InCore scope is left in " +
                         functionTypeName(fn.type()).str() + " function");
      break;
    case ScopeKind::Cluster:
    case ScopeKind::Spmd:
      if (which.contains(IRProperty::ClusterOutlined))
        report(node, "a " + scopeKindName(node->scopeKind()).str() +
                         " scope is left in function");
      break;
    case ScopeKind::Runtime:
      break;
    }
    IRVisitor::visitScopeStmt(node);
  }
  // Expressions hold no scopes.
  void visitAssignStmt(const AssignStmt *) override {}
  void visitEvalStmt(const EvalStmt *) override {}
  void visitReturnStmt(const ReturnStmt *) override {}
  void visitYieldStmt(const YieldStmt *) override {}

private:
  void report(const ScopeStmt *scope, const std::string &message) {
    out.push_back({scope->span(), message + " '" + fn.name().str() + "'"});
  }
  const Function &fn;
  IRProperties which;
  Violations &out;
};

} // namespace

void plc::transforms::verifyScopesOutlined(const Program &program,
                                           IRProperties which,
                                           Violations &out) {
  for (const Function *fn : program.functions) {
    ScopeChecker checker(*fn, which, out);
    checker.visit(fn->body);
  }
}
