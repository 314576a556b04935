//===- ScopeOutliner.h - The engine behind the outline passes ---*- C++ -*-===//
///
/// \file
/// Private to transforms/. The three outline passes share one engine,
/// configured by an OutlinePolicy (which scopes, what the callee becomes,
/// how a body is prepared). Per function it builds a UseOrder index once,
/// then walks the body with a mutator whose Var hook applies a flat rename
/// map (original Var -> its call-site result). A target scope is replaced by
/// a dispatch of a new function:
///
///  1. its fields are renamed by the generic field mutator — every dispatch
///     operand (deps, task id, predicate, launch spec) at once, through the
///     very hook that renames the call arguments, at the moment the earlier
///     siblings' results are bound and this scope's are not. There is no
///     code path that reads a raw field, so no field can keep a Var that now
///     lives only inside a callee;
///  2. body analysis: live-ins (first-use order) become parameters;
///     definitions used after the scope (UseOrder; later scopes' fields count
///     as uses because the index walks them) and external store targets
///     become outputs, a store target returned as its parameter;
///  3. the callee is the body itself plus a Return: Vars are bound per
///     function, so the live-in Vars are its parameters and nothing in the
///     body is copied. The call site is a Submit (when the fields or a
///     launch spec require one) or a Call. A definition's result is bound
///     to the same Var in the caller and a stored tensor's to its last
///     alias, so later uses keep them; the rename map sends the tensor's
///     other names (or, with no alias, all of them) to its result.
///
/// Scopes nested in a target scope move into the callee, which is then
/// processed the same way (so a nested Hierarchy scope is named after its
/// outlined parent). New functions are placed before their parent.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_SCOPEOUTLINER_H
#define PLC_TRANSFORMS_SCOPEOUTLINER_H

#include "transforms/IRUtils.h"
#include "transforms/Pass.h"

#include "llvm/ADT/StringSet.h"

#include <string>

namespace plc::transforms {

/// What a target scope's body becomes before analysis, and the launch spec
/// its dispatch carries.
struct PreparedScope {
  const ir::Stmt *body = nullptr;
  /// In the caller's terms (renamed by the engine); null without a spec.
  const ir::Expr *coreNum = nullptr;
  bool syncStart = false;
  bool spmdUnwrapped = false;
};

class OutlinePolicy {
public:
  virtual ~OutlinePolicy();
  /// Whether the pass processes `fn` at all (new functions always are).
  virtual bool processes(const ir::Function &fn) const = 0;
  /// The kind of scope the pass outlines.
  virtual ir::ScopeKind targetKind() const = 0;
  bool isTarget(const ir::ScopeStmt &scope) const {
    return scope.scopeKind() == targetKind();
  }
  /// The name infix: `main` + suffix + counter, e.g. "_incore_".
  virtual std::string suffix(const ir::ScopeStmt &scope) const = 0;
  /// Type, level and role of the callee (the engine sets the name).
  virtual ir::Function::Fields calleeFields(const ir::ScopeStmt &scope) const = 0;
  /// Whether external store targets become outputs (and make parameters
  /// Out/InOut).
  virtual bool exportsStoreTargets() const { return true; }
  /// The type a parent that outlined something becomes, if it changes.
  virtual std::optional<ir::FunctionType>
  promotedParentType(const ir::Function &parent) const {
    return std::nullopt;
  }
  /// Builds the body to outline. Returns false after reporting an error.
  virtual bool prepare(const ir::ScopeStmt &scope, const ir::Function &parent,
                       PreparedScope &prepared, PassContext &pc) const {
    prepared.body = scope.body;
    return true;
  }
};

/// Runs `policy` over a whole program. Returns null after errors.
const ir::Program *outlineScopes(const ir::Program &program,
                                 const OutlinePolicy &policy,
                                 PassContext &pc);

/// Reports a predicate found where no dispatch can honour it (an internal
/// error naming the function and the predicate's location). `where`
/// completes "predicate on ...".
void reportMisplacedPredicate(PassContext &pc, llvm::StringRef function,
                              llvm::StringRef where,
                              const ir::Expr *predicate);

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_SCOPEOUTLINER_H
