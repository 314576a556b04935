//===- BuildTaskGraph.cpp - The dependency edges between tasks -------------===//
//
// Requires: outlined IR (scopes-outlined), in SSA form, deps only on Submits.
// Guarantees: every Orchestration function carries a TaskGraph holding one
// task per dispatch (Submit, or Call of a kernel/group/spmd function) in
// program order and the edges between them: ORDERED for every `deps=` entry
// (except on a graph input, a TaskId parameter, which is dropped); FLOW,
// ANTI and OUTPUT from the callees' parameter directions on the same tensor,
// tracking per tensor the last writer and the readers since it (as OpenMP
// `depend` does), so no redundant chains; FLOW from the last writer of a
// predicate's tensor to the predicated task. Inside a manual runtime scope
// only the explicit edges and the predicate's FLOW edge are added. The
// program is stamped has_control_deps iff at least one explicit edge was
// kept. A task that depends on itself, or a cycle, is a user error.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "ir/IR.h"
#include "ir/ReturnAliases.h"
#include "ir/VarMap.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

/// What the last tasks did to one tensor.
struct TensorState {
  Task lastWriter = nullptr;
  llvm::SmallVector<Task, 4> readersSinceWrite;
};

/// Builds the graph of one orchestration function.
class GraphBuilder : public IRVisitor {
public:
  GraphBuilder(const Function &fn, ReturnAliases &aliases, TaskGraph &graph,
               DiagnosticEngine &diags)
      : aliases(aliases), graph(graph), diags(diags) {
    for (const Param &param : fn.params) {
      tensorRoot[param.var] = param.var;
      if (isTaskIdType(param.var->type()) ||
          llvm::isa<ArrayType>(param.var->type()))
        graphInputs.insert(param.var);
    }
  }

  unsigned explicitEdges = 0;
  bool failed = false;

  void visitScopeStmt(const ScopeStmt *node) override {
    bool wasManual = manual;
    if (node->scopeKind() == ScopeKind::Runtime && node->fields.manual)
      manual = true;
    IRVisitor::visitScopeStmt(node);
    manual = wasManual;
  }

  void visitAssignStmt(const AssignStmt *node) override {
    const Expr *value = node->value;
    if (isTask(value)) {
      addTask(value);
      tupleDefs[node->var] = value;
      // A single-result Call binds its result directly.
      if (!llvm::isa<TupleType>(value->type()))
        bindResult(node->var, value, 0);
      return;
    }
    if (auto *get = llvm::dyn_cast<TupleGetItem>(value)) {
      auto *tuple = llvm::dyn_cast<Var>(get->tuple);
      if (Task task = tuple ? tupleDefs.lookup(tuple) : nullptr) {
        auto *submit = llvm::dyn_cast<Submit>(task);
        if (submit && get->index == submit->taskIdIndex())
          taskOfId[node->var] = task;
        else
          bindResult(node->var, task, get->index);
        return;
      }
    }
    if (auto *var = llvm::dyn_cast<Var>(value)) {
      // Plain aliases keep naming the same tensor or task.
      if (const Var *root = tensorRoot.lookup(var))
        tensorRoot[node->var] = root;
      if (Task task = taskOfId.lookup(var))
        taskOfId[node->var] = task;
      if (graphInputs.count(var))
        graphInputs.insert(node->var);
    }
    tensorRoot.insert(node->var, node->var);
  }

  void visitEvalStmt(const EvalStmt *node) override {
    if (isTask(node->expr))
      addTask(node->expr);
  }

  void visitForStmt(const ForStmt *node) override {
    for (unsigned i = 0; i != node->iterArgs.size(); ++i)
      alias(node->iterArgs[i], node->inits[i]);
    visit(node->body);
    for (unsigned i = 0; i != node->results.size(); ++i)
      alias(node->results[i], node->inits[i]);
  }

private:
  bool isTask(const Expr *expr) const {
    if (llvm::isa<Submit>(expr))
      return true;
    auto *call = llvm::dyn_cast<Call>(expr);
    if (!call || call->isOp())
      return false;
    const Function *callee = aliases.lookup(call->callee);
    return callee && callee->type() != FunctionType::Orchestration &&
           callee->type() != FunctionType::Opaque;
  }

