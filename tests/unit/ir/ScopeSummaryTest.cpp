//===- ScopeSummaryTest.cpp - The scope kinds a statement holds ------------===//

#include "Build.h"

#include "gtest/gtest.h"

using namespace plc::ir;
using namespace plc::ir::test;

namespace {

ScopeStmt::Fields scopeOf(ScopeKind kind) {
  ScopeStmt::Fields fields;
  fields.kind = kind;
  return fields;
}

// Check that every statement that holds statements (Seq, For, If, Scope)
// reports the scope kinds nested in it at any depth, and only those.
TEST(ScopeSummaryTest, StatementsReportTheScopeKindsNestedInThem) {
  IRContext ctx;
  Build b(ctx);
  const Var *i = b.var("i", b.index());
  const Stmt *leaf = b.eval(b.i(0));
  const Stmt *spmd = b.scope(scopeOf(ScopeKind::Spmd), b.seq({leaf}));
  const Stmt *cluster = b.scope(scopeOf(ScopeKind::Cluster), b.seq({spmd}));
  const Stmt *loop = b.forRange(i, b.i(0), b.i(4), b.i(1), b.seq({cluster}));
  const Stmt *branch = b.ifElse(b.b(true), b.seq({leaf}), b.seq({loop}));
  const Stmt *body = b.seq({leaf, branch});

  EXPECT_FALSE(leaf->containsScope(ScopeKind::Spmd));
  EXPECT_TRUE(spmd->containsScope(ScopeKind::Spmd));
  EXPECT_FALSE(spmd->containsScope(ScopeKind::Cluster));
  for (const Stmt *outer : {cluster, loop, branch, body}) {
    EXPECT_TRUE(outer->containsScope(ScopeKind::Spmd));
    EXPECT_TRUE(outer->containsScope(ScopeKind::Cluster));
    EXPECT_FALSE(outer->containsScope(ScopeKind::InCore));
    EXPECT_FALSE(outer->containsScope(ScopeKind::Hierarchy));
    EXPECT_FALSE(outer->containsScope(ScopeKind::Runtime));
  }
}

// Check that an If without an else branch counts its then branch alone.
TEST(ScopeSummaryTest, IfWithoutElseCountsItsThenBranch) {
  IRContext ctx;
  Build b(ctx);
  const Stmt *incore =
      b.scope(scopeOf(ScopeKind::InCore), b.seq({b.eval(b.i(0))}));
  const Stmt *branch = b.ifElse(b.b(true), b.seq({incore}), nullptr);
  EXPECT_TRUE(branch->containsScope(ScopeKind::InCore));
  EXPECT_FALSE(branch->containsScope(ScopeKind::Spmd));
}

} // namespace
