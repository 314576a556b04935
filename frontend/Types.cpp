//===- Types.cpp - Type annotations
//----------------------------------------===//
//
// Requires: annotation expressions (`pl.Tensor[[R, C], pl.FP32]`, ...).
// Guarantees: interned IR types with static shapes (module constants folded);
// parameter directions from `pl.Out[...]` / `pl.InOut[...]`, InOut rejected
// on scalars.
//
//===----------------------------------------------------------------------===//

#include "frontend/IRBuilder.h"

#include "frontend/Lexer.h"

using namespace plc;
using namespace plc::frontend;
namespace ir = plc::ir;

namespace {
/// `X[args]` where X is a dotted name: the name's parts and the subscript.
struct Generic {
  llvm::SmallVector<llvm::StringRef, 4> head;
  P::SubscriptListContext *args = nullptr;
};
} // namespace

static std::optional<Generic> asGeneric(P::AtomExprContext *a) {
  auto *name = a ? alt<P::NameAtomContext>(atomOf(a), P::NAME) : nullptr;
  if (!name)
    return std::nullopt;
  Generic g;
  g.head.push_back(static_cast<Token *>(name->NAME()->getSymbol())->text());
  auto trailers = trailersOf(a);
  for (size_t i = 0; i < trailers.size(); ++i) {
    P::TrailerContext *t = trailers[i];
    if (auto *attr = alt<P::AttrTrailerContext>(t, P::DOT)) {
      if (g.args)
        return std::nullopt;
      g.head.push_back(static_cast<Token *>(attr->NAME()->getSymbol())->text());
      continue;
    }
    auto *sub = alt<P::SubscriptTrailerContext>(t, P::LSQB);
    if (!sub || g.args || i + 1 != trailers.size())
      return std::nullopt;
    g.args = sub->subscriptList();
  }
  return g;
}

/// The plain expressions of a subscript list; null when one is a slice.
static bool subscriptExprs(P::SubscriptListContext *list,
                           llvm::SmallVectorImpl<P::ExprContext *> &out) {
  for (P::SubscriptContext *s : list->subscript()) {
    if (s->sliceTail() || !s->expr())
      return false;
    out.push_back(s->expr());
  }
  return true;
}

std::optional<ir::DType> IRBuilder::buildDType(P::ExprContext *e) {
  std::optional<llvm::StringRef> m = enumMember(e, "");
  std::optional<ir::DType> dt = m ? ir::parseDType(*m) : std::nullopt;
  if (!dt)
    error(e, "expected a dtype such as pl.FP32 or pl.INT32");
  return dt;
}

bool IRBuilder::buildShape(P::ExprContext *e,
                           llvm::SmallVectorImpl<int64_t> &shape) {
  P::AtomExprContext *a = asAtomExpr(e);
  auto *list = a && (a->children.size() == 1)
                   ? alt<P::ListAtomContext>(atomOf(a), P::LSQB)
                   : nullptr;
  if (!list)
    return error(e, "expected a shape list such as [128, 64]");
  if (P::ExprListContext *dims = list->exprList()) {
    for (P::ExprContext *d : dims->expr()) {
      std::optional<int64_t> v = evalConstInt(d, "a shape dimension");
      if (!v)
        return false;
      if (*v <= 0)
        return error(d, "a shape dimension must be positive, got " +
                            llvm::Twine(*v));
      shape.push_back(*v);
    }
  }
  return true;
}

