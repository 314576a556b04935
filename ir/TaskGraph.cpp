//===- TaskGraph.cpp - Dependency edges between tasks ----------------------===//

#include "ir/TaskGraph.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/StringSaver.h"

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
  assert(!contains(task) && "task registered twice");
  positions.appended(task, static_cast<unsigned>(order.size()));
  order.push_back(task);
  callees.push_back(llvm::StringSaver(nameStorage).save(callee));
}

unsigned TaskGraph::position(Task task) const {
  int p = positions.find(order, task);
  assert(p >= 0 && "unknown task");
  return static_cast<unsigned>(p);
}

std::string TaskGraph::nameAt(unsigned position) const {
  return fmt::format("{}#{}", callees[position], position);
}

std::string TaskGraph::taskName(Task task) const {
  return nameAt(position(task));
}

void TaskGraph::add(DependencyEdge edge) {
  assert(contains(edge.src) && contains(edge.dst) && "edge on unknown task");
  edgeList.push_back(edge);
  indexValid = false;
}

void TaskGraph::buildIndex() const {
  if (indexValid)
    return;
  // Counting sort of the edge indices by the position of their source
  // (outgoing) and destination (incoming) task.
  size_t numTasks = order.size();
  srcPositions.clear();
  dstPositions.clear();
  srcPositions.reserve(edgeList.size());
  dstPositions.reserve(edgeList.size());
  // Edges are mostly added as their destination is: in program order, from
  // a recent source.
  unsigned dst = 0;
  for (const DependencyEdge &edge : edgeList) {
    dst = static_cast<unsigned>(positions.find(order, edge.dst, dst));
    dstPositions.push_back(dst);
    srcPositions.push_back(static_cast<unsigned>(
        positions.find(order, edge.src, dst ? dst - 1 : 0)));
  }
  auto build = [&](EdgeIndex &index, const std::vector<unsigned> &pos) {
    index.begin.assign(numTasks + 1, 0);
    for (unsigned p : pos)
      ++index.begin[p + 1];
    for (size_t p = 0; p != numTasks; ++p)
      index.begin[p + 1] += index.begin[p];
    index.edges.resize(edgeList.size());
    std::vector<unsigned> next(index.begin.begin(), index.begin.end() - 1);
    for (unsigned i = 0, e = edgeList.size(); i != e; ++i)
      index.edges[next[pos[i]]++] = i;
  };
  build(outgoingIndex, srcPositions);
  build(incomingIndex, dstPositions);
  indexValid = true;
}

llvm::ArrayRef<unsigned> TaskGraph::edgesOf(Task task, bool incoming) const {
  buildIndex();
  int found = positions.find(order, task);
  if (found < 0)
    return {};
  const EdgeIndex &index = incoming ? incomingIndex : outgoingIndex;
  unsigned p = static_cast<unsigned>(found);
  return llvm::ArrayRef<unsigned>(index.edges)
      .slice(index.begin[p], index.begin[p + 1] - index.begin[p]);
}

bool TaskGraph::remove(DependencyEdge edge) {
  auto newEnd = std::remove(edgeList.begin(), edgeList.end(), edge);
  bool found = newEnd != edgeList.end();
  edgeList.erase(newEnd, edgeList.end());
  indexValid = false;
  return found;
}

llvm::SmallVector<DependencyEdge, 4> TaskGraph::edgesFor(Task task) const {
  // Both directions, merged back into insertion order.
  llvm::SmallVector<unsigned, 8> indices;
  for (unsigned i : edgesOf(task, /*incoming=*/true))
    indices.push_back(i);
  for (unsigned i : edgesOf(task, /*incoming=*/false))
    if (edgeList[i].dst != task)  // a self-edge is already listed
      indices.push_back(i);
  llvm::sort(indices);
  llvm::SmallVector<DependencyEdge, 4> result;
  for (unsigned i : indices)
    result.push_back(edgeList[i]);
  return result;
}

bool TaskGraph::hasDependents(Task task) const {
  return !edgesOf(task, /*incoming=*/false).empty();
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
  callees.erase(callees.begin() + index);
  for (unsigned i = 0; i != newTasks.size(); ++i) {
    assert(!llvm::is_contained(order, newTasks[i]) &&
           "new task already registered");
    order.insert(order.begin() + index + i, newTasks[i]);
    callees.insert(callees.begin() + index + i,
                   llvm::StringSaver(nameStorage).save(newCallees[i]));
  }
  positions.forget();

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
  // The incoming edges by source position (which also groups each source's
  // edges together), then one per source with the strongest kind.
  llvm::ArrayRef<unsigned> edges = edgesOf(task, /*incoming=*/true);
  llvm::SmallVector<unsigned, 8> incoming(edges.begin(), edges.end());
  llvm::sort(incoming, [&](unsigned a, unsigned b) {
    return srcPositions[a] < srcPositions[b];
  });
  llvm::SmallVector<LoweredDep, 4> result;
  for (unsigned i : incoming) {
    const DependencyEdge &edge = edgeList[i];
    if (!result.empty() && result.back().src == edge.src)
      result.back().kind = std::max(result.back().kind, edge.kind);
    else
      result.push_back(LoweredDep{edge.src, edge.kind});
  }
  return result;
}

bool TaskGraph::hasEdge(Task src, Task dst) const {
  return llvm::any_of(edgesOf(src, /*incoming=*/false),
                      [&](unsigned i) { return edgeList[i].dst == dst; });
}

bool TaskGraph::edgesRunForward() const {
  buildIndex();
  for (size_t i = 0, e = edgeList.size(); i != e; ++i)
    if (srcPositions[i] >= dstPositions[i])
      return false;
  return true;
}

bool TaskGraph::reaches(Task from, Task to) const {
  llvm::SmallVector<Task, 16> stack{from};
  llvm::DenseSet<Task> seen{from};
  while (!stack.empty()) {
    Task task = stack.pop_back_val();
    if (task == to)
      return true;
    for (unsigned i : edgesOf(task, /*incoming=*/false))
      if (seen.insert(edgeList[i].dst).second)
        stack.push_back(edgeList[i].dst);
  }
  return false;
}

std::string TaskGraph::serialize() const {
  buildIndex();
  std::string out = "[";
  for (size_t i = 0; i != edgeList.size(); ++i) {
    out +=
        fmt::format("{}{{\"kind\": \"{}\", \"src\": \"{}\", \"dst\": \"{}\"}}",
                    i ? ", " : "", edgeKindName(edgeList[i].kind).str(),
                    nameAt(srcPositions[i]), nameAt(dstPositions[i]));
  }
  out += "]";
  return out;
}
