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

#include "ir/IR.h"
#include "ir/VarMap.h"

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

class SSACheck final : public VerifierCheck {
public:
  explicit SSACheck(Violations &out) : out(out) {}

  void beginFunction(const Function &function) override {
    fn = &function;
    at = Span();
    defined.clear();
    allowedYields.clear();
  }

  void def(const Var *var) override {
    if (!defined.insert(var))
      report(at, "'" + var->name + "' is defined more than once");
  }

  void enterStmt(const Stmt *stmt) override {
    if (llvm::isa<AssignStmt>(stmt))
      at = stmt->span();
    else if (const auto *loop = llvm::dyn_cast<ForStmt>(stmt))
      checkFor(loop);
    else if (const auto *branch = llvm::dyn_cast<IfStmt>(stmt))
      checkIf(branch);
    else if (const auto *yield = llvm::dyn_cast<YieldStmt>(stmt))
      if (!allowedYields.count(yield))
        report(yield->span(), "a yield must end a loop body or an if branch");
  }

private:
  void checkFor(const ForStmt *node) {
    at = node->span();
    const auto *yield = llvm::dyn_cast_or_null<YieldStmt>(lastStmt(node->body));
    if (yield)
      allowedYields.insert(yield);
    if ((yield ? yield->values.size() : 0) != node->iterArgs.size())
      report(node->span(), "a loop with " +
                               llvm::Twine(node->iterArgs.size()) +
                               " iter args must end its body with a yield of "
                               "as many values");
  }

  void checkIf(const IfStmt *node) {
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
  }

  void report(Span span, const llvm::Twine &message) {
    out.push_back(
        {span, (message + " in function '" + fn->name() + "'").str()});
  }

  Violations &out;
  const Function *fn = nullptr;
  Span at;
  VarSet defined;
  llvm::DenseSet<const YieldStmt *> allowedYields;
};

} // namespace

std::unique_ptr<VerifierCheck>
plc::transforms::createSSAFormCheck(Violations &out) {
  return std::make_unique<SSACheck>(out);
}
