//===- ProgramCodegen.h - Everything codegen produces for a program -*- C++ -*-===//
///
/// \file
/// The entry points the driver calls. A program gives three C++ texts:
/// the orchestration file, the kernels file, and (for `plc run`) a harness
/// whose main() allocates the entry function's parameters, fills them, runs
/// the orchestration on the CPU runtime and prints statistics of the
/// requested tensors. The EntrySignature says what the harness expects.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_PROGRAMCODEGEN_H
#define PLC_CODEGEN_PROGRAMCODEGEN_H

#include "ir/Diagnostics.h"
#include "ir/Function.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc::codegen {

/// File names `--emit=cpp -o DIR` writes.
constexpr const char *OrchestrationFileName = "orchestration.cpp";
constexpr const char *KernelsFileName = "kernels.cpp";
constexpr const char *HarnessFileName = "harness.cpp";

/// One parameter of an entry (orchestration) function that the caller
/// supplies: tensors by shape and dtype, scalars by dtype. TaskId parameters
/// (graph inputs) are not supplied and not listed.
struct EntryParam {
  std::string name;
  unsigned paramIndex;  ///< position among the function's parameters
  unsigned slot;        ///< position among tensors, or among scalars
  bool isTensor;
  ir::DType dtype;
  std::vector<int64_t> shape;  ///< tensors only
};

struct EntrySignature {
  std::string function;
  std::vector<EntryParam> params;
};

/// The parameters `fn` receives from its caller.
EntrySignature describeEntry(const ir::Function &fn);

/// The Orchestration function `name` names, or (with `name` empty) the only
/// one, else `main`. Reports an error and returns null when there is none.
const ir::Function *findEntry(const ir::Program &program, llvm::StringRef name,
                              DiagnosticEngine &diags);

/// Writes the harness for entry `entry` (see HarnessCodegen.cpp for its
/// command line). Returns false after reporting an error.
bool emitHarness(const ir::Program &program, const ir::Function &entry,
                 llvm::raw_ostream &os, DiagnosticEngine &diags);

struct GeneratedProgram {
  std::string programName;
  std::string orchestration;
  std::string kernels;
  std::string harness;
  EntrySignature entry;
};

/// All three texts for running `entryName` (empty: see findEntry).
std::optional<GeneratedProgram> generateProgram(const ir::Program &program,
                                                llvm::StringRef entryName,
                                                DiagnosticEngine &diags);

} // namespace plc::codegen

#endif // PLC_CODEGEN_PROGRAMCODEGEN_H
