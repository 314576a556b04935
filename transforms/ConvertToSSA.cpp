//===- ConvertToSSA.cpp - Give every Var one definition -------------------===//
//
// convert-to-ssa. Requires nothing. Guarantees SSAForm and DefinedBeforeUse.
//
// Walks each function in program order with a map from a source Var to its
// current version. The first definition of a Var keeps it; every further
// definition makes a fresh Var. Uses are rewritten to the current version by
// the generic mutator, which walks every operand — a scope's dispatch fields
// and a Spmd scope's core_num included — and walks a scope's fields before
// its body, so they name the versions visible at scope entry. A scope is not
// a lexical block: the map is not restored after it, so definitions inside a
// scope stay visible after it (outlining turns them into call results).
// Loop bodies and branches are blocks: values reassigned in them become
// iter_args/results (If results) carried by a trailing Yield; a value first
// defined in a loop or branch and used after it is promoted too, initialised
// from an Out/InOut parameter of its type or the latest earlier value of its
// type. "Used after" comes from UseOrder, built once per function.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "ir/VarMap.h"
#include "transforms/IRUtils.h"

#include "llvm/ADT/SetVector.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

using OrderedVarSet = llvm::SmallSetVector<const Var *, 8>;

/// The Vars assigned anywhere in a statement, in first-assignment order.
class AssignedVars : public IRVisitor {
public:
  explicit AssignedVars(const Stmt *stmt) {
    if (stmt)
      visit(stmt);
  }
  void visitAssignStmt(const AssignStmt *node) override {
    vars.insert(node->var);
  }
  // Expressions hold no assignments.
  void visitEvalStmt(const EvalStmt *) override {}
  void visitReturnStmt(const ReturnStmt *) override {}
  void visitYieldStmt(const YieldStmt *) override {}

  OrderedVarSet vars;
};

class SSAConverter : public IRMutator {
public:
  SSAConverter(PassContext &pc, const Function &fn)
      : IRMutator(pc.ir), pc(pc), fn(fn), order(fn.body, [](const Stmt *stmt) {
          return llvm::isa<ForStmt, IfStmt>(stmt); // loops and branches merge
        }) {}

  bool failed = false;

  const Expr *mutateVar(const Var *var) override {
    if (const Var *version = cur.lookup(var))
      return version;
    return var;
  }

  const Var *mutateDef(const Var *var) override {
    const Var *version = defined.insert(var) ? var : fresh(var);
    cur.set(var, version);
    lastOfType.set(var->type(), version);
    return version;
  }

  const Stmt *mutateForStmt(const ForStmt *node) override;
  const Stmt *mutateIfStmt(const IfStmt *node) override;
  const Stmt *mutateSeqStmt(const SeqStmt *node) override;

private:
  const Var *fresh(const Var *var) {
    return ctx.newVar(var->name, var->type(), var->span());
  }

  /// A value for `var` on a path that does not assign it.
  const Var *findInit(const Var *var) {
    for (const Param &param : fn.params)
      if (param.direction != ParamDirection::In &&
          param.var->type() == var->type()) {
        const Var *version = cur.lookup(param.var);
        return version ? version : param.var;
      }
    return lastOfType.lookup(var->type());
  }

  size_t mark() { return cur.mark(); }
  void restore(size_t curMark, size_t typeMark) {
    cur.restore(curMark);
    lastOfType.restore(typeMark);
  }

  PassContext &pc;
  const Function &fn;
  UseOrder order;
  ir::VarSet defined;
  ScopedVarMap cur;
  ScopedMap<const Type *, const Var *> lastOfType;
};

// `with ... as tid:` is preceded by its placeholder `tid = task_invalid()`,
// but the scope's fields are evaluated before `as` binds: in
// `with pl.at(..., deps=[tid]) as tid:` the deps name the previous task. So
// the fields of such a scope are versioned before the placeholder's
// definition, and only its task id after it.
const Stmt *SSAConverter::mutateSeqStmt(const SeqStmt *node) {
  llvm::SmallVector<const Stmt *, 16> stmts;
  bool changed = false;
  for (size_t i = 0; i < node->stmts.size(); ++i) {
    const Stmt *stmt = node->stmts[i];
    const auto *placeholder = llvm::dyn_cast<AssignStmt>(stmt);
    const auto *scope = i + 1 < node->stmts.size()
                            ? llvm::dyn_cast<ScopeStmt>(node->stmts[i + 1])
                            : nullptr;
    if (placeholder && scope && scope->dispatch().taskId == placeholder->var &&
        isTaskInvalidCall(placeholder->value)) {
      ScopeStmt::Fields fields = scope->fields;
      fields.dispatch.taskId = nullptr;
      bool unused = false;
      fields = mutateScopeFields(fields, unused);
      stmts.push_back(mutate(placeholder));
      fields.dispatch.taskId =
          llvm::cast<Var>(mutate(scope->dispatch().taskId));
      const Stmt *body = mutate(scope->body);
      stmts.push_back(ctx.create<ScopeStmt>(fields, body, scope->span()));
      changed = true;
      ++i;
      continue;
    }
    const Stmt *mutated = mutate(stmt);
    changed |= mutated != stmt;
    stmts.push_back(mutated);
  }
  if (!changed)
    return node;
  return ctx.create<SeqStmt>(ctx.copy(stmts), node->span());
}

