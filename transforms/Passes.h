//===- Passes.h - Every pass of plc, with its contract ----------*- C++ -*-===//
///
/// \file
/// The table of contents of transforms/: one factory per pass, in default
/// pipeline order, each with what it does, what it requires and what it
/// guarantees. The pipeline-string name of each pass is given in brackets.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_PASSES_H
#define PLC_TRANSFORMS_PASSES_H

#include "transforms/Pass.h"

#include <memory>

namespace plc::transforms {

class PassManager;

/// [convert-to-ssa] Gives every Var exactly one definition.
/// Requires: nothing.
/// Guarantees: SSAForm, DefinedBeforeUse. A scope's dispatch fields (deps,
/// task id, predicate) and a Spmd scope's core_num name the versions visible
/// at scope entry; definitions inside a scope stay visible after it; values
/// reassigned in a loop become iter_args/results with a trailing Yield, and
/// values first defined in a loop and used after it likewise (initialised
/// from an Out/InOut parameter or the latest earlier value of that type);
/// branch-assigned values become If results.
std::unique_ptr<Pass> createConvertToSSAPass();

/// [simplify] Constant folding, then dead-code elimination.
/// Requires: SSAForm.
/// Guarantees: SSAForm kept. Integer, boolean and FP32 constant expressions
/// fold (with wrap-around to the dtype's width; never a division by zero);
/// constant scalars propagate to their uses. Predicates are left exactly as
/// written. DCE removes pure assignments of unused non-TaskId scalars; every
/// Var in a predicate, in deps or in a launch spec is live; Submits, stores
/// and calls of program functions are side effects; TaskId extractions stay.
std::unique_ptr<Pass> createSimplifyPass();

/// [outline-hierarchy-scopes] Non-CORE_GROUP `pl.at` scopes in Opaque
/// functions become Opaque functions carrying the scope's level and role
/// (`main_host_orch_0`; a nested scope is outlined from the outlined function:
/// `main_global_orch_0_host_orch_0`). Store targets are not exported.
/// Requires: SSAForm.
/// Guarantees: HierarchyOutlined; SSAForm and DefinedBeforeUse kept.
/// A Hierarchy scope carrying a predicate is an internal error.
std::unique_ptr<Pass> createOutlineHierarchyScopesPass();

/// [outline-incore-scopes] CORE_GROUP `pl.at` scopes in Opaque and
/// Orchestration functions become InCore functions (`main_incore_0`); an
/// Opaque parent that outlined a scope becomes Orchestration. Parameters are
/// the live-ins in first-use order; outputs are the definitions used later
/// plus the external store targets (returned as the parameter itself);
/// directions In/Out/InOut merged over every use. A scope with `as tid`,
/// deps, a predicate or allow_early_resolve becomes a Submit (a TaskId is
/// synthesised without `as`); otherwise a Call. Every dispatch field goes
/// through the same renaming as the call arguments, at the point after the
/// earlier scopes' outputs are bound and before this scope's are.
/// Requires: SSAForm.
/// Guarantees: InCoreOutlined; SSAForm and DefinedBeforeUse kept.
std::unique_ptr<Pass> createOutlineIncoreScopesPass();

/// [outline-cluster-scopes] `pl.cluster()` scopes become Group functions
/// (`main_cluster_0`); a `pl.spmd` nested in one is unwrapped into the Group
/// (marked spmd_unwrapped) and its core_num/sync_start ride the Group's
/// dispatch. Standalone Spmd scopes become Spmd functions (`main_spmd_0`)
/// dispatched by a Submit carrying the launch spec. The launch spec never
/// sits on a function. A dispatch with a launch spec is always a Submit: a
/// plain Call has no place for it, and codegen treats both alike.
/// Requires: SSAForm.
/// Guarantees: ClusterOutlined; SSAForm and DefinedBeforeUse kept.
std::unique_ptr<Pass> createOutlineClusterScopesPass();

/// [assert-no-inner-dispatch-predicate] Checks that no Submit inside a Group
/// or Spmd function carries a predicate (codegen dispatches only the outer
/// call, so it would be dropped silently) and that no Hierarchy scope
/// carries one. A violation is an internal error naming the function and the
/// predicate's location. The program is returned unchanged.
/// Requires: ClusterOutlined.
std::unique_ptr<Pass> createAssertNoInnerDispatchPredicatePass();

/// [build-task-graph] Attaches to every Orchestration function its task
/// graph (ir/TaskGraph.h): one task per dispatch in program order; ORDERED
/// edges from `deps=` (a dependency on a graph input, a TaskId parameter, is
/// dropped); FLOW/ANTI/OUTPUT from the callees' parameter directions on the
/// same tensor, tracking per tensor its last writer and the readers since
/// (so no redundant chains); FLOW from the last writer of a predicate's
/// tensor to the predicated task. Inside a manual runtime scope only the
/// explicit edges and the predicate edge are added. Stamps has_control_deps
/// iff an explicit edge was kept. A task depending on itself, or a cycle,
/// is a user error naming the tasks.
/// Requires: SSAForm, HierarchyOutlined, InCoreOutlined, ClusterOutlined.
/// Guarantees: every Orchestration function has a TaskGraph.
std::unique_ptr<Pass> createBuildTaskGraphPass();
/// The work of build-task-graph as a plain function, for reuse: returns the
/// program with task graphs attached, or null after reporting an error.
const ir::Program *buildTaskGraphs(ir::IRContext &ctx,
                                   const ir::Program &program,
                                   DiagnosticEngine &diags);

/// The pass named `name` in pipeline strings, or null.
std::unique_ptr<Pass> createPassByName(llvm::StringRef name);
/// Every pass name, in default-pipeline order.
llvm::ArrayRef<llvm::StringRef> allPassNames();

/// The default pipeline, in order. Later stages append here.
void buildDefaultPipeline(PassManager &pm);

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_PASSES_H
