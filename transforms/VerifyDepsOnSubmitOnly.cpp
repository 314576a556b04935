//===- VerifyDepsOnSubmitOnly.cpp - deps= only on dispatches --------------===//
//
// deps-on-submit-only. An explicit dependency is a control edge between
// tasks, so it may only sit on something that becomes a task: a Submit, or
// an InCore, Hierarchy or Spmd scope (before outlining). Our Call node has
// no deps field, so a plain Call cannot carry one by construction; this
// checks the rest: no deps on Cluster or Runtime scopes, every entry a
// TaskId or an Array of TaskIds, and no entry naming the dispatch's own
// TaskId (a task cannot wait for itself).
//
//===----------------------------------------------------------------------===//

#include "transforms/Verifiers.h"

#include "ir/IR.h"
#include "ir/VarMap.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

bool isTaskIdValue(const Expr *dep) {
  const Type *type = dep->type();
  if (isTaskIdType(type))
    return true;
  const auto *array = llvm::dyn_cast<ArrayType>(type);
  return array && array->dtype == DType::TASK_ID;
}

class DepsCheck final : public VerifierCheck {
public:
  explicit DepsCheck(Violations &out) : out(out) {}

  void beginFunction(const Function &function) override {
    fn = &function;
    submits.clear();
  }

  void enterStmt(const Stmt *stmt) override {
    if (const auto *assign = llvm::dyn_cast<AssignStmt>(stmt))
      checkAssign(assign);
    else if (const auto *scope = llvm::dyn_cast<ScopeStmt>(stmt))
      checkScope(scope);
  }

  void enterExpr(const Expr *expr) override {
    if (const auto *submit = llvm::dyn_cast<Submit>(expr))
      checkEntries(submit->deps, submit->span(), "a Submit");
  }

private:
  void checkAssign(const AssignStmt *node) {
    // `tid = _submit_tmp[N]` binds the Submit's own TaskId.
    if (const auto *get = llvm::dyn_cast<TupleGetItem>(node->value))
      if (const auto *tuple = llvm::dyn_cast<Var>(get->tuple))
        if (const Submit *submit = submits.lookup(tuple))
          if (get->index == submit->taskIdIndex())
            checkSelf(submit->deps, node->var, submit->span());
    if (const auto *submit = llvm::dyn_cast<Submit>(node->value))
      submits[node->var] = submit;
  }

  void checkScope(const ScopeStmt *node) {
    const DispatchAttrs &dispatch = node->dispatch();
    ScopeKind kind = node->scopeKind();
    if (!dispatch.deps.empty() &&
        (kind == ScopeKind::Cluster || kind == ScopeKind::Runtime))
      report(node->span(), "deps on a " + scopeKindName(kind).str() +
                               " scope, which is not a task");
    checkEntries(dispatch.deps, node->span(), "a scope");
    if (dispatch.taskId)
      checkSelf(dispatch.deps, dispatch.taskId, node->span());
  }

  void checkEntries(llvm::ArrayRef<const Expr *> deps, Span at,
                    llvm::StringRef owner) {
    for (const Expr *dep : deps)
      if (!isTaskIdValue(dep))
        report(at, "a deps entry of " + owner.str() +
                       " is not a TaskId or an Array of TaskIds");
  }
  void checkSelf(llvm::ArrayRef<const Expr *> deps, const Var *self, Span at) {
    for (const Expr *dep : deps)
      if (dep == self)
        report(at, "a dispatch depends on its own TaskId '" +
                       self->name.str() + "'");
  }
  void report(Span at, const std::string &message) {
    out.push_back({at, message + " in function '" + fn->name().str() + "'"});
  }

  Violations &out;
  const Function *fn = nullptr;
  VarMap<const Submit *> submits;
};

} // namespace

std::unique_ptr<VerifierCheck>
plc::transforms::createDepsOnSubmitOnlyCheck(Violations &out) {
  return std::make_unique<DepsCheck>(out);
}
