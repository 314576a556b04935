//===- BuildAndRun.h - Building and running generated code ------*- C++ -*-===//
///
/// \file
/// The mechanics behind `plc run`: given the generated orchestration,
/// kernels and harness of a program, build them with the system C++
/// compiler against the runtime (the installed one next to the plc binary,
/// <prefix>/include and <prefix>/lib, else the one of the build tree plc
/// came from), cache the executable by the hash of the generated code, the
/// runtime and the compiler, run it with the entry's parameters allocated
/// and filled, and let it print one line per requested tensor:
///
///   out: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128
///
/// Cache: $PLC_CACHE_DIR, else $XDG_CACHE_HOME/plc, else ~/.cache/plc; one
/// directory per hash holding the sources and the executable. Compiler:
/// $CXX, else `c++` on the PATH.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_BUILDANDRUN_H
#define PLC_TOOLS_PLC_BUILDANDRUN_H

#include "tools/plc/ExitCode.h"

#include "codegen/ProgramCodegen.h"

#include "llvm/ADT/Optional.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace plc {
class DiagnosticEngine;
} // namespace plc

namespace plc::driver {

/// `--tensor NAME=VALUE`: every element of NAME (or scalar NAME) := VALUE.
struct TensorFill {
  std::string name;
  double value = 0;
};

/// `--set NAME[i,j,...]=VALUE`: one element of tensor NAME := VALUE.
struct ElementSet {
  std::string name;
  std::vector<int64_t> indices;
  double value = 0;
};

/// Parses `NAME[i, j]=VALUE`; None when malformed.
llvm::Optional<ElementSet> parseElementSet(llvm::StringRef text);

struct BuildRunOptions {
  std::vector<TensorFill> fills;  ///< applied first, in order
  std::vector<ElementSet> sets;   ///< then these, in order
  std::vector<std::string> prints;
  /// Worker threads of the CPU runtime (0: run tasks inline on one thread).
  unsigned workers = 2;
  /// Overrides the cache directory (tests); empty: see the file comment.
  std::string cacheDir;
  /// Where the program's output and errors go (tests); empty: plc's own
  /// stdout and stderr.
  std::string outputFile;
};

/// Where the runtime's headers and library are, and the extra flags code
/// linking it needs (sanitizers the runtime was built with).
struct RuntimeLocation {
  std::string includeDir;
  std::string library;
  std::string extraFlags;
};

/// The runtime next to the running plc binary, else the build tree's.
/// Reports an error and returns None when neither exists.
llvm::Optional<RuntimeLocation> findRuntime(DiagnosticEngine &diags);

/// Builds (or reuses from the cache) and runs `program` with `options`.
/// Checks every name and index against the entry's parameters first (a
/// mistake there is a usage error, exit 2); a failing run (a kernel failed,
/// a submit was rejected) is exit 1 with the runtime's message; a build
/// failure is an internal error (exit 2) with the compiler's output.
ExitCode buildAndRun(const codegen::GeneratedProgram &program,
                     const BuildRunOptions &options, DiagnosticEngine &diags);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_BUILDANDRUN_H
