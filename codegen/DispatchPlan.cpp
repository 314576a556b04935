//===- DispatchPlan.cpp - What one task submits ---------------------------===//

#include "codegen/DispatchPlan.h"

#include "ir/IR.h"

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

DispatchPlanner::DispatchPlanner(const Program &program)
    : functions(program) {}

bool DispatchPlanner::isDispatchable(const Function &fn) {
  return fn.isKernel() || fn.type() == FunctionType::Group ||
         fn.type() == FunctionType::Spmd;
}

namespace {
/// Whether `fn` is a group whose code reaches both kinds of core, so that
/// besides its whole body it has a cube part and a vector part.
bool isMixedGroup(const Function &fn, DispatchPlanner &planner) {
  return !fn.isKernel() && planner.coresOf(fn) == (CoreAIC | CoreAIV);
}
} // namespace

std::vector<KernelRef> plc::codegen::kernelsOf(const Program &program,
                                               DispatchPlanner &planner) {
  std::vector<KernelRef> kernels;
  for (const Function *fn : program.functions) {
    if (!DispatchPlanner::isDispatchable(*fn))
      continue;
    kernels.push_back({fn, KernelPart::Whole});
    if (isMixedGroup(*fn, planner)) {
      kernels.push_back({fn, KernelPart::AIC});
      kernels.push_back({fn, KernelPart::AIV});
    }
  }
  return kernels;
}

std::vector<KernelRef>
plc::codegen::submittableKernels(const Program &program,
                                 DispatchPlanner &planner) {
  std::vector<KernelRef> kernels;
  for (KernelRef kernel : kernelsOf(program, planner)) {
    // plan() looks through a wrapper and submits a mixed group's parts.
    if (planner.forwardedCall(*kernel.fn) ||
        (kernel.part == KernelPart::Whole && isMixedGroup(*kernel.fn, planner)))
      continue;
    kernels.push_back(kernel);
  }
  return kernels;
}

std::string plc::codegen::kernelBaseName(const Function &fn, KernelPart part) {
  switch (part) {
  case KernelPart::Whole:
    return fn.name().str();
  case KernelPart::AIC:
    return fn.name().str() + "_aic";
  case KernelPart::AIV:
    return fn.name().str() + "_aiv";
  }
  return fn.name().str();
}

namespace {
/// Collects the program functions a body calls and whether it has tile code
/// of its own.
struct CallCollector : IRVisitor {
  llvm::SmallVector<llvm::StringRef, 4> callees;
  bool hasOwnCode = false;
  void visitCall(const Call *node) override {
    if (node->isOp())
      hasOwnCode |= node->isOp(OpKind::TileLoad) ||
                    node->isOp(OpKind::TileStore) ||
                    node->isOp(OpKind::TileFull);
    else
      callees.push_back(node->callee);
    IRVisitor::visitCall(node);
  }
  void visitSubmit(const Submit *node) override {
    callees.push_back(node->callee);
    IRVisitor::visitSubmit(node);
  }
};
} // namespace

unsigned DispatchPlanner::coresOf(const Function &fn) {
  switch (fn.type()) {
  case FunctionType::AIC:
    return CoreAIC;
  case FunctionType::AIV:
  case FunctionType::InCore:
    return CoreAIV;
  case FunctionType::Group:
  case FunctionType::Spmd:
    break;
  default:
    return CoreNone;
  }
  auto it = cores.find(fn.name());
  if (it != cores.end())
    return it->second;
  cores[fn.name()] = CoreAIV;  // a cycle (malformed input) stays finite
  CallCollector collector;
  collector.visit(fn.body);
  unsigned bits = collector.hasOwnCode ? CoreAIV : CoreNone;
  for (llvm::StringRef callee : collector.callees)
    if (const Function *inner = lookup(callee))
      bits |= coresOf(*inner);
  if (bits == CoreNone)
    bits = CoreAIV;
  return cores[fn.name()] = bits;
}

