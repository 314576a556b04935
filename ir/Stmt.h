//===- Stmt.h - IR statements -----------------------------------*- C++ -*-===//
///
/// \file
/// Statements, immutable and arena-allocated like expressions.
///
/// Scoping: a Var is defined by an Assign, a For (loop var, iter args,
/// results), an If (results) or a function parameter, and is visible after
/// its definition in the enclosing Seq. A ScopeStmt does not open a lexical
/// scope: definitions made inside it stay visible after it (outlining turns
/// them into the results of the outlined call).
///
/// Loops and branches carry values out through Yield: the last statement of
/// a For body (when it has iter args) or of each If branch (when the If has
/// results) is a YieldStmt whose values bind the iter args of the next
/// iteration / the results.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_STMT_H
#define PLC_IR_STMT_H

#include "ir/Expr.h"

#include <optional>

namespace plc::ir {

enum class StmtKind : uint8_t {
#define PLC_STMT(Name) Name,
#include "ir/Nodes.def"
};

class Stmt {
public:
  StmtKind kind() const { return kind_; }
  Span span() const { return span_.unpack(); }
  /// Whether this statement is, or holds at any depth, a scope of `kind`.
  /// Known from construction, so a pass looking for scopes of a kind can
  /// pass over a function that has none without walking it.
  bool containsScope(ScopeKind kind) const {
    return scopeKinds_ & scopeKindBit(kind);
  }
  /// What this statement holds at any depth (see Feature).
  Features features() const { return features_; }

  static Features featuresOf(const Stmt *stmt) {
    return stmt ? stmt->features_ : Features();
  }
  static Features featuresOf(llvm::ArrayRef<const Stmt *> stmts) {
    return featuresOfAll(stmts);
  }

protected:
  Stmt(StmtKind kind, Span span, Features features, uint8_t scopeKinds = 0)
      : kind_(kind), scopeKinds_(scopeKinds), features_(features), span_(span) {
  }

  static Features featuresOf(const Expr *expr) {
    return Expr::featuresOf(expr);
  }
  static Features featuresOf(llvm::ArrayRef<const Expr *> exprs) {
    return Expr::featuresOf(exprs);
  }

  static uint8_t scopeKindBit(ScopeKind kind) {
    static_assert(static_cast<unsigned>(ScopeKind::Runtime) < 8,
                  "one bit of scopeKinds_ per scope kind");
    return uint8_t(1u << static_cast<unsigned>(kind));
  }
  static uint8_t scopeKindsOf(const Stmt *stmt) {
    return stmt ? stmt->scopeKinds_ : 0;
  }
  static uint8_t scopeKindsOf(llvm::ArrayRef<const Stmt *> stmts) {
    uint8_t kinds = 0;
    for (const Stmt *stmt : stmts)
      kinds |= scopeKindsOf(stmt);
    return kinds;
  }

private:
  StmtKind kind_;
  /// The scope kinds in this statement, one bit each (fills padding).
  uint8_t scopeKinds_;
  Features features_;
  PackedSpan span_; // fills the padding after the flags
};
static_assert(sizeof(Stmt) == 16, "a Stmt is its kind, flags and span");

class AssignStmt : public Stmt {
public:
  AssignStmt(const Var *var, const Expr *value, Span span)
      : Stmt(StmtKind::Assign, span,
             featuresOf(value) | assignedFeatures(var, value)),
        var(var), value(value) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Assign; }

  const Var *const var;  ///< definition site
  const Expr *const value;

private:
  /// ScalarAssign when either side is a scalar other than a TaskId.
  static Features assignedFeatures(const Var *var, const Expr *value) {
    auto isPlainScalar = [](const Type *type) {
      const auto *scalar = llvm::dyn_cast_or_null<ScalarType>(type);
      return scalar && !scalar->isTaskId();
    };
    return isPlainScalar(var->type()) || isPlainScalar(value->type())
               ? Features(Feature::ScalarAssign)
               : Features();
  }
};

/// An expression evaluated for its effect.
class EvalStmt : public Stmt {
public:
  EvalStmt(const Expr *expr, Span span)
      : Stmt(StmtKind::Eval, span, featuresOf(expr)), expr(expr) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Eval; }

  const Expr *const expr;
};

/// A block. An empty Seq is `pass`.
class SeqStmt : public Stmt {
public:
  SeqStmt(llvm::ArrayRef<const Stmt *> stmts, Span span)
      : Stmt(StmtKind::Seq, span, featuresOf(stmts), scopeKindsOf(stmts)),
        stmts(stmts) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Seq; }

  const llvm::ArrayRef<const Stmt *> stmts;
};

/// How many statements ahead a walk of a Seq asks for (prefetchStatement).
constexpr size_t kStatementPrefetchDistance = 4;

/// Asks the cache for `stmt` and the lines just before it, where its
/// operands usually sit (a node is allocated after its children). A walk of
/// a Seq calls it a few statements ahead, so that the cache misses of a
/// function larger than the cache overlap the work on earlier statements.
inline void prefetchStatement(const Stmt *stmt) {
  const char *at = reinterpret_cast<const char *>(stmt);
  for (int line = 0; line != 4; ++line)
    __builtin_prefetch(at - 64 * line);
}

