//===- FrontendCheck.cpp - Parse a .pl file and print its IR --------------===//
//
// A test tool for the front end alone: `frontend-check [--emit=ir] FILE`
// parses FILE, reports errors like plc does (exit 1), and with --emit=ir
// prints the canonical text of the IR.
//
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"

#include "ir/Printer.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

int main(int argc, char **argv) {
  bool print = false;
  const char *path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--emit=ir") == 0)
      print = true;
    else
      path = argv[i];
  }
  if (!path) {
    llvm::errs() << "usage: frontend-check [--emit=ir] FILE\n";
    return 2;
  }
  plc::DiagnosticEngine diags;
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buffer) {
    diags.fileError(path, "cannot read file: " + buffer.getError().message());
    return 1;
  }
  diags.addBuffer(std::move(*buffer));
  plc::ir::IRContext ctx;
  const plc::ir::Program *program = plc::frontend::parseProgram(diags, 1, ctx);
  if (!program)
    return 1;
  if (print)
    plc::ir::printProgram(*program, llvm::outs());
  return 0;
}