const Call *DispatchPlanner::forwardedCall(const Function &wrapper) const {
  if (wrapper.type() != FunctionType::Group &&
      wrapper.type() != FunctionType::Spmd)
    return nullptr;
  llvm::DenseMap<const Var *, bool> isParam;
  for (const Param &param : wrapper.params)
    isParam[param.var] = true;
  const Call *found = nullptr;
  llvm::SmallVector<const Stmt *, 8> work{wrapper.body};
  while (!work.empty()) {
    const Stmt *stmt = work.pop_back_val();
    if (auto *seq = llvm::dyn_cast<SeqStmt>(stmt)) {
      for (const Stmt *s : llvm::reverse(seq->stmts))
        work.push_back(s);
      continue;
    }
    const Expr *value = nullptr;
    if (auto *assign = llvm::dyn_cast<AssignStmt>(stmt))
      value = assign->value;
    else if (auto *eval = llvm::dyn_cast<EvalStmt>(stmt))
      value = eval->expr;
    else if (llvm::isa<ReturnStmt>(stmt))
      continue;
    else
      return nullptr;
    // Bindings of the call's results and copies are no code of their own.
    if (llvm::isa<TupleGetItem>(value) || llvm::isa<Var>(value))
      continue;
    auto *call = llvm::dyn_cast<Call>(value);
    if (!call || call->isOp() || found)
      return nullptr;
    const Function *inner = lookup(call->callee);
    if (!inner || !isDispatchable(*inner) ||
        inner->params.size() != call->args.size())
      return nullptr;
    for (const Expr *arg : call->args) {
      auto *var = llvm::dyn_cast<Var>(arg);
      if (!var || !isParam.lookup(var))
        return nullptr;
    }
    found = call;
  }
  return found;
}

std::optional<DispatchPlan>
DispatchPlanner::plan(llvm::StringRef callee, llvm::ArrayRef<const Expr *> args,
                      Span at, DiagnosticEngine &diags) {
  const Function *fn = lookup(callee);
  if (!fn) {
    diags.error(at, "dispatch of unknown function '" + callee + "'");
    return std::nullopt;
  }
  if (!isDispatchable(*fn)) {
    diags.error(at, "'" + callee + "' is a " + functionTypeName(fn->type()) +
                        " function; only InCore, AIC, AIV, Group and Spmd "
                        "functions can be dispatched as tasks");
    return std::nullopt;
  }
  if (fn->params.size() != args.size()) {
    diags.error(at, "dispatch of '" + callee + "' passes " +
                        llvm::Twine(args.size()) + " arguments for " +
                        llvm::Twine(fn->params.size()) + " parameters");
    return std::nullopt;
  }
  // Look through wrappers that only forward their parameters.
  llvm::SmallVector<const Expr *, 8> actual(args.begin(), args.end());
  while (const Call *inner = forwardedCall(*fn)) {
    llvm::DenseMap<const Var *, const Expr *> byParam;
    for (unsigned i = 0; i != fn->params.size(); ++i)
      byParam[fn->params[i].var] = actual[i];
    llvm::SmallVector<const Expr *, 8> next;
    for (const Expr *arg : inner->args)
      next.push_back(byParam.lookup(llvm::cast<Var>(arg)));
    actual = std::move(next);
    fn = lookup(inner->callee);
  }

  DispatchPlan plan;
  plan.kernel = fn;
  plan.cores = coresOf(*fn);
  for (unsigned i = 0; i != fn->params.size(); ++i) {
    const Param &param = fn->params[i];
    TaskArg arg{actual[i], param.direction};
    if (llvm::isa<TensorType>(param.var->type()))
      plan.tensors.push_back(arg);
    else if (llvm::isa<ScalarType>(param.var->type()) &&
             !isTaskIdType(param.var->type()))
      plan.scalars.push_back(arg);
    else {
      diags.error(at, "parameter '" + param.var->name + "' of '" +
                          fn->name() +
                          "' has a type a task cannot receive");
      return std::nullopt;
    }
  }
  return plan;
}
