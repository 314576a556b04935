//===- FilesTest.cpp - Driver input and output files ----------------------===//

#include "tools/plc/Files.h"

#include "ir/Diagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace plc;
using namespace plc::driver;

namespace {

/// A fresh directory that is removed with everything in it.
class ScratchDir {
public:
  ScratchDir() {
    std::error_code ec =
        llvm::sys::fs::createUniqueDirectory("plc-driver-test", path);
    EXPECT_FALSE(ec) << ec.message();
  }
  ~ScratchDir() { llvm::sys::fs::remove_directories(path); }

  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> result(path);
    llvm::sys::path::append(result, name);
    return std::string(result);
  }
  std::string dir() const { return std::string(path); }

  std::string write(llvm::StringRef name, llvm::StringRef contents) const {
    std::string p = file(name);
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    EXPECT_FALSE(ec) << ec.message();
    os << contents;
    return p;
  }

private:
  llvm::SmallString<128> path;
};

std::string slurp(const std::string &path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return "<unreadable>";
  return (*buffer)->getBuffer().str();
}

class FilesTest : public ::testing::Test {
protected:
  FilesTest() : os(text), diags(&os) {}
  std::string text;
  llvm::raw_string_ostream os;
  DiagnosticEngine diags;
  ScratchDir scratch;
};

TEST_F(FilesTest, ReadsFileIntoSourceManager) {
  std::string path = scratch.write("in.pl", "x = 1\n");
  unsigned id = readInput(path, diags);
  ASSERT_NE(id, 0u);
  const llvm::MemoryBuffer *buffer = diags.sourceMgr().getMemoryBuffer(id);
  EXPECT_EQ(buffer->getBuffer(), "x = 1\n");
  EXPECT_EQ(buffer->getBufferIdentifier(), path);
  EXPECT_EQ(os.str(), "");
}

TEST_F(FilesTest, MissingFileIsReportedWithItsName) {
  std::string path = scratch.file("absent.pl");
  EXPECT_EQ(readInput(path, diags), 0u);
  EXPECT_EQ(os.str(), path + ": error: cannot open input file: " +
                          std::make_error_code(
                              std::errc::no_such_file_or_directory)
                              .message() +
                          "\n");
  EXPECT_EQ(diags.errorCount(), 1u);
}

TEST_F(FilesTest, DirectoryIsNotAnInput) {
  EXPECT_EQ(readInput(scratch.dir(), diags), 0u);
  EXPECT_EQ(os.str(), scratch.dir() + ": error: cannot open input file: " +
                          std::make_error_code(std::errc::is_a_directory)
                              .message() +
                          "\n");
}

TEST_F(FilesTest, WritesOutputWhenWriterSucceeds) {
  std::string path = scratch.file("out.txt");
  ExitCode code = writeOutput(path, diags, [](llvm::raw_ostream &out) {
    out << "task graph\n";
    return true;
  });
  EXPECT_EQ(code, ExitCode::Success);
  EXPECT_EQ(slurp(path), "task graph\n");
}

TEST_F(FilesTest, DropsOutputWhenWriterFails) {
  std::string path = scratch.file("out.txt");
  ExitCode code = writeOutput(path, diags, [&](llvm::raw_ostream &out) {
    out << "partial";
    diags.error(Span(), "bad program");
    return false;
  });
  EXPECT_EQ(code, ExitCode::UserError);
  EXPECT_FALSE(llvm::sys::fs::exists(path));
}

TEST_F(FilesTest, FailingWriterWithoutDiagnosticIsInternal) {
  std::string path = scratch.file("out.txt");
  ExitCode code =
      writeOutput(path, diags, [](llvm::raw_ostream &) { return false; });
  EXPECT_EQ(code, ExitCode::InternalError);
  EXPECT_FALSE(llvm::sys::fs::exists(path));
}

TEST_F(FilesTest, UnopenableOutputIsUserError) {
  std::string path = scratch.file("no-such-dir/out.txt");
  bool called = false;
  ExitCode code = writeOutput(path, diags, [&](llvm::raw_ostream &) {
    called = true;
    return true;
  });
  EXPECT_EQ(code, ExitCode::UserError);
  EXPECT_FALSE(called);
  EXPECT_EQ(llvm::StringRef(os.str()).startswith(
                path + ": error: cannot open output file: "),
            true)
      << os.str();
}

} // namespace
