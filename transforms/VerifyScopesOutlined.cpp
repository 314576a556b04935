//===- VerifyScopesOutlined.cpp - No scope left for a finished outliner ---===//
//
// scopes-outlined. For each established outlining property: no Hierarchy
// scope in an Opaque function (hierarchy-outlined), no InCore scope outside
// kernel functions (incore-outlined), no Cluster or Spmd scope anywhere
// (cluster-outlined). Runtime scopes stay; they are not tasks.
//
//===----------------------------------------------------------------------===//

#include "transforms/Verifiers.h"

#include "ir/IR.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class ScopesOutlinedCheck final : public VerifierCheck {
public:
  ScopesOutlinedCheck(IRProperties which, Violations &out)
      : which(which), out(out) {}

  void beginFunction(const Function &function) override { fn = &function; }

  void enterStmt(const Stmt *stmt) override {
    const auto *scope = llvm::dyn_cast<ScopeStmt>(stmt);
    if (!scope)
      return;
    switch (scope->scopeKind()) {
    case ScopeKind::Hierarchy:
      if (which.contains(IRProperty::HierarchyOutlined) &&
          fn->type() == FunctionType::Opaque)
        report(scope, "a Hierarchy scope is left in Opaque function");
      break;
    case ScopeKind::InCore:
      if (which.contains(IRProperty::InCoreOutlined) && !fn->isKernel())
        report(scope, "an InCore scope is left in " +
                          functionTypeName(fn->type()).str() + " function");
      break;
    case ScopeKind::Cluster:
    case ScopeKind::Spmd:
      if (which.contains(IRProperty::ClusterOutlined))
        report(scope, "a " + scopeKindName(scope->scopeKind()).str() +
                          " scope is left in function");
      break;
    case ScopeKind::Runtime:
      break;
    }
  }

private:
  void report(const ScopeStmt *scope, const std::string &message) {
    out.push_back({scope->span(), message + " '" + fn->name().str() + "'"});
  }
  IRProperties which;
  Violations &out;
  const Function *fn = nullptr;
};

} // namespace

std::unique_ptr<VerifierCheck>
plc::transforms::createScopesOutlinedCheck(IRProperties which,
                                           Violations &out) {
  return std::make_unique<ScopesOutlinedCheck>(which, out);
}
