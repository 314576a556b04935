//===- OrchestrationCodegenTest.cpp - Orchestration C++ on hand-built IR --===//

#include "CodegenTestUtil.h"
#include "TestIR.h"

#include "transforms/Passes.h"

#include <gtest/gtest.h>

using namespace plc;
using namespace plc::ir;
using namespace plc::test;

namespace {

class OrchestrationCodegenTest : public ::testing::Test {
protected:
  IRContext ctx;
  std::string diagText;
  llvm::raw_string_ostream diagStream{diagText};
  DiagnosticEngine diags{&diagStream};
};

/// The lines of task `n`'s block: from its CoreTaskArgs to its submit.
std::vector<std::string> taskBlock(const std::vector<std::string> &lines,
                                   unsigned n) {
  std::string params = "params_t" + std::to_string(n);
  int begin = findLine(lines, "CoreTaskArgs " + params + ";");
  EXPECT_GE(begin, 0) << "no task " << n;
  std::vector<std::string> block;
  for (int i = begin; i >= 0 && i < static_cast<int>(lines.size()); ++i) {
    block.push_back(lines[i]);
    if (llvm::StringRef(lines[i]).contains("= rt_submit_"))
      break;
  }
  return block;
}

/// The `extern const KernelDesc` lines of a generated file, in order.
std::vector<std::string> kernelDeclarations(const std::string &text) {
  std::vector<std::string> found;
  for (const std::string &line : splitLines(text))
    if (llvm::StringRef(line).startswith("extern const KernelDesc KERNEL_"))
      found.push_back(line);
  return found;
}

TEST_F(OrchestrationCodegenTest, PredicatedChainTaskBlocksInDesignOrder) {
  const Program *program = predicatedChainSubmit(ctx, diags);
  ASSERT_TRUE(program) << diagText;
  Emitted orch = orchestrationOf(*program);
  ASSERT_TRUE(orch.ok) << orch.errors;
  std::vector<std::string> lines = splitLines(orch.text);

  // Parameters are bound as ext_<name>, in order.
  int x = findLine(lines, "const Tensor &ext_x = orch_tensors[0];");
  int gate = findLine(lines, "const Tensor &ext_gate = orch_tensors[1];");
  int out = findLine(lines, "const Tensor &ext_out = orch_tensors[2];");
  ASSERT_GE(x, 0) << orch.text;
  EXPECT_EQ(gate, x + 1);
  EXPECT_EQ(out, x + 2);
  EXPECT_GE(findLine(lines, "PLRT_SCOPE(ScopeMode::MANUAL) {"), 0);

  std::vector<std::string> t0 = taskBlock(lines, 0);
  std::vector<std::string> expected0 = {
      "CoreTaskArgs params_t0;",
      "params_t0.add_output(ext_x);",
      "params_t0.launch_spec.set_block_num(1);",
      "TaskOutputTensors task_0_outs = rt_submit_aiv_task(KERNEL_x_producer, "
      "params_t0);"};
  EXPECT_EQ(t0, expected0);

  // The predicated clobber: args, launch spec, dependencies, predicate,
  // submit. Its Out argument is the producer's result, i.e. ext_x.
  std::vector<std::string> t1 = taskBlock(lines, 1);
  std::vector<std::string> expected1 = {
      "CoreTaskArgs params_t1;",
      "params_t1.add_output(ext_x);",
      "params_t1.launch_spec.set_block_num(1);",
      "TaskId params_t1_deps[1];",
      "uint32_t params_t1_deps_count = 0;",
      "params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // "
      "ORDERED",
      "params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);",
      "CoreTaskPredicate params_t1_pred;",
      "params_t1_pred.operand.tensor = &ext_gate;",
      "params_t1_pred.operand.ndims = 2;",
      "params_t1_pred.operand.indices[0] = 0;",
      "params_t1_pred.operand.indices[1] = 0;",
      "params_t1_pred.op = PredicateOp::GT;",
      "params_t1_pred.target = 0;",
      "params_t1.set_predicate(params_t1_pred);",
      "TaskOutputTensors task_1_outs = rt_submit_aiv_task(KERNEL_clobber, "
      "params_t1);"};
  EXPECT_EQ(t1, expected1);

  std::vector<std::string> t2 = taskBlock(lines, 2);
  std::vector<std::string> expected2 = {
      "CoreTaskArgs params_t2;",
      "params_t2.add_input(ext_x);",
      "params_t2.add_output(ext_out);",
      "params_t2.launch_spec.set_block_num(1);",
      "TaskId params_t2_deps[1];",
      "uint32_t params_t2_deps_count = 0;",
      "params_t2_deps[params_t2_deps_count++] = task_1_outs.task_id();  // "
      "ORDERED",
      "params_t2.set_dependencies(params_t2_deps, params_t2_deps_count);",
      "TaskOutputTensors task_2_outs = rt_submit_aiv_task(KERNEL_consumer, "
      "params_t2);"};
  EXPECT_EQ(t2, expected2);

  // Exactly one predicate block, for the predicated task only.
  EXPECT_EQ(countContaining(lines, "set_predicate("), 1u);
  EXPECT_EQ(countContaining(lines, "CoreTaskPredicate "), 1u);
  // Every kernel a task can submit is declared, in program order.
  std::vector<std::string> expectedKernels = {
      "extern const KernelDesc KERNEL_x_producer;",
      "extern const KernelDesc KERNEL_clobber;",
      "extern const KernelDesc KERNEL_consumer;"};
  EXPECT_EQ(kernelDeclarations(orch.text), expectedKernels);
  // No scalar parameter and no tensor.create: both are marked unused, the
  // buffers at the end because only the body tells.
  EXPECT_EQ(findLine(lines, "(void)orch_scalars;"), out + 1) << orch.text;
  int buffers = findLine(lines, "(void)orch_buffers;");
  ASSERT_GE(buffers, 0) << orch.text;
  EXPECT_EQ(lines[buffers + 1], "}") << orch.text;
}

TEST_F(OrchestrationCodegenTest, WrappersLookedThroughAreNotDeclared) {
  const Program *program = predicatedChainSpmd(ctx, diags);
  ASSERT_TRUE(program) << diagText;
  Emitted orch = orchestrationOf(*program);
  Emitted kernels = kernelsOf(*program);
  ASSERT_TRUE(orch.ok && kernels.ok) << orch.errors << kernels.errors;
  std::vector<std::string> declared = kernelDeclarations(orch.text);
  std::vector<std::string> defined = kernelDeclarations(kernels.text);
  // The kernels file defines the spmd wrappers too; no task submits them.
  EXPECT_GT(defined.size(), declared.size());
  for (const std::string &line : declared)
    EXPECT_NE(std::find(defined.begin(), defined.end(), line), defined.end())
        << line;
  for (const std::string &line : declared)
    EXPECT_EQ(line.find("spmd"), std::string::npos) << line;
  EXPECT_EQ(declared.size(), 3u) << orch.text;
}

TEST_F(OrchestrationCodegenTest, CreatedTensorUsesTheBuffers) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
  const Var *out = b.var("out", f32), *tmp = b.var("tmp", f32);
  const Var *tmp1 = b.var("tmp", f32), *out1 = b.var("out", f32);
  const Function *main = b.function(
      "main", FunctionType::Orchestration, {{out, ParamDirection::Out}}, {f32},
      b.seq({b.assign(tmp, b.op(OpKind::TensorCreate,
                                {b.tuple({b.index(4), b.index(4)})}, f32)),
             b.assign(tmp1, b.call("fill", {tmp}, f32)),
             b.assign(out1, b.call("copy", {tmp1, out}, f32)), b.ret({out1})}));
  const Program *program = transforms::buildTaskGraphs(
      ctx,
      *b.program("P", {b.fillKernel("fill", 1.0, f32),
                       b.copyKernel("copy", f32, f32), main}),
      diags);
  ASSERT_TRUE(program) << diagText;
  Emitted orch = orchestrationOf(*program);
  ASSERT_TRUE(orch.ok) << orch.errors;
  std::vector<std::string> lines = splitLines(orch.text);
  EXPECT_GE(
      findLine(lines, "orch_buffers.emplace_back(new unsigned char[64]());"), 0)
      << orch.text;
  EXPECT_LT(findLine(lines, "(void)orch_buffers;"), 0) << orch.text;
}

