//===- OrchestrationCodegen.cpp - Orchestration C++ -----------------------===//
//
// Requires: outlined IR; every Orchestration function carries the TaskGraph
// of build-task-graph.
// Guarantees: one C++ function per Orchestration function, deterministic
// text (program order everywhere), that compiles warning-free with -Wall
// -Wextra against plrt/plrt.h and the kernels file; set_predicate always
// precedes its rt_submit_*, exactly one predicate block per predicated task.
//
//===----------------------------------------------------------------------===//

#include "codegen/OrchestrationCodegen.h"

#include "codegen/CppNames.h"
#include "codegen/DispatchPlan.h"
#include "codegen/ExprEmitter.h"
#include "codegen/PredicateLowering.h"
#include "codegen/ProgramCodegen.h"
#include "ir/ReturnAliases.h"

#include "ir/IR.h"
#include "ir/VarMap.h"

#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

namespace {

llvm::StringRef directionCall(ParamDirection dir) {
  switch (dir) {
  case ParamDirection::In: return "add_input";
  case ParamDirection::Out: return "add_output";
  case ParamDirection::InOut: return "add_inout";
  }
  return "add_input";
}

class OrchestrationEmitter : public ExprEmitter {
public:
  OrchestrationEmitter(const Function &fn, DispatchPlanner &planner,
                       ReturnAliases &aliases, llvm::raw_ostream &os,
                       DiagnosticEngine &diags)
      : ExprEmitter(diags), fn(fn), planner(planner), aliases(aliases),
        graph(fn.fields.taskGraph), os(os) {
    text.reserve(kFlushBytes + kFlushBytes / 4);
  }

  /// Writes the function's C++ to the stream as it is generated. Returns
  /// false after reporting an error; the function's text then stops short.
  bool emitFunction();

private:
  std::string emitVar(const Var *var) override;

  void line(const std::string &content) {
    if (!content.empty())
      indentLine();
    text.append(content.data(), content.data() + content.size());
    endLine();
  }
  /// One line of the body, formatted in place; `format` is a FMT_COMPILE
  /// string, parsed when plc is built rather than once per line.
  template <typename Format, typename... Args>
  void linef(const Format &format, Args &&...args) {
    indentLine();
    fmt::format_to(std::back_inserter(text), format,
                   std::forward<Args>(args)...);
    endLine();
  }
  void indentLine() {
    for (unsigned i = 0; i < indent; ++i) {
      text.push_back(' ');
      text.push_back(' ');
    }
  }
  void endLine() {
    text.push_back('\n');
    if (text.size() >= kFlushBytes)
      flush();
  }
  void flush() {
    os.write(text.data(), text.size());
    text.clear();
  }
  static std::string_view sv(llvm::StringRef ref) {
    return {ref.data(), ref.size()};
  }
  void report(const Stmt *at, const llvm::Twine &message) {
    stmtFailed = true;
    diags.error(at ? at->span() : fn.span,
                "in '" + fn.name() + "': " + message);
  }
  /// The C++ tensor a tensor-valued expression names, or empty.
  std::string tensorOf(const Expr *expr);

  void emitStmt(const Stmt *stmt);
  void emitAssign(const Var *var, const Expr *value, const Stmt *at);
  void emitTask(const Expr *dispatch, const Stmt *at);
  void bindResult(const Var *var, const DispatchView &view, unsigned index);
  /// The predicate of task number `task` (params_t<task>_pred).
  bool emitPredicate(unsigned task, const Expr *predicate, const Stmt *at);

  const Function &fn;
  DispatchPlanner &planner;
  ReturnAliases &aliases;
  const TaskGraph *graph;
  llvm::raw_ostream &os;

