//===- Exprs.cpp - Expressions, typing and the op set
//----------------------===//
//
// Requires: expression parse trees of one function, names bound so far.
// Guarantees: typed IR expressions. Scalar operators check their operands
// (scalar, same numeric category, no bool), promote integers of different
// widths to the wider one with a real Cast (INDEX and INT64 need none), and
// allow exactly one comparison per expression. Subscripts follow LANGUAGE.md
// section 3; long operator chains are built iteratively.
//
//===----------------------------------------------------------------------===//

#include "frontend/IRBuilder.h"

#include "frontend/Lexer.h"
#include "frontend/Literals.h"

#include "ir/Printer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>

using namespace plc;
using namespace plc::frontend;
namespace ir = plc::ir;

static llvm::StringRef tokText(antlr4::tree::TerminalNode *node) {
  return static_cast<Token *>(node->getSymbol())->text();
}

static std::string typeName(const ir::Type *t) { return ir::typeToString(t); }

//===----------------------------------------------------------------------===//
// Operators
//===----------------------------------------------------------------------===//

const ir::Expr *IRBuilder::castTo(const ir::Expr *e, ir::DType dtype) {
  return ctx.create<ir::Cast>(e, ctx.scalarType(dtype), e->span());
}

bool IRBuilder::requireScalar(const ir::Expr *e, Span at) {
  if (llvm::isa<ir::ScalarType>(e->type()) && !isView(e))
    return true;
  std::string got = (isView(e) ? "a tensor view " : "") + typeName(e->type());
  return error(at, "Expression must be ScalarExpr or Var with ScalarType, "
                   "got " +
                       got);
}

bool IRBuilder::promote(const ir::Expr *&lhs, const ir::Expr *&rhs,
                        Span rhsSpan, llvm::StringRef op) {
  ir::DType l = llvm::cast<ir::ScalarType>(lhs->type())->dtype;
  ir::DType r = llvm::cast<ir::ScalarType>(rhs->type())->dtype;
  bool lInt = ir::isInteger(l), rInt = ir::isInteger(r);
  bool lFloat = ir::isFloat(l), rFloat = ir::isFloat(r);
  if (!((lInt && rInt) || (lFloat && rFloat)))
    return error(rhsSpan, "operator '" + op +
                              "' requires same numeric dtype category, got " +
                              ir::dtypeName(l) + " and " + ir::dtypeName(r));
  if (l == r)
    return true;
  auto is64 = [](ir::DType d) {
    return d == ir::DType::INDEX || d == ir::DType::INT64;
  };
  if (is64(l) && is64(r))
    return true; // INDEX and INT64 convert freely
  unsigned lb = ir::dtypeBits(l), rb = ir::dtypeBits(r);
  if (rb > lb)
    lhs = castTo(lhs, r);
  else
    rhs = castTo(rhs, l);
  return true;
}

const ir::Expr *IRBuilder::buildBinary(ir::BinaryOp op, const ir::Expr *lhs,
                                       const ir::Expr *rhs, Span lhsSpan,
                                       Span rhsSpan, Span span,
                                       antlr4::Token *opTok) {
  llvm::StringRef spelling = ir::binaryOpSpelling(op);
  if (!requireScalar(lhs, lhsSpan) || !requireScalar(rhs, rhsSpan))
    return nullptr;
  ir::DType l = llvm::cast<ir::ScalarType>(lhs->type())->dtype;
  ir::DType r = llvm::cast<ir::ScalarType>(rhs->type())->dtype;
  if (ir::isLogical(op)) {
    if (l != ir::DType::BOOL) {
      error(lhsSpan, "operator '" + spelling +
                         "' requires BOOL operands, got " + ir::dtypeName(l));
      return nullptr;
    }
    if (r != ir::DType::BOOL) {
      error(rhsSpan, "operator '" + spelling +
                         "' requires BOOL operands, got " + ir::dtypeName(r));
      return nullptr;
    }
    return ctx.create<ir::Binary>(op, lhs, rhs, ctx.scalarType(ir::DType::BOOL),
                                  span);
  }
  for (auto [d, at] :
       {std::make_pair(l, lhsSpan), std::make_pair(r, rhsSpan)}) {
    if (d == ir::DType::BOOL) {
      error(at, "operator '" + spelling + "' does not accept bool dtype");
      return nullptr;
    }
    if (d == ir::DType::TASK_ID) {
      error(at, "operator '" + spelling + "' does not accept TASK_ID dtype");
      return nullptr;
    }
  }
  if (!promote(lhs, rhs, rhsSpan, spelling))
    return nullptr;
  const ir::Type *type =
      ir::isComparison(op) ? ctx.scalarType(ir::DType::BOOL) : lhs->type();
  if (!ir::isComparison(op) &&
      llvm::cast<ir::ScalarType>(rhs->type())->dtype !=
          llvm::cast<ir::ScalarType>(lhs->type())->dtype &&
      ir::dtypeBits(llvm::cast<ir::ScalarType>(rhs->type())->dtype) >
          ir::dtypeBits(llvm::cast<ir::ScalarType>(lhs->type())->dtype))
    type = rhs->type();
  return ctx.create<ir::Binary>(op, lhs, rhs, type, span);
}

