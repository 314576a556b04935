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

// The shared walk reports, in program order: a statement before and after
// its children, definitions, uses, and loop bodies as regions.
TEST_F(VerifiersTest, SharedWalkOrder) {
  class Recorder final : public VerifierCheck {
  public:
    std::vector<std::string> events;
    void beginFunction(const Function &fn) override {
      events.push_back("fn " + fn.name().str());
    }
    void enterStmt(const Stmt *stmt) override {
      if (!llvm::isa<SeqStmt>(stmt))
        events.push_back(llvm::isa<ForStmt>(stmt) ? "enter for" : "enter");
    }
    void exitStmt(const Stmt *stmt) override {
      if (llvm::isa<ForStmt>(stmt))
        events.push_back("exit for");
    }
    void def(const Var *var) override {
      events.push_back("def " + var->name.str());
    }
    void use(const Var *var) override {
      events.push_back("use " + var->name.str());
    }
    void enterRegion() override { events.push_back("{"); }
    void exitRegion() override { events.push_back("}"); }
    void endProgram() override { events.push_back("end"); }
  };
  const Var *x = var("x", tensor()), *y = var("y", tensor()),
            *i = var("i", scalar());
  const Stmt *loop = ctx.create<ForStmt>(
      i, c(0), c(2), c(1), llvm::ArrayRef<const Var *>(),
      llvm::ArrayRef<const Expr *>(), seq({eval(load(x))}),
      llvm::ArrayRef<const Var *>(), Span());
  const Program *p = program({fn("main", FunctionType::Opaque, {out_(x)}, {},
                                 {assign(y, load(x)), loop})});
  Recorder recorder;
  VerifierCheck *checks[] = {&recorder};
  runVerifierChecks(*p, checks);
  EXPECT_EQ(recorder.events,
            (std::vector<std::string>{"fn main", "def x", "enter", "use x",
                                      "def y", "enter for", "{", "def i",
                                      "enter", "use x", "}", "exit for",
                                      "end"}));
}

// All verifiers on one walk find exactly what each finds on its own.
TEST_F(VerifiersTest, SharedWalkMatchesSeparateRuns) {
  const Var *x = var("x", tensor()), *t = tidVar("t");
  const Program *p = program({fn(
      "main", FunctionType::Opaque, {out_(x), in(t)}, {},
      {assign(x, store(full(1), x)), cluster({}, D().deps({t})),
       at({}, D().deps({x})), eval(call("missing", {}, tensor()))})});
  IRProperties all = {IRProperty::SSAForm, IRProperty::InCoreOutlined,
                      IRProperty::ClusterOutlined};
  std::vector<std::string> separate;
  for (const VerifierInfo &verifier : allVerifiers()) {
    llvm::SmallVector<Violation, 4> violations;
    if (auto check = verifier.create(*p, all, violations)) {
      VerifierCheck *one[] = {check.get()};
      runVerifierChecks(*p, one);
    }
    for (const Violation &v : violations)
      separate.push_back(v.message);
  }
  std::vector<llvm::SmallVector<Violation, 4>> outs(allVerifiers().size());
  std::vector<std::unique_ptr<VerifierCheck>> owned;
  std::vector<VerifierCheck *> checks;
  for (size_t i = 0; i != allVerifiers().size(); ++i)
    if (auto check = allVerifiers()[i].create(*p, all, outs[i])) {
      checks.push_back(check.get());
      owned.push_back(std::move(check));
    }
  runVerifierChecks(*p, checks);
  std::vector<std::string> shared;
  for (const auto &violations : outs)
    for (const Violation &v : violations)
      shared.push_back(v.message);
  EXPECT_EQ(shared, separate);
  EXPECT_GE(shared.size(), 5u);
}

// A cached walk skips a self-contained function that passed before, and
// only under properties that constrain its contents the same way; a
// function with a scope or a call of a function is walked every time, and
// nothing is cached from a walk whose checks failed.
TEST_F(VerifiersTest, CacheSkipsOnlyCleanSelfContainedFunctions) {
  class Names final : public VerifierCheck {
  public:
    std::vector<std::string> walked;
    void beginFunction(const Function &fn) override {
      walked.push_back(fn.name().str());
    }
  };
  const Var *x = var("x", tensor()), *y = var("y", tensor());
  const Function *kernel = fn("kernel", FunctionType::InCore, {out_(x)}, {},
                              {assign(y, store(full(1), x))});
  const Function *caller =
      fn("caller", FunctionType::Opaque, {out_(x)}, {},
         {eval(call("kernel", {x}, tensor()))});
  const Function *scoped = fn("scoped", FunctionType::Opaque, {out_(x)}, {},
                              {at({}, D())});
  const Program *p = program({kernel, caller, scoped});
  auto walk = [&](VerificationCache &cache, IRProperties properties) {
    Names names;
    VerifierCheck *checks[] = {&names};
    cache.begin(properties);
    runVerifierChecks(*p, checks, &cache);
    return names.walked;
  };
  const std::vector<std::string> all = {"kernel", "caller", "scoped"};
  const std::vector<std::string> unsafe = {"caller", "scoped"};
  IRProperties ssa = {IRProperty::SSAForm};
  IRProperties outlined = {IRProperty::SSAForm, IRProperty::InCoreOutlined,
                           IRProperty::ClusterOutlined};

  VerificationCache failed;
  EXPECT_EQ(walk(failed, ssa), all);
  EXPECT_EQ(walk(failed, ssa), all) << "nothing committed, nothing skipped";

  VerificationCache cache;
  EXPECT_EQ(walk(cache, ssa), all);
  cache.commit();
  EXPECT_EQ(walk(cache, ssa), unsafe);
  EXPECT_EQ(walk(cache, outlined), unsafe)
      << "outlining properties hold trivially without scopes";
  EXPECT_EQ(walk(cache, {IRProperty::SSAForm, IRProperty::DefinedBeforeUse}),
            all)
      << "a new property about the contents needs a new look";
}

} // namespace
