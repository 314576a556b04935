//===- KernelCodegen.cpp - Kernel C++ for the CPU runtime -----------------===//
//
// Requires: outlined IR (no scopes left in kernel, group or spmd bodies).
// Guarantees: one body function, one adapter and one KernelDesc per
// dispatchable function (plus cube/vector parts of mixed groups), in program
// order, as C++17 that compiles warning-free with -Wall -Wextra; a value the
// CPU cannot compute (FP16/BF16/INT4 data, ranks above five, a kernel result
// that is no parameter) is reported as an error.
//
//===----------------------------------------------------------------------===//

#include "codegen/KernelCodegen.h"

#include "codegen/ChunkedText.h"
#include "codegen/CppNames.h"
#include "codegen/DispatchPlan.h"
#include "codegen/ExprEmitter.h"
#include "ir/ReturnAliases.h"

#include "ir/IR.h"
#include "ir/VarMap.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

namespace {

/// The runtime's MAX_TENSOR_DIMS.
constexpr unsigned MAX_DIMS = 5;

std::string dimsText(llvm::ArrayRef<int64_t> dims) {
  std::string text = "{";
  for (unsigned i = 0; i != dims.size(); ++i)
    text += (i ? ", " : "") + formatIntLiteral(dims[i]);
  return text + "}";
}

const char *elementwiseFunctor(OpKind op) {
  switch (op) {
  case OpKind::TileAdd: case OpKind::TensorAdd: return "plk_add";
  case OpKind::TileSub: case OpKind::TensorSub: return "plk_sub";
  case OpKind::TileMul: case OpKind::TensorMul: return "plk_mul";
  case OpKind::TileDiv: case OpKind::TensorDiv: return "plk_div";
  case OpKind::TileMaximum: case OpKind::TensorMaximum: return "plk_maximum";
  case OpKind::TileMinimum: case OpKind::TensorMinimum: return "plk_minimum";
  case OpKind::TileExp: case OpKind::TensorExp: return "plk_exp";
  case OpKind::TileNeg: case OpKind::TensorNeg: return "plk_neg";
  default: return nullptr;
  }
}

bool isUnaryElementwise(OpKind op) {
  return op == OpKind::TileExp || op == OpKind::TileNeg ||
         op == OpKind::TensorExp || op == OpKind::TensorNeg;
}

/// Emits the body function of one kernel, group or spmd function.
class KernelEmitter : public ExprEmitter {
public:
  KernelEmitter(DispatchPlanner &planner, ReturnAliases &aliases,
                DiagnosticEngine &diags)
      : ExprEmitter(diags), planner(planner), aliases(aliases) {}

  /// The body function `fn_<base>` of `fn` restricted to `part`, followed by
  /// its adapter `kernel_<base>`.
  bool emitFunction(const Function &fn, KernelPart part, std::string &out);

private:
  std::string emitVar(const Var *var) override;
  std::string emitOpCall(const Call *call) override;

  void line(const std::string &text) {
    if (!text.empty())
      body.append(indent * 2, ' ');
    body += text;
    body += '\n';
  }
  /// Reports an error located at `at` (the function when null).
  std::string report(const Stmt *at, const llvm::Twine &message) {
    stmtFailed = true;
    diags.error(at ? at->span() : fn->span,
                "in '" + fn->name() + "': " + message);
    return "0";
  }

  /// The C++ type that holds a value of `type`; empty (after an error) when
  /// the CPU has none.
  std::string valueType(const Type *type, const Stmt *at);
  std::string elementType(DType dtype, const Stmt *at);
  std::string declare(const Var *var) {
    std::string name = names.unique(var->name);
    values[var] = name;
    return name;
  }
  /// The C++ name of a tensor- or tile-valued operand.
  std::string operand(const Expr *expr, const Stmt *at);
  /// `{a, b}`: the elements of a MakeTuple (or one scalar) as plk_dims.
  std::string dynamicDims(const Expr *expr, const Stmt *at);

