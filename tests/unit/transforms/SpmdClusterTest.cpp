//===- SpmdClusterTest.cpp - outline-cluster-scopes on hand-built IR ------===//

#include "TestIR.h"

using namespace plc;
using namespace plc::test;

namespace {

class SpmdClusterTest : public IRTest {};

// Check that a pl.spmd nested in pl.cluster() is unwrapped into the Group
// function (marked spmd_unwrapped) and that core_num and sync_start ride the
// Group's dispatch, a Submit.
TEST_F(SpmdClusterTest, NestedSpmdUnwrappedIntoGroup) {
  const Var *x = var("x", tensor()), *n = var("n", scalar()),
            *x1 = var("x", tensor());
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(x), in(n)}, {tensor()},
      {cluster({spmd(n, {assign(x1, store(full(1), x))}, {},
                     /*syncStart=*/true)}),
       ret({x1})})});

  const Var *px = var("x", tensor()), *gx1 = var("x", tensor());
  const Function *group =
      fn("main_cluster_0", FunctionType::Group, {out_(px)}, {tensor()},
         {assign(gx1, store(full(1), px)), ret({px})},
         /*spmdUnwrapped=*/true);
  const Var *mx = var("x", tensor()), *mn = var("n", scalar());
  const Submit *dispatch =
      submit("main_cluster_0", {mx}, {tensor()}, {}, nullptr, mn, true);
  const Var *s = var("_submit_tmp", dispatch->type());
  const Var *xr = var("x", tensor()), *tid = tidVar("tid");
  const Program *expected = program(
      {group, fn("main", FunctionType::Orchestration, {out_(mx), in(mn)},
                 {tensor()},
                 {assign(s, dispatch), assign(xr, get(s, 0)),
                  assign(tid, get(s, 1)), ret({xr})})});
  EXPECT_IR_EQ(runPasses("outline-cluster-scopes", before), expected);
}

// Check that sync_start rides the dispatch only when true, and that a cluster
// with no pl.spmd becomes a plain Call of a Group function.
TEST_F(SpmdClusterTest, SyncStartOnlyWhenTrueAndPlainCluster) {
  const Var *x = var("x", tensor()), *y = var("y", tensor());
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(x), out_(y)}, {},
      {cluster({spmd(c(8), {eval(store(full(1), x))})}),
       cluster({eval(store(full(2), y))})})});
  const Program *after = runPasses("outline-cluster-scopes", before);
  ASSERT_NE(after, nullptr) << diagnostics();
  const Function *main = after->lookup("main");
  const Submit *submit = nullptr;
  const Call *call = nullptr;
  for (const Stmt *stmt : llvm::cast<SeqStmt>(main->body)->stmts)
    if (const auto *assign = llvm::dyn_cast<AssignStmt>(stmt)) {
      if (const auto *s = llvm::dyn_cast<Submit>(assign->value))
        submit = s;
      if (const auto *c = llvm::dyn_cast<Call>(assign->value))
        if (!c->isOp())
          call = c;
    }
  ASSERT_NE(submit, nullptr);
  EXPECT_FALSE(submit->syncStart);
  ASSERT_NE(submit->coreNum, nullptr);
  EXPECT_EQ(llvm::cast<ConstInt>(submit->coreNum)->value, 8);
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->callee, "main_cluster_1");
  const Function *plain = after->lookup("main_cluster_1");
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->type(), FunctionType::Group);
  EXPECT_FALSE(plain->fields.spmdUnwrapped);
  EXPECT_TRUE(after->lookup("main_cluster_0")->fields.spmdUnwrapped);
}

// Check that a standalone Spmd scope becomes a Spmd function whose launch
// spec rides the dispatch, that a dynamic core_num is an expression over the
// caller's values (renamed like any operand: here, through an earlier scope's
// result), and that `as tid` and a predicate make it carry them.
TEST_F(SpmdClusterTest, StandaloneSpmdLaunchSpecOnDispatch) {
  const Var *x = var("x", tensor()), *g = var("g", tensor(DType::INT32)),
            *n = var("n", scalar());
  const Var *m = var("m", scalar()), *t = tidVar("t"),
            *x1 = var("x", tensor());
  const Program *before = program({fn(
      "main", FunctionType::Opaque, {out_(x), in(g), in(n)}, {tensor()},
      {assign(m, mul(n, c(2))), placeholder(t),
       spmd(m, {assign(x1, store(full(1), x))},
            D().tid(t).pred(pred(g)), /*syncStart=*/true),
       ret({x1})})});

  const Var *px = var("x", tensor()), *sx1 = var("x", tensor());
  const Function *spmdFn =
      fn("main_spmd_0", FunctionType::Spmd, {out_(px)}, {tensor()},
         {assign(sx1, store(full(1), px)), ret({px})});
  const Var *mx = var("x", tensor()), *mg = var("g", tensor(DType::INT32)),
            *mn = var("n", scalar()), *mm = var("m", scalar()),
            *mt = tidVar("t");
  const Submit *dispatch = submit("main_spmd_0", {mx}, {tensor()}, {},
                                  pred(mg), mm, /*syncStart=*/true);
  const Var *s = var("_submit_tmp", dispatch->type());
  const Var *xr = var("x", tensor());
  const Program *expected = program(
      {spmdFn,
       fn("main", FunctionType::Orchestration, {out_(mx), in(mg), in(mn)},
          {tensor()},
          {assign(mm, mul(mn, c(2))), assign(s, dispatch),
           assign(xr, get(s, 0)), assign(mt, get(s, 1)), ret({xr})})});
  EXPECT_IR_EQ(runPasses("outline-cluster-scopes", before), expected);
}

// Check that a cluster-nested pl.spmd carrying a predicate is rejected as an
// internal error (the frontend must have rejected it).
TEST_F(SpmdClusterTest, NestedSpmdWithPredicateIsInternalError) {
  const Var *x = var("x", tensor()), *g = var("g", tensor(DType::INT32));
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(x), in(g)}, {},
      {cluster({spmd(c(2), {eval(store(full(1), x))}, D().pred(pred(g)))})})});
  transforms::PipelineResult result;
  EXPECT_EQ(runPasses("outline-cluster-scopes", before, &result), nullptr);
  EXPECT_EQ(result, transforms::PipelineResult::InternalError);
  EXPECT_NE(diagnostics().find("internal error: a pl.spmd nested in a "
                               "pl.cluster() carries dispatch metadata"),
            std::string::npos)
      << diagnostics();
}

} // namespace
