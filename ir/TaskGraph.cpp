//===- TaskGraph.cpp - Dependency edges between tasks ----------------------===//

#include "ir/TaskGraph.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <fmt/format.h>

#include <algorithm>

using namespace plc::ir;

llvm::StringRef plc::ir::edgeKindName(EdgeKind kind) {
  switch (kind) {
  case EdgeKind::ORDERED: return "ORDERED";
  case EdgeKind::ANTI: return "ANTI";
  case EdgeKind::OUTPUT: return "OUTPUT";
  case EdgeKind::FLOW: return "FLOW";
  }
  llvm_unreachable("unknown edge kind");
}

void TaskGraph::addTask(Task task, llvm::StringRef callee) {
  assert(!info.count(task) && "task registered twice");
  info[task] = TaskInfo{static_cast<unsigned>(order.size()), callee.str()};
  order.push_back(task);
}

unsigned TaskGraph::position(Task task) const {
  auto it = info.find(task);
  assert(it != info.end() && "unknown task");
  return it->second.position;
}

std::string TaskGraph::taskName(Task task) const {
  auto it = info.find(task);
  assert(it != info.end() && "unknown task");
  return fmt::format("{}#{}", it->second.callee, it->second.position);
}

void TaskGraph::add(DependencyEdge edge) {
  assert(contains(edge.src) && contains(edge.dst) && "edge on unknown task");
  edgeList.push_back(edge);
  indexValid = false;
}

/// The edge indices recorded for `task` in `index` (empty when none),
/// without copying them.
static llvm::ArrayRef<unsigned>
edgesOf(const llvm::DenseMap<Task, llvm::SmallVector<unsigned, 4>> &index,
        Task task) {
  auto it = index.find(task);
  if (it == index.end())
    return {};
  return it->second;
}

void TaskGraph::buildIndex() const {
  if (indexValid)
    return;
  incoming.clear();
  outgoing.clear();
  for (unsigned i = 0, e = edgeList.size(); i != e; ++i) {
    outgoing[edgeList[i].src].push_back(i);
    incoming[edgeList[i].dst].push_back(i);
  }
  indexValid = true;
}

bool TaskGraph::remove(DependencyEdge edge) {
  auto newEnd = std::remove(edgeList.begin(), edgeList.end(), edge);
  bool found = newEnd != edgeList.end();
  edgeList.erase(newEnd, edgeList.end());
  indexValid = false;
  return found;
}

llvm::SmallVector<DependencyEdge, 4> TaskGraph::edgesFor(Task task) const {
  buildIndex();
  // Both directions, merged back into insertion order.
  llvm::SmallVector<unsigned, 8> indices;
  for (unsigned i : edgesOf(incoming, task))
    indices.push_back(i);
  for (unsigned i : edgesOf(outgoing, task))
    if (edgeList[i].dst != task)  // a self-edge is already listed
      indices.push_back(i);
  llvm::sort(indices);
  llvm::SmallVector<DependencyEdge, 4> result;
  for (unsigned i : indices)
    result.push_back(edgeList[i]);
  return result;
}

bool TaskGraph::hasDependents(Task task) const {
  buildIndex();
  return !edgesOf(outgoing, task).empty();
}

void TaskGraph::renumber() {
  for (unsigned i = 0, e = order.size(); i != e; ++i)
    info[order[i]].position = i;
}

void TaskGraph::replaceTask(Task oldTask, Task newTask,
                            llvm::StringRef newCallee) {
  replaceWithList(oldTask, llvm::ArrayRef<Task>(newTask),
                  llvm::ArrayRef<llvm::StringRef>(newCallee));
}

void TaskGraph::replaceWithList(Task oldTask, llvm::ArrayRef<Task> newTasks,
                                llvm::ArrayRef<llvm::StringRef> newCallees) {
  assert(contains(oldTask) && "replacing an unknown task");
  assert(newTasks.size() == newCallees.size() && "one callee per new task");
  auto at = llvm::find(order, oldTask);
  unsigned index = at - order.begin();
  order.erase(at);
  info.erase(oldTask);
  for (unsigned i = 0; i != newTasks.size(); ++i) {
    assert(!info.count(newTasks[i]) && "new task already registered");
    order.insert(order.begin() + index + i, newTasks[i]);
    info[newTasks[i]] = TaskInfo{0, newCallees[i].str()};
  }
  renumber();

  std::vector<DependencyEdge> rewritten;
  rewritten.reserve(edgeList.size());
  for (const DependencyEdge &edge : edgeList) {
    if (edge.src != oldTask && edge.dst != oldTask) {
      rewritten.push_back(edge);
      continue;
    }
    for (Task src : edge.src == oldTask ? newTasks : llvm::ArrayRef<Task>(edge.src))
      for (Task dst :
           edge.dst == oldTask ? newTasks : llvm::ArrayRef<Task>(edge.dst))
        if (src != dst)
          rewritten.push_back(DependencyEdge{src, dst, edge.kind});
  }
  edgeList = std::move(rewritten);
  indexValid = false;
}

llvm::SmallVector<LoweredDep, 4> TaskGraph::lowered(Task task) const {
  buildIndex();
  llvm::SmallVector<LoweredDep, 4> result;
  llvm::DenseMap<Task, unsigned> slot;
  for (unsigned i : edgesOf(incoming, task)) {
    const DependencyEdge &edge = edgeList[i];
    auto [it, inserted] = slot.try_emplace(edge.src, result.size());
    if (inserted)
      result.push_back(LoweredDep{edge.src, edge.kind});
    else if (edge.kind > result[it->second].kind)
      result[it->second].kind = edge.kind;
  }
  llvm::sort(result, [&](const LoweredDep &a, const LoweredDep &b) {
    return position(a.src) < position(b.src);
  });
  return result;
}

bool TaskGraph::reaches(Task from, Task to) const {
  buildIndex();
  llvm::SmallVector<Task, 16> stack{from};
  llvm::DenseSet<Task> seen{from};
  while (!stack.empty()) {
    Task task = stack.pop_back_val();
    if (task == to)
      return true;
    for (unsigned i : edgesOf(outgoing, task))
      if (seen.insert(edgeList[i].dst).second)
        stack.push_back(edgeList[i].dst);
  }
  return false;
}

std::string TaskGraph::serialize() const {
  std::string out = "[";
  for (size_t i = 0; i != edgeList.size(); ++i) {
    const DependencyEdge &edge = edgeList[i];
    out += fmt::format("{}{{\"kind\": \"{}\", \"src\": \"{}\", \"dst\": \"{}\"}}",
                       i ? ", " : "", edgeKindName(edge.kind).str(),
                       taskName(edge.src), taskName(edge.dst));
  }
  out += "]";
  return out;
}
