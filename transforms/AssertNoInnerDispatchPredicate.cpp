//===- AssertNoInnerDispatchPredicate.cpp - Predicates only where honoured ===//
//
// assert-no-inner-dispatch-predicate. Requires ClusterOutlined. Changes
// nothing; fails with an internal error instead.
//
// Codegen builds the task of a Group or Spmd function from the outer
// dispatch only (launch spec, deps and predicate come from there), so a
// predicated Submit inside such a function would be dropped silently, and a
// Hierarchy scope becomes a function that is never dispatched as a task, so
// a predicate on it would never be evaluated. The frontend rejects both
// placements; reaching this check means a pass produced one. Each finding is
// an internal error naming the function and the predicate's location.
// Functions whose body holds no predicate (Function::bodyFeatures) are
// passed over without reading their bodies.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "transforms/ScopeOutliner.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

void plc::transforms::reportMisplacedPredicate(PassContext &pc,
                                               llvm::StringRef function,
                                               llvm::StringRef where,
                                               const Expr *predicate) {
  pc.internalError(predicate->span(), "predicate on " + where +
                                          " in function '" + function +
                                          "' would never be evaluated")
      .note("only the outermost dispatch of a task carries its predicate; the "
            "frontend must move it to the enclosing dispatch or reject it");
}

namespace {

class PredicateFinder : public IRVisitor {
public:
  PredicateFinder(PassContext &pc, const Function &fn, bool inWrapper)
      : pc(pc), fn(fn), inWrapper(inWrapper) {}

  bool found = false;

  void visitSubmit(const Submit *node) override {
    if (inWrapper && node->predicate) {
      reportMisplacedPredicate(
          pc, fn.name(),
          "a Submit inside a " + functionTypeName(fn.type()).str() +
              " function",
          node->predicate);
      found = true;
    }
    IRVisitor::visitSubmit(node);
  }

  void visitScopeStmt(const ScopeStmt *node) override {
    const Expr *predicate = node->dispatch().predicate;
    if (predicate && (inWrapper || node->scopeKind() == ScopeKind::Hierarchy)) {
      reportMisplacedPredicate(pc, fn.name(),
                               node->scopeKind() == ScopeKind::Hierarchy
                                   ? "a Hierarchy scope"
                                   : "a scope inside a Group or Spmd function",
                               predicate);
      found = true;
    }
    IRVisitor::visitScopeStmt(node);
  }

private:
  PassContext &pc;
  const Function &fn;
  bool inWrapper;
};

class AssertNoInnerDispatchPredicatePass : public Pass {
public:
  llvm::StringRef name() const override {
    return "assert-no-inner-dispatch-predicate";
  }
  IRProperties required() const override {
    return {IRProperty::ClusterOutlined};
  }
  const Program *run(const Program &program, PassContext &pc) override {
    bool found = false;
    for (const Function *fn : program.functions) {
      if (!fn->bodyFeatures.has(Feature::Predicate))
        continue;
      bool wrapper = fn->type() == FunctionType::Group ||
                     fn->type() == FunctionType::Spmd;
      // Outside a wrapper only a Hierarchy scope can be at fault.
      if (!wrapper && !fn->body->containsScope(ScopeKind::Hierarchy))
        continue;
      PredicateFinder finder(pc, *fn, wrapper);
      finder.visitFunction(fn);
      found |= finder.found;
    }
    return found ? nullptr : &program;
  }
};

} // namespace

std::unique_ptr<Pass>
plc::transforms::createAssertNoInnerDispatchPredicatePass() {
  return std::make_unique<AssertNoInnerDispatchPredicatePass>();
}
