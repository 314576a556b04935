//===- Function.h - Functions and programs ----------------------*- C++ -*-===//
///
/// \file
/// A Program is an ordered list of Functions with unique names; Calls and
/// Submits name their callee. Like every IR object they are immutable and
/// arena-allocated: a pass builds a new Program.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_FUNCTION_H
#define PLC_IR_FUNCTION_H

#include "ir/Stmt.h"
#include "ir/TaskGraph.h"

#include <optional>

namespace plc::ir {

struct Param {
  const Var *var;  ///< definition site
  ParamDirection direction = ParamDirection::In;
};

class Function {
public:
  struct Fields {
    llvm::StringRef name;
    FunctionType type = FunctionType::Opaque;
    /// Explicit or derived; the printer writes derivedLevel/Role when set.
    std::optional<Level> level;
    std::optional<Role> role;
    /// A Group function that absorbed a cluster-nested `pl.spmd`.
    bool spmdUnwrapped = false;
    /// Orchestration functions after build-task-graph: the dependency edges
    /// between their dispatches. Owned by the IRContext.
    const TaskGraph *taskGraph = nullptr;
  };

  Function(const Fields &fields, llvm::ArrayRef<Param> params,
           llvm::ArrayRef<const Type *> returnTypes, const Stmt *body,
           Span span)
      : fields(fields), params(params), returnTypes(returnTypes), body(body),
        span(span), bodyFeatures(body->features()) {}

  llvm::StringRef name() const { return fields.name; }
  FunctionType type() const { return fields.type; }
  bool isOrchestration() const {
    return fields.type == FunctionType::Orchestration;
  }
  /// InCore, AIC or AIV: code that runs on a core.
  bool isKernel() const {
    return fields.type == FunctionType::InCore ||
           fields.type == FunctionType::AIC || fields.type == FunctionType::AIV;
  }

  const Fields fields;
  const llvm::ArrayRef<Param> params;
  const llvm::ArrayRef<const Type *> returnTypes;
  const Stmt *const body;
  const Span span;
  /// body->features(), kept here too: a pass passing over many small
  /// functions that lack what it looks for then reads none of their bodies.
  const Features bodyFeatures;
};

/// An explicit `deps=` edge as written: the producing scope or submit and
/// the consuming one, by source location. Recorded by the frontend so that
/// the control-deps-preserved verifier can check no pass lost it.
struct ControlDep {
  Loc producer;
  Loc consumer;
};

class Program {
public:
  struct Fields {
    llvm::StringRef name;
    /// Explicit deps= edges recorded at parse time.
    llvm::ArrayRef<ControlDep> controlDeps;
    /// Stamped by build-task-graph: at least one explicit edge was kept.
    bool hasControlDeps = false;
  };

  Program(const Fields &fields, llvm::ArrayRef<const Function *> functions)
      : fields(fields), functions(functions) {}

  llvm::StringRef name() const { return fields.name; }
  /// The function named `name`, or null. Linear; build an index for loops.
  const Function *lookup(llvm::StringRef name) const;

  const Fields fields;
  const llvm::ArrayRef<const Function *> functions;
};

} // namespace plc::ir

#endif // PLC_IR_FUNCTION_H
