//===- Verifiers.cpp - The shared verification walk and the verifier table ===//

#include "transforms/Verifiers.h"

#include "ir/Visitor.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

VerifierCheck::~VerifierCheck() = default;

namespace {

/// Calls every check's hooks around the generic traversal.
class SharedWalk final : public IRVisitor {
public:
  explicit SharedWalk(llvm::ArrayRef<VerifierCheck *> checks)
      : checks(checks) {}

  void visitFunction(const Function *fn) override {
    selfContained = !fn->fields.taskGraph;
    for (VerifierCheck *check : checks)
      check->beginFunction(*fn);
    IRVisitor::visitFunction(fn);
  }

  /// Whether the function walked last is self-contained (VerificationCache).
  bool selfContained = true;
  void visitDef(const Var *var) override {
    for (VerifierCheck *check : checks)
      check->def(var);
  }

#define PLC_EXPR(Name)                                                         \
  void visit##Name(const Name *node) override {                                \
    enter(node);                                                               \
    IRVisitor::visit##Name(node);                                              \
  }
#define PLC_STMT(Name)                                                         \
  void visit##Name##Stmt(const Name##Stmt *node) override {                    \
    selfContained &= !llvm::isa<ScopeStmt, ForStmt>(node);                     \
    for (VerifierCheck *check : checks)                                        \
      check->enterStmt(node);                                                  \
    walk##Name(node);                                                          \
    for (VerifierCheck *check : checks)                                        \
      check->exitStmt(node);                                                   \
  }
#include "ir/Nodes.def"

private:
  // A Var expression is a use; every other expression is entered.
  void enter(const Var *var) {
    for (VerifierCheck *check : checks)
      check->use(var);
  }
  void enter(const Expr *expr) {
    if (llvm::isa<Submit>(expr))
      selfContained = false;
    else if (const auto *call = llvm::dyn_cast<Call>(expr))
      selfContained &= call->isOp();
    for (VerifierCheck *check : checks)
      check->enterExpr(expr);
  }

  void walkAssign(const AssignStmt *node) { IRVisitor::visitAssignStmt(node); }
  void walkEval(const EvalStmt *node) { IRVisitor::visitEvalStmt(node); }
  void walkSeq(const SeqStmt *node) { IRVisitor::visitSeqStmt(node); }
  void walkReturn(const ReturnStmt *node) { IRVisitor::visitReturnStmt(node); }
  void walkYield(const YieldStmt *node) { IRVisitor::visitYieldStmt(node); }
  void walkScope(const ScopeStmt *node) { IRVisitor::visitScopeStmt(node); }

  void walkFor(const ForStmt *node) {
    visit(node->start);
    visit(node->stop);
    visit(node->step);
    for (const Expr *init : node->inits)
      visit(init);
    enterRegion();
    visitDef(node->loopVar);
    for (const Var *iterArg : node->iterArgs)
      visitDef(iterArg);
    visit(node->body);
    exitRegion();
    for (const Var *result : node->results)
      visitDef(result);
  }

  void walkIf(const IfStmt *node) {
    visit(node->cond);
    for (const Stmt *branch : {node->thenBody, node->elseBody}) {
      if (!branch)
        continue;
      enterRegion();
      visit(branch);
      exitRegion();
    }
    for (const Var *result : node->results)
      visitDef(result);
  }

  void enterRegion() {
    for (VerifierCheck *check : checks)
      check->enterRegion();
  }
  void exitRegion() {
    for (VerifierCheck *check : checks)
      check->exitRegion();
  }

  llvm::ArrayRef<VerifierCheck *> checks;
};

} // namespace

void plc::transforms::runVerifierChecks(const Program &program,
                                        llvm::ArrayRef<VerifierCheck *> checks,
                                        VerificationCache *cache) {
  SharedWalk walk(checks);
  for (const Function *fn : program.functions) {
    if (cache && cache->skips(fn))
      continue;
    walk.visitFunction(fn);
    if (cache && walk.selfContained)
      cache->saw(fn);
  }
  for (VerifierCheck *check : checks)
    check->endProgram();
}

static void runAlone(const Program &program,
                     std::unique_ptr<VerifierCheck> check) {
  if (!check)
    return;
  VerifierCheck *checks[] = {check.get()};
  runVerifierChecks(program, checks);
}

void plc::transforms::verifySSAForm(const Program &p, Violations &out) {
  runAlone(p, createSSAFormCheck(out));
}
void plc::transforms::verifyUseAfterDef(const Program &p, Violations &out) {
  runAlone(p, createUseAfterDefCheck(p, out));
}
void plc::transforms::verifyScopesOutlined(const Program &p,
                                           IRProperties which,
                                           Violations &out) {
  runAlone(p, createScopesOutlinedCheck(which, out));
}
void plc::transforms::verifyDepsOnSubmitOnly(const Program &p,
                                             Violations &out) {
  runAlone(p, createDepsOnSubmitOnlyCheck(out));
}
void plc::transforms::verifyControlDepsPreserved(const Program &p,
                                                 Violations &out) {
  runAlone(p, createControlDepsPreservedCheck(p, out));
}

llvm::ArrayRef<VerifierInfo> plc::transforms::allVerifiers() {
  static const VerifierInfo table[] = {
      {"ssa-form", {IRProperty::SSAForm},
       [](const Program &, IRProperties, Violations &out) {
         return createSSAFormCheck(out);
       }},
      {"use-after-def", {IRProperty::DefinedBeforeUse},
       [](const Program &p, IRProperties, Violations &out) {
         return createUseAfterDefCheck(p, out);
       }},
      {"scopes-outlined",
       {IRProperty::HierarchyOutlined, IRProperty::InCoreOutlined,
        IRProperty::ClusterOutlined},
       [](const Program &, IRProperties established, Violations &out) {
         return createScopesOutlinedCheck(established, out);
       }},
      {"deps-on-submit-only", {},
       [](const Program &, IRProperties, Violations &out) {
         return createDepsOnSubmitOnlyCheck(out);
       }},
      {"control-deps-preserved", {},
       [](const Program &p, IRProperties, Violations &out) {
         return createControlDepsPreservedCheck(p, out);
       }},
  };
  return table;
}
