//===- ProgramCodegen.cpp - Everything codegen produces for a program -----===//

#include "codegen/ProgramCodegen.h"

#include "codegen/KernelCodegen.h"
#include "codegen/OrchestrationCodegen.h"

#include "ir/IR.h"

#include "llvm/Support/raw_ostream.h"

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

EntrySignature plc::codegen::describeEntry(const Function &fn) {
  EntrySignature signature;
  signature.function = fn.name().str();
  unsigned tensors = 0, scalars = 0;
  for (unsigned i = 0; i != fn.params.size(); ++i) {
    const Var *var = fn.params[i].var;
    EntryParam param;
    param.name = var->name.str();
    param.paramIndex = i;
    if (auto *tensor = llvm::dyn_cast<TensorType>(var->type())) {
      param.isTensor = true;
      param.slot = tensors++;
      param.dtype = tensor->dtype;
      param.shape.assign(tensor->shape.begin(), tensor->shape.end());
    } else if (auto *scalar = llvm::dyn_cast<ScalarType>(var->type())) {
      if (scalar->isTaskId())
        continue;
      param.isTensor = false;
      param.slot = scalars++;
      param.dtype = scalar->dtype;
    } else {
      continue;  // TaskId arrays: graph inputs, nothing to supply
    }
    signature.params.push_back(std::move(param));
  }
  return signature;
}

const Function *plc::codegen::findEntry(const Program &program,
                                        llvm::StringRef name,
                                        DiagnosticEngine &diags) {
  llvm::SmallVector<const Function *, 4> candidates;
  for (const Function *fn : program.functions)
    if (fn->isOrchestration())
      candidates.push_back(fn);
  if (!name.empty()) {
    for (const Function *fn : candidates)
      if (fn->name() == name)
        return fn;
    InFlightDiagnostic diag = diags.error(
        Span(), "no orchestration function named '" + name + "'");
    for (const Function *fn : candidates)
      diag.note("candidate: '" + fn->name() + "'", fn->span);
    return nullptr;
  }
  if (candidates.size() == 1)
    return candidates.front();
  for (const Function *fn : candidates)
    if (fn->name() == "main")
      return fn;
  InFlightDiagnostic diag = diags.error(
      Span(), candidates.empty()
                  ? "the program has no orchestration function to run"
                  : "the program has several orchestration functions; "
                    "choose one with --entry=NAME");
  for (const Function *fn : candidates)
    diag.note("candidate: '" + fn->name() + "'", fn->span);
  return nullptr;
}

std::optional<GeneratedProgram>
plc::codegen::generateProgram(const Program &program, llvm::StringRef entryName,
                              DiagnosticEngine &diags) {
  const Function *entry = findEntry(program, entryName, diags);
  if (!entry)
    return std::nullopt;
  GeneratedProgram out;
  out.programName = program.name().str();
  out.entry = describeEntry(*entry);
  llvm::raw_string_ostream orch(out.orchestration), kernels(out.kernels),
      harness(out.harness);
  if (!emitOrchestration(program, orch, diags) ||
      !emitKernels(program, kernels, diags) ||
      !emitHarness(program, *entry, harness, diags))
    return std::nullopt;
  orch.flush();
  kernels.flush();
  harness.flush();
  return out;
}