TEST_F(OrchestrationCodegenTest, LongFunctionIsWrittenWholeInOrder) {
  // Enough tasks that the text is written out in several pieces.
  constexpr unsigned kTasks = 3000;
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
  const Var *x = b.var("x", f32);
  std::vector<const Stmt *> stmts;
  const Var *last = x;
  for (unsigned i = 0; i != kTasks; ++i) {
    const Var *next = b.var("x", f32);
    stmts.push_back(b.assign(next, b.call("k", {last}, f32)));
    last = next;
  }
  stmts.push_back(b.ret({last}));
  const Function *main =
      b.function("main", FunctionType::Orchestration,
                 {{x, ParamDirection::Out}}, {f32}, b.seq(stmts));
  const Program *program = transforms::buildTaskGraphs(
      ctx, *b.program("P", {b.fillKernel("k", 1.0, f32), main}), diags);
  ASSERT_TRUE(program) << diagText;
  Emitted orch = orchestrationOf(*program);
  ASSERT_TRUE(orch.ok) << orch.errors;
  ASSERT_GT(orch.text.size(), size_t(1) << 18);
  std::vector<std::string> lines = splitLines(orch.text);
  int at = 0;
  for (unsigned i = 0; i != kTasks; ++i) {
    at = findLine(lines, "CoreTaskArgs params_t" + std::to_string(i) + ";", at);
    ASSERT_GE(at, 0) << "task " << i << " missing or out of order";
  }
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[lines.size() - 3], "}");
  EXPECT_EQ(lines[lines.size() - 2], "");
  EXPECT_EQ(orch.text, orchestrationOf(*program).text);
}

