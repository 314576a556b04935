//===- PipelineTest.cpp - Codegen on the pipeline's real output -----------===//
//
// The shipped examples through the frontend, the default pass pipeline and
// build-task-graph, then codegen: the three authoring forms of the
// predicated chain submit the same task sequence and compute the same
// results, and the store-produced predicate names the written parameter.
//
//===----------------------------------------------------------------------===//

#include "codegen/ProgramCodegen.h"
#include "frontend/Frontend.h"
#include "tools/plc/BuildAndRun.h"
#include "transforms/PassManager.h"
#include "transforms/Passes.h"

#include "ir/IR.h"
#include "ir/Printer.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace plc;

namespace {

class PipelineTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("plc-pipeline-test", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  /// The generated code of examples/<name>.pl, or none (with diagText).
  std::optional<codegen::GeneratedProgram> compile(const std::string &name) {
    std::string file = std::string(PLC_TEST_EXAMPLES_DIR) + "/" + name + ".pl";
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      diagText += "cannot read " + file;
      return std::nullopt;
    }
    llvm::StringRef text = diags.addBuffer(std::move(*buffer));
    const ir::Program *program = frontend::parseProgramBuffer(diags, text, ctx);
    if (!program)
      return std::nullopt;
    transforms::PassManager pm(ctx, diags);
    transforms::buildDefaultPipeline(pm);
    if (pm.run(program) != transforms::PipelineResult::Success)
      return std::nullopt;
    outlined = ir::programToString(*program);
    return codegen::generateProgram(*program, "", diags);
  }

  std::string runWith(const codegen::GeneratedProgram &gen,
                      std::vector<driver::TensorFill> fills,
                      std::vector<driver::ElementSet> sets = {}) {
    driver::BuildRunOptions options;
    options.cacheDir = (dir + "/cache").str();
    options.outputFile = (dir + "/out.txt").str();
    options.fills = std::move(fills);
    options.sets = std::move(sets);
    options.prints = {"out"};
    if (driver::buildAndRun(gen, options, diags) != driver::ExitCode::Success)
      return "run failed: " + diagText;
    auto out = llvm::MemoryBuffer::getFile(options.outputFile);
    return out ? (*out)->getBuffer().str() : "";
  }

  /// Task lines without what differs by form (kernel names, launch specs,
  /// dependency kinds).
  static std::vector<std::string> taskShape(llvm::StringRef orchestration) {
    llvm::SmallVector<llvm::StringRef, 64> lines;
    orchestration.split(lines, '\n');
    std::vector<std::string> kept;
    for (llvm::StringRef line : lines) {
      line = line.trim();
      if (line.startswith("params_t") && !line.contains("launch_spec"))
        kept.push_back(line.substr(0, line.find("  //")).str());
      if (line.contains("= rt_submit_"))
        kept.push_back(line.substr(0, line.find("(")).str());
    }
    return kept;
  }

  llvm::SmallString<128> dir;
  std::string outlined;  ///< the IR codegen saw, for failure messages
  ir::IRContext ctx;
  std::string diagText;
  llvm::raw_string_ostream diagStream{diagText};
  DiagnosticEngine diags{&diagStream};
};

TEST_F(PipelineTest, ThreeChainFormsSubmitTheSameTasksAndCompute) {
  std::vector<std::vector<std::string>> shapes;
  for (const char *name : {"predicated_chain_submit", "predicated_chain_at",
                           "predicated_chain_spmd"}) {
    std::optional<codegen::GeneratedProgram> gen = compile(name);
    ASSERT_TRUE(gen) << name << ": " << diagText << outlined;
    shapes.push_back(taskShape(gen->orchestration));
    EXPECT_EQ(runWith(*gen, {}),
              "out: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128\n")
        << name << "\n"
        << gen->orchestration;
    EXPECT_EQ(runWith(*gen, {{"gate", 1}}),
              "out: shape=[128, 128] dtype=FP32 min=999 max=999 "
              "sum=1.63676e+07\n")
        << name;
  }
  EXPECT_EQ(shapes[1], shapes[0]);
  EXPECT_EQ(shapes[2], shapes[0]);
}

TEST_F(PipelineTest, StoreProducedPredicateReadsTheWrittenParameter) {
  std::optional<codegen::GeneratedProgram> gen =
      compile("store_produced_predicate");
  ASSERT_TRUE(gen) << diagText << outlined;
  EXPECT_NE(gen->orchestration.find("params_t1_pred.operand.tensor = &ext_rc;"),
            std::string::npos)
      << gen->orchestration;
  // rc starts at 0: the predicate rc[0, 0] > 0 is false, out stays 0.
  EXPECT_EQ(runWith(*gen, {{"x", 3}}),
            "out: shape=[128, 128] dtype=FP32 min=0 max=0 sum=0\n");
  EXPECT_EQ(runWith(*gen, {{"x", 3}, {"rc", 2}}),
            "out: shape=[128, 128] dtype=FP32 min=3 max=3 sum=49152\n");
}

TEST_F(PipelineTest, MirroredPredicateReadsItsElement) {
  std::optional<codegen::GeneratedProgram> gen = compile("mirrored_predicate");
  ASSERT_TRUE(gen) << diagText << outlined;
  // `0 < gate[1, 2]` runs the clobber only when gate[1, 2] > 0.
  EXPECT_NE(runWith(*gen, {}).find("min=42 max=42"), std::string::npos);
  EXPECT_NE(runWith(*gen, {}, {{"gate", {1, 2}, 5}}).find("min=999 max=999"),
            std::string::npos);
  EXPECT_NE(runWith(*gen, {{"gate", 5}}, {{"gate", {1, 2}, 0}})
                .find("min=42 max=42"),
            std::string::npos);
}

TEST_F(PipelineTest, SpmdBlocksWriteTheirSlices) {
  std::optional<codegen::GeneratedProgram> gen = compile("spmd_block_slices");
  ASSERT_TRUE(gen) << diagText << outlined;
  // Block i of 4 fills its 32 rows with 1 + (i + 1).
  EXPECT_EQ(runWith(*gen, {}),
            "out: shape=[128, 128] dtype=FP32 min=2 max=5 sum=57344\n");
}

TEST_F(PipelineTest, ClusterSpmdDoublesBothHalves) {
  std::optional<codegen::GeneratedProgram> gen = compile("cluster_spmd");
  ASSERT_TRUE(gen) << diagText << outlined;
  EXPECT_EQ(runWith(*gen, {{"x", 3}}),
            "out: shape=[128, 128] dtype=FP32 min=6 max=6 sum=98304\n");
}

} // namespace
