//===- CompileAndRunTest.cpp - Generated code builds and computes ---------===//
//
// Builds the generated orchestration, kernels and harness with the C++
// compiler of this build (-Wall -Wextra -Werror) against the runtime, runs
// the result and checks the values it computed.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "codegen/ProgramCodegen.h"
#include "transforms/Passes.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace plc;
using namespace plc::ir;
using namespace plc::test;

namespace {

std::string readFile(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : std::string();
}

struct Built {
  bool ok = false;
  std::string log;
  std::string exe;
};

/// Writes the three files into a fresh directory and builds them.
Built buildIn(const codegen::GeneratedProgram &gen) {
  Built out;
  llvm::SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("plc-codegen-test", dir)) {
    out.log = "cannot create a temporary directory";
    return out;
  }
  std::vector<std::string> sources;
  auto write = [&](const char *name, const std::string &text) {
    llvm::SmallString<128> path(dir);
    llvm::sys::path::append(path, name);
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << text;
    sources.push_back(path.str().str());
  };
  write(codegen::OrchestrationFileName, gen.orchestration);
  write(codegen::KernelsFileName, gen.kernels);
  write(codegen::HarnessFileName, gen.harness);
  llvm::SmallString<128> exe(dir), log(dir);
  llvm::sys::path::append(exe, "program");
  llvm::sys::path::append(log, "build.log");

  std::vector<std::string> argv = {PLC_TEST_CXX, "-std=c++17", "-O1", "-Wall",
                                   "-Wextra", "-Werror",
                                   "-I" PLC_TEST_RUNTIME_INCLUDE};
  for (llvm::StringRef flag : llvm::split(PLC_TEST_EXTRA_FLAGS, ' '))
    if (!flag.empty())
      argv.push_back(flag.str());
  argv.insert(argv.end(), sources.begin(), sources.end());
  argv.insert(argv.end(),
              {PLC_TEST_RUNTIME_LIB, "-pthread", "-o", exe.str().str()});
  std::vector<llvm::StringRef> args(argv.begin(), argv.end());
  llvm::sys::fs::remove(log);
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, log.str(),
                                                 log.str()};
  int rc = llvm::sys::ExecuteAndWait(argv[0], args, llvm::None, redirects);
  out.log = readFile(log.str().str());
  out.ok = rc == 0;
  out.exe = exe.str().str();
  return out;
}

struct Ran {
  int rc = -1;
  std::string stdoutText, stderrText;
};

Ran run(const std::string &exe, std::vector<std::string> argv) {
  Ran out;
  llvm::SmallString<128> so(exe), se(exe);
  so += ".stdout";
  se += ".stderr";
  llvm::sys::fs::remove(so);
  llvm::sys::fs::remove(se);
  argv.insert(argv.begin(), exe);
  std::vector<llvm::StringRef> args(argv.begin(), argv.end());
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, so.str(),
                                                 se.str()};
  out.rc = llvm::sys::ExecuteAndWait(exe, args, llvm::None, redirects);
  out.stdoutText = readFile(so.str().str());
  out.stderrText = readFile(se.str().str());
  return out;
}

class CompileAndRunTest : public ::testing::Test {
protected:
  void TearDown() override {
    for (const std::string &dir : dirs)
      llvm::sys::fs::remove_directories(dir);
  }
  Built build(const codegen::GeneratedProgram &gen) {
    Built built = buildIn(gen);
    dirs.push_back(llvm::sys::path::parent_path(built.exe).str());
    return built;
  }
  std::vector<std::string> dirs;

  codegen::GeneratedProgram generate(const Program *program) {
    EXPECT_TRUE(program) << diagText;
    std::optional<codegen::GeneratedProgram> gen =
        codegen::generateProgram(*program, "", diags);
    EXPECT_TRUE(gen.has_value()) << diagText;
    return gen ? *gen : codegen::GeneratedProgram();
  }

  IRContext ctx;
  std::string diagText;
  llvm::raw_string_ostream diagStream{diagText};
  DiagnosticEngine diags{&diagStream};
};

TEST_F(CompileAndRunTest, PredicatedChainGateDecidesTheResult) {
  codegen::GeneratedProgram gen = generate(predicatedChainSubmit(ctx, diags));
  EXPECT_EQ(gen.entry.params.size(), 3u);
  Built built = build(gen);
  ASSERT_TRUE(built.ok) << built.log;
  // Tensor slots: x 0, gate 1, out 2.
  for (const char *workers : {"0", "2"}) {
    Ran gate0 = run(built.exe, {"workers", workers, "print", "2"});
    EXPECT_EQ(gate0.rc, 0) << gate0.stderrText;
    EXPECT_EQ(gate0.stdoutText, "out: shape=[128, 128] dtype=FP32 min=42 "
                                "max=42 sum=688128\n");
    Ran gate1 = run(built.exe, {"workers", workers, "fill", "1", "1", "print",
                                "2", "print", "1"});
    EXPECT_EQ(gate1.rc, 0) << gate1.stderrText;
    EXPECT_EQ(gate1.stdoutText,
              "out: shape=[128, 128] dtype=FP32 min=999 max=999 "
              "sum=1.63676e+07\n"
              "gate: shape=[128, 128] dtype=INT32 min=1 max=1 sum=16384\n");
  }
  // One element decides: only gate[0, 0] is read.
  Ran elsewhere = run(built.exe, {"set", "1", "5", "7", "print", "2"});
  EXPECT_NE(elsewhere.stdoutText.find("min=42 max=42"), std::string::npos);
  Ran negative = run(built.exe, {"set", "1", "0", "-3", "print", "2"});
  EXPECT_NE(negative.stdoutText.find("min=42 max=42"), std::string::npos);
}