Precedence plc::frontend::precedenceOf(size_t tokenKind) {
  switch (tokenKind) {
  case P::PIPE:
    return Precedence::BitOr;
  case P::CARET:
    return Precedence::BitXor;
  case P::AMP:
    return Precedence::BitAnd;
  case P::LSHIFT:
  case P::RSHIFT:
    return Precedence::Shift;
  case P::PLUS:
  case P::MINUS:
    return Precedence::Additive;
  case P::STAR:
  case P::SLASH:
  case P::DSLASH:
  case P::PERCENT:
    return Precedence::Multiplicative;
  default:
    return Precedence::Comparison;
  }
}

static ir::BinaryOp binaryOpOf(antlr4::Token *tok) {
  switch (tok->getType()) {
  case P::OR:
    return ir::BinaryOp::Or;
  case P::AND:
    return ir::BinaryOp::And;
  case P::EQ:
    return ir::BinaryOp::Eq;
  case P::NE:
    return ir::BinaryOp::Ne;
  case P::LT:
    return ir::BinaryOp::Lt;
  case P::LE:
    return ir::BinaryOp::Le;
  case P::GT:
    return ir::BinaryOp::Gt;
  case P::GE:
    return ir::BinaryOp::Ge;
  case P::LSHIFT:
    return ir::BinaryOp::Shl;
  case P::RSHIFT:
    return ir::BinaryOp::Shr;
  case P::PLUS:
    return ir::BinaryOp::Add;
  case P::MINUS:
    return ir::BinaryOp::Sub;
  case P::STAR:
    return ir::BinaryOp::Mul;
  case P::SLASH:
    return ir::BinaryOp::FloatDiv;
  case P::DSLASH:
    return ir::BinaryOp::FloorDiv;
  case P::PERCENT:
    return ir::BinaryOp::FloorMod;
  default:
    llvm_unreachable("'|', '^' and '&' are rejected before they are built");
  }
}

/// Builds the chain `x0 op x1 op ...` left to right. `build(i, allowView)`
/// builds operand i, `operandSpan(i)` locates it, and `operatorAt(i)` is the
/// operator between operands i and i+1.
template <typename BuildFn, typename SpanFn, typename OpFn>
const ir::Expr *IRBuilder::buildChain(size_t numOperands, bool allowView,
                                      BuildFn build, SpanFn operandSpan,
                                      OpFn operatorAt) {
  if (numOperands == 1)
    return build(0, allowView);
  // Operands of an operator are checked as scalars, which reports views.
  const ir::Expr *acc = build(0, true);
  Loc begin = operandSpan(0).begin;
  for (size_t i = 1; acc && i < numOperands; ++i) {
    const ir::Expr *rhs = build(i, true);
    if (!rhs)
      return nullptr;
    antlr4::Token *tok = operatorAt(i - 1);
    Span rhsSpan = operandSpan(i);
    acc = buildBinary(binaryOpOf(tok), acc, rhs, operandSpan(i - 1), rhsSpan,
                      Span{begin, rhsSpan.end}, tok);
  }
  return acc;
}

const ir::Expr *IRBuilder::buildExpr(P::ExprContext *e, bool allowView) {
  if (e->children.size() == 1) // no `not`, `and` or `or`
    return buildBinaryOperands(child<P::BinaryContext>(e, 0), 0,
                               numOperands(child<P::BinaryContext>(e, 0)) - 1,
                               Precedence::Comparison, allowView);
  // `not* binary ((and | or) not* binary)*`: operand k is children
  // [first, binary] with `binary - first` prefixes `not`; the operator after
  // it is child binary + 1.
  struct Operand {
    size_t first, binary;
  };
  llvm::SmallVector<Operand, 4> operands;
  for (size_t i = 0, first = 0; i < e->children.size(); ++i) {
    if (isToken(e->children[i]))
      continue;
    operands.push_back({first, i});
    first = i + 2;
    ++i;
  }
  auto binaryOf = [&](size_t k) {
    return child<P::BinaryContext>(e, operands[k].binary);
  };
  auto childBegin = [&](size_t i) {
    antlr4::tree::ParseTree *c = e->children[i];
    return isToken(c) ? spanOf(tokenOf(c)).begin
                      : spanOf(static_cast<P::BinaryContext *>(c)).begin;
  };
  auto operandSpan = [&](size_t k) {
    return Span{childBegin(operands[k].first), spanOf(binaryOf(k)).end};
  };
  auto operatorAt = [&](size_t k) {
    return tokenOf(e->children[operands[k].binary + 1]);
  };
  auto buildNot = [&](size_t k, bool view) -> const ir::Expr * {
    const Operand &op = operands[k];
    P::BinaryContext *b = binaryOf(k);
    const ir::Expr *v =
        buildBinaryOperands(b, 0, numOperands(b) - 1, Precedence::Comparison,
                            view && op.first == op.binary);
    for (size_t i = op.binary; v && i-- > op.first;) {
      Span operandSpan{childBegin(i + 1), spanOf(b).end};
      if (!requireScalar(v, operandSpan))
        return nullptr;
      if (llvm::cast<ir::ScalarType>(v->type())->dtype != ir::DType::BOOL) {
        error(operandSpan, "operator 'not' requires a BOOL operand, got " +
                               typeName(v->type()));
        return nullptr;
      }
      v = ctx.create<ir::Unary>(ir::UnaryOp::Not, v,
                                ctx.scalarType(ir::DType::BOOL),
                                Span{childBegin(i), spanOf(b).end});
    }
    return v;
  };
  // `or` binds weaker than `and`: split at each `or` into and-chains.
  llvm::SmallVector<std::pair<size_t, size_t>, 4> andChains;
  for (size_t k = 0, first = 0; k < operands.size(); ++k)
    if (k + 1 == operands.size() || operatorAt(k)->getType() == P::OR) {
      andChains.push_back({first, k});
      first = k + 1;
    }
  return buildChain(
      andChains.size(), allowView,
      [&](size_t c, bool view) {
        size_t first = andChains[c].first, last = andChains[c].second;
        return buildChain(
            last - first + 1, view,
            [&](size_t k, bool v) { return buildNot(first + k, v); },
            [&](size_t k) { return operandSpan(first + k); },
            [&](size_t k) { return operatorAt(first + k); });
      },
      [&](size_t c) {
        return Span{operandSpan(andChains[c].first).begin,
                    operandSpan(andChains[c].second).end};
      },
      [&](size_t c) { return operatorAt(andChains[c].second); });
}

