//===- Driver.h - The compile pipeline behind `plc FILE` --------*- C++ -*-===//
///
/// \file
/// The one place where the compiler's stages are wired together. `compile`
/// reads the input, then hands it to the stage function for the requested
/// output kind; each `--emit=` kind is one function in Driver.cpp, so a stage
/// plugs in by filling in its function. Kinds whose stages do not exist yet
/// report "not implemented yet" and exit 2.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_DRIVER_H
#define PLC_TOOLS_PLC_DRIVER_H

#include "tools/plc/ExitCode.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace plc {
class DiagnosticEngine;
} // namespace plc

namespace plc::driver {

/// What `plc FILE` produces. `None` checks the input and prints nothing.
enum class EmitKind {
  None,
  IR,       ///< canonical .pl text after the pipeline
  DepsJson, ///< task graph as JSON
  Dot,      ///< task graph as Graphviz
  Orch,     ///< orchestration C++
  Kernels,  ///< kernel C++
  Cpp,      ///< orchestration and kernels in one translation unit
};

/// The spelling of `kind` on the command line (`--emit=<name>`).
llvm::StringRef emitKindName(EmitKind kind);

struct CompileOptions {
  std::string inputPath = "-";
  std::string outputPath = "-";
  EmitKind emit = EmitKind::None;
};

/// Runs `plc FILE`. Diagnostics go to `diags`; the result is the process exit
/// code.
ExitCode compile(const CompileOptions &options, DiagnosticEngine &diags);

/// Reports that `what` is a planned feature that does not exist yet, as an
/// internal error (exit 2): the input is fine, the compiler is incomplete.
ExitCode notImplemented(llvm::StringRef what, DiagnosticEngine &diags);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_DRIVER_H
