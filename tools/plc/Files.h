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

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc {
class DiagnosticEngine;
} // namespace plc

namespace plc::driver {

/// Reads `path` ("-" means stdin) into `diags`' SourceMgr and returns its
/// buffer id. On failure reports `path: error: cannot open input file:
/// <reason>` and returns 0 (SourceMgr ids start at 1).
unsigned readInput(llvm::StringRef path, DiagnosticEngine &diags);

/// Opens `path` ("-" means stdout) and lets `write` fill it. The file is kept
/// only when `write` returns true. A file that cannot be opened is reported as
/// `path: error: cannot open output file: <reason>` (a user error).
ExitCode writeOutput(llvm::StringRef path, DiagnosticEngine &diags,
                     llvm::function_ref<bool(llvm::raw_ostream &)> write);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_FILES_H