/// Operands [first, last] of `b`, whose operators all bind at least as
/// strongly as `level`: grouped by precedence, one level at a time, so the
/// checks of a weaker level run before the operands it joins are built.
const ir::Expr *IRBuilder::buildBinaryOperands(P::BinaryContext *b,
                                               size_t first, size_t last,
                                               Precedence level,
                                               bool allowView) {
  llvm::SmallVector<size_t, 8> splits; // operators of this level
  for (;; level = static_cast<Precedence>(static_cast<int>(level) + 1)) {
    if (first == last)
      return buildUnary(operandOf(b, first), allowView);
    splits.clear();
    for (size_t i = first; i < last; ++i)
      if (precedenceOf(operatorOf(b, i)->getType()) == level)
        splits.push_back(i);
    if (splits.empty())
      continue;
    if (level == Precedence::Comparison && splits.size() > 1) {
      error(operatorOf(b, splits[1]), "Only simple comparisons supported: "
                                      "write one comparison per expression");
      return nullptr;
    }
    if (level == Precedence::BitOr || level == Precedence::BitXor ||
        level == Precedence::BitAnd) {
      antlr4::Token *op = operatorOf(b, splits[0]);
      error(op, "operator '" + op->getText() + "' is not supported");
      return nullptr;
    }
    break;
  }
  // Group g spans operands [groupFirst(g), groupLast(g)].
  auto groupFirst = [&](size_t g) { return g == 0 ? first : splits[g - 1] + 1; };
  auto groupLast = [&](size_t g) {
    return g == splits.size() ? last : splits[g];
  };
  Precedence stronger = static_cast<Precedence>(static_cast<int>(level) + 1);
  return buildChain(
      splits.size() + 1, allowView,
      [&](size_t g, bool view) {
        return buildBinaryOperands(b, groupFirst(g), groupLast(g), stronger,
                                   view);
      },
      [&](size_t g) {
        return Span{spanOf(operandOf(b, groupFirst(g))).begin,
                    spanOf(operandOf(b, groupLast(g))).end};
      },
      [&](size_t g) { return operatorOf(b, groupLast(g)); });
}

const ir::Expr *IRBuilder::buildUnary(P::UnaryContext *u, bool allowView) {
  size_t numPrefix = numPrefixes(u);
  if (u->children.size() > numPrefix + 1) {
    error(tokenOf(u->children[numPrefix + 1]),
          "operator '**' is not supported");
    return nullptr;
  }
  auto *atomExpr = child<P::AtomExprContext>(u, numPrefix);
  const ir::Expr *v = buildAtomExpr(atomExpr, allowView && numPrefix == 0);
  Loc end = spanOf(atomExpr).end;
  for (size_t i = numPrefix; v && i-- > 0;) {
    antlr4::Token *op = tokenOf(u->children[i]);
    Span span{spanOf(op).begin, end};
    Span operandSpan{i + 1 == numPrefix
                         ? spanOf(atomExpr).begin
                         : spanOf(tokenOf(u->children[i + 1])).begin,
                     end};
    size_t kind = op->getType();
    if (kind == P::TILDE) {
      error(op, "operator '~' is not supported");
      return nullptr;
    }
    if (kind == P::PLUS) {
      if (!requireScalar(v, operandSpan))
        return nullptr;
      continue;
    }
    // Negative literals fold.
    if (auto *c = llvm::dyn_cast<ir::ConstInt>(v)) {
      v = ctx.create<ir::ConstInt>(-c->value, c->type(), span);
      continue;
    }
    if (auto *c = llvm::dyn_cast<ir::ConstFloat>(v)) {
      v = ctx.create<ir::ConstFloat>(-c->value, c->type(), span);
      continue;
    }
    if (!requireScalar(v, operandSpan))
      return nullptr;
    ir::DType d = llvm::cast<ir::ScalarType>(v->type())->dtype;
    if (d == ir::DType::BOOL || d == ir::DType::TASK_ID) {
      error(operandSpan,
            "operator '-' does not accept " + ir::dtypeName(d) + " dtype");
      return nullptr;
    }
    v = ctx.create<ir::Unary>(ir::UnaryOp::Neg, v, v->type(), span);
  }
  return v;
}

