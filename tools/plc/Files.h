//===- Files.h - Reading inputs and writing outputs -------------*- C++ -*-===//
///
/// \file
/// The driver's only file I/O. Inputs are read into the DiagnosticEngine's
/// SourceMgr so that every later diagnostic can point into them; outputs are
/// written through llvm::ToolOutputFile so a failed compile never leaves a
/// half-written file behind.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_FILES_H
#define PLC_TOOLS_PLC_FILES_H

#include "tools/plc/ExitCode.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc {
class DiagnosticEngine;
} // namespace plc

namespace plc::driver {

/// The largest input plc compiles: 64 MiB, three times the largest program
/// of the compile-scaling benchmark (100,000 scopes). Memory grows with the
/// input, so a limit on the input bounds it.
constexpr uint64_t MaxInputBytes = uint64_t(64) << 20;

/// Reads `path` ("-" means stdin) into `diags`' SourceMgr and returns its
/// buffer id. On failure reports `path: error: cannot open input file:
/// <reason>` (or that the input exceeds MaxInputBytes) and returns 0
/// (SourceMgr ids start at 1).
unsigned readInput(llvm::StringRef path, DiagnosticEngine &diags);

/// Opens `path` ("-" means stdout) and lets `write` fill it. The file is kept
/// only when `write` returns true. A file that cannot be opened is reported as
/// `path: error: cannot open output file: <reason>` (a user error).
ExitCode writeOutput(llvm::StringRef path, DiagnosticEngine &diags,
                     llvm::function_ref<bool(llvm::raw_ostream &)> write);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_FILES_H
