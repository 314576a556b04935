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

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

using LocKey = const char *;

LocKey keyOf(Span span) { return span.begin.ptr.getPointer(); }

/// Indexes, while the shared walk runs, the dispatches at the locations the
/// recorded edges name (no others: a program of a hundred thousand scopes
/// would otherwise fill maps as large as itself), then checks every edge.
///
/// The locations are pointers into the source buffer, so they sort in
/// source order: the sites sit in an array sorted by location, and the walk,
/// which meets dispatches mostly in source order, and the final check,
/// which takes the edges in source order, read it nearly front to back. A
/// hash table of the same sites is probed at random, a cache miss per
/// lookup once it outgrows the cache.
class ControlDepsCheck final : public VerifierCheck {
public:
  ControlDepsCheck(const Program &program, Violations &out)
      : program(program), out(out) {
    llvm::ArrayRef<ControlDep> deps = program.fields.controlDeps;
    siteKeys.reserve(2 * deps.size());
    for (const ControlDep &dep : deps) {
      siteKeys.push_back(dep.producer.ptr.getPointer());
      siteKeys.push_back(dep.consumer.ptr.getPointer());
    }
    llvm::sort(siteKeys);
    siteKeys.erase(std::unique(siteKeys.begin(), siteKeys.end()),
                   siteKeys.end());
    sites.resize(siteKeys.size());
  }

  void beginFunction(const Function &fn) override {
    if (const TaskGraph *graph = fn.fields.taskGraph)
      for (Task task : graph->tasks())
        if (Site *site = siteAt(task->span()); site && !site->graph) {
          site->graph = graph;
          site->task = task;
        }
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
      recordConsumer(submit->span(), submit->deps);
  }

  void endProgram() override;

private:
  /// What is known of the dispatch at one location an edge names.
  struct Site {
    /// The first dispatch found there: its deps operands.
    bool hasConsumer = false;
    llvm::ArrayRef<const Expr *> deps;
    /// The task there, once a task graph holds one.
    const TaskGraph *graph = nullptr;
    Task task = nullptr;
  };

  Site *siteAt(Span span) {
    return span.isValid() ? siteAt(keyOf(span)) : nullptr;
  }
  Site *siteAt(LocKey key) {
    auto it = llvm::lower_bound(siteKeys, key);
    if (it == siteKeys.end() || *it != key)
      return nullptr;
    return &sites[it - siteKeys.begin()];
  }

  void recordConsumer(Span span, llvm::ArrayRef<const Expr *> deps) {
    if (Site *site = siteAt(span); site && !site->hasConsumer) {
      site->hasConsumer = true;
      site->deps = deps;
    }
  }

  void indexScope(const ScopeStmt *node) {
    const DispatchAttrs &dispatch = node->dispatch();
    // A synthesized carrier scope shares its parent's location; the
    // outermost scope, visited first, is the dispatch.
    if (node->span().isValid()) {
      recordConsumer(node->span(), dispatch.deps);
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
  /// The locations the edges name, sorted, and what is known there.
  std::vector<LocKey> siteKeys;
  std::vector<Site> sites;
  VarMap<LocKey> producerOfId;
  VarMap<const Submit *> submitOf;
};

void ControlDepsCheck::endProgram() {
  for (const ControlDep &dep : program.fields.controlDeps) {
    LocKey producer = dep.producer.ptr.getPointer();
    const Site &consumer = *siteAt(dep.consumer.ptr.getPointer());
    if (consumer.graph) {
      const Site &source = *siteAt(producer);
      if (source.graph != consumer.graph) {
        lost(dep, "the producer is not in the task graph");
        continue;
      }
      // A direct edge answers almost every query; search paths otherwise.
      if (!consumer.graph->hasEdge(source.task, consumer.task) &&
          !consumer.graph->reaches(source.task, consumer.task))
        lost(dep, "no path from the producer in the task graph");
      continue;
    }
    if (!consumer.hasConsumer) {
      lost(dep, "the consuming dispatch is gone");
      continue;
    }
    bool carried = false;
    for (const Expr *operand : consumer.deps) {
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
