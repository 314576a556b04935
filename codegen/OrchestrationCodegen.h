//===- OrchestrationCodegen.h - Orchestration C++ ---------------*- C++ -*-===//
///
/// \file
/// Every Orchestration function becomes `void orch_<name>(orch_tensors,
/// orch_scalars, orch_buffers)` against the runtime headers: parameters bound
/// as `ext_<name>`, tensors it creates allocated in `orch_buffers` (owned by
/// the caller, so they outlive the tasks), and one block per task in the
/// order DESIGN.md section 6 fixes:
///
///   CoreTaskArgs params_tN;
///   params_tN.add_input/add_output/add_inout(...)  tensors, then
///   params_tN.add_scalar<T>(...)                   scalars;
///   params_tN.launch_spec.set_block_num(N);        when a core_num is set
///   params_tN.launch_spec.set_require_sync_start(true);   only when true
///   params_tN.set_allow_early_resolve(true);       only when set
///   params_tN.set_dependencies(...)                from the lowered task graph
///   CoreTaskPredicate params_tN_pred; ... params_tN.set_predicate(...)
///   TaskOutputTensors task_N_outs = rt_submit_aiv_task / rt_submit_aic_task /
///                                   rt_submit_task(MixedKernels ...)
///
/// Every tensor Var is resolved to the parameter or local tensor holding its
/// data (a callee returns a tensor it wrote as the parameter itself); the
/// predicate operand resolves the same way, so a store-produced operand names
/// the parameter its producer wrote (`&ext_rc`). Runtime scopes become
/// PLRT_SCOPE blocks (MANUAL mode for manual scopes).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_ORCHESTRATIONCODEGEN_H
#define PLC_CODEGEN_ORCHESTRATIONCODEGEN_H

#include "ir/Diagnostics.h"
#include "ir/Function.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc::codegen {

/// Writes the orchestration file of `program` (every Orchestration function;
/// each must carry its task graph), each function as it is generated.
/// Returns false after reporting an error; the output then stops short.
bool emitOrchestration(const ir::Program &program, llvm::raw_ostream &os,
                       DiagnosticEngine &diags);

} // namespace plc::codegen

#endif // PLC_CODEGEN_ORCHESTRATIONCODEGEN_H
