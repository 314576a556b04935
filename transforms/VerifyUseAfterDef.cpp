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

#include "ir/VarMap.h"
#include "transforms/IRUtils.h"
#include "transforms/Verifiers.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class DefUseCheck final : public VerifierCheck {
public:
  DefUseCheck(const Program &program, Violations &out)
      : functions(program), out(out) {}

  void beginFunction(const Function &function) override {
    fn = &function;
    at = Span();
    defined = ScopedVarMap();
    reported.clear();
  }

  void def(const Var *var) override { defined.set(var, var); }

  void use(const Var *var) override {
    if (defined.contains(var) || !reported.insert(var))
      return;
    report(at, "'" + var->name + "' is used but not defined");
  }

  void enterStmt(const Stmt *stmt) override {
    if (!llvm::isa<SeqStmt>(stmt))
      at = stmt->span();
  }

  void enterExpr(const Expr *expr) override {
    if (const auto *call = llvm::dyn_cast<Call>(expr)) {
      if (!call->isOp())
        checkCallee(call->callee);
    } else if (const auto *submit = llvm::dyn_cast<Submit>(expr)) {
      checkCallee(submit->callee);
    }
  }

  void enterRegion() override { marks.push_back(defined.mark()); }
  void exitRegion() override { defined.restore(marks.pop_back_val()); }

private:
  void checkCallee(llvm::StringRef callee) {
    if (!functions.contains(callee))
      report(at, "call of unknown function '" + callee + "'");
  }
  void report(Span span, const llvm::Twine &message) {
    out.push_back(
        {span, (message + " in function '" + fn->name() + "'").str()});
  }

  FunctionIndex functions;
  Violations &out;
  const Function *fn = nullptr;
  Span at;
  ScopedVarMap defined;
  llvm::SmallVector<size_t, 8> marks;
  VarSet reported;
};

} // namespace

std::unique_ptr<VerifierCheck>
plc::transforms::createUseAfterDefCheck(const Program &program,
                                        Violations &out) {
  return std::make_unique<DefUseCheck>(program, out);
}