TEST_F(OrchestrationCodegenTest, ThreeAuthoringFormsGiveTheSameTaskSequence) {
  IRContext ctxAt, ctxSpmd;
  const Program *submit = predicatedChainSubmit(ctx, diags);
  const Program *at = predicatedChainAt(ctxAt, diags);
  const Program *spmd = predicatedChainSpmd(ctxSpmd, diags);
  ASSERT_TRUE(submit && at && spmd) << diagText;
  // What each task does, without what differs by form: kernel names,
  // launch specs (block_num 1 is the default), and the kind of each
  // dependency (the manual scope of the submit form keeps only its explicit
  // edges, the other forms also infer data edges on the same pairs).
  auto shape = [](const Program &program) {
    std::vector<std::string> lines = splitLines(orchestrationOf(program).text);
    std::vector<std::string> kept;
    for (const std::string &line : lines) {
      llvm::StringRef l(line);
      if (l.startswith("params_t") && !l.contains("launch_spec"))
        kept.push_back(l.substr(0, l.find("  //")).str());
      if (l.contains("= rt_submit_"))
        kept.push_back(l.substr(0, l.find("(KERNEL_")).str());
    }
    return kept;
  };
  std::vector<std::string> reference = shape(*submit);
  EXPECT_EQ(shape(*at), reference);
  EXPECT_EQ(shape(*spmd), reference);
  EXPECT_EQ(countContaining(reference, "set_predicate("), 1u);

  // The spmd wrappers are looked through: the tasks submit the inner
  // kernels, exactly as spmd_submit of the kernels does.
  std::vector<std::string> spmdLines =
      splitLines(orchestrationOf(*spmd).text);
  EXPECT_GE(findLine(spmdLines, "TaskOutputTensors task_1_outs = "
                                "rt_submit_aiv_task(KERNEL_clobber, "
                                "params_t1);"),
            0);
}

