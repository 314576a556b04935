//===- RunCommand.h - `plc run FILE` ----------------------------*- C++ -*-===//
///
/// \file
/// `plc run prog.pl --tensor name=VALUE ...` compiles a program, builds the
/// generated C++ against the CPU runtime and runs it. The command line is
/// parsed and checked here; compiling and running arrive with codegen and the
/// runtime, until then the command reports "not implemented yet" (exit 2).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TOOLS_PLC_RUNCOMMAND_H
#define PLC_TOOLS_PLC_RUNCOMMAND_H

#include "tools/plc/ExitCode.h"

#include "llvm/ADT/Optional.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace plc {
class DiagnosticEngine;
} // namespace plc

namespace plc::driver {

/// One `--tensor name=VALUE`: every element of parameter `name` starts as
/// `value`.
struct TensorInit {
  std::string name;
  double value = 0;
};

/// Parses `name=VALUE` (an identifier, then a number). None when malformed.
llvm::Optional<TensorInit> parseTensorInit(llvm::StringRef text);

struct RunOptions {
  std::string inputPath = "-";
  std::vector<std::string> tensorInits;
};

ExitCode runProgram(const RunOptions &options, DiagnosticEngine &diags);

} // namespace plc::driver

#endif // PLC_TOOLS_PLC_RUNCOMMAND_H