TEST_F(CompileAndRunTest, AtAndSpmdFormsComputeTheSame) {
  IRContext other;
  for (const Program *program :
       {predicatedChainAt(ctx, diags), predicatedChainSpmd(other, diags)}) {
    Built built = build(generate(program));
    ASSERT_TRUE(built.ok) << built.log;
    EXPECT_NE(run(built.exe, {"print", "2"}).stdoutText.find("min=42 max=42"),
              std::string::npos);
    EXPECT_NE(run(built.exe, {"fill", "1", "1", "print", "2"})
                  .stdoutText.find("min=999 max=999"),
              std::string::npos);
  }
}

/// An spmd kernel over four blocks: each loads its 16 rows of x, computes
/// -max(2x + 1, x) + exp(0) and stores them into out.
TEST_F(CompileAndRunTest, SpmdKernelOpsAndBlockIndex) {
  TestIR b(ctx);
  const TensorType *t64 = b.tensor({64, 16}, DType::FP32);
  const TileType *tt = b.tile({16, 16}, DType::FP32);
  const Var *x = b.var("x", t64), *out = b.var("out", t64);
  const Type *index = b.scalar(DType::INDEX);
  const Var *blk = b.var("blk", index), *row = b.var("row", index);
  auto tv = [&](const char *name) { return b.var(name, tt); };
  const Var *t = tv("t"), *u = tv("u"), *v = tv("v"), *w = tv("w"),
            *z = tv("z"), *zero = tv("zero"), *e = tv("e"), *r = tv("r");
  const Var *stored = b.var("out_stored", t64);
  const Expr *offsets = b.tuple({row, b.index(0)});
  const Function *kernel = b.function(
      "scale", FunctionType::InCore,
      {{x, ParamDirection::In}, {out, ParamDirection::Out}}, {t64},
      b.seq({
          b.assign(blk, b.op(OpKind::TileGetBlockIdx, {}, index)),
          b.assign(row, ctx.create<Binary>(BinaryOp::Mul, blk, b.index(16),
                                           index, Span())),
          b.assign(t, b.op(OpKind::TileLoad, {x, offsets, b.ints({16, 16})},
                           tt)),
          b.assign(u, b.op(OpKind::TileMul, {t, b.fp32(2.0)}, tt)),
          b.assign(v, b.op(OpKind::TileAdd, {u, b.fp32(1.0)}, tt)),
          b.assign(w, b.op(OpKind::TileMaximum, {v, t}, tt)),
          b.assign(z, b.op(OpKind::TileNeg, {w}, tt)),
          b.assign(zero, b.op(OpKind::TileFull, {b.ints({16, 16})}, tt,
                              {Kwarg{ctx.intern("value"), b.fp32(0.0)}})),
          b.assign(e, b.op(OpKind::TileExp, {zero}, tt)),
          b.assign(r, b.op(OpKind::TileAdd, {z, e}, tt)),
          b.assign(stored, b.op(OpKind::TileStore, {r, offsets, out}, t64)),
          b.ret({stored}),
      }));
  const Var *mx = b.var("x", t64), *mout = b.var("out", t64);
  const Var *out1 = b.var("out", t64), *tid = b.var("tid", ctx.taskIdType());
  std::vector<const Stmt *> stmts = b.bindSubmit(
      b.submit("scale", {mx, mout}, {t64}, {}, b.index(4)), {out1, tid});
  stmts.push_back(b.ret({out1}));
  const Function *main = b.function(
      "main", FunctionType::Orchestration,
      {{mx, ParamDirection::In}, {mout, ParamDirection::Out}}, {t64},
      b.seq(stmts));
  const Program *program =
      transforms::buildTaskGraphs(ctx, *b.program("Ops", {kernel, main}), diags);
  Built built = build(generate(program));
  ASSERT_TRUE(built.ok) << built.log;
  Ran ran = run(built.exe, {"fill", "0", "3", "print", "1"});
  EXPECT_EQ(ran.rc, 0) << ran.stderrText;
  EXPECT_EQ(ran.stdoutText,
            "out: shape=[64, 16] dtype=FP32 min=-6 max=-6 sum=-6144\n");
  // Negative inputs: max(2x + 1, x) is x for x = -3.
  ran = run(built.exe, {"fill", "0", "-3", "set", "0", "17", "10", "print",
                        "1"});
  EXPECT_EQ(ran.stdoutText,
            "out: shape=[64, 16] dtype=FP32 min=-20 max=4 sum=4072\n");
}

