//===- OutlineIncoreScopes.cpp - CORE_GROUP pl.at scopes become kernels ---===//
//
// outline-incore-scopes. Requires SSAForm. Guarantees InCoreOutlined; keeps
// SSAForm and DefinedBeforeUse.
//
// In Opaque and Orchestration functions (InCore and other kernel functions
// are left untouched), every `pl.at(level=pl.Level.CORE_GROUP)` scope becomes
// an InCore function, `<parent>_incore_<n>` or its `name_hint`. Parameters
// are the scope's live-ins in first-use order; outputs are its definitions
// used later (later scopes' dispatch fields count) and the external tensors
// it stores into, each returned as its own parameter. A parameter's
// direction merges every use: read In, stored Out, passed to a program
// function as that function declares. A scope with `as tid`, deps, a
// predicate or allow_early_resolve becomes a Submit carrying them (a TaskId
// is synthesised when there is no `as`; the parser's placeholder definition
// of the `as` Var disappears, the Submit's TaskId result defines it);
// otherwise a Call. The dispatch fields are renamed exactly like the call
// arguments (see ScopeOutliner.h), so a predicate over a tensor an earlier
// scope stored into names that scope's call-site result. An Opaque parent
// that outlined a scope becomes Orchestration.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "transforms/ScopeOutliner.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class InCorePolicy : public OutlinePolicy {
public:
  bool processes(const Function &fn) const override {
    return fn.type() == FunctionType::Opaque ||
           fn.type() == FunctionType::Orchestration;
  }
  ScopeKind targetKind() const override { return ScopeKind::InCore; }
  std::string suffix(const ScopeStmt &) const override { return "_incore_"; }
  Function::Fields calleeFields(const ScopeStmt &) const override {
    Function::Fields fields;
    fields.type = FunctionType::InCore;
    return fields;
  }
  std::optional<FunctionType>
  promotedParentType(const Function &parent) const override {
    if (parent.type() == FunctionType::Opaque)
      return FunctionType::Orchestration;
    return std::nullopt;
  }
};

class OutlineIncoreScopesPass : public Pass {
public:
  llvm::StringRef name() const override { return "outline-incore-scopes"; }
  IRProperties required() const override { return {IRProperty::SSAForm}; }
  IRProperties produced() const override {
    return {IRProperty::InCoreOutlined};
  }
  const Program *run(const Program &program, PassContext &pc) override {
    return outlineScopes(program, InCorePolicy(), pc);
  }
};

} // namespace

std::unique_ptr<Pass> plc::transforms::createOutlineIncoreScopesPass() {
  return std::make_unique<OutlineIncoreScopesPass>();
}
