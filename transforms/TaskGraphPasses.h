//===- TaskGraphPasses.h - Building and checking task graphs ----*- C++ -*-===//
#ifndef PLC_TRANSFORMS_TASKGRAPHPASSES_H
#define PLC_TRANSFORMS_TASKGRAPHPASSES_H

#include "ir/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace plc {
namespace ir {
class IRContext;
class Program;
} // namespace ir

/// build-task-graph: attaches a TaskGraph to every Orchestration function
/// and stamps has_control_deps. Returns null after reporting a user error.
const ir::Program *buildTaskGraphs(ir::IRContext &ctx,
                                   const ir::Program &program,
                                   DiagnosticEngine &diags);

/// control-deps-preserved: every `deps=` edge recorded at parse time is
/// still carried — as a deps operand naming the producer's TaskId before the
/// task graph exists, as a path from producer to consumer after it. Appends
/// one message per lost edge to `failures`; returns whether none was lost.
bool verifyControlDepsPreserved(const ir::Program &program,
                                DiagnosticEngine &diags,
                                llvm::SmallVectorImpl<std::string> &failures);

} // namespace plc

#endif // PLC_TRANSFORMS_TASKGRAPHPASSES_H