  NameTable names;
  /// Holds the C++ names the two tables below refer to.
  llvm::BumpPtrAllocator nameStorage;
  llvm::StringSaver savedNames{nameStorage};
  /// Tensor Vars: the C++ Tensor (ext_x or a local) holding their data;
  /// empty for a result with no buffer on the CPU.
  VarMap<llvm::StringRef> tensors;
  /// Scalar Vars: their C++ name.
  VarMap<llvm::StringRef> scalars;
  /// Vars bound to a dispatch's result tuple.
  VarMap<const Expr *> tupleDefs;
  /// Task number of every emitted dispatch.
  llvm::DenseMap<const Expr *, unsigned> taskNumbers;
  unsigned nextTask = 0;
  bool usesBuffers = false;
  bool stmtFailed = false;
  unsigned indent = 1;
  /// Text generated and not yet written. It is written out whenever it
  /// reaches kFlushBytes, so the same cache-warm buffer serves the whole
  /// function however long it is; a buffer held whole would be tens of
  /// megabytes of fresh memory at a hundred thousand tasks.
  static constexpr size_t kFlushBytes = size_t(64) << 10;
  fmt::memory_buffer text;
};

} // namespace

std::string OrchestrationEmitter::emitVar(const Var *var) {
  if (const llvm::StringRef *name = scalars.find(var))
    return name->str();
  if (llvm::isa<ShapedType>(var->type()))
    return error(var, "tensor '" + var->name + "' used as a scalar");
  return error(var, "use of '" + var->name + "', which has no value in the "
                                             "orchestration of '" +
                        fn.name() + "'");
}

std::string OrchestrationEmitter::tensorOf(const Expr *expr) {
  auto *var = llvm::dyn_cast<Var>(stripCasts(expr));
  if (var) {
    const llvm::StringRef *tensor = tensors.find(var);
    if (tensor && !tensor->empty())
      return tensor->str();
  }
  diags.error(expr->span().isValid() ? expr->span() : fn.span,
              "in '" + fn.name() + "': tensor " +
                  (var ? "'" + var->name.str() + "' " : std::string()) +
                  "does not name a parameter or a tensor created in this "
                  "function");
  stmtFailed = true;
  return "";
}

void OrchestrationEmitter::emitStmt(const Stmt *stmt) {
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
    return;  // results are parameters the tasks wrote in place
  case StmtKind::Scope: {
    auto *scope = llvm::cast<ScopeStmt>(stmt);
    if (scope->scopeKind() != ScopeKind::Runtime) {
      report(stmt, "a " + scopeKindName(scope->scopeKind()) +
                       " scope was left in an orchestration body; it must be "
                       "outlined before code generation");
      return;
    }
    line(scope->fields.manual ? "PLRT_SCOPE(ScopeMode::MANUAL) {"
                              : "PLRT_SCOPE() {");
    ++indent;
    emitStmt(scope->body);
    --indent;
    line("}");
    return;
  }
  case StmtKind::For:
  case StmtKind::If:
  case StmtKind::Yield:
    report(stmt, "loops and branches in orchestration code are not "
                 "supported by code generation yet");
    return;
  }
}

void OrchestrationEmitter::bindResult(const Var *var, const DispatchView &view,
                                      unsigned index) {
  int param = aliases.aliasedParam(view.callee, index);
  llvm::StringRef tensor;
  if (param >= 0 && static_cast<unsigned>(param) < view.args.size())
    if (auto *arg = llvm::dyn_cast<Var>(stripCasts(view.args[param])))
      tensor = tensors.lookup(arg);
  // A result that is no parameter of the callee has no buffer on the CPU;
  // it is reported if anything uses it (tensorOf).
  tensors[var] = tensor;
}

