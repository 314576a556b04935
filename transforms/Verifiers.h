//===- Verifiers.h - Checks of IR properties --------------------*- C++ -*-===//
///
/// \file
/// One verifier per IR property family. A verifier never prints: it appends
/// violations (a location and a message naming the function) and the caller
/// decides what they mean — after a pass they are compiler bugs, before a
/// pass that requires the property they are a pipeline misuse.
///
/// | verifier             | checks                                          |
/// |----------------------|-------------------------------------------------|
/// | ssa-form             | SSAForm                                         |
/// | use-after-def        | DefinedBeforeUse; callees exist                 |
/// | scopes-outlined      | Hierarchy/InCore/ClusterOutlined (those asked)  |
/// | deps-on-submit-only  | deps= only on dispatches, naming TaskIds of     |
/// |                      | dispatches (always checked)                     |
/// | control-deps-preserved | no recorded deps= edge lost (always checked)  |
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_VERIFIERS_H
#define PLC_TRANSFORMS_VERIFIERS_H

#include "transforms/Pass.h"

#include "ir/Function.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace plc::transforms {

struct Violation {
  Span at;
  std::string message;
  /// A second place the message refers to (printed as a note), if any.
  Span related = {};
  llvm::StringRef relatedNote = {};
};
using Violations = llvm::SmallVectorImpl<Violation>;

/// Every Var defined once per function; a For with iter args and an If with
/// results end their bodies with a Yield of matching arity; Yield nowhere
/// else.
void verifySSAForm(const ir::Program &program, Violations &out);

/// Every used Var is defined earlier on every path: parameters, earlier
/// statements of the enclosing blocks (definitions inside a scope stay
/// visible after it; those inside a loop body or branch do not). Every
/// called function exists.
void verifyUseAfterDef(const ir::Program &program, Violations &out);

/// The outlining properties in `which` hold (others are ignored).
void verifyScopesOutlined(const ir::Program &program, IRProperties which,
                          Violations &out);

/// Every `deps=` entry is a TaskId or Array[TASK_ID] value on a dispatch
/// (a Submit, or an InCore, Hierarchy or Spmd scope), and a TaskId entry is
/// a parameter, a loop/branch value, a scope's `as` placeholder, or the
/// TaskId element of a Submit's result — never a plain Call's result.
void verifyDepsOnSubmitOnly(const ir::Program &program, Violations &out);

/// Every `deps=` edge the frontend recorded (Program::fields.controlDeps) is
/// still carried: before the task graph exists, as a deps operand of the
/// consumer's dispatch naming the producer's TaskId; after it, as a path from
/// producer to consumer in the function's task graph.
void verifyControlDepsPreserved(const ir::Program &program, Violations &out);

/// A verifier as the PassManager sees it.
struct VerifierInfo {
  llvm::StringRef name;
  /// The properties it checks; empty means "always".
  IRProperties covers;
  void (*run)(const ir::Program &, IRProperties established, Violations &);
};

/// All verifiers, in the order --verify-each runs them.
llvm::ArrayRef<VerifierInfo> allVerifiers();

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_VERIFIERS_H
