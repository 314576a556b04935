//===- OutlineHierarchyScopes.cpp - pl.at scopes above CORE_GROUP ---------===//
//
// outline-hierarchy-scopes. Requires SSAForm. Guarantees HierarchyOutlined;
// keeps SSAForm and DefinedBeforeUse.
//
// In Opaque functions only, every `pl.at(level=L[, role=R])` scope with L
// other than CORE_GROUP becomes an Opaque function carrying L and R, named
// `<parent>_<level>[_orch|_sub_worker]_<n>`. Nested Hierarchy scopes move
// into the outlined function and are outlined from it, so their names extend
// the parent's (`main_global_orch_0_host_orch_0`). CORE_GROUP scopes inside
// are left to outline-incore-scopes. Hierarchy functions are not tasks, so
// store targets are not exported and a store leaves its parameter In. A
// Hierarchy scope with `as tid` or deps still becomes a Submit; one carrying
// a predicate is an internal error (the frontend rejects it: nothing would
// evaluate it).
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "transforms/ScopeOutliner.h"

#include "llvm/ADT/StringExtras.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class HierarchyPolicy : public OutlinePolicy {
public:
  bool processes(const Function &fn) const override {
    return fn.type() == FunctionType::Opaque;
  }
  ScopeKind targetKind() const override { return ScopeKind::Hierarchy; }
  std::string suffix(const ScopeStmt &scope) const override {
    std::string text = "_" + llvm::StringRef(levelName(scope.fields.level)).lower();
    if (scope.fields.role)
      text += *scope.fields.role == Role::Orchestrator ? "_orch" : "_sub_worker";
    return text + "_";
  }
  Function::Fields calleeFields(const ScopeStmt &scope) const override {
    Function::Fields fields;
    fields.type = FunctionType::Opaque;
    fields.level = scope.fields.level;
    fields.role = scope.fields.role;
    return fields;
  }
  bool exportsStoreTargets() const override { return false; }
};

class OutlineHierarchyScopesPass : public Pass {
public:
  llvm::StringRef name() const override { return "outline-hierarchy-scopes"; }
  IRProperties required() const override { return {IRProperty::SSAForm}; }
  IRProperties produced() const override {
    return {IRProperty::HierarchyOutlined};
  }
  const Program *run(const Program &program, PassContext &pc) override {
    return outlineScopes(program, HierarchyPolicy(), pc);
  }
};

} // namespace

std::unique_ptr<Pass> plc::transforms::createOutlineHierarchyScopesPass() {
  return std::make_unique<OutlineHierarchyScopesPass>();
}