void OrchestrationEmitter::emitAssign(const Var *var, const Expr *value,
                                      const Stmt *at) {
  DispatchView view = viewDispatch(value);
  if (!view.callee.empty()) {
    emitTask(value, at);
    if (!var)
      return;
    if (llvm::isa<TupleType>(value->type()))
      tupleDefs[var] = value;
    else
      bindResult(var, view, 0);
    return;
  }
  if (auto *get = llvm::dyn_cast<TupleGetItem>(value)) {
    auto *tuple = llvm::dyn_cast<Var>(get->tuple);
    const Expr *def = tuple ? tupleDefs.lookup(tuple) : nullptr;
    if (!def) {
      report(at, "tuple element of a value that is no task result");
      return;
    }
    DispatchView defView = viewDispatch(def);
    // TaskIds need no code: dependencies come from the task graph.
    if (defView.submit && get->index == defView.submit->taskIdIndex())
      return;
    bindResult(var, defView, get->index);
    return;
  }
  if (auto *src = llvm::dyn_cast<Var>(value)) {
    if (!var)
      return;
    if (const llvm::StringRef *tensor = tensors.find(src)) {
      llvm::StringRef name = *tensor;
      tensors[var] = name;
    } else if (const llvm::StringRef *scalar = scalars.find(src)) {
      llvm::StringRef name = *scalar;
      scalars[var] = name;
    }
    return;  // a TaskId copy, or a placeholder: nothing to emit
  }
  if (auto *call = llvm::dyn_cast<Call>(value)) {
    if (call->isOp(OpKind::SystemTaskInvalid))
      return;
    if (call->isOp(OpKind::TensorCreate)) {
      auto *type = llvm::dyn_cast<TensorType>(call->type());
      llvm::StringRef dataType = type ? runtimeDataType(type->dtype) : "";
      if (!type || dataType.empty() || type->rank() > 5) {
        report(at, "tensor.create of a type the runtime cannot hold");
        return;
      }
      if (!var)
        return;
      std::string name = names.unique(var->name);
      int64_t bytes = type->numElements() *
                      std::max<unsigned>(1, dtypeBits(type->dtype) / 8);
      std::string shape = "{";
      for (unsigned i = 0; i != type->rank(); ++i)
        shape += (i ? ", " : "") + formatIntLiteral(type->shape[i]);
      shape += "}";
      line("orch_buffers.emplace_back(new unsigned char[" +
           formatIntLiteral(bytes) + "]());");
      line("const Tensor " + name +
           " = Tensor::contiguous(orch_buffers.back().get(), " +
           dataType.str() + ", " + shape + ");");
      usesBuffers = true;
      tensors[var] = savedNames.save(name);
      return;
    }
    if (call->isOp() && llvm::isa<ShapedType>(call->type())) {
      report(at, "'pl." + opName(call->op) +
                     "' computes on data in orchestration code; move it into "
                     "a kernel (a pl.at(level=pl.Level.CORE_GROUP) scope)");
      return;
    }
  }
  if (!var || !llvm::isa<ScalarType>(var->type()))
    return;
  if (isTaskIdType(var->type()))
    return;
  llvm::StringRef type = cppScalarType(var->type());
  if (type.empty()) {
    report(at, "scalar '" + var->name + "' has no C++ type");
    return;
  }
  std::string init = emit(value);
  std::string name = names.unique(var->name);
  scalars[var] = savedNames.save(name);
  line("const " + type.str() + " " + name + " = " + init + ";");
}

bool OrchestrationEmitter::emitPredicate(unsigned task,
                                         const Expr *predicate,
                                         const Stmt *at) {
  std::optional<LoweredPredicate> pred = lowerPredicate(predicate, diags);
  if (!pred) {
    stmtFailed = true;
    return false;
  }
  std::string tensor = tensorOf(pred->tensor);
  if (tensor.empty())
    return false;
  linef(FMT_COMPILE("CoreTaskPredicate params_t{}_pred;"), task);
  linef(FMT_COMPILE("params_t{}_pred.operand.tensor = &{};"), task, tensor);
  linef(FMT_COMPILE("params_t{}_pred.operand.ndims = {};"), task, pred->indices.size());
  for (unsigned i = 0; i != pred->indices.size(); ++i) {
    const Expr *index = pred->indices[i];
    if (auto *c = llvm::dyn_cast<ConstInt>(stripCasts(index)))
      linef(FMT_COMPILE("params_t{}_pred.operand.indices[{}] = {};"), task, i, c->value);
    else
      linef(FMT_COMPILE("params_t{}_pred.operand.indices[{}] = static_cast<uint32_t>({});"),
            task, i, emit(index));
  }
  linef(FMT_COMPILE("params_t{}_pred.op = PredicateOp::{};"), task,
        sv(runtimePredicateOpName(pred->op)));
  linef(FMT_COMPILE("params_t{}_pred.target = {};"), task,
        formatIntLiteral(pred->target));
  linef(FMT_COMPILE("params_t{0}.set_predicate(params_t{0}_pred);"), task);
  return true;
}