//===----------------------------------------------------------------------===//
// Atoms and trailers
//===----------------------------------------------------------------------===//

const ir::Expr *IRBuilder::buildList(P::ExprListContext *list, Span span) {
  llvm::SmallVector<const ir::Expr *, 4> elements;
  llvm::SmallVector<const ir::Type *, 4> types;
  llvm::SmallVector<Span, 4> spans;
  if (list) {
    for (P::ExprContext *e : rulesOf<P::ExprContext>(list)) {
      const ir::Expr *v = buildExpr(e);
      if (!v)
        return nullptr;
      elements.push_back(v);
      types.push_back(v->type());
      spans.push_back(spanOf(e));
    }
  }
  const ir::Expr *tuple =
      ctx.create<ir::MakeTuple>(ctx.copy(elements), ctx.tupleType(types), span);
  if (recordUseSpans)
    useSpans[tuple] = spans;
  return tuple;
}

const ir::Expr *IRBuilder::buildAtom(P::AtomContext *atom) {
  Span span = spanOf(atom);
  if (auto *n = alt<P::NameAtomContext>(atom, P::NAME)) {
    llvm::StringRef name = tokText(n->NAME());
    if (const ir::Var *v = lookup(name))
      return v;
    auto it = constants.find(name);
    if (it != constants.end()) {
      if (it->second.isFloat)
        return ctx.create<ir::ConstFloat>(
            it->second.f, ctx.scalarType(ir::DType::FP32), span);
      return ctx.constInt(it->second.i, ir::DType::INDEX, span);
    }
    error(span, "name '" + name + "' is not defined");
    return nullptr;
  }
  if (auto *i = alt<P::IntAtomContext>(atom, P::INT)) {
    int64_t value;
    if (!parseIntLiteral(tokText(i->INT()), value)) {
      error(span, "integer literal is too large");
      return nullptr;
    }
    return ctx.constInt(value, ir::DType::INDEX, span);
  }
  if (auto *f = alt<P::FloatAtomContext>(atom, P::FLOAT))
    return ctx.create<ir::ConstFloat>(parseFloatLiteral(tokText(f->FLOAT())),
                                      ctx.scalarType(ir::DType::FP32), span);
  if (alt<P::TrueAtomContext>(atom, P::TRUE))
    return ctx.constBool(true, span);
  if (alt<P::FalseAtomContext>(atom, P::FALSE))
    return ctx.constBool(false, span);
  if (alt<P::NoneAtomContext>(atom, P::NONE))
    return ctx.create<ir::Call>(
        ir::OpKind::SystemTaskInvalid, llvm::ArrayRef<const ir::Expr *>(),
        llvm::ArrayRef<ir::Kwarg>(), ctx.taskIdType(), span);
  if (alt<P::StringAtomContext>(atom, P::STRING)) {
    error(span, "a string literal is not a value here");
    return nullptr;
  }
  if (auto *p = alt<P::ParenAtomContext>(atom, P::LPAR)) {
    P::ExprListContext *list = p->exprList();
    if (list && isSingle(list))
      return buildExpr(list->expr(0));
    return buildList(list, span);
  }
  auto *l = static_cast<P::ListAtomContext *>(atom);
  return buildList(l->exprList(), span);
}