const Stmt *SSAConverter::mutateForStmt(const ForStmt *node) {
  const Expr *start = mutate(node->start);
  const Expr *stop = mutate(node->stop);
  const Expr *step = mutate(node->step);
  llvm::SmallVector<const Expr *, 4> inits;
  for (const Expr *init : node->inits)
    inits.push_back(mutate(init));

  // A Var reassigned in the body that exists before the loop is carried; one
  // first defined in the body and used after the loop escapes.
  llvm::SmallVector<const Var *, 4> promoted;
  for (const Var *var : AssignedVars(node->body).vars)
    if (cur.contains(var) || order.usedAfter(var, node))
      promoted.push_back(var);

  size_t curMark = mark(), typeMark = lastOfType.mark();
  const Var *loopVar = mutateDef(node->loopVar);
  llvm::SmallVector<const Var *, 4> iterArgs;
  for (const Var *iterArg : node->iterArgs)
    iterArgs.push_back(mutateDef(iterArg));
  for (const Var *var : promoted) {
    const Var *init = cur.lookup(var);
    if (!init)
      init = findInit(var);
    if (!init) {
      pc.error(node->span(), "'" + var->name +
                                 "' is assigned in the loop and used after "
                                 "it, but has no value before the loop");
      failed = true;
      restore(curMark, typeMark);
      return node;
    }
    const Var *iterArg = fresh(var);
    inits.push_back(init);
    iterArgs.push_back(iterArg);
    cur.set(var, iterArg);
  }
  const Stmt *body = mutate(node->body);
  if (!promoted.empty()) {
    llvm::SmallVector<const Expr *, 4> yields;
    for (const Var *var : promoted)
      yields.push_back(cur.lookup(var));
    body = appendYield(ctx, body, yields, node->span());
  }
  restore(curMark, typeMark);

  llvm::SmallVector<const Var *, 4> results;
  for (const Var *result : node->results)
    results.push_back(mutateDef(result));
  for (const Var *var : promoted)
    results.push_back(mutateDef(var));
  return ctx.create<ForStmt>(loopVar, start, stop, step, ctx.copy(iterArgs),
                             ctx.copy(inits), body, ctx.copy(results),
                             node->span());
}

const Stmt *SSAConverter::mutateIfStmt(const IfStmt *node) {
  const Expr *cond = mutate(node->cond);
  OrderedVarSet candidates = AssignedVars(node->thenBody).vars;
  for (const Var *var : AssignedVars(node->elseBody).vars)
    candidates.insert(var);

  // The version of each candidate at the end of each branch (null: not
  // assigned there and not visible before).
  auto runBranch = [&](const Stmt *branch,
                       llvm::SmallVectorImpl<const Var *> &values) {
    size_t curMark = mark(), typeMark = lastOfType.mark();
    const Stmt *result = branch ? mutate(branch) : nullptr;
    for (const Var *var : candidates)
      values.push_back(cur.lookup(var));
    restore(curMark, typeMark);
    return result;
  };
  llvm::SmallVector<const Var *, 4> thenValues, elseValues;
  const Stmt *thenBody = runBranch(node->thenBody, thenValues);
  const Stmt *elseBody = runBranch(node->elseBody, elseValues);

  llvm::SmallVector<const Var *, 4> phis;
  llvm::SmallVector<const Expr *, 4> thenYields, elseYields;
  for (size_t i = 0; i < candidates.size(); ++i) {
    const Var *var = candidates[i];
    if (!cur.contains(var) && !order.usedAfter(var, node))
      continue; // branch-local
    const Var *thenValue = thenValues[i] ? thenValues[i] : findInit(var);
    const Var *elseValue = elseValues[i] ? elseValues[i] : findInit(var);
    if (!thenValue || !elseValue) {
      pc.error(node->span(), "'" + var->name +
                                 "' is used after the if but is not "
                                 "assigned on every path through it");
      failed = true;
      return node;
    }
    phis.push_back(var);
    thenYields.push_back(thenValue);
    elseYields.push_back(elseValue);
  }
  if (!phis.empty()) {
    thenBody = appendYield(ctx, thenBody, thenYields, node->span());
    if (!elseBody)
      elseBody =
          ctx.create<SeqStmt>(llvm::ArrayRef<const Stmt *>(), node->span());
    elseBody = appendYield(ctx, elseBody, elseYields, node->span());
  }
  llvm::SmallVector<const Var *, 4> results;
  for (const Var *result : node->results)
    results.push_back(mutateDef(result));
  for (const Var *var : phis)
    results.push_back(mutateDef(var));
  return ctx.create<IfStmt>(cond, thenBody, elseBody, ctx.copy(results),
                            node->span());
}

class ConvertToSSAPass : public Pass {
public:
  llvm::StringRef name() const override { return "convert-to-ssa"; }
  IRProperties produced() const override {
    return {IRProperty::SSAForm, IRProperty::DefinedBeforeUse};
  }

  const Program *run(const Program &program, PassContext &pc) override {
    llvm::SmallVector<const Function *, 16> fns;
    bool changed = false;
    for (const Function *fn : program.functions) {
      SSAConverter converter(pc, *fn);
      const Function *result = converter.mutateFunction(fn);
      if (converter.failed)
        return nullptr;
      changed |= result != fn;
      fns.push_back(result);
    }
    return changed ? withFunctions(pc.ir, program, fns) : &program;
  }
};

} // namespace

std::unique_ptr<Pass> plc::transforms::createConvertToSSAPass() {
  return std::make_unique<ConvertToSSAPass>();
}
