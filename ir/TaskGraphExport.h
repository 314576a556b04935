//===- TaskGraphExport.h - Task graphs as JSON and Graphviz -----*- C++ -*-===//
///
/// \file
/// The task graphs of a program's orchestration functions in two text forms:
/// JSON (the raw edge list as TaskGraph::serialize writes it, plus the
/// lowered view the runtime receives) and Graphviz dot (a node per task
/// labelled with its callee, predicated tasks marked with their predicate,
/// one edge style per kind). Both are deterministic.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_TASKGRAPHEXPORT_H
#define PLC_IR_TASKGRAPHEXPORT_H

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc::ir {

class Program;

void printTaskGraphsJson(const Program &program, llvm::raw_ostream &os);
void printTaskGraphsDot(const Program &program, llvm::raw_ostream &os);

} // namespace plc::ir

#endif // PLC_IR_TASKGRAPHEXPORT_H