class ReturnStmt : public Stmt {
public:
  ReturnStmt(llvm::ArrayRef<const Expr *> values, Span span)
      : Stmt(StmtKind::Return, span, featuresOf(values)), values(values) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Return; }

  const llvm::ArrayRef<const Expr *> values;
};

/// `for loopVar in pl.range(start, stop, step)`, with loop-carried values:
/// iterArgs[i] starts as inits[i], is rebound by the body's trailing Yield,
/// and results[i] holds its final value after the loop.
class ForStmt : public Stmt {
public:
  ForStmt(const Var *loopVar, const Expr *start, const Expr *stop,
          const Expr *step, llvm::ArrayRef<const Var *> iterArgs,
          llvm::ArrayRef<const Expr *> inits, const Stmt *body,
          llvm::ArrayRef<const Var *> results, Span span)
      : Stmt(StmtKind::For, span,
             featuresOf(start) | featuresOf(stop) | featuresOf(step) |
                 featuresOf(inits) | featuresOf(body),
             scopeKindsOf(body)),
        loopVar(loopVar), start(start), stop(stop), step(step),
        iterArgs(iterArgs), inits(inits), body(body), results(results) {
    assert(iterArgs.size() == inits.size() &&
           iterArgs.size() == results.size() && "loop-carried arity");
  }
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::For; }

  const Var *const loopVar;
  const Expr *const start;
  const Expr *const stop;
  const Expr *const step;
  const llvm::ArrayRef<const Var *> iterArgs;
  const llvm::ArrayRef<const Expr *> inits;
  const Stmt *const body;
  const llvm::ArrayRef<const Var *> results;
};

class IfStmt : public Stmt {
public:
  IfStmt(const Expr *cond, const Stmt *thenBody, const Stmt *elseBody,
         llvm::ArrayRef<const Var *> results, Span span)
      : Stmt(StmtKind::If, span,
             featuresOf(cond) | featuresOf(thenBody) | featuresOf(elseBody),
             scopeKindsOf(thenBody) | scopeKindsOf(elseBody)),
        cond(cond), thenBody(thenBody), elseBody(elseBody), results(results) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::If; }

  const Expr *const cond;
  const Stmt *const thenBody;
  const Stmt *const elseBody;  ///< may be null
  const llvm::ArrayRef<const Var *> results;
};

class YieldStmt : public Stmt {
public:
  YieldStmt(llvm::ArrayRef<const Expr *> values, Span span)
      : Stmt(StmtKind::Yield, span, featuresOf(values)), values(values) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Yield; }

  const llvm::ArrayRef<const Expr *> values;
};

/// The dispatch metadata a scope carries to the task it becomes. These are
/// operands like any other: the generic visitor and mutator walk them.
struct DispatchAttrs {
  /// TaskId or Array[N, TASK_ID] values from `deps=`, in source order.
  llvm::ArrayRef<const Expr *> deps;
  /// The Var bound by `as tid`; it is defined by a placeholder
  /// `tid = pl.system.task_invalid()` right before the scope.
  const Var *taskId = nullptr;
  /// `predicate=`, or null.
  const Expr *predicate = nullptr;
  bool allowEarlyResolve = false;
  /// `name_hint=`, empty when unset. Takes part in structural equality.
  llvm::StringRef nameHint;

  /// Whether the scope must become a Submit rather than a plain Call.
  bool forcesSubmit() const {
    return taskId || !deps.empty() || predicate || allowEarlyResolve;
  }
};

/// `with pl.at/pl.spmd/pl.cluster/pl.scope(...)`: a region of the body that
/// outlining turns into a function and a dispatch of it.
class ScopeStmt : public Stmt {
public:
  struct Fields {
    ScopeKind kind = ScopeKind::InCore;
    DispatchAttrs dispatch;
    /// Hierarchy and InCore scopes: the level (InCore is CORE_GROUP).
    Level level = Level::CORE_GROUP;
    std::optional<Role> role;
    /// Spmd scopes: the block count (an integer scalar expression).
    const Expr *coreNum = nullptr;
    bool syncStart = false;
    /// Runtime scopes: MANUAL mode (the user owns the ordering).
    bool manual = false;
  };

  ScopeStmt(const Fields &fields, const Stmt *body, Span span)
      : Stmt(StmtKind::Scope, span, fieldFeatures(fields) | featuresOf(body),
             scopeKindBit(fields.kind) | scopeKindsOf(body)),
        fields(fields), body(body) {}
  static bool classof(const Stmt *s) { return s->kind() == StmtKind::Scope; }

  ScopeKind scopeKind() const { return fields.kind; }
  const DispatchAttrs &dispatch() const { return fields.dispatch; }

  const Fields fields;
  const Stmt *const body;

private:
  /// The predicate counts as Predicate only: it stays as written.
  static Features fieldFeatures(const Fields &fields) {
    return featuresOf(fields.coreNum) | featuresOf(fields.dispatch.deps) |
           featuresOf(fields.dispatch.taskId) |
           (fields.dispatch.predicate ? Features(Feature::Predicate)
                                      : Features());
  }
};

} // namespace plc::ir

#endif // PLC_IR_STMT_H
