//===- BuildAndRunTest.cpp - `plc run` mechanics --------------------------===//

#include "TestIR.h"

#include "tools/plc/BuildAndRun.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace plc;
using namespace plc::driver;
using namespace plc::test;

namespace {

class BuildAndRunTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("plc-run-test", dir));
    options.cacheDir = (dir + "/cache").str();
    options.outputFile = (dir + "/output.txt").str();
    const ir::Program *program = predicatedChainSubmit(ctx, diags);
    ASSERT_TRUE(program) << diagText;
    std::optional<codegen::GeneratedProgram> gen =
        codegen::generateProgram(*program, "", diags);
    ASSERT_TRUE(gen) << diagText;
    generated = *gen;
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  std::string output() {
    auto buffer = llvm::MemoryBuffer::getFile(options.outputFile);
    return buffer ? (*buffer)->getBuffer().str() : "";
  }
  unsigned cacheEntries() {
    unsigned n = 0;
    std::error_code ec;
    for (llvm::sys::fs::directory_iterator it(options.cacheDir, ec), end;
         !ec && it != end; it.increment(ec))
      ++n;
    return n;
  }

  llvm::SmallString<128> dir;
  ir::IRContext ctx;
  std::string diagText;
  llvm::raw_string_ostream diagStream{diagText};
  DiagnosticEngine diags{&diagStream};
  BuildRunOptions options;
  codegen::GeneratedProgram generated;
};

TEST_F(BuildAndRunTest, GateSelectsTheResultAndTheBuildIsCached) {
  options.prints = {"out"};
  ASSERT_EQ(buildAndRun(generated, options, diags), ExitCode::Success)
      << diagText;
  EXPECT_EQ(output(),
            "out: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128\n");
  EXPECT_EQ(cacheEntries(), 1u);

  options.fills = {{"gate", 1}};
  options.workers = 0;
  ASSERT_EQ(buildAndRun(generated, options, diags), ExitCode::Success)
      << diagText;
  EXPECT_EQ(output(), "out: shape=[128, 128] dtype=FP32 min=999 max=999 "
                      "sum=1.63676e+07\n");
  EXPECT_EQ(cacheEntries(), 1u);  // same code: the cached build is reused

  // --set overrides single elements after the fills.
  options.sets = {{"gate", {0, 0}, 0}, {"x", {127, 127}, 5}};
  options.prints = {"out", "x"};
  ASSERT_EQ(buildAndRun(generated, options, diags), ExitCode::Success);
  EXPECT_EQ(output(),
            "out: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128\n"
            "x: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128\n");

  // Different code is a different cache entry.
  generated.kernels += "\n// changed\n";
  options.sets.clear();
  ASSERT_EQ(buildAndRun(generated, options, diags), ExitCode::Success);
  EXPECT_EQ(cacheEntries(), 2u);
}

TEST_F(BuildAndRunTest, NamesAndIndicesAreChecked) {
  options.prints = {"nope"};
  EXPECT_EQ(buildAndRun(generated, options, diags), ExitCode::UsageError);
  EXPECT_NE(diagText.find("--print names 'nope', which is no tensor parameter "
                          "of 'main'"),
            std::string::npos)
      << diagText;
  EXPECT_NE(diagText.find("its parameters: x, gate, out"), std::string::npos);
  diagText.clear();
  options.prints = {};
  options.sets = {{"gate", {0, 128}, 1}};
  EXPECT_EQ(buildAndRun(generated, options, diags), ExitCode::UsageError);
  EXPECT_NE(diagText.find("index 128 is out of range for dimension 1"),
            std::string::npos)
      << diagText;
  diagText.clear();
  options.sets = {{"gate", {0}, 1}};
  EXPECT_EQ(buildAndRun(generated, options, diags), ExitCode::UsageError);
  EXPECT_NE(diagText.find("has rank 2"), std::string::npos) << diagText;
  // Nothing was built for a rejected command line.
  EXPECT_EQ(cacheEntries(), 0u);
}

TEST(ParseElementSetTest, Forms) {
  llvm::Optional<ElementSet> set = parseElementSet("gate[0, 3]=-1.5");
  ASSERT_TRUE(set);
  EXPECT_EQ(set->name, "gate");
  EXPECT_EQ(set->indices, (std::vector<int64_t>{0, 3}));
  EXPECT_EQ(set->value, -1.5);
  EXPECT_FALSE(parseElementSet("gate=1"));
  EXPECT_FALSE(parseElementSet("gate[0,x]=1"));
  EXPECT_FALSE(parseElementSet("gate[0]="));
  EXPECT_FALSE(parseElementSet("1g[0]=1"));
}

} // namespace