void OrchestrationEmitter::emitTask(const Expr *dispatch, const Stmt *at) {
  DispatchView view = viewDispatch(dispatch);
  Span span = dispatch->span().isValid() ? dispatch->span() : at->span();
  std::optional<DispatchPlan> plan =
      planner.plan(view.callee, view.args, span, diags);
  if (!plan) {
    stmtFailed = true;
    return;
  }
  if (!graph->contains(dispatch)) {
    report(at, "dispatch of '" + view.callee +
                   "' is missing from the task graph; run build-task-graph "
                   "after the last pass that changes dispatches");
    return;
  }
  unsigned n = nextTask++;
  taskNumbers[dispatch] = n;
  // Task n's names: params_t<n>, params_t<n>_deps, task_<n>_outs, ...
  line("");
  if (plan->kernel->name() != view.callee)
    linef(FMT_COMPILE("// Task {}: {} (runs {})"), n, sv(view.callee),
          sv(plan->kernel->name()));
  else
    linef(FMT_COMPILE("// Task {}: {}"), n, sv(view.callee));
  linef(FMT_COMPILE("CoreTaskArgs params_t{};"), n);
  for (const TaskArg &arg : plan->tensors) {
    std::string tensor = tensorOf(arg.value);
    linef(FMT_COMPILE("params_t{}.{}({});"), n, sv(directionCall(arg.direction)), tensor);
  }
  for (const TaskArg &arg : plan->scalars) {
    llvm::StringRef type = cppScalarType(arg.value->type());
    if (type.empty()) {
      report(at, "scalar argument of '" + view.callee + "' has no C++ type");
      continue;
    }
    linef(FMT_COMPILE("params_t{}.add_scalar<{}>({});"), n, sv(type), emit(arg.value));
  }

  const Submit *submit = view.submit;
  if (submit && submit->coreNum)
    linef(FMT_COMPILE("params_t{}.launch_spec.set_block_num({});"), n,
          emit(submit->coreNum));
  if (submit && submit->syncStart)
    linef(FMT_COMPILE("params_t{}.launch_spec.set_require_sync_start(true);"), n);
  if (submit && submit->allowEarlyResolve)
    linef(FMT_COMPILE("params_t{}.set_allow_early_resolve(true);"), n);

  llvm::SmallVector<LoweredDep, 4> deps = graph->lowered(dispatch);
  if (!deps.empty()) {
    linef(FMT_COMPILE("TaskId params_t{}_deps[{}];"), n, deps.size());
    linef(FMT_COMPILE("uint32_t params_t{}_deps_count = 0;"), n);
    for (const LoweredDep &dep : deps) {
      auto it = taskNumbers.find(dep.src);
      if (it == taskNumbers.end()) {
        report(at, "dependency of '" + view.callee +
                       "' on a task that was not emitted before it");
        continue;
      }
      linef(FMT_COMPILE("params_t{0}_deps[params_t{0}_deps_count++] = "
            "task_{1}_outs.task_id();  // {2}"),
            n, it->second, sv(edgeKindName(dep.kind)));
    }
    linef(FMT_COMPILE("params_t{0}.set_dependencies(params_t{0}_deps, "
          "params_t{0}_deps_count);"),
          n);
  }

  if (submit && submit->predicate)
    emitPredicate(n, submit->predicate, at);

  if (plan->cores == (CoreAIC | CoreAIV)) {
    std::string aic = kernelBaseName(*plan->kernel, KernelPart::AIC);
    std::string aiv = kernelBaseName(*plan->kernel, KernelPart::AIV);
    linef(FMT_COMPILE("MixedKernels mixed_{};"), n);
    linef(FMT_COMPILE("mixed_{}.aic = KERNEL_{};"), n, aic);
    linef(FMT_COMPILE("mixed_{}.aiv0 = KERNEL_{};"), n, aiv);
    linef(FMT_COMPILE(
              "TaskOutputTensors task_{0}_outs = rt_submit_task(mixed_{0}, "
              "params_t{0});"),
          n);
  } else {
    std::string base = kernelBaseName(*plan->kernel, KernelPart::Whole);
    linef(
        FMT_COMPILE(
            "TaskOutputTensors task_{0}_outs = {1}(KERNEL_{2}, params_t{0});"),
        n, plan->cores == CoreAIC ? "rt_submit_aic_task" : "rt_submit_aiv_task",
        base);
  }
  // Later tasks name it in their dependency lists; the last ones need not.
  if (!graph->hasDependents(dispatch))
    linef(FMT_COMPILE("(void)task_{}_outs;"), n);
}

