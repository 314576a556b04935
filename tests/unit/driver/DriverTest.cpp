//===- DriverTest.cpp - The compile entry point ---------------------------===//

#include "tools/plc/Driver.h"

#include "ir/Diagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace plc;
using namespace plc::driver;

namespace {

/// A two-task program: the consumer depends on the producer and runs only
/// when gate[0, 0] > 0.
const char *const kProgram = R"(import pypto.language as pl

@pl.program
class Pair:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
             gate: pl.Tensor[[8, 8], pl.INT32]) -> pl.Tensor[[8, 8], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP) as first:
            t: pl.Tile[[8, 8], pl.FP32] = pl.tile.full([8, 8], dtype=pl.FP32, value=1.0)
            x = pl.store(t, [0, 0], x)
        with pl.at(level=pl.Level.CORE_GROUP, deps=[first], predicate=(gate[0, 0] > 0)):
            u: pl.Tile[[8, 8], pl.FP32] = pl.tile.full([8, 8], dtype=pl.FP32, value=2.0)
            x = pl.store(u, [0, 0], x)
        return x
)";

class DriverTest : public ::testing::Test {
protected:
  DriverTest() : os(text), diags(&os) {
    input = temporaryFile("plc-driver-in", kProgram);
    output = temporaryFile("plc-driver-out", "");
  }
  ~DriverTest() override {
    llvm::sys::fs::remove(input);
    llvm::sys::fs::remove(output);
  }

  static llvm::SmallString<128> temporaryFile(llvm::StringRef prefix,
                                              llvm::StringRef contents) {
    llvm::SmallString<128> path;
    int fd;
    std::error_code ec =
        llvm::sys::fs::createTemporaryFile(prefix, "pl", fd, path);
    EXPECT_FALSE(ec) << ec.message();
    llvm::raw_fd_ostream file(fd, /*shouldClose=*/true);
    file << contents;
    return path;
  }

  CompileOptions options(EmitKind emit) {
    CompileOptions result;
    result.inputPath = std::string(input);
    result.outputPath = std::string(output);
    result.emit = emit;
    return result;
  }

  std::string outputText() {
    auto buffer = llvm::MemoryBuffer::getFile(output);
    EXPECT_TRUE(bool(buffer));
    return buffer ? (*buffer)->getBuffer().str() : "";
  }

  llvm::SmallString<128> input, output;
  std::string text;
  llvm::raw_string_ostream os;
  DiagnosticEngine diags;
};

TEST_F(DriverTest, PrintsTheCanonicalIR) {
  EXPECT_EQ(compile(options(EmitKind::IR), diags), ExitCode::Success)
      << os.str();
  std::string ir = outputText();
  EXPECT_EQ(ir.rfind("# pypto.program: Pair\n", 0), 0u) << ir;
  EXPECT_NE(ir.find("predicate=(pl.cast(pl.tensor.read(gate, [0, 0]), "
                    "pl.INDEX) > 0)"),
            std::string::npos)
      << ir;
}

TEST_F(DriverTest, DepsJsonRunsTheDefaultPipeline) {
  EXPECT_EQ(compile(options(EmitKind::DepsJson), diags), ExitCode::Success)
      << os.str();
  std::string json = outputText();
  EXPECT_NE(json.find("\"has_control_deps\": true"), std::string::npos)
      << json;
  EXPECT_NE(json.find("{\"kind\": \"OUTPUT\", \"src\": \"main_incore_0#0\", "
                      "\"dst\": \"main_incore_1#1\"}"),
            std::string::npos)
      << json;
}

TEST_F(DriverTest, RoundtripAfterThePipelinePasses) {
  CompileOptions opts = options(EmitKind::IR);
  opts.passes = "default";
  opts.checkRoundtrip = true;
  EXPECT_EQ(compile(opts, diags), ExitCode::Success) << os.str();
}

TEST_F(DriverTest, UnknownPassIsAUsageError) {
  CompileOptions opts = options(EmitKind::IR);
  opts.passes = "convert-to-ssa,no-such-pass";
  EXPECT_EQ(compile(opts, diags), ExitCode::UsageError);
  EXPECT_NE(os.str().find("no-such-pass"), std::string::npos) << os.str();
}

TEST_F(DriverTest, MissingInputIsUserError) {
  CompileOptions opts = options(EmitKind::IR);
  opts.inputPath += ".absent";
  EXPECT_EQ(compile(opts, diags), ExitCode::UserError);
  EXPECT_NE(os.str().find(opts.inputPath + ": error: cannot open input file"),
            std::string::npos)
      << os.str();
}

TEST(EmitKindTest, NamesMatchCommandLineSpelling) {
  EXPECT_EQ(emitKindName(EmitKind::IR), "ir");
  EXPECT_EQ(emitKindName(EmitKind::DepsJson), "deps-json");
  EXPECT_EQ(emitKindName(EmitKind::Dot), "dot");
  EXPECT_EQ(emitKindName(EmitKind::Orch), "orch");
  EXPECT_EQ(emitKindName(EmitKind::Kernels), "kernels");
  EXPECT_EQ(emitKindName(EmitKind::Cpp), "cpp");
}

TEST(ExitCodeTest, ContractValues) {
  EXPECT_EQ(toInt(ExitCode::Success), 0);
  EXPECT_EQ(toInt(ExitCode::UserError), 1);
  EXPECT_EQ(toInt(ExitCode::UsageError), 2);
  EXPECT_EQ(toInt(ExitCode::InternalError), 2);
}

} // namespace
