//===- Files.cpp - Reading inputs and writing outputs ---------------------===//

#include "tools/plc/Files.h"

#include "ir/Diagnostics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace plc;
using namespace plc::driver;

unsigned plc::driver::readInput(llvm::StringRef path,
                                DiagnosticEngine &diags) {
  // getFileOrSTDIN happily maps a directory on some systems and reports a
  // confusing error on others; say what is wrong in plain words.
  if (path != "-" && llvm::sys::fs::is_directory(path)) {
    diags.fileError(path, "cannot open input file: " +
                              std::make_error_code(std::errc::is_a_directory)
                                  .message());
    return 0;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError()) {
    diags.fileError(path, "cannot open input file: " + ec.message());
    return 0;
  }
  // A file is mapped, not read, so its size is known before it costs memory.
  uint64_t size = (*buffer)->getBufferSize();
  if (size > MaxInputBytes) {
    diags.fileError(path, "input is " + llvm::Twine(size) +
                              " bytes; the limit is " +
                              llvm::Twine(MaxInputBytes) + " bytes (64 MiB)");
    return 0;
  }
  diags.addBuffer(std::move(*buffer));
  return diags.sourceMgr().getNumBuffers();
}

ExitCode
plc::driver::writeOutput(llvm::StringRef path, DiagnosticEngine &diags,
                         llvm::function_ref<bool(llvm::raw_ostream &)> write) {
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    diags.fileError(path, "cannot open output file: " + ec.message());
    return ExitCode::UserError;
  }
  if (!write(out.os()))
    return diags.hadError() ? ExitCode::UserError : ExitCode::InternalError;
  out.os().flush();
  if (out.os().has_error()) {
    diags.fileError(path, "cannot write output file: " +
                              out.os().error().message());
    out.os().clear_error();
    return ExitCode::UserError;
  }
  out.keep();
  return ExitCode::Success;
}