bool OrchestrationEmitter::emitFunction() {
  if (!graph) {
    diags.error(fn.span, "orchestration function '" + fn.name() +
                             "' has no task graph; run build-task-graph "
                             "before code generation");
    return false;
  }
  EntrySignature signature = describeEntry(fn);
  fmt::format_to(std::back_inserter(text),
                 "// Orchestration function {0}.\n"
                 "void orch_{0}(const Tensor *orch_tensors, const uint64_t "
                 "*orch_scalars,\n"
                 "    std::vector<std::unique_ptr<unsigned char[]>> "
                 "&orch_buffers) {{\n",
                 sv(fn.name()));
  names.claim("orch_tensors");
  names.claim("orch_scalars");
  names.claim("orch_buffers");
  if (!signature.params.empty())
    line("// External tensors and scalars (parameters, in order).");
  bool usesScalars = false;
  for (const EntryParam &param : signature.params) {
    const Var *var = fn.params[param.paramIndex].var;
    std::string name = names.uniqueGenerated("ext_" + param.name);
    if (param.isTensor) {
      tensors[var] = savedNames.save(name);
      linef(FMT_COMPILE("const Tensor &{} = orch_tensors[{}];"), name,
            param.slot);
    } else {
      usesScalars = true;
      std::string type = cppElementType(param.dtype).str();
      scalars[var] = savedNames.save(name);
      linef(FMT_COMPILE("const {0} {1} = plc_scalar<{0}>(orch_scalars[{2}]);"),
            type, name, param.slot);
    }
  }
  if (!usesScalars)
    line("(void)orch_scalars;");
  emitStmt(fn.body);
  // Whether a tensor is created is known only once the body is written.
  if (!usesBuffers)
    line("(void)orch_buffers;");
  fmt::format_to(std::back_inserter(text), "}}\n\n");
  flush();
  return !stmtFailed && !failed();
}

bool plc::codegen::emitOrchestration(const Program &program,
                                     llvm::raw_ostream &os,
                                     DiagnosticEngine &diags) {
  DispatchPlanner planner(program);
  ReturnAliases aliases(program);
  std::string text;
  text += "// Orchestration of program " + program.name().str() +
          ", generated by plc. Do not edit.\n";
  text += "#include \"plrt/plrt.h\"\n\n"
          "#include <cmath>\n"
          "#include <cstdint>\n"
          "#include <cstring>\n"
          "#include <memory>\n"
          "#include <type_traits>\n"
          "#include <vector>\n\n"
          "using namespace plrt;\n\n"
          "namespace {\n\n";
  text += ExprEmitter::helperPrelude().str();
  text += R"(// A scalar parameter from its 64-bit pattern (integers sign-extended,
// floating values bit-copied), as CoreTaskArgs::add_scalar stores them.
template <typename T> T plc_scalar(uint64_t bits) {
  if constexpr (std::is_integral<T>::value) {
    return static_cast<T>(bits);
  } else {
    T value;
    std::memcpy(&value, &bits, sizeof(T));
    return value;
  }
}

} // namespace

)";
  // Every kernel a task can submit is declared before the first function,
  // so each function is written as it is generated.
  std::vector<KernelRef> kernels = submittableKernels(program, planner);
  if (!kernels.empty()) {
    text += "// Kernels, defined in the kernels file.\n";
    for (auto [fn, part] : kernels)
      text +=
          "extern const KernelDesc KERNEL_" + kernelBaseName(*fn, part) + ";\n";
    text += "\n";
  }
  os << text;
  bool ok = true;
  for (const Function *fn : program.functions)
    if (fn->isOrchestration())
      ok &=
          OrchestrationEmitter(*fn, planner, aliases, os, diags).emitFunction();
  return ok;
}
