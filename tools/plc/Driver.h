//===- Driver.h - The compile pipeline behind `plc FILE` --------*- C++ -*-===//
///
/// \file
/// The one place where the compiler's stages are wired together. `compile`
/// reads the input, parses it, runs the requested pipeline, then hands the
/// program to the emitter for the requested output kind.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_DRIVER_H
#define PLC_TOOLS_PLC_DRIVER_H

#include "tools/plc/ExitCode.h"
#include "transforms/StageUsage.h"

#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace plc {
class DiagnosticEngine;
namespace ir {
class IRContext;
class Program;
} // namespace ir
namespace transforms {
class PassManager;
} // namespace transforms
} // namespace plc

namespace plc::driver {

/// What `plc FILE` produces.
enum class EmitKind {
  IR,       ///< canonical .pl text (after the pipeline, if one runs)
  DepsJson, ///< task graph as JSON
  Dot,      ///< task graph as Graphviz
  Orch,     ///< orchestration C++
  Kernels,  ///< kernel C++
  Cpp,      ///< orchestration.cpp and kernels.cpp into the -o directory
};

/// The spelling of `kind` on the command line (`--emit=<name>`).
llvm::StringRef emitKindName(EmitKind kind);

struct CompileOptions {
  std::string inputPath = "-";
  std::string outputPath = "-";
  EmitKind emit = EmitKind::IR;
  /// The pipeline string (`--passes=`); empty means none for --emit=ir and
  /// the default pipeline for every output that needs the task graph.
  std::string passes;
  /// Verify after every pass; otherwise once, on the pipeline's output.
  bool verifyEach = false;
  bool printIRAfterAll = false;
  std::vector<std::string> printIRAfter;
  /// Print per-stage wall-clock and system times (parse, each pass,
  /// emission).
  bool timePasses = false;
  /// Print, reparse, and require a structurally equal program whose print
  /// is byte-identical.
  bool checkRoundtrip = false;
};

/// The front and middle of the compiler for one input: read, parse, run the
/// pipeline. Owns the IR, so the program lives as long as the Compilation.
class Compilation {
public:
  Compilation(const CompileOptions &options, DiagnosticEngine &diags);
  ~Compilation();

  /// Reads and parses the input and runs the pipeline; Success, or the exit
  /// code of the first failure (already reported).
  ExitCode run();
  /// The program after the pipeline (valid after a successful run()).
  const ir::Program *program() const { return result; }
  /// Prints the per-stage times (parse, each pass, and `emit`).
  void printTimes(const transforms::StageUsage &emit) const;

private:
  const CompileOptions &options;
  DiagnosticEngine &diags;
  std::unique_ptr<ir::IRContext> ctx;
  std::unique_ptr<transforms::PassManager> pm;
  const ir::Program *result = nullptr;
  transforms::StageUsage parseUsage;
};

/// Runs `plc FILE`. Diagnostics go to `diags`; the result is the process exit
/// code.
ExitCode compile(const CompileOptions &options, DiagnosticEngine &diags);

/// Reports that `what` is a planned feature that does not exist yet, as an
/// internal error (exit 2): the input is fine, the compiler is incomplete.
ExitCode notImplemented(llvm::StringRef what, DiagnosticEngine &diags);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_DRIVER_H