  void emitStmt(const Stmt *stmt);
  void emitAssign(const Var *var, const Expr *value, const Stmt *at);
  /// Emits builtin `call` (its operands first, when they are calls too) and
  /// returns the C++ name of its value: a fresh local named after `hint`,
  /// or the tensor a store wrote.
  std::string emitOp(const Call *call, const Stmt *at, llvm::StringRef hint);
  void emitInnerCall(const Var *var, const Expr *dispatch, const Stmt *at);
  void bindResult(const Var *var, const DispatchView &view, unsigned index,
                  const Stmt *at);
  void emitFor(const ForStmt *loop);
  void emitIf(const IfStmt *branch);
  void emitYield(const YieldStmt *yield);

  DispatchPlanner &planner;
  ReturnAliases &aliases;

  const Function *fn = nullptr;
  KernelPart part = KernelPart::Whole;
  NameTable names;
  llvm::DenseMap<const Var *, std::string> values;
  VarMap<const Expr *> tupleDefs;
  VarSet usedParams;
  bool usesContext = false;
  bool stmtFailed = false;
  unsigned indent = 1;
  unsigned tempCounter = 0;
  std::string body;
  llvm::SmallVector<llvm::SmallVector<std::string, 2>, 2> yieldTargets;
};

} // namespace

std::string KernelEmitter::elementType(DType dtype, const Stmt *at) {
  llvm::StringRef type = cppElementType(dtype);
  if (type.empty()) {
    report(at, dtypeName(dtype) + " data has no CPU kernel support");
    return "int";
  }
  return type.str();
}

std::string KernelEmitter::valueType(const Type *type, const Stmt *at) {
  if (auto *tile = llvm::dyn_cast<TileType>(type)) {
    if (tile->rank() > MAX_DIMS)
      report(at, "tiles of rank above 5 are not supported");
    return "std::vector<" + elementType(tile->dtype, at) + ">";
  }
  if (auto *tensor = llvm::dyn_cast<TensorType>(type)) {
    if (tensor->rank() > MAX_DIMS)
      report(at, "tensors of rank above 5 are not supported");
    return "Tensor";
  }
  if (auto *scalar = llvm::dyn_cast<ScalarType>(type))
    return elementType(scalar->dtype, at);
  report(at, "a value of this type cannot live in kernel code");
  return "int";
}

std::string KernelEmitter::emitVar(const Var *var) {
  auto it = values.find(var);
  if (it == values.end())
    return ExprEmitter::error(var, "use of '" + var->name +
                                       "' that has no value in kernel '" +
                                       fn->name() + "'");
  usedParams.insert(var);
  return it->second;
}

std::string KernelEmitter::operand(const Expr *expr, const Stmt *at) {
  if (auto *var = llvm::dyn_cast<Var>(expr))
    return emitVar(var);
  // A nested operator call (`pl.store(pl.load(...), ...)`) becomes a local.
  if (auto *call = llvm::dyn_cast<Call>(expr))
    if (call->isOp() && llvm::isa<ShapedType>(call->type())) {
      std::string name = emitOp(call, at, "tmp");
      if (!name.empty())
        return name;
    }
  return report(at, "expected a tensor or tile operand");
}

std::string KernelEmitter::dynamicDims(const Expr *expr, const Stmt *at) {
  llvm::ArrayRef<const Expr *> elements(expr);
  if (auto *tuple = llvm::dyn_cast<MakeTuple>(expr))
    elements = tuple->elements;
  if (elements.size() > MAX_DIMS)
    return report(at, "more than 5 offsets or indices");
  std::string text = "{";
  for (unsigned i = 0; i != elements.size(); ++i)
    text += (i ? ", " : "") + emit(elements[i]);
  return text + "}";
}