  void alias(const Var *var, const Expr *init) {
    auto *initVar = llvm::dyn_cast<Var>(init);
    if (!initVar)
      return;
    if (const Var *root = tensorRoot.lookup(initVar))
      tensorRoot[var] = root;
    if (Task task = taskOfId.lookup(initVar))
      taskOfId[var] = task;
    if (graphInputs.count(initVar))
      graphInputs.insert(var);
  }

  /// Result `index` of `task` was bound to `var`: it names the argument's
  /// tensor when the callee returns that parameter, else a fresh tensor.
  void bindResult(const Var *var, Task task, unsigned index) {
    DispatchView view = viewDispatch(task);
    int param = aliases.aliasedParam(view.callee, index);
    if (param >= 0 && static_cast<unsigned>(param) < view.args.size())
      if (auto *argVar = llvm::dyn_cast<Var>(view.args[param]))
        if (const Var *root = tensorRoot.lookup(argVar)) {
          tensorRoot[var] = root;
          return;
        }
    tensorRoot[var] = var;
    // The task created this tensor: it is its first writer.
    states[var].lastWriter = task;
  }

  const Var *rootOf(const Expr *expr) const {
    auto *var = llvm::dyn_cast<Var>(expr);
    return var ? tensorRoot.lookup(var) : nullptr;
  }

  void edge(Task src, Task dst, EdgeKind kind) {
    if (src && src != dst)
      graph.add(DependencyEdge{src, dst, kind});
  }

  void read(const Var *root, Task task, bool inferEdges) {
    TensorState &state = states[root];
    if (inferEdges)
      edge(state.lastWriter, task, EdgeKind::FLOW);
    // All reads of one task happen while it is being added, so a repeated
    // read of the same tensor finds the task at the back: O(1), not a scan.
    if (state.readersSinceWrite.empty() ||
        state.readersSinceWrite.back() != task)
      state.readersSinceWrite.push_back(task);
  }

  void write(const Var *root, Task task, bool inferEdges) {
    TensorState &state = states[root];
    if (inferEdges) {
      bool orderedAfterReaders = false;
      for (Task reader : state.readersSinceWrite)
        if (reader != task) {
          edge(reader, task, EdgeKind::ANTI);
          orderedAfterReaders = true;
        }
      // Readers since the last write already follow it; only without them
      // does this write need its own edge from the previous writer.
      if (!orderedAfterReaders)
        edge(state.lastWriter, task, EdgeKind::OUTPUT);
    }
    state.lastWriter = task;
    state.readersSinceWrite.clear();
  }

  /// The tensor operand of a predicate `t[i...] OP c` (or the mirror).
  static const Expr *predicateTensor(const Expr *predicate) {
    auto *cmp = llvm::dyn_cast<Binary>(predicate);
    if (!cmp)
      return nullptr;
    for (const Expr *side : {cmp->lhs, cmp->rhs}) {
      while (auto *cast = llvm::dyn_cast<Cast>(side))
        side = cast->operand;
      if (auto *call = llvm::dyn_cast<Call>(side))
        if (call->isOp(OpKind::TensorRead) && !call->args.empty())
          return call->args[0];
    }
    return nullptr;
  }

  void addTask(Task task) {
    DispatchView view = viewDispatch(task);
    llvm::StringRef callee = view.callee;
    llvm::ArrayRef<const Expr *> args = view.args, deps;
    const Expr *predicate = nullptr;
    if (view.submit) {
      deps = view.submit->deps;
      predicate = view.submit->predicate;
    }
    graph.addTask(task, callee);

    for (const Expr *dep : deps) {
      auto *var = llvm::dyn_cast<Var>(dep);
      if (!var || graphInputs.count(var))
        continue;  // a graph input is ready before any task runs
      Task producer = taskOfId.lookup(var);
      if (producer == task) {
        diags.error(dep->span().isValid() ? dep->span() : task->span(),
                    "task depends on itself through deps=");
        failed = true;
        continue;
      }
      if (!producer)
        continue;
      edge(producer, task, EdgeKind::ORDERED);
      ++explicitEdges;
    }

    bool inferEdges = !manual;
    // The predicate reads its tensor just before dispatch, even in a manual
    // scope: nothing else orders that read after the producer's write.
    if (const Expr *tensor = predicate ? predicateTensor(predicate) : nullptr)
      if (const Var *root = rootOf(tensor))
        read(root, task, /*inferEdges=*/true);

    const Function *calleeFn = aliases.lookup(callee);
    for (unsigned i = 0; i != args.size(); ++i) {
      const Var *root = rootOf(args[i]);
      if (!root || !llvm::isa<ShapedType>(args[i]->type()))
        continue;
      ParamDirection dir = ParamDirection::In;
      if (calleeFn && i < calleeFn->params.size())
        dir = calleeFn->params[i].direction;
      if (dir != ParamDirection::Out)
        read(root, task, inferEdges);
      if (dir != ParamDirection::In)
        write(root, task, inferEdges);
    }
  }