TEST_F(OrchestrationCodegenTest, StoreProducedPredicateNamesTheWrittenParam) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({128, 128}, DType::FP32);
  const TensorType *i32 = b.tensor({128, 128}, DType::INT32);
  // main_incore_0(rc: InOut) { rc = store(load(rc), rc) }
  const Var *rcIn = b.var("rc", i32);
  const Var *tile = b.var("g", b.tile({128, 128}, DType::INT32));
  const Var *rcStored = b.var("rc", i32);
  const Function *k0 = b.function(
      "main_incore_0", FunctionType::InCore, {{rcIn, ParamDirection::InOut}},
      {i32},
      b.seq({b.assign(tile, b.op(OpKind::TileLoad,
                                 {rcIn, b.ints({0, 0}), b.ints({128, 128})},
                                 tile->type())),
             b.assign(rcStored, b.op(OpKind::TileStore,
                                     {tile, b.ints({0, 0}), rcIn}, i32)),
             b.ret({rcStored})}));
  const Function *k1 = b.copyKernel("main_incore_1", f32, f32);
  const Var *x = b.var("x", f32), *rc = b.var("rc", i32),
            *out = b.var("out", f32);
  const Var *rc1 = b.var("rc", i32), *gTid = b.var("g_tid", ctx.taskIdType());
  std::vector<const Stmt *> stmts =
      b.bindSubmit(b.submit("main_incore_0", {rc}, {i32}), {rc1, gTid});
  // The predicate names the call-site result rc1, not the parameter.
  const Expr *pred =
      b.cmp(BinaryOp::Gt, b.read(rc1, {b.index(0), b.index(0)}), b.index(0));
  const Var *out1 = b.var("out", f32), *tid = b.var("tid", ctx.taskIdType());
  for (const Stmt *s : b.bindSubmit(b.submit("main_incore_1", {x, out}, {f32},
                                             {gTid}, nullptr, false, false,
                                             pred),
                                    {out1, tid}))
    stmts.push_back(s);
  stmts.push_back(b.ret({out1}));
  const Function *main = b.function(
      "main", FunctionType::Orchestration,
      {{x, ParamDirection::In}, {rc, ParamDirection::Out},
       {out, ParamDirection::Out}},
      {f32}, b.seq(stmts));
  const Program *program = transforms::buildTaskGraphs(
      ctx, *b.program("StoreProducedPredicate", {k0, k1, main}), diags);
  ASSERT_TRUE(program) << diagText;
  Emitted orch = orchestrationOf(*program);
  ASSERT_TRUE(orch.ok) << orch.errors;
  std::vector<std::string> lines = splitLines(orch.text);
  EXPECT_GE(findLine(lines, "params_t1_pred.operand.tensor = &ext_rc;"), 0)
      << orch.text;
  // The task graph's FLOW edge (predicate read after the write) merged with
  // the ORDERED deps= edge lowers to one dependency of kind FLOW.
  EXPECT_GE(findLine(lines, "params_t1_deps[params_t1_deps_count++] = "
                            "task_0_outs.task_id();  // FLOW"),
            0)
      << orch.text;
  EXPECT_EQ(countContaining(lines, "params_t1_deps[params_t1_deps_count++]"),
            1u);
  EXPECT_GE(findLine(lines, "params_t0.add_inout(ext_rc);"), 0);
}

/// One predicated task `k(x)` with predicate `pred` over main's parameter
/// `rc` of type `rcType`.
struct PredicateProgram {
  const Program *program;
  Emitted orch;
};

class PredicateCodegenTest : public OrchestrationCodegenTest {
protected:
  PredicateProgram build(const TensorType *rcType,
                         std::function<const Expr *(TestIR &, const Var *)>
                             makePredicate) {
    TestIR b(ctx);
    const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
    const Var *rc = b.var("rc", rcType), *x = b.var("x", f32);
    const Var *x1 = b.var("x", f32), *tid = b.var("tid", ctx.taskIdType());
    std::vector<const Stmt *> stmts = b.bindSubmit(
        b.submit("k", {x}, {f32}, {}, nullptr, false, false,
                 makePredicate(b, rc)),
        {x1, tid});
    stmts.push_back(b.ret({x1}));
    const Function *main = b.function(
        "main", FunctionType::Orchestration,
        {{rc, ParamDirection::In}, {x, ParamDirection::Out}}, {f32},
        b.seq(stmts));
    const Program *program = transforms::buildTaskGraphs(
        ctx, *b.program("P", {b.fillKernel("k", 1.0, f32), main}), diags);
    EXPECT_TRUE(program) << diagText;
    return {program, program ? orchestrationOf(*program) : Emitted()};
  }
};

struct OperatorCase {
  BinaryOp op;
  const char *written;   // runtime op for `rc[1, 2] OP 3`
  const char *mirrored;  // runtime op for `3 OP rc[1, 2]`
};