std::string KernelEmitter::emitOpCall(const Call *call) {
  switch (call->op) {
  case OpKind::TileGetBlockIdx: {
    usesContext = true;
    llvm::StringRef type = cppScalarType(call->type());
    return "static_cast<" + (type.empty() ? "int64_t" : type.str()) +
           ">(ctx.blockIdx)";
  }
  case OpKind::TensorRead: {
    if (call->args.size() < 2)
      return ExprEmitter::error(call, "tensor.read needs a tensor and indices");
    auto *type = llvm::dyn_cast<TensorType>(call->args[0]->type());
    if (!type)
      return ExprEmitter::error(call, "tensor.read of a non-tensor");
    std::string indices;
    if (call->args.size() == 2) {
      indices = dynamicDims(call->args[1], nullptr);
    } else {
      indices = "{";
      for (unsigned i = 1; i != call->args.size(); ++i)
        indices += (i > 1 ? ", " : "") + emit(call->args[i]);
      indices += "}";
    }
    auto *tensor = llvm::dyn_cast<Var>(call->args[0]);
    if (!tensor)
      return ExprEmitter::error(call, "tensor.read of an unnamed tensor");
    return "plk_read<" + elementType(type->dtype, nullptr) + ">(" +
           emitVar(tensor) + ", " + indices + ")";
  }
  default:
    return ExprEmitter::emitOpCall(call);
  }
}

void KernelEmitter::emitStmt(const Stmt *stmt) {
  switch (stmt->kind()) {
  case StmtKind::Seq:
    for (const Stmt *s : llvm::cast<SeqStmt>(stmt)->stmts)
      emitStmt(s);
    return;
  case StmtKind::Assign: {
    auto *assign = llvm::cast<AssignStmt>(stmt);
    emitAssign(assign->var, assign->value, stmt);
    return;
  }
  case StmtKind::Eval:
    emitAssign(nullptr, llvm::cast<EvalStmt>(stmt)->expr, stmt);
    return;
  case StmtKind::Return:
    // Results are parameters written in place, so nothing is copied; but a
    // returned call (`return pl.store(...)`) still has to run.
    for (const Expr *value : llvm::cast<ReturnStmt>(stmt)->values)
      if (llvm::isa<Call>(value) || llvm::isa<Submit>(value))
        emitAssign(nullptr, value, stmt);
    return;
  case StmtKind::For:
    emitFor(llvm::cast<ForStmt>(stmt));
    return;
  case StmtKind::If:
    emitIf(llvm::cast<IfStmt>(stmt));
    return;
  case StmtKind::Yield:
    emitYield(llvm::cast<YieldStmt>(stmt));
    return;
  case StmtKind::Scope:
    report(stmt, "a scope was left in a kernel body; it must be outlined "
                "before code generation");
    return;
  }
}

void KernelEmitter::emitAssign(const Var *var, const Expr *value,
                               const Stmt *at) {
  if (auto *src = llvm::dyn_cast<Var>(value)) {
    auto it = values.find(src);
    if (it == values.end())
      emitVar(src);  // reports the use of an undefined value
    else if (var)
      values[var] = it->second;
    return;
  }
  if (auto *get = llvm::dyn_cast<TupleGetItem>(value)) {
    auto *tuple = llvm::dyn_cast<Var>(get->tuple);
    const Expr *def = tuple ? tupleDefs.lookup(tuple) : nullptr;
    if (!def) {
      report(at, "tuple element of a value that is no call result");
      return;
    }
    DispatchView view = viewDispatch(def);
    if (view.submit && get->index == view.submit->taskIdIndex())
      return;  // a TaskId inside a task means nothing on the CPU
    if (var)
      bindResult(var, view, get->index, at);
    return;
  }
  if (!viewDispatch(value).callee.empty()) {
    emitInnerCall(var, value, at);
    return;
  }
  if (auto *call = llvm::dyn_cast<Call>(value)) {
    if (call->isOp() && call->op != OpKind::TensorRead &&
        call->op != OpKind::TileGetBlockIdx) {
      std::string name = emitOp(call, at, var ? var->name : "unused");
      if (var && !name.empty())
        values[var] = name;
      else if (!var && !name.empty() && !call->isOp(OpKind::TileStore))
        line("(void)" + name + ";");
      return;
    }
  }
  if (!var)
    return;  // a scalar expression evaluated for nothing
  std::string type = valueType(var->type(), at);
  std::string init = emit(value);
  line("const " + type + " " + declare(var) + " = " + init + ";");
}

