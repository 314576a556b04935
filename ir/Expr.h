//===- Expr.h - IR expressions ----------------------------------*- C++ -*-===//
///
/// \file
/// Expressions are immutable, arena-allocated by IRContext and compared by
/// pointer for identity: a Var *is* its address, its name is only a hint.
/// Every Expr has a type and a source span. The node kinds come from
/// Nodes.def.
///
/// Semantics worth knowing before writing a pass:
///  * Submit is a task dispatch, never a Call: it carries the dispatch
///    metadata (deps, launch spec, early-resolve, predicate) as typed operands
///    and has type Tuple[callee results..., Scalar[TASK_ID]].
///  * A predicate is an ordinary comparison expression that is never
///    evaluated by the compiler; the runtime reads its one tensor element
///    just before dispatch.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_EXPR_H
#define PLC_IR_EXPR_H

#include "ir/Diagnostics.h"
#include "ir/Enums.h"
#include "ir/Type.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"

namespace plc::ir {

enum class ExprKind : uint8_t {
#define PLC_EXPR(Name) Name,
#include "ir/Nodes.def"
};

/// Facts about a node and everything under it, one bit each, known from
/// construction (nodes are immutable), so that a pass looking for one of
/// them can pass over a subtree, or a whole function, that lacks it without
/// walking it.
enum class Feature : uint8_t {
  /// A Binary, Unary or Cast outside predicates (which stay as written).
  Arithmetic = 1u << 0,
  /// An Assign of a scalar value other than a TaskId.
  ScalarAssign = 1u << 1,
  /// A predicate, on a Submit or on a scope.
  Predicate = 1u << 2,
};

/// A set of Features.
class Features {
public:
  constexpr Features() = default;
  constexpr Features(Feature feature) : bits(uint8_t(feature)) {}
  bool has(Feature feature) const { return bits & uint8_t(feature); }
  bool hasAny(Features others) const { return bits & others.bits; }
  Features &operator|=(Features other) {
    bits |= other.bits;
    return *this;
  }

private:
  uint8_t bits = 0;
};

inline Features operator|(Features a, Features b) { return a |= b; }
inline Features operator|(Feature a, Feature b) {
  return Features(a) | Features(b);
}

/// What the nodes of `nodes` (Exprs or Stmts, null for none) hold together.
template <typename Node>
Features featuresOfAll(llvm::ArrayRef<const Node *> nodes) {
  Features features;
  for (const Node *node : nodes)
    features |= Node::featuresOf(node);
  return features;
}

class Expr {
public:
  ExprKind kind() const { return kind_; }
  const Type *type() const { return type_; }
  Span span() const { return span_.unpack(); }
  /// What this expression holds at any depth (see Feature).
  Features features() const { return features_; }

  static Features featuresOf(const Expr *expr) {
    return expr ? expr->features_ : Features();
  }
  static Features featuresOf(llvm::ArrayRef<const Expr *> exprs) {
    return featuresOfAll(exprs);
  }

protected:
  Expr(ExprKind kind, const Type *type, Span span, Features features = {})
      : kind_(kind), features_(features), span_(span), type_(type) {}

private:
  ExprKind kind_;
  Features features_;
  PackedSpan span_; // fills the padding up to `type_`
  const Type *type_;
};
static_assert(sizeof(Expr) == 24, "an Expr is its kind, flags, span and type");

/// A named value. Identity is the pointer; `name` is a printing hint and
/// `id` (unique within an IRContext) makes ordering deterministic. Bindings
/// are per function: one Var may be bound in several functions (an outlined
/// callee keeps its caller's Vars), so Var-keyed tables belong to a function.
class Var : public Expr {
public:
  Var(llvm::StringRef name, uint64_t id, const Type *type, Span span)
      : Expr(ExprKind::Var, type, span), name(name), id(id) {}
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Var; }

  const llvm::StringRef name;
  const uint64_t id;
};

class ConstInt : public Expr {
public:
  ConstInt(int64_t value, const Type *type, Span span)
      : Expr(ExprKind::ConstInt, type, span), value(value) {}
  static bool classof(const Expr *e) { return e->kind() == ExprKind::ConstInt; }
  DType dtype() const { return llvm::cast<ScalarType>(type())->dtype; }

  const int64_t value;
};

class ConstFloat : public Expr {
public:
  ConstFloat(double value, const Type *type, Span span)
      : Expr(ExprKind::ConstFloat, type, span), value(value) {}
  static bool classof(const Expr *e) {
    return e->kind() == ExprKind::ConstFloat;
  }
  DType dtype() const { return llvm::cast<ScalarType>(type())->dtype; }

  const double value;
};

class ConstBool : public Expr {
public:
  ConstBool(bool value, const Type *type, Span span)
      : Expr(ExprKind::ConstBool, type, span), value(value) {}
  static bool classof(const Expr *e) {
    return e->kind() == ExprKind::ConstBool;
  }

  const bool value;
};

