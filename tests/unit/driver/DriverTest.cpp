//===- DriverTest.cpp - The compile entry point ---------------------------===//

#include "tools/plc/Driver.h"

#include "ir/Diagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace plc;
using namespace plc::driver;

namespace {

class DriverTest : public ::testing::Test {
protected:
  DriverTest() : os(text), diags(&os) {
    int fd;
    std::error_code ec =
        llvm::sys::fs::createTemporaryFile("plc-driver", "pl", fd, input);
    EXPECT_FALSE(ec) << ec.message();
    llvm::raw_fd_ostream file(fd, /*shouldClose=*/true);
    file << "# nothing but a comment\n";
  }
  ~DriverTest() override { llvm::sys::fs::remove(input); }

  CompileOptions options(EmitKind emit) {
    CompileOptions result;
    result.inputPath = std::string(input);
    result.emit = emit;
    return result;
  }

  llvm::SmallString<128> input;
  std::string text;
  llvm::raw_string_ostream os;
  DiagnosticEngine diags;
};

TEST_F(DriverTest, CheckOnlySucceedsSilently) {
  EXPECT_EQ(compile(options(EmitKind::None), diags), ExitCode::Success);
  EXPECT_EQ(os.str(), "");
  EXPECT_EQ(diags.sourceMgr().getNumBuffers(), 1u);
}

TEST_F(DriverTest, MissingInputIsUserError) {
  CompileOptions opts = options(EmitKind::None);
  opts.inputPath += ".absent";
  EXPECT_EQ(compile(opts, diags), ExitCode::UserError);
  EXPECT_NE(os.str().find(opts.inputPath + ": error: cannot open input file"),
            std::string::npos)
      << os.str();
}

TEST_F(DriverTest, UnimplementedEmitKindsAreInternalErrors) {
  for (EmitKind kind : {EmitKind::IR, EmitKind::DepsJson, EmitKind::Dot,
                        EmitKind::Orch, EmitKind::Kernels, EmitKind::Cpp}) {
    text.clear();
    EXPECT_EQ(compile(options(kind), diags), ExitCode::InternalError);
    EXPECT_EQ(os.str(), "plc: error: --emit=" + emitKindName(kind).str() +
                            " is not implemented yet\n");
  }
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