std::string KernelEmitter::emitOp(const Call *call, const Stmt *at,
                                  llvm::StringRef hint) {
  // Vector-core code of a mixed group runs in its vector part only.
  if (part == KernelPart::AIC) {
    if (call->op == OpKind::TileStore && call->args.size() == 3)
      if (auto *target = llvm::dyn_cast<Var>(call->args[2]))
        return values.lookup(target);
    return "";
  }
  switch (call->op) {
  case OpKind::SystemTaskInvalid:
    return "";
  case OpKind::TileLoad: {
    auto *tile = llvm::dyn_cast<TileType>(call->type());
    auto *tensor = call->args.empty()
                       ? nullptr
                       : llvm::dyn_cast<TensorType>(call->args[0]->type());
    if (!tile || !tensor || call->args.size() < 2) {
      return report(at, "malformed tile.load");
    }
    std::string src = operand(call->args[0], at);
    std::string offsets = dynamicDims(call->args[1], at);
    std::string t = elementType(tile->dtype, at);
    std::string e = elementType(tensor->dtype, at);
    std::string type = valueType(tile, at);
    std::string name = names.unique(hint);
    line(type + " " + name + " = plk_load<" + t + ", " + e + ">(" + src +
         ", " + offsets + ", " + dimsText(tile->shape) + ");");
    return name;
  }
  case OpKind::TileStore: {
    auto *tile = call->args.size() == 3
                     ? llvm::dyn_cast<TileType>(call->args[0]->type())
                     : nullptr;
    auto *tensor = tile ? llvm::dyn_cast<TensorType>(call->args[2]->type())
                        : nullptr;
    if (!tile || !tensor) {
      return report(at, "malformed tile.store");
    }
    std::string src = operand(call->args[0], at);
    std::string offsets = dynamicDims(call->args[1], at);
    std::string dst = operand(call->args[2], at);
    line("plk_store<" + elementType(tensor->dtype, at) + ">(" + src + ", " +
         dimsText(tile->shape) + ", " + dst + ", " + offsets + ");");
    // The store's result is the tensor it wrote.
    return dst;
  }
  case OpKind::TileFull: {
    auto *tile = llvm::dyn_cast<TileType>(call->type());
    if (!tile) {
      return report(at, "malformed tile.full");
    }
    const Expr *value = nullptr;
    for (const Kwarg &kwarg : call->kwargs)
      if (kwarg.name == "value")
        value = kwarg.value;
    if (!value && call->args.size() >= 2)
      value = call->args[1];
    std::string t = elementType(tile->dtype, at);
    std::string init = value ? emit(value) : "0";
    std::string type = valueType(tile, at);
    std::string name = names.unique(hint);
    line(type + " " + name + "(" + formatIntLiteral(tile->numElements()) +
         ", static_cast<" + t + ">(" + init + "));");
    return name;
  }
  case OpKind::TensorCreate: {
    auto *tensor = llvm::dyn_cast<TensorType>(call->type());
    if (!tensor) {
      return report(at, "malformed tensor.create");
    }
    std::string t = elementType(tensor->dtype, at);
    std::string name = names.unique(hint);
    std::string storage = names.uniqueGenerated(name + "_storage");
    line("std::unique_ptr<" + t + "[]> " + storage + ";");
    line("const Tensor " + name + " = plk_new_tensor(" + storage + ", " +
         runtimeDataType(tensor->dtype).str() + ", " +
         dimsText(tensor->shape) + ");");
    return name;
  }
  default:
    break;
  }

  const char *functor = elementwiseFunctor(call->op);
  if (!functor) {
    return report(at, "operator 'pl." + opName(call->op) +
                          "' is not supported in kernel code");
  }
  unsigned arity = isUnaryElementwise(call->op) ? 1 : 2;
  if (call->args.size() != arity) {
    return report(at, "'pl." + opName(call->op) + "' takes " +
                          llvm::Twine(arity) + " operand(s)");
  }
  auto *shaped = llvm::dyn_cast<ShapedType>(call->type());
  if (!shaped) {
    return report(at, "'pl." + opName(call->op) +
                          "' must produce a tile or tensor");
  }
  std::string t = elementType(shaped->dtype, at);
  std::string a = operand(call->args[0], at);
  std::string b;
  if (arity == 2) {
    if (llvm::isa<ShapedType>(call->args[1]->type()))
      b = operand(call->args[1], at);
    else
      b = "static_cast<" + t + ">(" + emit(call->args[1]) + ")";
  }
  if (llvm::isa<TileType>(shaped)) {
    std::string args = arity == 2 ? a + ", " + b : a;
    std::string name = names.unique(hint);
    line(valueType(shaped, at) + " " + name + " = " +
         (arity == 2 ? "plk_zip(" : "plk_map(") + args + ", " + functor +
         "{});");
    return name;
  }
  // A tensor result needs storage of its own for the kernel's lifetime.
  std::string name = names.unique(hint);
  std::string storage = names.uniqueGenerated(name + "_storage");
  line("std::unique_ptr<" + t + "[]> " + storage + ";");
  line("const Tensor " + name + " = plk_new_tensor(" + storage + ", " +
       runtimeDataType(shaped->dtype).str() + ", " + dimsText(shaped->shape) +
       ");");
  line(std::string(arity == 2 ? "plk_tensor_zip<" : "plk_tensor_map<") + t +
       ">(" + name + ", " + a + (arity == 2 ? ", " + b : "") + ", " + functor +
       "{});");
  return name;
}

