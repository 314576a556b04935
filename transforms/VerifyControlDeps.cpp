//===- VerifyControlDeps.cpp - No pass may lose a deps= edge ---------------===//
//
// The control-deps-preserved verifier. The frontend records every explicit
// `deps=` edge as a pair of source locations (producer, consumer). Before the
// task graph exists an edge is carried when the consumer's dispatch (a scope
// or a Submit starting at that location) has a deps operand naming a TaskId
// produced by the dispatch at the producer's location; after it, when the
// graph of the function holding both has a path from producer to consumer.
// An ordering edge carries no data, so nothing else would notice its loss.
//
//===----------------------------------------------------------------------===//

#include "transforms/Verifiers.h"

#include "ir/IR.h"
#include "ir/VarMap.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

using LocKey = const char *;

LocKey keyOf(Span span) { return span.begin.ptr.getPointer(); }

/// Indexes every dispatch of the program by source location while the
/// shared walk runs, then checks every recorded edge.
class ControlDepsCheck final : public VerifierCheck {
public:
  ControlDepsCheck(const Program &program, Violations &out)
      : program(program), out(out) {}

  void beginFunction(const Function &fn) override {
    if (const TaskGraph *graph = fn.fields.taskGraph)
      for (Task task : graph->tasks())
        if (task->span().isValid())
          graphTasks.try_emplace(keyOf(task->span()), GraphTask{graph, task});
  }

  void enterStmt(const Stmt *stmt) override {
    if (const auto *scope = llvm::dyn_cast<ScopeStmt>(stmt))
      indexScope(scope);
    else if (const auto *loop = llvm::dyn_cast<ForStmt>(stmt))
      indexLoop(loop);
  }

  void exitStmt(const Stmt *stmt) override {
    if (const auto *assign = llvm::dyn_cast<AssignStmt>(stmt))
      indexAssign(assign);
  }

  void enterExpr(const Expr *expr) override {
    if (const auto *submit = llvm::dyn_cast<Submit>(expr))
      if (submit->span().isValid())
        consumers.try_emplace(keyOf(submit->span()), Consumer{submit->deps});
  }

  void endProgram() override;

private:
  struct Consumer {
    llvm::ArrayRef<const Expr *> deps;
  };
  struct GraphTask {
    const TaskGraph *graph;
    Task task;
  };

  void indexScope(const ScopeStmt *node) {
    const DispatchAttrs &dispatch = node->dispatch();
    // A synthesized carrier scope shares its parent's location; the
    // outermost scope, visited first, is the dispatch.
    if (node->span().isValid()) {
      consumers.try_emplace(keyOf(node->span()), Consumer{dispatch.deps});
      if (dispatch.taskId)
        producerOfId[dispatch.taskId] = keyOf(node->span());
    }
  }

  void indexAssign(const AssignStmt *node) {
    if (auto *submit = llvm::dyn_cast<Submit>(node->value)) {
      submitOf[node->var] = submit;
      return;
    }
    if (auto *get = llvm::dyn_cast<TupleGetItem>(node->value)) {
      auto *tuple = llvm::dyn_cast<Var>(get->tuple);
      const Submit *submit = tuple ? submitOf.lookup(tuple) : nullptr;
      if (submit && get->index == submit->taskIdIndex() &&
          submit->span().isValid())
        producerOfId[node->var] = keyOf(submit->span());
      return;
    }
    if (auto *var = llvm::dyn_cast<Var>(node->value))
      if (LocKey producer = producerOfId.lookup(var))
        producerOfId[node->var] = producer;
  }

  void indexLoop(const ForStmt *node) {
    for (unsigned i = 0; i != node->iterArgs.size(); ++i)
      if (auto *init = llvm::dyn_cast<Var>(node->inits[i]))
        if (LocKey producer = producerOfId.lookup(init))
          producerOfId[node->iterArgs[i]] = producer;
  }

  void lost(const ControlDep &dep, llvm::StringRef why) {
    out.push_back(Violation{
        Span{dep.consumer, Loc()},
        ("the deps= edge into this task is lost: " + why).str(),
        Span{dep.producer, Loc()}, "the producing task of the edge"});
  }

  const Program &program;
  Violations &out;
  llvm::DenseMap<LocKey, Consumer> consumers;
  VarMap<LocKey> producerOfId;
  llvm::DenseMap<LocKey, GraphTask> graphTasks;
  VarMap<const Submit *> submitOf;
};

void ControlDepsCheck::endProgram() {
  // Direct edges answer almost every query; search paths only otherwise.
  llvm::DenseSet<std::pair<Task, Task>> directEdges;
  for (const Function *fn : program.functions)
    if (const TaskGraph *graph = fn->fields.taskGraph)
      for (const DependencyEdge &edge : graph->edges())
        directEdges.insert({edge.src, edge.dst});

  for (const ControlDep &dep : program.fields.controlDeps) {
    LocKey producer = dep.producer.ptr.getPointer();
    LocKey consumer = dep.consumer.ptr.getPointer();
    auto consumerTask = graphTasks.find(consumer);
    if (consumerTask != graphTasks.end()) {
      auto producerTask = graphTasks.find(producer);
      const TaskGraph *graph = consumerTask->second.graph;
      if (producerTask == graphTasks.end() ||
          producerTask->second.graph != graph) {
        lost(dep, "the producer is not in the task graph");
        continue;
      }
      Task src = producerTask->second.task, dst = consumerTask->second.task;
      if (!directEdges.count({src, dst}) && !graph->reaches(src, dst))
        lost(dep, "no path from the producer in the task graph");
      continue;
    }
    auto found = consumers.find(consumer);
    if (found == consumers.end()) {
      lost(dep, "the consuming dispatch is gone");
      continue;
    }
    bool carried = false;
    for (const Expr *operand : found->second.deps) {
      if (llvm::isa<ArrayType>(operand->type()))
        carried = true;  // arrays are opaque here; the graph checks them
      if (auto *var = llvm::dyn_cast<Var>(operand))
        carried |= producerOfId.lookup(var) == producer;
    }
    if (!carried)
      lost(dep, "no deps operand names the producer's task id");
  }
}

} // namespace

std::unique_ptr<VerifierCheck>
plc::transforms::createControlDepsPreservedCheck(const Program &program,
                                                 Violations &out) {
  if (program.fields.controlDeps.empty())
    return nullptr;
  return std::make_unique<ControlDepsCheck>(program, out);
}
