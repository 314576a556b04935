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
/// Each verifier is a VerifierCheck: hooks called by one shared walk of the
/// program (runVerifierChecks). Verifying after a pass walks the IR once for
/// all verifiers, not once per verifier; on a large program the walk is
/// bound by memory latency, so this is what makes --verify-each cheap.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_VERIFIERS_H
#define PLC_TRANSFORMS_VERIFIERS_H

#include "transforms/Pass.h"

#include "ir/Function.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
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

/// One verifier as hooks on the shared walk. The walk visits the functions
/// in program order; within one it reports, in program order, each
/// statement before and after its operands and children, each expression
/// before its operands, each definition and use of a Var, and the bounds of
/// every loop body and if branch (definitions inside one do not outlive it).
class VerifierCheck {
public:
  virtual ~VerifierCheck();
  virtual void beginFunction(const ir::Function &fn) {}
  virtual void enterStmt(const ir::Stmt *stmt) {}
  virtual void exitStmt(const ir::Stmt *stmt) {}
  virtual void enterExpr(const ir::Expr *expr) {}
  virtual void def(const ir::Var *var) {}
  virtual void use(const ir::Var *var) {}
  virtual void enterRegion() {}
  virtual void exitRegion() {}
  /// After the last function: checks that need the whole program.
  virtual void endProgram() {}
};

/// The functions that passed every check under some properties and that are
/// self-contained: no scope, loop, dispatch, call of a function or task
/// graph, nothing that a check relates to other functions. IR is immutable,
/// so when a later walk meets one again (a pass kept it), it can skip it if
/// the properties that constrain its contents are the same: the outlining
/// properties hold trivially in a function without scopes. On a program of
/// many small kernels that is most of each --verify-each walk.
class VerificationCache {
public:
  /// Starts a walk checking `properties`.
  void begin(IRProperties properties) {
    current = properties - IRProperties{IRProperty::HierarchyOutlined,
                                        IRProperty::InCoreOutlined,
                                        IRProperty::ClusterOutlined};
    seen.clear();
  }
  bool skips(const ir::Function *fn) const {
    auto it = clean.find(fn);
    return it != clean.end() && it->second == current;
  }
  /// The walk saw `fn` whole, and it is self-contained.
  void saw(const ir::Function *fn) { seen.push_back(fn); }
  /// Every check of the walk passed: what it saw is clean.
  void commit() {
    for (const ir::Function *fn : seen)
      clean[fn] = current;
    seen.clear();
  }

private:
  IRProperties current;
  llvm::DenseMap<const ir::Function *, IRProperties> clean;
  llvm::SmallVector<const ir::Function *, 64> seen;
};

/// Walks `program` once, feeding every check. With a cache, skips the
/// functions it covers and tells it which of the others are self-contained.
void runVerifierChecks(const ir::Program &program,
                       llvm::ArrayRef<VerifierCheck *> checks,
                       VerificationCache *cache = nullptr);

/// Every Var defined once per function; a For with iter args and an If with
/// results end their bodies with a Yield of matching arity; Yield nowhere
/// else.
std::unique_ptr<VerifierCheck> createSSAFormCheck(Violations &out);

/// Every used Var is defined earlier on every path: parameters, earlier
/// statements of the enclosing blocks (definitions inside a scope stay
/// visible after it; those inside a loop body or branch do not). Every
/// called function exists.
std::unique_ptr<VerifierCheck>
createUseAfterDefCheck(const ir::Program &program, Violations &out);

/// The outlining properties in `which` hold (others are ignored).
std::unique_ptr<VerifierCheck>
createScopesOutlinedCheck(IRProperties which, Violations &out);

/// Every `deps=` entry is a TaskId or Array[TASK_ID] value on a dispatch
/// (a Submit, or an InCore, Hierarchy or Spmd scope), and a TaskId entry is
/// a parameter, a loop/branch value, a scope's `as` placeholder, or the
/// TaskId element of a Submit's result — never a plain Call's result.
std::unique_ptr<VerifierCheck> createDepsOnSubmitOnlyCheck(Violations &out);

/// Every `deps=` edge the frontend recorded (Program::fields.controlDeps) is
/// still carried: before the task graph exists, as a deps operand of the
/// consumer's dispatch naming the producer's TaskId; after it, as a path from
/// producer to consumer in the function's task graph. Null when the program
/// records no such edge: there is nothing to check.
std::unique_ptr<VerifierCheck>
createControlDepsPreservedCheck(const ir::Program &program, Violations &out);

/// One verifier run on its own (a walk of its own).
void verifySSAForm(const ir::Program &program, Violations &out);
void verifyUseAfterDef(const ir::Program &program, Violations &out);
void verifyScopesOutlined(const ir::Program &program, IRProperties which,
                          Violations &out);
void verifyDepsOnSubmitOnly(const ir::Program &program, Violations &out);
void verifyControlDepsPreserved(const ir::Program &program, Violations &out);

/// A verifier as the PassManager sees it.
struct VerifierInfo {
  llvm::StringRef name;
  /// The properties it checks; empty means "always".
  IRProperties covers;
  std::unique_ptr<VerifierCheck> (*create)(const ir::Program &,
                                           IRProperties established,
                                           Violations &);
};

/// All verifiers, in the order --verify-each reports them.
llvm::ArrayRef<VerifierInfo> allVerifiers();

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_VERIFIERS_H