/// A group with a cube kernel and a vector kernel is submitted as
/// MixedKernels; the cube part runs first.
TEST_F(CompileAndRunTest, MixedGroupRunsCubeThenVectorPart) {
  TestIR b(ctx);
  const TensorType *f32 = b.tensor({8, 8}, DType::FP32);
  const Function *cube = b.fillKernel("cube_fill", 5.0, f32, FunctionType::AIC);
  const Function *vec = b.copyKernel("vec_copy", f32, f32);
  const Var *gx = b.var("x", f32), *gout = b.var("out", f32);
  const Var *a = b.var("a", f32), *c = b.var("c", f32);
  const Function *group = b.function(
      "g", FunctionType::Group,
      {{gx, ParamDirection::Out}, {gout, ParamDirection::Out}}, {f32, f32},
      b.seq({b.assign(a, b.call("cube_fill", {gx}, f32)),
             b.assign(c, b.call("vec_copy", {a, gout}, f32)),
             b.ret({a, c})}));
  const Var *x = b.var("x", f32), *out = b.var("out", f32);
  const Var *x1 = b.var("x", f32), *out1 = b.var("out", f32),
            *tid = b.var("tid", ctx.taskIdType());
  std::vector<const Stmt *> stmts =
      b.bindSubmit(b.submit("g", {x, out}, {f32, f32}), {x1, out1, tid});
  stmts.push_back(b.ret({out1}));
  const Function *main = b.function(
      "main", FunctionType::Orchestration,
      {{x, ParamDirection::Out}, {out, ParamDirection::Out}}, {f32},
      b.seq(stmts));
  const Program *program = transforms::buildTaskGraphs(
      ctx, *b.program("Mixed", {cube, vec, group, main}), diags);
  codegen::GeneratedProgram gen = generate(program);
  EXPECT_NE(gen.orchestration.find("mixed_0.aic = KERNEL_g_aic;"),
            std::string::npos)
      << gen.orchestration;
  EXPECT_NE(gen.orchestration.find("rt_submit_task(mixed_0, params_t0);"),
            std::string::npos);
  // The group's two parts are declared; its whole body no task submits.
  EXPECT_NE(gen.orchestration.find("extern const KernelDesc KERNEL_g_aiv;"),
            std::string::npos);
  EXPECT_EQ(gen.orchestration.find("extern const KernelDesc KERNEL_g;"),
            std::string::npos);
  Built built = build(gen);
  ASSERT_TRUE(built.ok) << built.log;
  Ran ran = run(built.exe, {"print", "1"});
  EXPECT_EQ(ran.rc, 0) << ran.stderrText;
  EXPECT_EQ(ran.stdoutText,
            "out: shape=[8, 8] dtype=FP32 min=5 max=5 sum=320\n");
}

TEST_F(CompileAndRunTest, OutOfBoundsWindowFailsTheRun) {
  TestIR b(ctx);
  const TensorType *small = b.tensor({4, 4}, DType::FP32);
  const TensorType *big = b.tensor({8, 8}, DType::FP32);
  // Loads an 8x8 window out of a 4x4 tensor.
  const Var *x = b.var("x", small), *out = b.var("out", big);
  const Var *out1 = b.var("out", big);
  const Function *k = [&] {
    const Var *kx = b.var("x", small), *kout = b.var("out", big);
    const TileType *tt = b.tile({8, 8}, DType::FP32);
    const Var *t = b.var("t", tt), *s = b.var("s", big);
    return b.function(
        "k", FunctionType::InCore,
        {{kx, ParamDirection::In}, {kout, ParamDirection::Out}}, {big},
        b.seq({b.assign(t, b.op(OpKind::TileLoad,
                                {kx, b.ints({0, 0}), b.ints({8, 8})}, tt)),
               b.assign(s, b.op(OpKind::TileStore, {t, b.ints({0, 0}), kout},
                                big)),
               b.ret({s})}));
  }();
  const Function *main = b.function(
      "main", FunctionType::Orchestration,
      {{x, ParamDirection::In}, {out, ParamDirection::Out}}, {big},
      b.seq({b.assign(out1, b.call("k", {x, out}, big)), b.ret({out1})}));
  const Program *program =
      transforms::buildTaskGraphs(ctx, *b.program("Bad", {k, main}), diags);
  Built built = build(generate(program));
  ASSERT_TRUE(built.ok) << built.log;
  Ran ran = run(built.exe, {"print", "1"});
  EXPECT_EQ(ran.rc, 1);
  EXPECT_NE(ran.stderrText.find("exceeds dimension 0"), std::string::npos)
      << ran.stderrText;
}

} // namespace