const ir::Expr *IRBuilder::buildAtomExpr(P::AtomExprContext *a,
                                         bool allowView) {
  // A leading `pl` or `self` starts a dotted path resolved at the call.
  llvm::SmallVector<llvm::StringRef, 4> path;
  const ir::Expr *value = nullptr;
  auto *nameAtom = alt<P::NameAtomContext>(atomOf(a), P::NAME);
  if (nameAtom) {
    llvm::StringRef name = tokText(nameAtom->NAME());
    if (!lookup(name) && !constants.count(name) &&
        (name == plAlias || name == "self"))
      path.push_back(name);
  }
  if (path.empty()) {
    value = buildAtom(atomOf(a));
    if (!value)
      return nullptr;
  }
  Loc begin = spanOf(atomOf(a)).begin;
  auto trailers = trailersOf(a);
  for (size_t i = 0; i < trailers.size(); ++i) {
    P::TrailerContext *t = trailers[i];
    Span upTo{begin, spanOf(t).end};
    if (!path.empty()) {
      if (auto *attr = alt<P::AttrTrailerContext>(t, P::DOT)) {
        path.push_back(tokText(attr->NAME()));
        continue;
      }
      if (auto *call = alt<P::CallTrailerContext>(t, P::LPAR)) {
        if (path[0] == "self") {
          if (path.size() != 2) {
            error(upTo,
                  "expected a call of a program function: self.<name>(...)");
            return nullptr;
          }
          value = buildSelfCall(path[1], call, upTo);
        } else {
          value = buildOpCall(path, call, upTo);
        }
        if (!value)
          return nullptr;
        path.clear();
        continue;
      }
      error(Span{begin, spanOf(trailers[i - (i ? 1 : 0)]).end},
            "'" + llvm::join(path, ".") + "' is not a value");
      return nullptr;
    }
    if (isView(value)) {
      error(upTo, "tensor slices and partial subscripts are not supported "
                  "here");
      return nullptr;
    }
    if (alt<P::AttrTrailerContext>(t, P::DOT)) {
      error(t, "attribute access on a value is not supported");
      return nullptr;
    }
    if (alt<P::CallTrailerContext>(t, P::LPAR)) {
      error(upTo,
            "a value of type " + typeName(value->type()) + " cannot be called");
      return nullptr;
    }
    auto *sub = static_cast<P::SubscriptTrailerContext *>(t);
    value =
        buildSubscript(value, sub, upTo, allowView && i + 1 == trailers.size());
    if (!value)
      return nullptr;
  }
  if (!path.empty()) {
    error(a, "'" + llvm::join(path, ".") + "' is not a value");
    return nullptr;
  }
  if (isView(value) && !allowView) {
    error(a, "tensor slices and partial subscripts are not supported here");
    return nullptr;
  }
  return value;
}

