//===- TaskGraphTest.cpp - The DependencyEdge/EdgeKind model ---------------===//

#include "ir/IR.h"

#include <gtest/gtest.h>

#include <vector>

using namespace plc::ir;
using plc::Span;

namespace {

class TaskGraphTest : public ::testing::Test {
protected:
  /// A dispatch of `callee`; the model only needs distinct task identities.
  Task task(llvm::StringRef callee) {
    return ctx.create<Call>(ctx.intern(callee), llvm::ArrayRef<const Expr *>(),
                            ctx.tupleType({}), Span());
  }
  Task add(llvm::StringRef callee) {
    Task t = task(callee);
    graph.addTask(t, callee);
    return t;
  }

  IRContext ctx;
  TaskGraph graph;
};

TEST_F(TaskGraphTest, EdgeKindOrdinalsRankFlowStrongest) {
  EXPECT_EQ(static_cast<int>(EdgeKind::ORDERED), 1);
  EXPECT_EQ(static_cast<int>(EdgeKind::ANTI), 2);
  EXPECT_EQ(static_cast<int>(EdgeKind::OUTPUT), 3);
  EXPECT_EQ(static_cast<int>(EdgeKind::FLOW), 4);
}

TEST_F(TaskGraphTest, ListKeepsInsertionOrderAndDuplicates) {
  Task a = add("a"), b = add("b");
  graph.add({a, b, EdgeKind::ORDERED});
  graph.add({a, b, EdgeKind::FLOW});
  graph.add({a, b, EdgeKind::ORDERED});
  ASSERT_EQ(graph.edges().size(), 3u);
  EXPECT_EQ(graph.edges()[1].kind, EdgeKind::FLOW);
  EXPECT_TRUE(graph.remove({a, b, EdgeKind::ORDERED}));
  ASSERT_EQ(graph.edges().size(), 1u);
  EXPECT_EQ(graph.edges()[0].kind, EdgeKind::FLOW);
  EXPECT_FALSE(graph.remove({b, a, EdgeKind::FLOW}));
}

TEST_F(TaskGraphTest, LoweringMergesByMaximumKindInProgramOrder) {
  Task a = add("a"), b = add("b"), c = add("c");
  graph.add({b, c, EdgeKind::ORDERED});
  graph.add({a, c, EdgeKind::ANTI});
  graph.add({b, c, EdgeKind::OUTPUT});
  graph.add({a, c, EdgeKind::ORDERED});
  llvm::SmallVector<LoweredDep, 4> preds = graph.lowered(c);
  ASSERT_EQ(preds.size(), 2u);
  EXPECT_EQ(preds[0].src, a);
  EXPECT_EQ(preds[0].kind, EdgeKind::ANTI);
  EXPECT_EQ(preds[1].src, b);
  EXPECT_EQ(preds[1].kind, EdgeKind::OUTPUT);
  EXPECT_TRUE(graph.lowered(a).empty());
}

/// A task with many incoming edges: every source once, at its strongest
/// kind, in program order of the sources.
TEST_F(TaskGraphTest, LoweringMergesLongEdgeLists) {
  const unsigned kSources = 40;
  llvm::SmallVector<Task, 40> sources;
  for (unsigned i = 0; i != kSources; ++i)
    sources.push_back(add("s" + std::to_string(i)));
  Task sink = add("sink");
  // Sources in reverse order, each twice: ORDERED, then FLOW for the even
  // ones and ANTI for the odd ones.
  for (unsigned i = kSources; i-- != 0;)
    graph.add({sources[i], sink, EdgeKind::ORDERED});
  for (unsigned i = kSources; i-- != 0;)
    graph.add({sources[i], sink, i % 2 ? EdgeKind::ANTI : EdgeKind::FLOW});
  llvm::SmallVector<LoweredDep, 4> preds = graph.lowered(sink);
  ASSERT_EQ(preds.size(), kSources);
  for (unsigned i = 0; i != kSources; ++i) {
    EXPECT_EQ(preds[i].src, sources[i]);
    EXPECT_EQ(preds[i].kind, i % 2 ? EdgeKind::ANTI : EdgeKind::FLOW);
  }
  EXPECT_EQ(graph.edgesFor(sink).size(), 2 * kSources);
  EXPECT_EQ(graph.edgesFor(sources[7]).size(), 2u);
  EXPECT_TRUE(graph.hasDependents(sources[0]));
  EXPECT_FALSE(graph.hasDependents(sink));
  // A task the graph does not know has no edges.
  EXPECT_TRUE(graph.lowered(task("stranger")).empty());
  EXPECT_FALSE(graph.hasDependents(task("stranger")));
}
TEST_F(TaskGraphTest, EdgesForAndDependents) {
  Task a = add("a"), b = add("b"), c = add("c");
  graph.add({a, c, EdgeKind::FLOW});
  graph.add({a, b, EdgeKind::ORDERED});
  graph.add({b, c, EdgeKind::FLOW});
  graph.add({a, b, EdgeKind::FLOW});
  EXPECT_EQ(graph.edgesFor(b).size(), 3u);
  EXPECT_TRUE(graph.hasDependents(a));
  EXPECT_TRUE(graph.hasDependents(b));
  EXPECT_FALSE(graph.hasDependents(c));  // only a destination
  graph.remove({b, c, EdgeKind::FLOW});
  EXPECT_FALSE(graph.hasDependents(b));  // the index follows the change
}

TEST_F(TaskGraphTest, ReplaceTaskRewritesEveryEdge) {
  Task a = add("a"), b = add("b"), c = add("c");
  graph.add({a, b, EdgeKind::FLOW});
  graph.add({b, c, EdgeKind::ANTI});
  Task b2 = task("b2");
  graph.replaceTask(b, b2, "b2");
  EXPECT_FALSE(graph.contains(b));
  EXPECT_EQ(graph.position(b2), 1u);
  EXPECT_EQ(graph.edges()[0], (DependencyEdge{a, b2, EdgeKind::FLOW}));
  EXPECT_EQ(graph.edges()[1], (DependencyEdge{b2, c, EdgeKind::ANTI}));
}

TEST_F(TaskGraphTest, ReplaceWithListKeepsEveryEdgeOfTheOldTask) {
  Task a = add("a"), b = add("b"), c = add("c");
  graph.add({a, b, EdgeKind::ORDERED});
  graph.add({b, c, EdgeKind::FLOW});
  graph.add({a, c, EdgeKind::OUTPUT});
  Task b0 = task("b0"), b1 = task("b1");
  graph.replaceWithList(b, {b0, b1}, {"b0", "b1"});
  EXPECT_EQ(graph.tasks().size(), 4u);
  EXPECT_EQ(graph.position(b0), 1u);
  EXPECT_EQ(graph.position(b1), 2u);
  EXPECT_EQ(graph.position(c), 3u);
  // Every expansion member keeps the old task's in- and out-edges.
  for (Task member : {b0, b1}) {
    EXPECT_TRUE(graph.reaches(a, member));
    EXPECT_TRUE(graph.reaches(member, c));
    ASSERT_EQ(graph.lowered(member).size(), 1u);
    EXPECT_EQ(graph.lowered(member)[0].kind, EdgeKind::ORDERED);
  }
  llvm::SmallVector<LoweredDep, 4> preds = graph.lowered(c);
  ASSERT_EQ(preds.size(), 3u);
  EXPECT_EQ(preds[0].src, a);
  EXPECT_EQ(preds[1].src, b0);
  EXPECT_EQ(preds[1].kind, EdgeKind::FLOW);
  EXPECT_EQ(preds[2].src, b1);
  // The edge not touching the old task keeps its place, after the rewritten ones.
  ASSERT_EQ(graph.edges().size(), 5u);
  EXPECT_EQ(graph.edges().back(), (DependencyEdge{a, c, EdgeKind::OUTPUT}));
}

TEST_F(TaskGraphTest, EdgesRunForwardUntilOneLeadsBack) {
  Task a = add("a"), b = add("b"), c = add("c");
  EXPECT_TRUE(graph.edgesRunForward()) << "no edges at all";
  graph.add({a, c, EdgeKind::FLOW});
  graph.add({b, c, EdgeKind::ANTI});
  EXPECT_TRUE(graph.edgesRunForward());
  graph.add({c, b, EdgeKind::ORDERED});
  EXPECT_FALSE(graph.edgesRunForward()) << "c comes after b";
  EXPECT_TRUE(graph.remove({c, b, EdgeKind::ORDERED}));
  graph.add({b, b, EdgeKind::ORDERED});
  EXPECT_FALSE(graph.edgesRunForward()) << "a self-edge runs nowhere";
}

// Check that positions stay right whether queries come in order (no table),
// out of order (the table is built), or after tasks added later (the table
// is kept up to date).
TEST_F(TaskGraphTest, PositionsHoldInAndOutOfOrderAndAfterLaterTasks) {
  std::vector<Task> tasks;
  for (int i = 0; i != 8; ++i)
    tasks.push_back(add("t"));
  for (unsigned i = 0; i != tasks.size(); ++i)
    EXPECT_EQ(graph.position(tasks[i]), i);
  for (unsigned i : {6u, 1u, 4u, 0u})
    EXPECT_EQ(graph.position(tasks[i]), i);
  Task late = add("late");
  EXPECT_EQ(graph.position(tasks[3]), 3u);
  EXPECT_EQ(graph.position(late), 8u);
  EXPECT_EQ(graph.position(tasks[2]), 2u);
  EXPECT_FALSE(graph.contains(task("never_added")));
  Task replacement = task("r");
  graph.replaceTask(tasks[5], replacement, "r");
  EXPECT_EQ(graph.position(tasks[7]), 7u);
  EXPECT_EQ(graph.position(replacement), 5u);
  EXPECT_FALSE(graph.contains(tasks[5]));
}

TEST_F(TaskGraphTest, SerializeNamesTasksByCalleeAndPosition) {
  Task a = add("producer"), b = add("clobber");
  graph.add({a, b, EdgeKind::OUTPUT});
  graph.add({a, b, EdgeKind::ORDERED});
  EXPECT_EQ(graph.serialize(),
            "[{\"kind\": \"OUTPUT\", \"src\": \"producer#0\", \"dst\": "
            "\"clobber#1\"}, {\"kind\": \"ORDERED\", \"src\": \"producer#0\", "
            "\"dst\": \"clobber#1\"}]");
  TaskGraph empty;
  EXPECT_EQ(empty.serialize(), "[]");
}

TEST_F(TaskGraphTest, ReachesFollowsPathsNotJustEdges) {
  Task a = add("a"), b = add("b"), c = add("c");
  graph.add({a, b, EdgeKind::FLOW});
  graph.add({b, c, EdgeKind::FLOW});
  EXPECT_TRUE(graph.reaches(a, c));
  EXPECT_FALSE(graph.reaches(c, a));
  // hasEdge is the direct edge only, in its direction.
  EXPECT_TRUE(graph.hasEdge(a, b));
  EXPECT_FALSE(graph.hasEdge(a, c));
  EXPECT_FALSE(graph.hasEdge(b, a));
  graph.add({a, c, EdgeKind::ORDERED});
  EXPECT_TRUE(graph.hasEdge(a, c));
}

} // namespace