TEST_F(PredicateCodegenTest, AllTwelveOperatorOrientations) {
  const OperatorCase cases[] = {
      {BinaryOp::Eq, "EQ", "EQ"}, {BinaryOp::Ne, "NE", "NE"},
      {BinaryOp::Gt, "GT", "LT"}, {BinaryOp::Lt, "LT", "GT"},
      {BinaryOp::Ge, "GE", "LE"}, {BinaryOp::Le, "LE", "GE"},
  };
  const TensorType *rcType = ctx.tensorType({4, 4}, DType::INT32);
  for (const OperatorCase &c : cases) {
    for (bool literalLeft : {false, true}) {
      PredicateProgram p = build(rcType, [&](TestIR &b, const Var *rc) {
        const Expr *element = b.read(rc, {b.index(1), b.index(2)});
        return literalLeft ? b.cmp(c.op, b.index(3), element)
                           : b.cmp(c.op, element, b.index(3));
      });
      ASSERT_TRUE(p.orch.ok) << p.orch.errors;
      std::vector<std::string> lines = splitLines(p.orch.text);
      std::string expected = std::string("params_t0_pred.op = PredicateOp::") +
                             (literalLeft ? c.mirrored : c.written) + ";";
      EXPECT_GE(findLine(lines, expected), 0)
          << binaryOpSpelling(c.op).str() << " literalLeft=" << literalLeft
          << "\n"
          << p.orch.text;
      EXPECT_GE(findLine(lines, "params_t0_pred.target = 3;"), 0);
      // Index order is kept whichever side the literal is on.
      int i0 = findLine(lines, "params_t0_pred.operand.indices[0] = 1;");
      int i1 = findLine(lines, "params_t0_pred.operand.indices[1] = 2;");
      EXPECT_GE(i0, 0);
      EXPECT_EQ(i1, i0 + 1);
      // set_predicate comes before the submit that consumes the args.
      int set = findLine(lines, "params_t0.set_predicate(params_t0_pred);");
      int submit = -1;
      for (int i = 0; i < static_cast<int>(lines.size()); ++i)
        if (llvm::StringRef(lines[i]).contains("rt_submit_"))
          submit = i;
      EXPECT_GE(set, 0);
      EXPECT_LT(set, submit);
    }
  }
}

TEST_F(PredicateCodegenTest, CastsAreStrippedAndNegativeTargetsKept) {
  const TensorType *rcType = ctx.tensorType({4, 4}, DType::INT8);
  PredicateProgram p = build(rcType, [&](TestIR &b, const Var *rc) {
    // pl.cast(rc[0, 3], INDEX) <= -2, as integer promotion leaves it.
    const Expr *element = ctx.create<Cast>(
        b.read(rc, {b.index(0), b.index(3)}), b.scalar(DType::INDEX), Span());
    const Expr *minus2 = ctx.create<Unary>(UnaryOp::Neg, b.index(2),
                                           b.scalar(DType::INDEX), Span());
    return b.cmp(BinaryOp::Le, element, minus2);
  });
  ASSERT_TRUE(p.orch.ok) << p.orch.errors;
  std::vector<std::string> lines = splitLines(p.orch.text);
  EXPECT_GE(findLine(lines, "params_t0_pred.op = PredicateOp::LE;"), 0);
  EXPECT_GE(findLine(lines, "params_t0_pred.target = -2;"), 0);
  EXPECT_GE(findLine(lines, "params_t0_pred.operand.tensor = &ext_rc;"), 0);
}

TEST_F(PredicateCodegenTest, BackstopErrors) {
  struct Bad {
    const char *what;
    const TensorType *type;
    std::vector<int64_t> indices;
    const char *message;
  };
  const Bad cases[] = {
      {"unsigned", ctx.tensorType({4, 4}, DType::UINT32), {0, 0},
       "signed 8/16/32/64-bit"},
      {"sub-byte", ctx.tensorType({4, 4}, DType::INT4), {0, 0},
       "signed 8/16/32/64-bit"},
      {"float", ctx.tensorType({4, 4}, DType::FP32), {0, 0},
       "signed 8/16/32/64-bit"},
      {"six indices", ctx.tensorType({2, 2, 2, 2, 2, 2}, DType::INT32),
       {0, 0, 0, 0, 0, 0}, "at most 5"},
      {"negative index", ctx.tensorType({4, 4}, DType::INT32), {0, -1},
       "non-negative"},
      {"index count", ctx.tensorType({4, 4}, DType::INT32), {0},
       "to locate a single element"},
  };
  for (const Bad &c : cases) {
    diagText.clear();
    PredicateProgram p = build(c.type, [&](TestIR &b, const Var *rc) {
      std::vector<const Expr *> idx;
      for (int64_t i : c.indices)
        idx.push_back(b.index(i));
      return b.cmp(BinaryOp::Gt, b.read(rc, idx), b.index(0));
    });
    EXPECT_FALSE(p.orch.ok) << c.what;
    EXPECT_NE(p.orch.errors.find(c.message), std::string::npos)
        << c.what << ": " << p.orch.errors;
  }

  // An operand that is not a named tensor.
  PredicateProgram p = build(ctx.tensorType({4, 4}, DType::INT32),
                             [&](TestIR &b, const Var *rc) {
                               const Expr *anon = b.op(
                                   OpKind::TensorAdd, {rc, rc}, rc->type());
                               const Expr *read = b.op(
                                   OpKind::TensorRead,
                                   {anon, b.ints({0, 0})},
                                   b.scalar(DType::INT32));
                               return b.cmp(BinaryOp::Gt, read, b.index(0));
                             });
  EXPECT_FALSE(p.orch.ok);
  EXPECT_NE(p.orch.errors.find("named tensor"), std::string::npos)
      << p.orch.errors;
}

