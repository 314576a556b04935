//===- VerifySSAForm.cpp - Every Var defined once -------------------------===//
//
// ssa-form. Per function: every Var has one definition (parameters,
// assignments, loop variables, iter args, loop and branch results); a For
// with iter args ends its body with a Yield of as many values, an If with
// results ends both branches (an else is required) with one; a Yield appears
// nowhere but at the end of a loop body or branch.
//
//===----------------------------------------------------------------------===//

#include "transforms/Verifiers.h"

#include "ir/Visitor.h"

#include "llvm/ADT/DenseSet.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

const Stmt *lastStmt(const Stmt *body) {
  if (const auto *seq = llvm::dyn_cast_or_null<SeqStmt>(body))
    return seq->stmts.empty() ? nullptr : seq->stmts.back();
  return body;
}

class SSAChecker : public IRVisitor {
public:
  SSAChecker(const Function &fn, Violations &out) : fn(fn), out(out) {}

  void visitDef(const Var *var) override {
    if (!defined.insert(var).second)
      report(at, "'" + var->name + "' is defined more than once");
  }

  void visitAssignStmt(const AssignStmt *node) override {
    at = node->span();
    IRVisitor::visitAssignStmt(node);
  }

  void visitForStmt(const ForStmt *node) override {
    at = node->span();
    const Stmt *last = lastStmt(node->body);
    const auto *yield = llvm::dyn_cast_or_null<YieldStmt>(last);
    if (yield)
      allowedYields.insert(yield);
    if ((yield ? yield->values.size() : 0) != node->iterArgs.size())
      report(node->span(), "a loop with " +
                               llvm::Twine(node->iterArgs.size()) +
                               " iter args must end its body with a yield of "
                               "as many values");
    IRVisitor::visitForStmt(node);
  }

  void visitIfStmt(const IfStmt *node) override {
    at = node->span();
    for (const Stmt *branch : {node->thenBody, node->elseBody}) {
      const auto *yield = llvm::dyn_cast_or_null<YieldStmt>(lastStmt(branch));
      if (yield)
        allowedYields.insert(yield);
      if (node->results.empty())
        continue;
      if (!branch)
        report(node->span(), "an if with results needs an else branch");
      else if (!yield || yield->values.size() != node->results.size())
        report(node->span(), "each branch of an if with " +
                                 llvm::Twine(node->results.size()) +
                                 " results must end with a yield of as many "
                                 "values");
    }
    IRVisitor::visitIfStmt(node);
  }

  void visitYieldStmt(const YieldStmt *node) override {
    if (!allowedYields.count(node))
      report(node->span(), "a yield must end a loop body or an if branch");
    IRVisitor::visitYieldStmt(node);
  }

private:
  void report(Span span, const llvm::Twine &message) {
    out.push_back({span, (message + " in function '" + fn.name() + "'").str()});
  }

  const Function &fn;
  Violations &out;
  Span at;
  llvm::DenseSet<const Var *> defined;
  llvm::DenseSet<const YieldStmt *> allowedYields;
};

} // namespace

void plc::transforms::verifySSAForm(const Program &program, Violations &out) {
  for (const Function *fn : program.functions) {
    SSAChecker checker(*fn, out);
    checker.visitFunction(fn);
  }
}