const ir::Type *IRBuilder::buildType(P::ExprContext *e) {
  P::AtomExprContext *a = asAtomExpr(e);
  std::optional<Generic> g = asGeneric(a);
  if (!g || g->head.empty()) {
    error(e, "expected a type such as pl.Tensor[[R, C], pl.FP32]");
    return nullptr;
  }
  llvm::ArrayRef<llvm::StringRef> head = g->head;
  bool pl = head.size() == 2 && head[0] == plAlias;
  llvm::StringRef kind = pl ? head[1] : "";
  llvm::SmallVector<P::ExprContext *, 4> args;
  if (g->args && !subscriptExprs(g->args, args)) {
    error(g->args, "slices are not allowed in a type");
    return nullptr;
  }

  if (!g->args) {
    if (pl && kind == "TaskId")
      return ctx.taskIdType();
    if (pl) {
      if (std::optional<ir::DType> dt = ir::parseDType(kind))
        return ctx.scalarType(*dt);
    }
    error(e, "expected a type such as pl.Tensor[[R, C], pl.FP32]");
    return nullptr;
  }
  if (pl && (kind == "Tensor" || kind == "Tile")) {
    if (args.size() != 2) {
      error(g->args, "pl." + kind + "[...] takes a shape and a dtype" +
                         (args.size() > 2 ? " (layouts and memory spaces are "
                                            "not supported)"
                                          : ""));
      return nullptr;
    }
    llvm::SmallVector<int64_t, 4> shape;
    if (!buildShape(args[0], shape))
      return nullptr;
    std::optional<ir::DType> dt = buildDType(args[1]);
    if (!dt)
      return nullptr;
    if (kind == "Tensor")
      return ctx.tensorType(shape, *dt);
    return ctx.tileType(shape, *dt);
  }
  if (pl && kind == "Scalar") {
    if (args.size() != 1) {
      error(g->args, "pl.Scalar[...] takes one dtype");
      return nullptr;
    }
    std::optional<ir::DType> dt = buildDType(args[0]);
    return dt ? ctx.scalarType(*dt) : nullptr;
  }
  if ((pl && kind == "Tuple") || (head.size() == 1 && head[0] == "tuple")) {
    llvm::SmallVector<const ir::Type *, 4> elements;
    for (P::ExprContext *arg : args) {
      const ir::Type *t = buildType(arg);
      if (!t)
        return nullptr;
      elements.push_back(t);
    }
    return ctx.tupleType(elements);
  }
  if (pl && kind == "Array") {
    if (args.size() != 2) {
      error(g->args, "pl.Array[...] takes a size and a dtype");
      return nullptr;
    }
    std::optional<int64_t> n = evalConstInt(args[0], "an array size");
    if (!n)
      return nullptr;
    if (*n <= 0) {
      error(args[0], "an array size must be positive");
      return nullptr;
    }
    std::optional<ir::DType> dt = buildDType(args[1]);
    if (!dt)
      return nullptr;
    if (*dt != ir::DType::TASK_ID) {
      error(args[1], "only arrays of pl.TASK_ID are supported");
      return nullptr;
    }
    return ctx.arrayType(*n, *dt);
  }
  if (pl && (kind == "Out" || kind == "InOut")) {
    error(e, "pl." + kind + "[...] is only allowed on a parameter");
    return nullptr;
  }
  error(e, "expected a type such as pl.Tensor[[R, C], pl.FP32]");
  return nullptr;
}

const ir::Type *IRBuilder::buildParamType(P::ExprContext *e,
                                          ir::ParamDirection &dir) {
  dir = ir::ParamDirection::In;
  std::optional<Generic> g = asGeneric(asAtomExpr(e));
  if (g && g->args && g->head.size() == 2 && g->head[0] == plAlias &&
      (g->head[1] == "Out" || g->head[1] == "InOut")) {
    llvm::SmallVector<P::ExprContext *, 1> args;
    if (!subscriptExprs(g->args, args) || args.size() != 1) {
      error(g->args, "pl." + g->head[1] + "[...] wraps one type");
      return nullptr;
    }
    dir = g->head[1] == "Out" ? ir::ParamDirection::Out
                              : ir::ParamDirection::InOut;
    const ir::Type *inner = buildType(args[0]);
    if (inner && llvm::isa<ir::ScalarType>(inner) &&
        dir == ir::ParamDirection::InOut) {
      error(e, "pl.InOut is not allowed on a scalar parameter");
      return nullptr;
    }
    return inner;
  }
  return buildType(e);
}

bool IRBuilder::buildReturnTypes(P::ExprContext *e,
                                 llvm::SmallVectorImpl<const ir::Type *> &out) {
  std::optional<Generic> g = asGeneric(asAtomExpr(e));
  if (g && g->args && g->head.size() == 1 && g->head[0] == "tuple") {
    llvm::SmallVector<P::ExprContext *, 4> args;
    if (!subscriptExprs(g->args, args))
      return error(g->args, "slices are not allowed in a type");
    for (P::ExprContext *arg : args) {
      const ir::Type *t = buildType(arg);
      if (!t)
        return false;
      out.push_back(t);
    }
    return true;
  }
  const ir::Type *t = buildType(e);
  if (!t)
    return false;
  out.push_back(t);
  return true;
}
