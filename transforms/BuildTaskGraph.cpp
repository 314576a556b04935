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

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

/// For each function, which parameter (if any) each returned value is: a
/// result that is a store target comes back as the parameter itself, so it
/// names the same tensor as that argument at the call site.
class ReturnAliases {
public:
  explicit ReturnAliases(const Program &program) {
    for (const Function *fn : program.functions)
      functions[fn->name()] = fn;
  }

  /// The parameter index that result `index` of `callee` aliases, or -1.
  int aliasedParam(llvm::StringRef callee, unsigned index) {
    const llvm::SmallVector<int, 2> &aliases = compute(callee);
    return index < aliases.size() ? aliases[index] : -1;
  }

  const Function *lookup(llvm::StringRef callee) const {
    return functions.lookup(callee);
  }

private:
  const llvm::SmallVector<int, 2> &compute(llvm::StringRef callee);

  llvm::StringMap<const Function *> functions;
  llvm::StringMap<llvm::SmallVector<int, 2>> cache;
  llvm::StringSet<> inProgress;
};

/// The tensor a Var names inside one function body: a parameter index, or
/// -1 when the Var holds a tensor created inside the function.
class ParamRoots : public IRVisitor {
public:
  ParamRoots(const Function &fn, ReturnAliases &aliases) : aliases(aliases) {
    for (unsigned i = 0; i != fn.params.size(); ++i)
      root[fn.params[i].var] = i;
  }

  int rootOf(const Expr *expr) const {
    if (auto *var = llvm::dyn_cast<Var>(expr)) {
      auto it = root.find(var);
      return it == root.end() ? -1 : it->second;
    }
    return -1;
  }

  void visitAssignStmt(const AssignStmt *node) override {
    if (llvm::isa<Submit>(node->value) || llvm::isa<Call>(node->value))
      tupleDefs[node->var] = node->value;
    root[node->var] = valueRoot(node->value);
  }

  void visitForStmt(const ForStmt *node) override {
    for (unsigned i = 0; i != node->iterArgs.size(); ++i) {
      root[node->iterArgs[i]] = rootOf(node->inits[i]);
      root[node->results[i]] = rootOf(node->inits[i]);
    }
    visit(node->body);
  }

  llvm::DenseMap<const Var *, int> root;
  llvm::DenseMap<const Var *, const Expr *> tupleDefs;

private:
  int valueRoot(const Expr *value) {
    if (auto *call = llvm::dyn_cast<Call>(value)) {
      if (call->isOp(OpKind::TileStore) && call->args.size() == 3)
        return rootOf(call->args[2]);
      if (!call->isOp())
        return callResultRoot(call->callee, call->args, 0);
      return -1;
    }
    if (auto *get = llvm::dyn_cast<TupleGetItem>(value)) {
      auto *tuple = llvm::dyn_cast<Var>(get->tuple);
      const Expr *def = tuple ? tupleDefs.lookup(tuple) : nullptr;
      if (auto *submit = llvm::dyn_cast_or_null<Submit>(def))
        return callResultRoot(submit->callee, submit->args, get->index);
      if (auto *call = llvm::dyn_cast_or_null<Call>(def))
        if (!call->isOp())
          return callResultRoot(call->callee, call->args, get->index);
      return -1;
    }
    return rootOf(value);
  }

  int callResultRoot(llvm::StringRef callee, llvm::ArrayRef<const Expr *> args,
                     unsigned index) {
    int param = aliases.aliasedParam(callee, index);
    if (param < 0 || static_cast<unsigned>(param) >= args.size())
      return -1;
    return rootOf(args[param]);
  }

  ReturnAliases &aliases;
};

const llvm::SmallVector<int, 2> &ReturnAliases::compute(llvm::StringRef callee) {
  auto cached = cache.find(callee);
  if (cached != cache.end())
    return cached->second;
  llvm::SmallVector<int, 2> result;
  const Function *fn = functions.lookup(callee);
  // Recursion cannot be outlined from scopes; guard against it anyway.
  if (fn && inProgress.insert(callee).second) {
    ParamRoots roots(*fn, *this);
    roots.visitFunction(fn);
    // The returned values are those of the function's Return statements.
    struct ReturnFinder : IRVisitor {
      const ReturnStmt *found = nullptr;
      void visitReturnStmt(const ReturnStmt *node) override { found = node; }
    } finder;
    finder.visit(fn->body);
    if (finder.found)
      for (const Expr *value : finder.found->values)
        result.push_back(roots.rootOf(value));
    inProgress.erase(callee);
  }
  return cache[callee] = std::move(result);
}

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
      if (auto *call = llvm::dyn_cast<Call>(value))
        if (!llvm::isa<TupleType>(call->type()))
          bindResult(node->var, call, call->callee, call->args, 0);
      return;
    }
    if (auto *get = llvm::dyn_cast<TupleGetItem>(value)) {
      auto *tuple = llvm::dyn_cast<Var>(get->tuple);
      if (Task task = tuple ? tupleDefs.lookup(tuple) : nullptr) {
        if (auto *submit = llvm::dyn_cast<Submit>(task)) {
          if (get->index == submit->taskIdIndex()) {
            taskOfId[node->var] = task;
            return;
          }
          bindResult(node->var, task, submit->callee, submit->args,
                     get->index);
          return;
        }
        auto *call = llvm::cast<Call>(task);
        bindResult(node->var, task, call->callee, call->args, get->index);
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
    tensorRoot.try_emplace(node->var, node->var);
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
  void bindResult(const Var *var, Task task, llvm::StringRef callee,
                  llvm::ArrayRef<const Expr *> args, unsigned index) {
    int param = aliases.aliasedParam(callee, index);
    if (param >= 0 && static_cast<unsigned>(param) < args.size())
      if (auto *argVar = llvm::dyn_cast<Var>(args[param]))
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
    llvm::StringRef callee;
    llvm::ArrayRef<const Expr *> args, deps;
    const Expr *predicate = nullptr;
    if (auto *submit = llvm::dyn_cast<Submit>(task)) {
      callee = submit->callee;
      args = submit->args;
      deps = submit->deps;
      predicate = submit->predicate;
    } else {
      auto *call = llvm::cast<Call>(task);
      callee = call->callee;
      args = call->args;
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

  llvm::DenseMap<const Var *, const Var *> tensorRoot;
  llvm::DenseMap<const Var *, Task> tupleDefs;
  llvm::DenseMap<const Var *, Task> taskOfId;
  llvm::DenseSet<const Var *> graphInputs;
  llvm::DenseMap<const Var *, TensorState> states;
};

} // namespace

/// Reports a cycle among the graph's edges, if any (Kahn's algorithm).
static bool reportCycle(const TaskGraph &graph, DiagnosticEngine &diags) {
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
