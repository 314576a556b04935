//===- RunCommand.h - `plc run FILE` ----------------------------*- C++ -*-===//
///
/// \file
/// `plc run prog.pl --tensor name=VALUE ...` compiles a program, builds the
/// generated C++ against the CPU runtime and runs it. The command line is
/// parsed and checked here; BuildAndRun builds and runs the generated code.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_RUNCOMMAND_H
#define PLC_TOOLS_PLC_RUNCOMMAND_H

#include "tools/plc/BuildAndRun.h"
#include "tools/plc/ExitCode.h"

#include "llvm/ADT/Optional.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace plc {
class DiagnosticEngine;
} // namespace plc

namespace plc::driver {

/// Parses `name=VALUE` (an identifier, then a number). None when malformed.
llvm::Optional<TensorFill> parseTensorInit(llvm::StringRef text);

struct RunOptions {
  std::string inputPath = "-";
  /// The orchestration function to run; empty: the only one, else `main`.
  std::string entry;
  std::vector<std::string> tensorInits;  ///< `--tensor NAME=VALUE`
  std::vector<std::string> elementSets;  ///< `--set NAME[i,j]=VALUE`
  std::vector<std::string> prints;       ///< `--print NAME`
  unsigned workers = 2;
};

/// Compiles the program through the default pipeline and codegen, builds it
/// against the CPU runtime and runs it.
ExitCode runProgram(const RunOptions &options, DiagnosticEngine &diags);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_RUNCOMMAND_H
