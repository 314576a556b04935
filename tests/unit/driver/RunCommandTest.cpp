//===- RunCommandTest.cpp - `plc run` argument checking -------------------===//

#include "tools/plc/RunCommand.h"

#include "ir/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace plc;
using namespace plc::driver;

namespace {

TEST(TensorInitTest, ParsesNameAndNumber) {
  llvm::Optional<TensorFill> gate = parseTensorInit("gate=1");
  ASSERT_TRUE(gate.hasValue());
  EXPECT_EQ(gate->name, "gate");
  EXPECT_EQ(gate->value, 1.0);

  llvm::Optional<TensorFill> x = parseTensorInit("_x2=-2.5e1");
  ASSERT_TRUE(x.hasValue());
  EXPECT_EQ(x->name, "_x2");
  EXPECT_EQ(x->value, -25.0);
}

TEST(TensorInitTest, RejectsMalformedText) {
  for (const char *text :
       {"gate", "gate=", "=1", "2x=1", "ga-te=1", "gate=one", "gate=1x"})
    EXPECT_FALSE(parseTensorInit(text).hasValue()) << text;
}

TEST(RunProgramTest, MalformedTensorIsUsageErrorBeforeReading) {
  std::string text;
  llvm::raw_string_ostream os(text);
  DiagnosticEngine diags(&os);
  RunOptions options;
  options.inputPath = "/nonexistent/prog.pl";
  options.tensorInits = {"gate=1", "oops"};
  EXPECT_EQ(runProgram(options, diags), ExitCode::UsageError);
  EXPECT_EQ(os.str(), "plc: error: malformed --tensor 'oops': expected "
                      "NAME=NUMBER\n"
                      "plc: note: for example --tensor gate=1\n");
  EXPECT_EQ(diags.sourceMgr().getNumBuffers(), 0u);
}

} // namespace