TEST_F(OrchestrationCodegenTest, LaunchSpecEarlyResolveAndCallDispatch) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
  const Var *x = b.var("x", f32), *n = b.var("n", b.scalar(DType::INDEX));
  const Var *x1 = b.var("x", f32), *tid = b.var("tid", ctx.taskIdType());
  std::vector<const Stmt *> stmts;
  // A plain Call (no metadata) dispatch first.
  const Var *x0 = b.var("x", f32);
  stmts.push_back(b.assign(x0, b.call("k", {x}, f32)));
  for (const Stmt *s :
       b.bindSubmit(b.submit("k", {x0}, {f32}, {}, n, /*syncStart=*/true,
                             /*allowEarlyResolve=*/true),
                    {x1, tid}))
    stmts.push_back(s);
  stmts.push_back(b.ret({x1}));
  const Function *main = b.function(
      "main", FunctionType::Orchestration,
      {{x, ParamDirection::Out}, {n, ParamDirection::In}}, {f32},
      b.seq(stmts));
  const Program *program = transforms::buildTaskGraphs(
      ctx, *b.program("P", {b.fillKernel("k", 1.0, f32), main}), diags);
  ASSERT_TRUE(program) << diagText;
  Emitted orch = orchestrationOf(*program);
  ASSERT_TRUE(orch.ok) << orch.errors;
  std::vector<std::string> lines = splitLines(orch.text);
  EXPECT_GE(findLine(lines,
                     "const int64_t ext_n = plc_scalar<int64_t>(orch_scalars[0]);"),
            0)
      << orch.text;
  std::vector<std::string> t0 = taskBlock(lines, 0);
  EXPECT_EQ(t0.size(), 3u);  // args and submit only: no metadata on a Call
  std::vector<std::string> t1 = taskBlock(lines, 1);
  std::vector<std::string> expected = {
      "CoreTaskArgs params_t1;",
      "params_t1.add_output(ext_x);",
      "params_t1.launch_spec.set_block_num(ext_n);",
      "params_t1.launch_spec.set_require_sync_start(true);",
      "params_t1.set_allow_early_resolve(true);",
      "TaskId params_t1_deps[1];",
      "uint32_t params_t1_deps_count = 0;",
      "params_t1_deps[params_t1_deps_count++] = task_0_outs.task_id();  // "
      "OUTPUT",
      "params_t1.set_dependencies(params_t1_deps, params_t1_deps_count);",
      "TaskOutputTensors task_1_outs = rt_submit_aiv_task(KERNEL_k, "
      "params_t1);"};
  EXPECT_EQ(t1, expected);
}

TEST_F(OrchestrationCodegenTest, OutputIsByteIdenticalAcrossRuns) {
  IRContext other;
  const Program *a = predicatedChainSubmit(ctx, diags);
  const Program *b = predicatedChainSubmit(other, diags);
  ASSERT_TRUE(a && b);
  Emitted oa = orchestrationOf(*a), ob = orchestrationOf(*b);
  Emitted ka = kernelsOf(*a), kb = kernelsOf(*b);
  ASSERT_TRUE(oa.ok && ob.ok && ka.ok && kb.ok);
  EXPECT_EQ(oa.text, ob.text);
  EXPECT_EQ(ka.text, kb.text);
  EXPECT_EQ(orchestrationOf(*a).text, oa.text);
}

TEST_F(OrchestrationCodegenTest, MissingTaskGraphIsReported) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({4, 4}, DType::FP32);
  const Var *x = b.var("x", f32), *x1 = b.var("x", f32);
  const Function *main = b.function(
      "main", FunctionType::Orchestration, {{x, ParamDirection::Out}}, {f32},
      b.seq({b.assign(x1, b.call("k", {x}, f32)), b.ret({x1})}));
  Emitted orch =
      orchestrationOf(*b.program("P", {b.fillKernel("k", 1.0, f32), main}));
  EXPECT_FALSE(orch.ok);
  EXPECT_NE(orch.errors.find("no task graph"), std::string::npos);
}

} // namespace