const ir::Expr *IRBuilder::buildSubscript(const ir::Expr *base,
                                          P::SubscriptTrailerContext *t,
                                          Span span, bool allowView) {
  const ir::Type *type = base->type();
  auto subs = t->subscriptList()->subscript();
  if (auto *tuple = llvm::dyn_cast<ir::TupleType>(type)) {
    if (subs.size() != 1 || !subs[0]->expr() || subs[0]->sliceTail()) {
      error(t->subscriptList(), "a tuple takes one constant index");
      return nullptr;
    }
    const ir::Expr *idx = buildExpr(subs[0]->expr());
    if (!idx)
      return nullptr;
    auto *c = llvm::dyn_cast<ir::ConstInt>(idx);
    if (!c) {
      error(subs[0], "a tuple index must be an integer constant");
      return nullptr;
    }
    int64_t n = tuple->elements.size();
    int64_t k = c->value < 0 ? c->value + n : c->value;
    if (k < 0 || k >= n) {
      error(subs[0], "tuple index " + llvm::Twine(c->value) +
                         " is out of range for a tuple of " + llvm::Twine(n) +
                         " elements");
      return nullptr;
    }
    return ctx.create<ir::TupleGetItem>(base, unsigned(k), tuple->elements[k],
                                        span);
  }
  if (llvm::isa<ir::TileType>(type) || llvm::isa<ir::ArrayType>(type)) {
    error(span, "subscripting a value of type " + typeName(type) +
                    " is not supported");
    return nullptr;
  }
  auto *tensor = llvm::dyn_cast<ir::TensorType>(type);
  if (!tensor) {
    error(span, "Subscript requires Tuple, Tensor, Tile, or Array, got " +
                    typeName(type));
    return nullptr;
  }
  llvm::SmallVector<const ir::Expr *, 4> indices;
  llvm::SmallVector<const ir::Type *, 4> types;
  llvm::SmallVector<Span, 4> spans;
  bool slice = false;
  for (size_t k = 0; k < subs.size(); ++k) {
    P::SubscriptContext *s = subs[k];
    if (s->sliceTail()) {
      slice = true;
      continue;
    }
    const ir::Expr *idx = buildExpr(s->expr());
    if (!idx)
      return nullptr;
    if (!llvm::isa<ir::ScalarType>(idx->type())) {
      error(s, "index element " + llvm::Twine(k) + " must be ScalarType, got " +
                   typeName(idx->type()));
      return nullptr;
    }
    indices.push_back(idx);
    types.push_back(idx->type());
    spans.push_back(spanOf(s));
  }
  if (subs.size() > tensor->rank()) {
    error(span, "Tensor subscript has " + llvm::Twine(subs.size()) +
                    " indices but the tensor is " +
                    llvm::Twine(tensor->rank()) + "D");
    return nullptr;
  }
  const ir::Expr *tuple = ctx.create<ir::MakeTuple>(
      ctx.copy(indices), ctx.tupleType(types), spanOf(t->subscriptList()));
  if (!slice && subs.size() == tensor->rank()) {
    const ir::Expr *read = ctx.create<ir::Call>(
        ir::OpKind::TensorRead,
        ctx.copy(llvm::ArrayRef<const ir::Expr *>{base, tuple}),
        llvm::ArrayRef<ir::Kwarg>(), ctx.scalarType(tensor->dtype), span);
    if (recordUseSpans) {
      useSpans[tuple] = spans;
      useSpans[read] = {Span{span.begin, spanOf(t).begin}};
    }
    return read;
  }
  if (!allowView) {
    error(span, "tensor slices and partial subscripts are not supported "
                "here");
    return nullptr;
  }
  // A view, typed as the tensor it would be, for the operand checks only.
  const ir::Expr *view = ctx.create<ir::Call>(
      ir::OpKind::TensorRead,
      ctx.copy(llvm::ArrayRef<const ir::Expr *>{base, tuple}),
      llvm::ArrayRef<ir::Kwarg>(), tensor, span);
  views.insert(view);
  return view;
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

const ir::Expr *IRBuilder::buildIndexList(P::ExprContext *e,
                                          llvm::StringRef what) {
  P::AtomExprContext *a = asAtomExpr(e);
  auto *list = a && (a->children.size() == 1)
                   ? alt<P::ListAtomContext>(atomOf(a), P::LSQB)
                   : nullptr;
  if (!list) {
    error(e, what + " must be a list such as [0, 0]");
    return nullptr;
  }
  const ir::Expr *tuple = buildList(list->exprList(), spanOf(e));
  if (!tuple)
    return nullptr;
  auto elements = llvm::cast<ir::MakeTuple>(tuple)->elements;
  for (size_t k = 0; k < elements.size(); ++k)
    if (!ir::isIntegerScalar(elements[k]->type())) {
      error(list->exprList()->expr(k), what + " must be integer scalars, got " +
                                           typeName(elements[k]->type()));
      return nullptr;
    }
  return tuple;
}

const ir::Expr *IRBuilder::buildSelfCall(llvm::StringRef callee,
                                         P::CallTrailerContext *call,
                                         Span span) {
  auto it = functionsByName.find(callee);
  if (it == functionsByName.end()) {
    error(span, "function '" + callee +
                    "' is not defined (a function must be defined before "
                    "the functions that call it)");
    return nullptr;
  }
  const ir::Function *f = it->second;
  CallArgs args;
  if (!splitArgs(call->argList(), args))
    return nullptr;
  if (!args.keywords.empty()) {
    const CallArgs::Keyword &kw = args.keywords[0];
    if (kw.name == "deps" || kw.name == "predicate")
      error(kw.nameSpan, "a plain call 'self." + callee +
                             "(...)' cannot take '" + kw.name + "='")
          .note("A plain call is fire-and-forget; dispatch it with "
                "pl.submit(self." +
                callee + ", ..., " + kw.name + "=...) instead.");
    else
      error(kw.nameSpan, "calls of program functions take positional "
                         "arguments only");
    return nullptr;
  }
  size_t hi = f->params.size(), lo = hi;
  while (lo > 0 && f->params[lo - 1].direction != ir::ParamDirection::In)
    --lo;
  if (args.positional.size() < lo || args.positional.size() > hi) {
    error(span, "'" + callee + "' takes " +
                    (lo == hi ? llvm::Twine(hi)
                              : llvm::Twine(lo) + ".." + llvm::Twine(hi)) +
                    " arguments, got " + llvm::Twine(args.positional.size()));
    return nullptr;
  }
  llvm::SmallVector<const ir::Expr *, 4> values;
  for (size_t k = 0; k < args.positional.size(); ++k) {
    const ir::Expr *v = buildExpr(args.positional[k]);
    if (!v)
      return nullptr;
    const ir::Type *want = f->params[k].var->type();
    if (v->type() != want) {
      error(args.positional[k],
            "argument " + llvm::Twine(k + 1) + " of '" + callee +
                "' has type " + typeName(v->type()) + ", but parameter '" +
                f->params[k].var->name + "' is " + typeName(want));
      return nullptr;
    }
    values.push_back(v);
  }
  const ir::Type *type = f->returnTypes.size() == 1
                             ? f->returnTypes[0]
                             : ctx.tupleType(f->returnTypes);
  return ctx.create<ir::Call>(f->name(), ctx.copy(values), type, span);
}

const ir::Expr *IRBuilder::buildOpCall(llvm::ArrayRef<llvm::StringRef> path,
                                       P::CallTrailerContext *call, Span span) {
  std::string name = llvm::join(path.drop_front(), ".");
  std::string shown = "pl." + name;
  CallArgs args;
  if (!splitArgs(call->argList(), args))
    return nullptr;
  auto arity = [&](size_t n) {
    if (args.positional.size() == n)
      return true;
    error(span, "'" + shown + "' takes " + llvm::Twine(n) +
                    " positional arguments, got " +
                    llvm::Twine(args.positional.size()));
    return false;
  };
  auto noKeywords = [&]() {
    return checkKeywords(args, {}, "'" + shown + "'");
  };
  auto arg = [&](size_t k) { return buildExpr(args.positional[k]); };
  auto makeCall =
      [&](ir::OpKind op, llvm::ArrayRef<const ir::Expr *> values,
          const ir::Type *type,
          llvm::ArrayRef<ir::Kwarg> kwargs = {}) -> const ir::Expr * {
    return ctx.create<ir::Call>(op, ctx.copy(values), ctx.copy(kwargs), type,
                                span);
  };
  auto shapeArg =
      [&](P::ExprContext *e,
          llvm::SmallVectorImpl<int64_t> &shape) -> const ir::Expr * {
    if (!buildShape(e, shape))
      return nullptr;
    llvm::SmallVector<const ir::Expr *, 4> dims;
    llvm::SmallVector<const ir::Type *, 4> types;
    for (int64_t d : shape) {
      dims.push_back(ctx.constInt(d, ir::DType::INDEX, spanOf(e)));
      types.push_back(dims.back()->type());
    }
    return ctx.create<ir::MakeTuple>(ctx.copy(dims), ctx.tupleType(types),
                                     spanOf(e));
  };

  if (name == "submit" || name == "spmd_submit") {
    error(span, "'" + shown + "(...)' must be unpacked: write `out, tid = " +
                    shown + "(...)`");
    return nullptr;
  }
  if (name == "range" || name == "parallel" || name == "spmd" || name == "at" ||
      name == "cluster" || name == "scope" || name == "manual_scope" ||
      name == "yield_") {
    error(span, "'" + shown + "(...)' cannot be used as a value here");
    return nullptr;
  }

  if (name == "load" || name == "tile.load") {
    if (!arity(3) || !noKeywords())
      return nullptr;
    const ir::Expr *t = arg(0);
    if (!t)
      return nullptr;
    auto *tensor = llvm::dyn_cast<ir::TensorType>(t->type());
    if (!tensor) {
      error(args.positional[0],
            "'" + shown + "' loads from a tensor, got " + typeName(t->type()));
      return nullptr;
    }
    const ir::Expr *offsets = buildIndexList(args.positional[1], "offsets");
    llvm::SmallVector<int64_t, 4> shape;
    const ir::Expr *shapeExpr =
        offsets ? shapeArg(args.positional[2], shape) : nullptr;
    if (!shapeExpr)
      return nullptr;
    return makeCall(ir::OpKind::TileLoad, {t, offsets, shapeExpr},
                    ctx.tileType(shape, tensor->dtype));
  }
  if (name == "store" || name == "tile.store") {
    if (!arity(3) || !noKeywords())
      return nullptr;
    const ir::Expr *tile = arg(0);
    if (!tile)
      return nullptr;
    if (!llvm::isa<ir::TileType>(tile->type())) {
      error(args.positional[0],
            "'" + shown + "' stores a tile, got " + typeName(tile->type()));
      return nullptr;
    }
    const ir::Expr *offsets = buildIndexList(args.positional[1], "offsets");
    const ir::Expr *t = offsets ? arg(2) : nullptr;
    if (!t)
      return nullptr;
    if (!llvm::isa<ir::TensorType>(t->type())) {
      error(args.positional[2],
            "'" + shown + "' stores into a tensor, got " + typeName(t->type()));
      return nullptr;
    }
    return makeCall(ir::OpKind::TileStore, {tile, offsets, t}, t->type());
  }
  if (name == "tile.full" || name == "create_tensor" ||
      name == "tensor.create") {
    bool full = name == "tile.full";
    if (!arity(1) ||
        !checkKeywords(args,
                       full ? llvm::ArrayRef<llvm::StringRef>{"dtype", "value"}
                            : llvm::ArrayRef<llvm::StringRef>{"dtype"},
                       "'" + shown + "'"))
      return nullptr;
    llvm::SmallVector<int64_t, 4> shape;
    const ir::Expr *shapeExpr = shapeArg(args.positional[0], shape);
    if (!shapeExpr)
      return nullptr;
    const CallArgs::Keyword *dt = args.find("dtype");
    if (!dt) {
      error(span, "'" + shown + "' requires dtype=");
      return nullptr;
    }
    std::optional<ir::DType> dtype = buildDType(dt->value);
    if (!dtype)
      return nullptr;
    if (!full)
      return makeCall(ir::OpKind::TensorCreate, {shapeExpr},
                      ctx.tensorType(shape, *dtype));
    const CallArgs::Keyword *value = args.find("value");
    if (!value) {
      error(span, "'" + shown + "' requires value=");
      return nullptr;
    }
    const ir::Expr *v = buildExpr(value->value);
    if (!v)
      return nullptr;
    if (!llvm::isa<ir::ScalarType>(v->type())) {
      error(value->value,
            "value= must be a scalar, got " + typeName(v->type()));
      return nullptr;
    }
    ir::Kwarg kw{ctx.intern("value"), v};
    return makeCall(ir::OpKind::TileFull, {shapeExpr},
                    ctx.tileType(shape, *dtype), {kw});
  }

  // Elementwise ops dispatch on the first operand's kind.
  struct Elementwise {
    const char *name;
    ir::OpKind tile, tensor;
    unsigned arity;
  };
  static const Elementwise kElementwise[] = {
      {"add", ir::OpKind::TileAdd, ir::OpKind::TensorAdd, 2},
      {"sub", ir::OpKind::TileSub, ir::OpKind::TensorSub, 2},
      {"mul", ir::OpKind::TileMul, ir::OpKind::TensorMul, 2},
      {"div", ir::OpKind::TileDiv, ir::OpKind::TensorDiv, 2},
      {"maximum", ir::OpKind::TileMaximum, ir::OpKind::TensorMaximum, 2},
      {"minimum", ir::OpKind::TileMinimum, ir::OpKind::TensorMinimum, 2},
      {"exp", ir::OpKind::TileExp, ir::OpKind::TensorExp, 1},
      {"neg", ir::OpKind::TileNeg, ir::OpKind::TensorNeg, 1},
  };
  llvm::StringRef base = name;
  llvm::StringRef ns;
  if (base.startswith("tile.") || base.startswith("tensor.")) {
    ns = base.split('.').first;
    base = base.split('.').second;
  }
  for (const Elementwise &ew : kElementwise) {
    if (base != ew.name)
      continue;
    if (!arity(ew.arity) || !noKeywords())
      return nullptr;
    const ir::Expr *a = arg(0);
    if (!a)
      return nullptr;
    bool isTile = llvm::isa<ir::TileType>(a->type());
    if ((!isTile && !llvm::isa<ir::TensorType>(a->type())) ||
        (ns == "tile" && !isTile) || (ns == "tensor" && isTile)) {
      error(args.positional[0],
            "'" + shown + "' takes a " +
                (ns.empty() ? llvm::StringRef("tile or tensor") : ns) +
                ", got " + typeName(a->type()));
      return nullptr;
    }
    llvm::SmallVector<const ir::Expr *, 2> values{a};
    if (ew.arity == 2) {
      const ir::Expr *b = arg(1);
      if (!b)
        return nullptr;
      if (!llvm::isa<ir::ScalarType>(b->type()) && b->type() != a->type()) {
        error(args.positional[1],
              "the second operand of '" + shown + "' must be a scalar or " +
                  typeName(a->type()) + ", got " + typeName(b->type()));
        return nullptr;
      }
      values.push_back(b);
    }
    return makeCall(isTile ? ew.tile : ew.tensor, values, a->type());
  }

  if (name == "tensor.read") {
    if (!arity(2) || !noKeywords())
      return nullptr;
    const ir::Expr *t = arg(0);
    if (!t)
      return nullptr;
    auto *shaped = llvm::dyn_cast<ir::ShapedType>(t->type());
    if (!shaped) {
      error(args.positional[0],
            "'" + shown + "' reads a tensor, got " + typeName(t->type()));
      return nullptr;
    }
    P::AtomExprContext *a = asAtomExpr(args.positional[1]);
    auto *list = a && (a->children.size() == 1)
                     ? alt<P::ListAtomContext>(atomOf(a), P::LSQB)
                     : nullptr;
    if (!list) {
      error(args.positional[1], "indices must be a list such as [0, 0]");
      return nullptr;
    }
    const ir::Expr *indices =
        buildList(list->exprList(), spanOf(args.positional[1]));
    if (!indices)
      return nullptr;
    const ir::Expr *read = makeCall(ir::OpKind::TensorRead, {t, indices},
                                    ctx.scalarType(shaped->dtype));
    if (recordUseSpans)
      useSpans[read] = {spanOf(args.positional[0])};
    return read;
  }
  if (name == "tile.get_block_idx") {
    if (!arity(0) || !noKeywords())
      return nullptr;
    return makeCall(ir::OpKind::TileGetBlockIdx, {},
                    ctx.scalarType(ir::DType::INDEX));
  }
  if (name == "system.task_invalid") {
    if (!arity(0) || !noKeywords())
      return nullptr;
    return makeCall(ir::OpKind::SystemTaskInvalid, {}, ctx.taskIdType());
  }
  if (name == "const") {
    if (!arity(2) || !noKeywords())
      return nullptr;
    const ir::Expr *v = arg(0);
    if (!v)
      return nullptr;
    std::optional<ir::DType> dt = buildDType(args.positional[1]);
    if (!dt)
      return nullptr;
    if (auto *c = llvm::dyn_cast<ir::ConstInt>(v)) {
      if (ir::isFloat(*dt))
        return ctx.create<ir::ConstFloat>(double(c->value), ctx.scalarType(*dt),
                                          span);
      if (ir::isInteger(*dt))
        return ctx.constInt(c->value, *dt, span);
    }
    if (auto *c = llvm::dyn_cast<ir::ConstFloat>(v)) {
      if (ir::isFloat(*dt))
        return ctx.create<ir::ConstFloat>(c->value, ctx.scalarType(*dt), span);
    }
    error(args.positional[0], "pl.const takes a number literal of the "
                              "given dtype's category");
    return nullptr;
  }
  if (name == "cast") {
    if (!arity(2) || !noKeywords())
      return nullptr;
    const ir::Expr *v = arg(0);
    if (!v)
      return nullptr;
    if (!requireScalar(v, spanOf(args.positional[0])))
      return nullptr;
    std::optional<ir::DType> dt = buildDType(args.positional[1]);
    if (!dt)
      return nullptr;
    return ctx.create<ir::Cast>(v, ctx.scalarType(*dt), span);
  }
  error(span, "unknown operation '" + shown + "'");
  return nullptr;
}