void KernelEmitter::bindResult(const Var *var, const DispatchView &view,
                               unsigned index, const Stmt *at) {
  int param = aliases.aliasedParam(view.callee, index);
  if (param >= 0 && static_cast<unsigned>(param) < view.args.size()) {
    // A binding is no use: a skipped call of a mixed group's other part
    // still binds its results.
    if (auto *arg = llvm::dyn_cast<Var>(view.args[param])) {
      auto it = values.find(arg);
      if (it != values.end()) {
        values[var] = it->second;
        return;
      }
    }
  }
  // Only an unused result may be something the callee made itself.
  values[var] = report(at, "result " + llvm::Twine(index) + " of '" +
                              view.callee +
                              "' is not one of its parameters; kernels "
                              "return only tensors they wrote in place");
}

void KernelEmitter::emitInnerCall(const Var *var, const Expr *dispatch,
                                  const Stmt *at) {
  DispatchView view = viewDispatch(dispatch);
  const Function *callee = planner.lookup(view.callee);
  if (!callee || !DispatchPlanner::isDispatchable(*callee)) {
    report(at, "call of '" + view.callee + "', which is not a kernel, group "
                                          "or spmd function");
    return;
  }
  if (callee->params.size() != view.args.size()) {
    report(at, "call of '" + view.callee + "' with " +
                  llvm::Twine(view.args.size()) + " arguments for " +
                  llvm::Twine(callee->params.size()) + " parameters");
    return;
  }
  // In a part of a mixed group, a call runs in the part of its core kind.
  KernelPart calleePart = KernelPart::Whole;
  bool runs = true;
  if (part != KernelPart::Whole) {
    unsigned cores = planner.coresOf(*callee);
    unsigned mine = part == KernelPart::AIC ? CoreAIC : CoreAIV;
    runs = (cores & mine) != 0;
    if (cores == (CoreAIC | CoreAIV))
      calleePart = part;
  }
  if (runs) {
    std::string call = "fn_" + kernelBaseName(*callee, calleePart) + "(ctx";
    for (const Expr *arg : view.args) {
      call += ", ";
      call += llvm::isa<ShapedType>(arg->type()) ? operand(arg, at)
                                                 : emit(arg);
    }
    usesContext = true;
    line("if (int status = " + call + "))");
    line("  return status;");
  }
  if (!var)
    return;
  if (llvm::isa<TupleType>(dispatch->type()))
    tupleDefs[var] = dispatch;
  else
    bindResult(var, view, 0, at);
}

