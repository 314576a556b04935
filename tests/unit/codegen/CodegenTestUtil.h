//===- CodegenTestUtil.h - Shared helpers of the codegen tests --*- C++ -*-===//
#ifndef PLC_TESTS_UNIT_CODEGEN_CODEGENTESTUTIL_H
#define PLC_TESTS_UNIT_CODEGEN_CODEGENTESTUTIL_H

#include "codegen/KernelCodegen.h"
#include "codegen/OrchestrationCodegen.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace plc::test {

inline std::vector<std::string> splitLines(llvm::StringRef text) {
  std::vector<std::string> lines;
  llvm::SmallVector<llvm::StringRef, 64> parts;
  text.split(parts, '\n');
  for (llvm::StringRef part : parts)
    lines.push_back(part.trim().str());
  return lines;
}

/// Index of the first line at or after `from` equal to `line` (trimmed), or
/// -1.
inline int findLine(const std::vector<std::string> &lines,
                    llvm::StringRef line, int from = 0) {
  for (int i = from; i < static_cast<int>(lines.size()); ++i)
    if (lines[i] == line)
      return i;
  return -1;
}

inline unsigned countContaining(const std::vector<std::string> &lines,
                                llvm::StringRef needle) {
  unsigned n = 0;
  for (const std::string &line : lines)
    n += llvm::StringRef(line).contains(needle);
  return n;
}

struct Emitted {
  bool ok = false;
  std::string text;
  std::string errors;
};

inline Emitted orchestrationOf(const ir::Program &program) {
  Emitted out;
  llvm::raw_string_ostream errs(out.errors);
  DiagnosticEngine diags(&errs);
  llvm::raw_string_ostream os(out.text);
  out.ok = codegen::emitOrchestration(program, os, diags);
  os.flush();
  errs.flush();
  return out;
}

inline Emitted kernelsOf(const ir::Program &program) {
  Emitted out;
  llvm::raw_string_ostream errs(out.errors);
  DiagnosticEngine diags(&errs);
  llvm::raw_string_ostream os(out.text);
  out.ok = codegen::emitKernels(program, os, diags);
  os.flush();
  errs.flush();
  return out;
}

} // namespace plc::test

#endif // PLC_TESTS_UNIT_CODEGEN_CODEGENTESTUTIL_H
