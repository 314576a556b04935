//===- TaskGraph.h - Dependency edges between tasks -------------*- C++ -*-===//
///
/// \file
/// The scheduling layer of an orchestration function: which task must run
/// before which, and why. It is kept apart from the IR's SSA def-use (which
/// answers "who reads this value"): a task here is one dispatch — a Submit or
/// a Call of a kernel, group or spmd function — and an edge is a first-class
/// DependencyEdge{src, dst, kind} in one insertion-ordered list per function.
///
/// Edge kinds are ordered by strength, FLOW strongest: ORDERED (an explicit
/// `deps=` entry, no data flow), ANTI (write after read), OUTPUT (write after
/// write), FLOW (read after write). The list is not merged: the same pair may
/// appear under several kinds. Lowering to the runtime merges per (src, dst)
/// by the maximum kind (see lowered()).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_TASKGRAPH_H
#define PLC_IR_TASKGRAPH_H

#include "ir/PositionIndex.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"

#include <string>
#include <vector>

namespace plc::ir {

class Expr;

enum class EdgeKind : uint8_t { ORDERED = 1, ANTI = 2, OUTPUT = 3, FLOW = 4 };

llvm::StringRef edgeKindName(EdgeKind kind);

/// A task is the dispatch expression (Submit or function Call) itself.
using Task = const Expr *;

struct DependencyEdge {
  Task src;
  Task dst;
  EdgeKind kind;

  bool operator==(const DependencyEdge &other) const {
    return src == other.src && dst == other.dst && kind == other.kind;
  }
};

/// One predecessor of a task after lowering: merged by maximum kind.
struct LoweredDep {
  Task src;
  EdgeKind kind;
};

class TaskGraph {
public:
  /// Registers a task at the end of program order. Edges may only join
  /// registered tasks.
  void addTask(Task task, llvm::StringRef callee);
  llvm::ArrayRef<Task> tasks() const { return order; }
  bool contains(Task task) const { return positions.find(order, task) >= 0; }
  /// The task's position in program order.
  unsigned position(Task task) const;
  /// `callee#position`, the task's name in serialized output.
  std::string taskName(Task task) const;

  /// Appends an edge (duplicates are kept: the list is not merged).
  void add(DependencyEdge edge);
  /// Removes every occurrence of the edge; returns whether one existed.
  bool remove(DependencyEdge edge);
  /// All edges, in insertion order.
  llvm::ArrayRef<DependencyEdge> edges() const { return edgeList; }
  /// Edges with `task` as source or destination, in insertion order.
  llvm::SmallVector<DependencyEdge, 4> edgesFor(Task task) const;
  /// Whether any task depends on `task`.
  bool hasDependents(Task task) const;

  /// Replaces `oldTask` by `newTask` everywhere (task list and edges).
  void replaceTask(Task oldTask, Task newTask, llvm::StringRef newCallee);
  /// Replaces `oldTask` by an expansion into several tasks, in order. Every
  /// edge of the old task is kept: each edge into it now enters every new
  /// task, each edge out of it now leaves every new task, so no ordering the
  /// old task had is lost whichever member of the expansion needed it.
  void replaceWithList(Task oldTask, llvm::ArrayRef<Task> newTasks,
                       llvm::ArrayRef<llvm::StringRef> newCallees);

  /// The predecessors of `task` for the runtime: one per source with the
  /// maximum kind, in program order of the sources.
  llvm::SmallVector<LoweredDep, 4> lowered(Task task) const;
  /// Whether an edge (of any kind) leads from `src` to `dst`.
  bool hasEdge(Task src, Task dst) const;
  /// Whether every edge leads from an earlier task to a later one in program
  /// order (then the edges cannot close a cycle).
  bool edgesRunForward() const;
  /// Whether a path of edges leads from `from` to `to`.
  bool reaches(Task from, Task to) const;

  /// The edge list as a JSON array of {"kind", "src", "dst"}.
  std::string serialize() const;

private:
  /// `callee#position` of the task at `position`.
  std::string nameAt(unsigned position) const;
  /// Per-task edge indices, rebuilt on the first query after a change so
  /// that queries cost the task's own edges, not the whole list.
  void buildIndex() const;
  /// The edges into (`incoming`) or out of `task`, as indices into the edge
  /// list in insertion order; empty for a task not in the graph.
  llvm::ArrayRef<unsigned> edgesOf(Task task, bool incoming) const;

  /// Edge indices grouped by task position, in insertion order within a
  /// task: the edges of the task at position p are
  /// edges[begin[p]] .. edges[begin[p + 1] - 1].
  struct EdgeIndex {
    std::vector<unsigned> begin;
    std::vector<unsigned> edges;
  };

  std::vector<Task> order;
  /// Each task's callee, by position; saved in `nameStorage`.
  std::vector<llvm::StringRef> callees;
  /// Each task's position in `order`. Queries by task come mostly in
  /// program order, so a graph queried in order never fills a table of
  /// every task. Kept apart from the callees so that its table holds 16-byte
  /// buckets.
  PositionIndex<Task> positions;
  /// The callees' names: a graph of a hundred thousand tasks would otherwise
  /// hold as many heap strings.
  llvm::BumpPtrAllocator nameStorage;
  std::vector<DependencyEdge> edgeList;
  mutable EdgeIndex incomingIndex, outgoingIndex;
  /// The positions of each edge's source and destination, by edge index;
  /// built with the index.
  mutable std::vector<unsigned> srcPositions, dstPositions;
  mutable bool indexValid = false;
};

} // namespace plc::ir

#endif // PLC_IR_TASKGRAPH_H