void KernelEmitter::emitFor(const ForStmt *loop) {
  llvm::SmallVector<std::string, 2> carried;
  for (unsigned i = 0; i != loop->iterArgs.size(); ++i) {
    std::string init = loop->inits[i]->kind() == ExprKind::Var
                           ? emitVar(llvm::cast<Var>(loop->inits[i]))
                           : emit(loop->inits[i]);
    std::string type = valueType(loop->iterArgs[i]->type(), loop);
    std::string name = declare(loop->iterArgs[i]);
    line(type + " " + name + " = " + init + ";");
    carried.push_back(name);
  }
  std::string type = valueType(loop->loopVar->type(), loop);
  std::string start = emit(loop->start), stop = emit(loop->stop),
              step = emit(loop->step);
  std::string i = declare(loop->loopVar);
  std::string cond;
  if (auto *c = llvm::dyn_cast<ConstInt>(loop->step))
    cond = c->value < 0 ? i + " > " + stop : i + " < " + stop;
  else
    cond = "(" + step + " > 0) ? (" + i + " < " + stop + ") : (" + i + " > " +
           stop + ")";
  line("for (" + type + " " + i + " = " + start + "; " + cond + "; " + i +
       " += " + step + ") {");
  ++indent;
  yieldTargets.push_back(carried);
  emitStmt(loop->body);
  yieldTargets.pop_back();
  --indent;
  line("}");
  for (unsigned k = 0; k != loop->results.size(); ++k)
    values[loop->results[k]] = carried[k];
}

void KernelEmitter::emitIf(const IfStmt *branch) {
  llvm::SmallVector<std::string, 2> results;
  for (const Var *result : branch->results) {
    std::string type = valueType(result->type(), branch);
    std::string name = declare(result);
    line(type + " " + name + "{};");
    results.push_back(name);
  }
  line("if (" + emit(branch->cond) + ") {");
  ++indent;
  yieldTargets.push_back(results);
  emitStmt(branch->thenBody);
  --indent;
  if (branch->elseBody) {
    line("} else {");
    ++indent;
    emitStmt(branch->elseBody);
    --indent;
  }
  yieldTargets.pop_back();
  line("}");
}

void KernelEmitter::emitYield(const YieldStmt *yield) {
  if (yieldTargets.empty() ||
      yieldTargets.back().size() != yield->values.size()) {
    report(yield, "yield outside a loop or branch with matching results");
    return;
  }
  const auto &targets = yieldTargets.back();
  llvm::SmallVector<std::string, 2> texts;
  for (const Expr *value : yield->values)
    texts.push_back(llvm::isa<Var>(value) ? emitVar(llvm::cast<Var>(value))
                                          : emit(value));
  if (targets.size() == 1) {
    if (targets[0] != texts[0])
      line(targets[0] + " = " + texts[0] + ";");
    return;
  }
  // Several values are assigned at once: go through temporaries.
  llvm::SmallVector<std::string, 2> temps;
  for (unsigned k = 0; k != targets.size(); ++k) {
    temps.push_back("plc_next_" + std::to_string(tempCounter++));
    line("auto " + temps.back() + " = " + texts[k] + ";");
  }
  for (unsigned k = 0; k != targets.size(); ++k)
    line(targets[k] + " = std::move(" + temps[k] + ");");
}

bool KernelEmitter::emitFunction(const Function &function, KernelPart which,
                                 std::string &out) {
  fn = &function;
  part = which;
  names = NameTable();
  names.claim("ctx");
  values.clear();
  tupleDefs.clear();
  usedParams.clear();
  usesContext = false;
  stmtFailed = false;
  body.clear();
  indent = 1;
  tempCounter = 0;

  std::string base = kernelBaseName(function, which);
  std::string signature = "int fn_" + base + "(const KernelContext &ctx";
  std::string unpack;
  unsigned tensorIndex = 0, scalarIndex = 0;
  llvm::SmallVector<std::string, 8> paramNames;
  for (const Param &param : function.params) {
    std::string name = declare(param.var);
    paramNames.push_back(name);
    const Type *type = param.var->type();
    if (llvm::isa<TensorType>(type)) {
      signature += ", const Tensor &" + name;
      unpack += ", ctx.tensor(" + std::to_string(tensorIndex++) + ")";
    } else if (llvm::isa<ScalarType>(type) && !isTaskIdType(type)) {
      std::string t = valueType(type, nullptr);
      signature += ", " + t + " " + name;
      unpack += ", ctx.scalar<" + t + ">(" + std::to_string(scalarIndex++) +
                ")";
    } else {
      report(nullptr, "parameter '" + param.var->name +
                         "' has a type kernels cannot receive");
    }
  }
  signature += ")";

  emitStmt(function.body);
  if (stmtFailed || failed())
    return false;

  std::string kind = functionTypeName(function.type()).str();
  if (which == KernelPart::AIC)
    kind += " (cube part)";
  else if (which == KernelPart::AIV)
    kind += " (vector part)";
  out += "// " + kind + " function " + function.name().str() + ".\n";
  out += signature + " {\n";
  if (!usesContext)
    out += "  (void)ctx;\n";
  for (unsigned i = 0; i != function.params.size(); ++i)
    if (!usedParams.count(function.params[i].var))
      out += "  (void)" + paramNames[i] + ";\n";
  out += body;
  out += "  return 0;\n}\n\n";

  // The adapter checks the task's argument counts, then unpacks them.
  out += "int kernel_" + base + "(const KernelContext &ctx) {\n";
  out += fmt::format("  if (ctx.numTensors != {} || ctx.numScalars != {})\n",
                     tensorIndex, scalarIndex);
  out += fmt::format("    plk_fail(\"kernel {}: expected {} tensor and {} "
                     "scalar arguments\");\n",
                     base, tensorIndex, scalarIndex);
  out += "  return fn_" + base + "(ctx" + unpack + ");\n}\n\n";
  return true;
}