  ReturnAliases &aliases;
  TaskGraph &graph;
  DiagnosticEngine &diags;
  bool manual = false;

  VarMap<const Var *> tensorRoot;
  VarMap<Task> tupleDefs;
  VarMap<Task> taskOfId;
  VarSet graphInputs;
  llvm::DenseMap<const Var *, TensorState> states;
};

} // namespace

/// Reports a cycle among the graph's edges, if any. Edges that all run
/// forward in program order (as `deps=` in SSA form and inferred edges do)
/// cannot close one; otherwise Kahn's algorithm finds the tasks on or after
/// a cycle.
static bool reportCycle(const TaskGraph &graph, DiagnosticEngine &diags) {
  if (graph.edgesRunForward())
    return false;
  llvm::DenseMap<Task, unsigned> indegree;
  llvm::DenseMap<Task, llvm::SmallVector<Task, 2>> successors;
  for (Task task : graph.tasks())
    indegree[task] = 0;
  for (const DependencyEdge &edge : graph.edges()) {
    successors[edge.src].push_back(edge.dst);
    ++indegree[edge.dst];
  }
  llvm::SmallVector<Task, 16> ready;
  for (Task task : graph.tasks())
    if (indegree[task] == 0)
      ready.push_back(task);
  unsigned visited = 0;
  while (!ready.empty()) {
    Task task = ready.pop_back_val();
    ++visited;
    for (Task next : successors.lookup(task))
      if (--indegree[next] == 0)
        ready.push_back(next);
  }
  if (visited == graph.tasks().size())
    return false;
  // Every task left with a positive in-degree lies on or after a cycle.
  llvm::SmallVector<Task, 4> stuck;
  for (Task task : graph.tasks())
    if (indegree[task] != 0)
      stuck.push_back(task);
  InFlightDiagnostic diag =
      diags.error(stuck.front()->span(), "cycle in the task dependencies");
  for (Task task : llvm::drop_begin(stuck))
    diag.note("task '" + graph.taskName(task) + "' is on the cycle",
              task->span());
  return true;
}

const Program *plc::transforms::buildTaskGraphs(IRContext &ctx, const Program &program,
                                    DiagnosticEngine &diags) {
  ReturnAliases aliases(program);
  llvm::SmallVector<const Function *, 8> functions;
  unsigned explicitEdges = 0;
  bool failed = false;
  for (const Function *fn : program.functions) {
    if (!fn->isOrchestration()) {
      functions.push_back(fn);
      continue;
    }
    TaskGraph *graph = ctx.createTaskGraph();
    GraphBuilder builder(*fn, aliases, *graph, diags);
    builder.visitFunction(fn);
    failed |= builder.failed;
    explicitEdges += builder.explicitEdges;
    if (!builder.failed)
      failed |= reportCycle(*graph, diags);
    Function::Fields fields = fn->fields;
    fields.taskGraph = graph;
    functions.push_back(ctx.create<Function>(fields, fn->params,
                                             fn->returnTypes, fn->body,
                                             fn->span));
  }
  if (failed)
    return nullptr;
  Program::Fields fields = program.fields;
  fields.hasControlDeps = explicitEdges != 0;
  return ctx.create<Program>(fields, ctx.copy(functions));
}

namespace {
class BuildTaskGraphPass : public Pass {
public:
  llvm::StringRef name() const override { return "build-task-graph"; }
  IRProperties required() const override {
    return {IRProperty::SSAForm, IRProperty::HierarchyOutlined,
            IRProperty::InCoreOutlined, IRProperty::ClusterOutlined};
  }
  const Program *run(const Program &program, PassContext &pc) override {
    return buildTaskGraphs(pc.ir, program, pc.diags);
  }
};
} // namespace

std::unique_ptr<Pass> plc::transforms::createBuildTaskGraphPass() {
  return std::make_unique<BuildTaskGraphPass>();
}
