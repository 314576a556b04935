//===- VerifyUseAfterDef.cpp - No Var used where it is undefined ----------===//
//
// use-after-def. Per function, in program order: parameters are defined; an
// assignment defines its Var after its value; a scope's fields are uses at
// its entry and its body's definitions stay visible after it; a loop's
// variable and iter args are visible in its body only, its results after
// it; a branch's definitions are visible in that branch only, the If's
// results after it. Every called function must exist. After outlining this
// is what guarantees no dispatch operand names a Var that lives only inside
// a callee (printed IR would show a free name).
//
//===----------------------------------------------------------------------===//

#include "transforms/IRUtils.h"
#include "transforms/Verifiers.h"

#include "llvm/ADT/DenseSet.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class DefUseChecker : public IRVisitor {
public:
  DefUseChecker(const Function &fn, const FunctionIndex &functions,
                Violations &out)
      : fn(fn), functions(functions), out(out) {}

  void visitDef(const Var *var) override { defined.set(var, var); }

  void visitVar(const Var *var) override {
    if (defined.contains(var) || !reported.insert(var).second)
      return;
    report(at, "'" + var->name + "' is used but not defined");
  }

  void visitCall(const Call *node) override {
    if (!node->isOp())
      checkCallee(node->callee);
    IRVisitor::visitCall(node);
  }
  void visitSubmit(const Submit *node) override {
    checkCallee(node->callee);
    IRVisitor::visitSubmit(node);
  }

#define TRACK(Kind)                                                            \
  void visit##Kind##Stmt(const Kind##Stmt *node) override {                    \
    at = node->span();                                                         \
    IRVisitor::visit##Kind##Stmt(node);                                        \
  }
  TRACK(Assign)
  TRACK(Eval)
  TRACK(Return)
  TRACK(Yield)
  TRACK(Scope)
#undef TRACK

  void visitForStmt(const ForStmt *node) override {
    at = node->span();
    visit(node->start);
    visit(node->stop);
    visit(node->step);
    for (const Expr *init : node->inits)
      visit(init);
    size_t mark = defined.mark();
    visitDef(node->loopVar);
    for (const Var *iterArg : node->iterArgs)
      visitDef(iterArg);
    visit(node->body);
    defined.restore(mark);
    for (const Var *result : node->results)
      visitDef(result);
  }

  void visitIfStmt(const IfStmt *node) override {
    at = node->span();
    visit(node->cond);
    for (const Stmt *branch : {node->thenBody, node->elseBody}) {
      if (!branch)
        continue;
      size_t mark = defined.mark();
      visit(branch);
      defined.restore(mark);
    }
    for (const Var *result : node->results)
      visitDef(result);
  }

private:
  void checkCallee(llvm::StringRef callee) {
    if (!functions.contains(callee))
      report(at, "call of unknown function '" + callee + "'");
  }
  void report(Span span, const llvm::Twine &message) {
    out.push_back({span, (message + " in function '" + fn.name() + "'").str()});
  }

  const Function &fn;
  const FunctionIndex &functions;
  Violations &out;
  Span at;
  ScopedVarMap defined;
  llvm::DenseSet<const Var *> reported;
};

} // namespace

void plc::transforms::verifyUseAfterDef(const Program &program,
                                        Violations &out) {
  FunctionIndex functions(program);
  for (const Function *fn : program.functions) {
    DefUseChecker checker(*fn, functions, out);
    checker.visitFunction(fn);
  }
}