bool plc::codegen::emitKernels(const Program &program, llvm::raw_ostream &os,
                               DiagnosticEngine &diags) {
  DispatchPlanner planner(program);
  ReturnAliases aliases(program);
  KernelEmitter emitter(planner, aliases, diags);

  std::vector<KernelRef> kernels = kernelsOf(program, planner);
  llvm::StringSet<llvm::BumpPtrAllocator> functionNames;
  for (const Function *fn : program.functions)
    functionNames.insert(fn->name());
  bool ok = true;
  for (auto [fn, part] : kernels) {
    if (part == KernelPart::Whole)
      continue;
    std::string base = kernelBaseName(*fn, part);
    if (!functionNames.count(base))
      continue;
    diags.error(
        fn->span,
        "the " + llvm::StringRef(part == KernelPart::AIC ? "cube" : "vector") +
            " part of mixed group '" + fn->name() +
            "' would be named like function '" + base +
            "'; rename one of them");
    ok = false;
  }

  // The whole file, built before anything is written: a failing kernel
  // leaves no partial output.
  ChunkedText<std::string> file;
  std::string &text = file.tail();
  text += "// Kernels of program " + program.name().str() +
          ", generated by plc. Do not edit.\n";
  text += "#include \"plrt/plrt.h\"\n\n"
          "#include <algorithm>\n"
          "#include <cmath>\n"
          "#include <cstdint>\n"
          "#include <limits>\n"
          "#include <memory>\n"
          "#include <stdexcept>\n"
          "#include <string>\n"
          "#include <type_traits>\n"
          "#include <utility>\n"
          "#include <vector>\n\n"
          "using namespace plrt;\n\n"
          "namespace {\n\n";
  text += ExprEmitter::helperPrelude().str() + "\n";
  text += kernelPrelude().str() + "\n";
  for (auto [fn, part] : kernels) {
    ok &= emitter.emitFunction(*fn, part, text);
    file.cutIfFull();
  }
  text += "} // namespace\n\n";
  text += "// The kernel table: one descriptor per kernel, named by the "
          "orchestration.\n";
  for (auto [fn, part] : kernels) {
    text += "extern const KernelDesc KERNEL_" + kernelBaseName(*fn, part) +
            ";\n";
    file.cutIfFull();
  }
  for (auto [fn, part] : kernels) {
    std::string base = kernelBaseName(*fn, part);
    text += "const KernelDesc KERNEL_" + base + "{\"" + base + "\", &kernel_" +
            base + "};\n";
    file.cutIfFull();
  }
  text += "extern const KernelDesc *const plc_kernel_table[];\n";
  text += "const KernelDesc *const plc_kernel_table[] = {";
  for (auto [fn, part] : kernels) {
    text += "&KERNEL_" + kernelBaseName(*fn, part) + ", ";
    file.cutIfFull();
  }
  text += "nullptr};\n";
  if (!ok)
    return false;
  file.writeTo(os);
  return true;
}
