//===- AssertNoInnerDispatchPredicateTest.cpp -----------------------------===//

#include "TestIR.h"

using namespace plc;
using namespace plc::test;

namespace {

class AssertNoInnerDispatchPredicateTest : public IRTest {
protected:
  /// A program whose `wrapper` function (of `type`) submits `k` with a
  /// predicate located at line 3, column 40 of "inner.pl".
  const Program *withInnerPredicate(FunctionType type) {
    Span at = spanAt("# wrapper\n"
                     "def g(self):\n"
                     "    _s = pl.submit(self.k, x, predicate=(rc[0, 0] > 0))\n",
                     "inner.pl", 3, 40);
    const Var *y = var("y", tensor());
    const Function *k = fn("k", FunctionType::InCore, {out_(y)}, {tensor()},
                           {ret({store(full(1), y)})});
    const Var *x = var("x", tensor()), *rc = var("rc", tensor(DType::INT32));
    const Submit *s = submit("k", {x}, {tensor()}, {}, pred(rc, nullptr, nullptr, at));
    const Function *wrapper =
        fn("g", type, {out_(x), in(rc)}, {},
           {assign(var("_s", s->type()), s)});
    const Var *mx = var("x", tensor()), *mrc = var("rc", tensor(DType::INT32));
    const Function *main =
        fn("main", FunctionType::Orchestration, {out_(mx), in(mrc)}, {},
           {eval(call("g", {mx, mrc}, ctx.tupleType({})))});
    return program({k, wrapper, main});
  }

  void expectRejected(FunctionType type, llvm::StringRef typeName) {
    transforms::PipelineResult result;
    EXPECT_EQ(runPasses("assert-no-inner-dispatch-predicate",
                        withInnerPredicate(type), &result),
              nullptr);
    EXPECT_EQ(result, transforms::PipelineResult::InternalError);
    std::string expected = ("inner.pl:3:40: error: internal error: predicate "
                            "on a Submit inside a " +
                            typeName + " function in function 'g'")
                               .str();
    EXPECT_NE(diagnostics().find(expected), std::string::npos)
        << diagnostics();
  }
};

// Check that a predicated Submit inside a Group function is an internal
// error naming the function and the predicate's source location.
TEST_F(AssertNoInnerDispatchPredicateTest, RejectsPredicateInsideGroup) {
  expectRejected(FunctionType::Group, "Group");
}

TEST_F(AssertNoInnerDispatchPredicateTest, RejectsPredicateInsideSpmd) {
  expectRejected(FunctionType::Spmd, "Spmd");
}

// Check that the same Submit inside an Orchestration function is fine.
TEST_F(AssertNoInnerDispatchPredicateTest, AcceptsPredicateOnOuterDispatch) {
  const Program *p = withInnerPredicate(FunctionType::Orchestration);
  EXPECT_EQ(runPasses("assert-no-inner-dispatch-predicate", p), p);
}

// Check that a predicated Hierarchy scope left in an Orchestration function
// (which no outliner processes) is rejected too.
TEST_F(AssertNoInnerDispatchPredicateTest, RejectsPredicateOnHierarchyScope) {
  const Var *x = var("x", tensor()), *g = var("g", tensor(DType::INT32));
  const Program *p = program({fn(
      "main", FunctionType::Orchestration, {out_(x), in(g)}, {},
      {hier(Level::HOST, Role::Orchestrator, {eval(store(full(1), x))},
            D().pred(pred(g)))})});
  transforms::PipelineResult result;
  EXPECT_EQ(runPasses("assert-no-inner-dispatch-predicate", p, &result),
            nullptr);
  EXPECT_EQ(result, transforms::PipelineResult::InternalError);
  EXPECT_NE(diagnostics().find("internal error: predicate on a Hierarchy "
                               "scope in function 'main'"),
            std::string::npos)
      << diagnostics();
}

// Check that a predicated Hierarchy scope nested in an unpredicated one is
// found too: the function is walked because its body holds Hierarchy scopes
// at some depth, not only at the top.
TEST_F(AssertNoInnerDispatchPredicateTest,
       RejectsPredicateOnNestedHierarchyScope) {
  const Var *x = var("x", tensor()), *g = var("g", tensor(DType::INT32));
  const Stmt *inner = hier(Level::HOST, Role::Orchestrator,
                           {eval(store(full(1), x))}, D().pred(pred(g)));
  const Program *p = program(
      {fn("main", FunctionType::Orchestration, {out_(x), in(g)}, {},
          {hier(Level::HOST, Role::Orchestrator, {inner})})});
  EXPECT_EQ(runPasses("assert-no-inner-dispatch-predicate", p), nullptr);
  EXPECT_NE(diagnostics().find("internal error: predicate on a Hierarchy "
                               "scope in function 'main'"),
            std::string::npos)
      << diagnostics();
}

} // namespace
