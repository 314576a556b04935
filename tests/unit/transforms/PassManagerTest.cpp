//===- PassManagerTest.cpp - Pipelines, verification, instrumentation -----===//

#include "TestIR.h"

#include "transforms/Passes.h"

using namespace plc;
using namespace plc::test;
using namespace plc::transforms;

namespace {

class PassManagerTest : public IRTest {
protected:
  /// main(x: Out) reassigns x in a scope (not SSA).
  const Program *nonSSA() {
    const Var *x = var("x", tensor());
    return program(
        {fn("main", FunctionType::Orchestration, {out_(x)}, {tensor()},
            {assign(x, store(full(1), x)), at({assign(x, store(full(2), x))}),
             ret({x})})});
  }
};

/// A pass that breaks the program the way PR #2151's outliner did: a
/// Submit predicate over a Var that is defined nowhere in the function.
class DanglingPredicatePass : public Pass {
public:
  explicit DanglingPredicatePass(const Var *dangling) : dangling(dangling) {}
  llvm::StringRef name() const override { return "dangle"; }
  const Program *run(const Program &program, PassContext &pc) override {
    IRContext &ctx = pc.ir;
    const Function *main = program.lookup("main");
    const Expr *read = ctx.create<Call>(
        OpKind::TensorRead,
        ctx.copy(std::vector<const Expr *>{dangling}), llvm::ArrayRef<Kwarg>(),
        ctx.scalarType(DType::INT32), Span());
    const Expr *pred = ctx.create<Binary>(BinaryOp::Gt, read, ctx.constInt(0),
                                          ctx.scalarType(DType::BOOL), Span());
    const Type *tupleType = ctx.tupleType({ctx.taskIdType()});
    const Expr *s = ctx.create<Submit>("main", llvm::ArrayRef<const Expr *>(),
                                       llvm::ArrayRef<const Expr *>(), nullptr,
                                       false, false, pred, tupleType, Span());
    const Stmt *body = ctx.create<SeqStmt>(
        ctx.copy(std::vector<const Stmt *>{
            ctx.create<AssignStmt>(ctx.newVar("_s", tupleType), s, Span())}),
        Span());
    const Function *broken = ctx.create<Function>(
        main->fields, llvm::ArrayRef<Param>(), llvm::ArrayRef<const Type *>(),
        body, Span());
    return ctx.create<Program>(program.fields,
                               ctx.copy(std::vector<const Function *>{broken}));
  }

private:
  const Var *dangling;
};

TEST_F(PassManagerTest, DefaultPipelineInOrder) {
  PassManager pm(ctx, diags);
  ASSERT_TRUE(pm.parsePipeline("default"));
  EXPECT_EQ(pm.passNames(),
            (std::vector<std::string>{
                "convert-to-ssa", "simplify", "outline-hierarchy-scopes",
                "outline-incore-scopes", "outline-cluster-scopes",
                "assert-no-inner-dispatch-predicate", "build-task-graph"}));
}

TEST_F(PassManagerTest, CommaListWithDefault) {
  PassManager pm(ctx, diags);
  ASSERT_TRUE(pm.parsePipeline("convert-to-ssa, simplify,default"));
  std::vector<std::string> names = pm.passNames();
  ASSERT_EQ(names.size(), 9u);
  EXPECT_EQ(names[1], "simplify");
  EXPECT_EQ(names[2], "convert-to-ssa");
}

// Check that an unknown name is an error listing the known passes, and that
// nothing of the pipeline is added.
TEST_F(PassManagerTest, UnknownPassIsReported) {
  PassManager pm(ctx, diags);
  EXPECT_FALSE(pm.parsePipeline("convert-to-ssa,bogus"));
  EXPECT_TRUE(pm.passNames().empty());
  std::string text = diagnostics();
  EXPECT_NE(text.find("error: unknown pass 'bogus' in pipeline "
                      "'convert-to-ssa,bogus'"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("note: known passes: default, convert-to-ssa, simplify"),
            std::string::npos)
      << text;
  EXPECT_FALSE(pm.parsePipeline("convert-to-ssa,,simplify"));
}

// Check that a pass whose requirement does not hold on the input is refused
// with a hint naming the pass that establishes it, and that an input already
// in SSA form satisfies the requirement without convert-to-ssa.
TEST_F(PassManagerTest, RequirementsAreChecked) {
  PipelineResult result;
  EXPECT_EQ(runPasses("simplify", nonSSA(), &result), nullptr);
  EXPECT_EQ(result, PipelineResult::InputError);
  std::string text = diagnostics();
  EXPECT_NE(text.find("pass 'simplify' requires ssa-form, which does not "
                      "hold: 'x' is defined more than once in function "
                      "'main'"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("note: run 'convert-to-ssa' before 'simplify'"),
            std::string::npos)
      << text;

  const Program *ssa = runPasses("convert-to-ssa", nonSSA());
  ASSERT_NE(ssa, nullptr);
  EXPECT_NE(runPasses("simplify,outline-incore-scopes", ssa), nullptr)
      << diagnostics();
}

// Check that --verify-each turns a pass that leaves a dangling Var into an
// internal error naming the pass and the verifier, and that without it the
// one verification of the pipeline's output still catches it.
TEST_F(PassManagerTest, VerifyEachCatchesDanglingVar) {
  const Var *dangling = var("rc", tensor(DType::INT32));
  {
    PassManager pm(ctx, diags);
    ASSERT_TRUE(pm.parsePipeline("convert-to-ssa"));
    pm.addPass(std::make_unique<DanglingPredicatePass>(dangling));
    const Program *p = nonSSA();
    EXPECT_EQ(pm.run(p), PipelineResult::InternalError);
    EXPECT_NE(diagnostics().find("error: internal error: verifier "
                                 "'use-after-def' failed after pass 'dangle': "
                                 "'rc' is used but not defined in function "
                                 "'main'"),
              std::string::npos)
        << diagnostics();
  }
  {
    PassManager pm(ctx, diags);
    ASSERT_TRUE(pm.parsePipeline("convert-to-ssa"));
    pm.addPass(std::make_unique<DanglingPredicatePass>(dangling));
    pm.setVerifyEach(false);
    const Program *p = nonSSA();
    EXPECT_EQ(pm.run(p), PipelineResult::InternalError);
    EXPECT_NE(diagnostics().find("error: internal error: verifier "
                                 "'use-after-def' failed on the output of the "
                                 "pipeline (last pass 'dangle'): 'rc' is used "
                                 "but not defined in function 'main'"),
              std::string::npos)
        << diagnostics();
    EXPECT_NE(diagnostics().find("note: rerun with --verify-each to find the "
                                 "pass that broke it"),
              std::string::npos)
        << diagnostics();
  }
}

// Check --print-ir-after=<pass>, --print-ir-after-all, an unknown name, and
// the timing report.
TEST_F(PassManagerTest, InstrumentationPrintsAndTimes) {
  std::string printed;
  llvm::raw_string_ostream os(printed);
  {
    PassManager pm(ctx, diags);
    ASSERT_TRUE(pm.parsePipeline("convert-to-ssa,simplify"));
    ASSERT_TRUE(pm.enableIRPrinting(printProgram, os, /*all=*/false,
                                    {"convert-to-ssa"}));
    const Program *p = nonSSA();
    ASSERT_EQ(pm.run(p), PipelineResult::Success);
    os.flush();
    EXPECT_NE(printed.find("# IR after convert-to-ssa\n# pypto.program"),
              std::string::npos)
        << printed;
    EXPECT_EQ(printed.find("# IR after simplify"), std::string::npos);
  }
  printed.clear();
  {
    PassManager pm(ctx, diags);
    ASSERT_TRUE(pm.parsePipeline("convert-to-ssa,simplify"));
    pm.setTiming(true);
    ASSERT_TRUE(pm.enableIRPrinting(printProgram, os, /*all=*/true, {}));
    const Program *p = nonSSA();
    ASSERT_EQ(pm.run(p), PipelineResult::Success);
    os.flush();
    EXPECT_NE(printed.find("# IR after convert-to-ssa"), std::string::npos);
    EXPECT_NE(printed.find("# IR after simplify"), std::string::npos);
    std::string report;
    llvm::raw_string_ostream ros(report);
    pm.printTimingReport(ros);
    ros.flush();
    EXPECT_NE(report.find("Pass execution timing report"), std::string::npos);
    EXPECT_NE(report.find("convert-to-ssa"), std::string::npos);
    EXPECT_NE(report.find("(verify-each)"), std::string::npos);
    EXPECT_NE(report.find("-System-"), std::string::npos);
    ASSERT_EQ(pm.passTimings().size(), 2u);
    EXPECT_EQ(pm.passTimings()[0].name, "convert-to-ssa");
    EXPECT_GE(pm.passTimings()[0].usage.seconds, 0.0);
  }
  PassManager pm(ctx, diags);
  EXPECT_FALSE(pm.enableIRPrinting(printProgram, os, false, {"nope"}));
  EXPECT_NE(diagnostics().find("unknown pass 'nope' in --print-ir-after"),
            std::string::npos);
}

} // namespace
