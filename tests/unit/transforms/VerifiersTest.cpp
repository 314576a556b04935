//===- VerifiersTest.cpp - Each verifier accepts and rejects --------------===//

#include "TestIR.h"

#include "transforms/Verifiers.h"

using namespace plc;
using namespace plc::test;
using namespace plc::transforms;

namespace {

class VerifiersTest : public IRTest {
protected:
  template <typename Fn> std::vector<std::string> check(Fn verify) {
    llvm::SmallVector<Violation, 4> violations;
    verify(violations);
    std::vector<std::string> messages;
    for (const Violation &v : violations)
      messages.push_back(v.message);
    return messages;
  }
};

TEST_F(VerifiersTest, SSAForm) {
  const Var *x = var("x", tensor());
  const Program *twice = program(
      {fn("main", FunctionType::Opaque, {out_(x)}, {},
          {assign(x, store(full(1), x))})});
  EXPECT_EQ(check([&](auto &v) { verifySSAForm(*twice, v); }),
            std::vector<std::string>{
                "'x' is defined more than once in function 'main'"});

  const Var *i = var("i", scalar()), *ia = var("a", scalar()),
            *r = var("r", scalar());
  const Stmt *noYield = ctx.create<ForStmt>(
      i, c(0), c(2), c(1), ctx.copy(std::vector<const Var *>{ia}),
      ctx.copy(std::vector<const Expr *>{c(0)}), seq({}),
      ctx.copy(std::vector<const Var *>{r}), Span());
  const Program *loop =
      program({fn("main", FunctionType::Opaque, {}, {}, {noYield})});
  EXPECT_EQ(check([&](auto &v) { verifySSAForm(*loop, v); }),
            std::vector<std::string>{
                "a loop with 1 iter args must end its body with a yield of as "
                "many values in function 'main'"});

  const Program *stray = program({fn(
      "main", FunctionType::Opaque, {}, {},
      {ctx.create<YieldStmt>(llvm::ArrayRef<const Expr *>(), Span())})});
  EXPECT_EQ(check([&](auto &v) { verifySSAForm(*stray, v); }),
            std::vector<std::string>{"a yield must end a loop body or an if "
                                     "branch in function 'main'"});
}

// Check scoping: a scope's definitions are visible after it, a loop body's
// are not; calls must name existing functions.
TEST_F(VerifiersTest, UseAfterDef) {
  const Var *x = var("x", tensor()), *y = var("y", tensor()),
            *i = var("i", scalar()), *z = var("z", tensor());
  const Stmt *loop = ctx.create<ForStmt>(
      i, c(0), c(2), c(1), llvm::ArrayRef<const Var *>(),
      llvm::ArrayRef<const Expr *>(), seq({assign(z, store(full(1), x))}),
      llvm::ArrayRef<const Var *>(), Span());
  const Program *p = program({fn(
      "main", FunctionType::Opaque, {out_(x)}, {},
      {at({assign(y, store(full(1), x))}), eval(load(y)), loop, eval(load(z)),
       eval(call("missing", {}, tensor()))})});
  EXPECT_EQ(check([&](auto &v) { verifyUseAfterDef(*p, v); }),
            (std::vector<std::string>{
                "'z' is used but not defined in function 'main'",
                "call of unknown function 'missing' in function 'main'"}));
}

TEST_F(VerifiersTest, ScopesOutlined) {
  const Var *x = var("x", tensor());
  const Program *p = program(
      {fn("main", FunctionType::Opaque, {out_(x)}, {},
          {at({eval(store(full(1), x))}),
           hier(Level::HOST, std::nullopt, {eval(store(full(1), x))}),
           cluster({})})});
  EXPECT_EQ(check([&](auto &v) {
              verifyScopesOutlined(*p, {IRProperty::InCoreOutlined}, v);
            }),
            std::vector<std::string>{
                "an InCore scope is left in Opaque function 'main'"});
  EXPECT_EQ(check([&](auto &v) {
              verifyScopesOutlined(*p,
                                   {IRProperty::HierarchyOutlined,
                                    IRProperty::ClusterOutlined},
                                   v);
            }),
            (std::vector<std::string>{
                "a Hierarchy scope is left in Opaque function 'main'",
                "a Cluster scope is left in function 'main'"}));
}

TEST_F(VerifiersTest, DepsOnSubmitOnly) {
  const Var *x = var("x", tensor()), *t = tidVar("t");
  const Program *p = program({fn(
      "main", FunctionType::Opaque, {out_(x), in(t)}, {},
      {cluster({}, D().deps({t})), at({}, D().deps({x})),
       at({}, D().deps({t}))})});
  EXPECT_EQ(check([&](auto &v) { verifyDepsOnSubmitOnly(*p, v); }),
            (std::vector<std::string>{
                "deps on a Cluster scope, which is not a task in function "
                "'main'",
                "a deps entry of a scope is not a TaskId or an Array of "
                "TaskIds in function 'main'"}));
}

} // namespace
