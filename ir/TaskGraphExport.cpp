//===- TaskGraphExport.cpp - Task graphs as JSON and Graphviz --------------===//

#include "ir/TaskGraphExport.h"

#include "ir/IR.h"
#include "ir/Printer.h"

#include "llvm/Support/raw_ostream.h"

using namespace plc::ir;

/// The predicate of a task, or null.
static const Expr *predicateOf(Task task) {
  auto *submit = llvm::dyn_cast<Submit>(task);
  return submit ? submit->predicate : nullptr;
}

/// Escapes a string for a JSON or dot double-quoted literal.
static std::string quoted(llvm::StringRef text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c;
  }
  return out + "\"";
}

void plc::ir::printTaskGraphsJson(const Program &program,
                                  llvm::raw_ostream &os) {
  os << "{\n  \"program\": " << quoted(program.name()) << ",\n"
     << "  \"has_control_deps\": "
     << (program.fields.hasControlDeps ? "true" : "false") << ",\n"
     << "  \"functions\": [";
  bool firstFn = true;
  for (const Function *fn : program.functions) {
    const TaskGraph *graph = fn->fields.taskGraph;
    if (!graph)
      continue;
    os << (firstFn ? "\n" : ",\n") << "    {\n      \"name\": "
       << quoted(fn->name()) << ",\n      \"tasks\": [";
    firstFn = false;
    for (size_t i = 0; i != graph->tasks().size(); ++i) {
      Task task = graph->tasks()[i];
      os << (i ? ", " : "") << "{\"name\": " << quoted(graph->taskName(task));
      if (const Expr *predicate = predicateOf(task))
        os << ", \"predicate\": " << quoted(exprToString(predicate));
      os << "}";
    }
    os << "],\n      \"edges\": " << graph->serialize()
       << ",\n      \"lowered\": [";
    bool firstEdge = true;
    for (Task dst : graph->tasks())
      for (const LoweredDep &dep : graph->lowered(dst)) {
        os << (firstEdge ? "" : ", ") << "{\"kind\": "
           << quoted(edgeKindName(dep.kind)) << ", \"src\": "
           << quoted(graph->taskName(dep.src))
           << ", \"dst\": " << quoted(graph->taskName(dst)) << "}";
        firstEdge = false;
      }
    os << "]\n    }";
  }
  os << (firstFn ? "]\n}\n" : "\n  ]\n}\n");
}

/// One line style per edge kind, strongest drawn heaviest.
static const char *edgeStyle(EdgeKind kind) {
  switch (kind) {
  case EdgeKind::ORDERED:
    return "style=dotted";
  case EdgeKind::ANTI:
    return "style=dashed, color=\"#a0522d\"";
  case EdgeKind::OUTPUT:
    return "style=bold, color=\"#1f5fa8\"";
  case EdgeKind::FLOW:
    return "style=solid, color=\"#2e7d32\"";
  }
  llvm_unreachable("unknown edge kind");
}

void plc::ir::printTaskGraphsDot(const Program &program,
                                 llvm::raw_ostream &os) {
  os << "digraph " << quoted(program.name()) << " {\n"
     << "  rankdir=TB;\n"
     << "  node [shape=box, fontname=\"Helvetica\"];\n"
     << "  edge [fontname=\"Helvetica\", fontsize=10];\n";
  for (const Function *fn : program.functions) {
    const TaskGraph *graph = fn->fields.taskGraph;
    if (!graph)
      continue;
    os << "  subgraph " << quoted("cluster_" + fn->name().str()) << " {\n"
       << "    label=" << quoted(fn->name()) << ";\n";
    for (Task task : graph->tasks()) {
      std::string id = fn->name().str() + "/" + graph->taskName(task);
      os << "    " << quoted(id) << " [label=";
      if (const Expr *predicate = predicateOf(task)) {
        // Two label lines; the `\n` escape must survive quoting.
        std::string label = quoted(graph->taskName(task));
        label.pop_back();
        label += "\\nif " + quoted(exprToString(predicate)).substr(1);
        os << label << ", style=\"rounded,dashed\"";
      } else {
        os << quoted(graph->taskName(task));
      }
      os << "];\n";
    }
    // The raw list, so every kind shows; duplicates are real edges.
    for (const DependencyEdge &edge : graph->edges())
      os << "    "
         << quoted(fn->name().str() + "/" + graph->taskName(edge.src))
         << " -> "
         << quoted(fn->name().str() + "/" + graph->taskName(edge.dst))
         << " [label=" << quoted(" " + edgeKindName(edge.kind).str() + " ") << ", "
         << edgeStyle(edge.kind) << "];\n";
    os << "  }\n";
  }
  os << "}\n";
}