class Binary : public Expr {
public:
  Binary(BinaryOp op, const Expr *lhs, const Expr *rhs, const Type *type,
         Span span)
      : Expr(ExprKind::Binary, type, span,
             Feature::Arithmetic | featuresOf(lhs) | featuresOf(rhs)),
        op(op), lhs(lhs), rhs(rhs) {}
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Binary; }

  const BinaryOp op;
  const Expr *const lhs;
  const Expr *const rhs;
};

class Unary : public Expr {
public:
  Unary(UnaryOp op, const Expr *operand, const Type *type, Span span)
      : Expr(ExprKind::Unary, type, span,
             Feature::Arithmetic | featuresOf(operand)),
        op(op), operand(operand) {}
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Unary; }

  const UnaryOp op;
  const Expr *const operand;
};

/// A scalar conversion; the target dtype is the dtype of its type.
class Cast : public Expr {
public:
  Cast(const Expr *operand, const Type *type, Span span)
      : Expr(ExprKind::Cast, type, span,
             Feature::Arithmetic | featuresOf(operand)),
        operand(operand) {}
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Cast; }
  DType dtype() const { return llvm::cast<ScalarType>(type())->dtype; }

  const Expr *const operand;
};

/// A keyword argument of a Call (e.g. `value=` of tile.full). A dtype
/// keyword is not stored: it is the dtype of the Call's result type.
struct Kwarg {
  llvm::StringRef name;
  const Expr *value;
};

inline Features featuresOfKwargs(llvm::ArrayRef<Kwarg> kwargs) {
  Features features;
  for (const Kwarg &kwarg : kwargs)
    features |= Expr::featuresOf(kwarg.value);
  return features;
}

/// A call of a builtin operator or of another function of the program
/// (`self.k(...)`). Function callees are named; names are unique in a
/// Program.
class Call : public Expr {
public:
  /// A call of builtin `op`.
  Call(OpKind op, llvm::ArrayRef<const Expr *> args,
       llvm::ArrayRef<Kwarg> kwargs, const Type *type, Span span)
      : Expr(ExprKind::Call, type, span,
             featuresOf(args) | featuresOfKwargs(kwargs)),
        op(op), callee(), args(args), kwargs(kwargs) {}
  /// A call of program function `callee`.
  Call(llvm::StringRef callee, llvm::ArrayRef<const Expr *> args,
       const Type *type, Span span)
      : Expr(ExprKind::Call, type, span, featuresOf(args)), op(),
        callee(callee), args(args), kwargs() {}
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Call; }
  bool isOp() const { return callee.empty(); }
  bool isOp(OpKind kind) const { return isOp() && op == kind; }

  const OpKind op;               ///< meaningful only when isOp()
  const llvm::StringRef callee;  ///< empty for builtin ops
  const llvm::ArrayRef<const Expr *> args;
  const llvm::ArrayRef<Kwarg> kwargs;
};

class MakeTuple : public Expr {
public:
  MakeTuple(llvm::ArrayRef<const Expr *> elements, const Type *type, Span span)
      : Expr(ExprKind::MakeTuple, type, span, featuresOf(elements)),
        elements(elements) {}
  static bool classof(const Expr *e) {
    return e->kind() == ExprKind::MakeTuple;
  }

  const llvm::ArrayRef<const Expr *> elements;
};

class TupleGetItem : public Expr {
public:
  TupleGetItem(const Expr *tuple, unsigned index, const Type *type, Span span)
      : Expr(ExprKind::TupleGetItem, type, span, featuresOf(tuple)),
        tuple(tuple), index(index) {}
  static bool classof(const Expr *e) {
    return e->kind() == ExprKind::TupleGetItem;
  }

  const Expr *const tuple;
  const unsigned index;
};

/// A task dispatch of program function `callee`.
class Submit : public Expr {
public:
  Submit(llvm::StringRef callee, llvm::ArrayRef<const Expr *> args,
         llvm::ArrayRef<const Expr *> deps, const Expr *coreNum, bool syncStart,
         bool allowEarlyResolve, const Expr *predicate, const Type *type,
         Span span)
      : Expr(ExprKind::Submit, type, span,
             featuresOf(args) | featuresOf(deps) | featuresOf(coreNum) |
                 (predicate ? Features(Feature::Predicate) : Features())),
        callee(callee), args(args), deps(deps), coreNum(coreNum),
        syncStart(syncStart), allowEarlyResolve(allowEarlyResolve),
        predicate(predicate) {
    assert((!syncStart || coreNum) && "sync_start needs a core_num");
  }
  static bool classof(const Expr *e) { return e->kind() == ExprKind::Submit; }
  /// The index of the TaskId in the result tuple.
  unsigned taskIdIndex() const {
    return llvm::cast<TupleType>(type())->elements.size() - 1;
  }

  const llvm::StringRef callee;
  const llvm::ArrayRef<const Expr *> args;
  /// TaskId or Array[N, TASK_ID] values, in source order.
  const llvm::ArrayRef<const Expr *> deps;
  const Expr *const coreNum;  ///< null unless spmd_submit
  const bool syncStart;
  const bool allowEarlyResolve;
  const Expr *const predicate;  ///< null when unconditional
};

} // namespace plc::ir

#endif // PLC_IR_EXPR_H
