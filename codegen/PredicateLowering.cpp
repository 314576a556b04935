//===- PredicateLowering.cpp - A dispatch predicate for the runtime -------===//

#include "codegen/PredicateLowering.h"

#include "ir/Type.h"

#include "llvm/Support/ErrorHandling.h"

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

llvm::StringRef plc::codegen::runtimePredicateOpName(RuntimePredicateOp op) {
  switch (op) {
  case RuntimePredicateOp::EQ: return "EQ";
  case RuntimePredicateOp::NE: return "NE";
  case RuntimePredicateOp::GT: return "GT";
  case RuntimePredicateOp::LT: return "LT";
  case RuntimePredicateOp::GE: return "GE";
  case RuntimePredicateOp::LE: return "LE";
  }
  llvm_unreachable("unknown predicate operator");
}

const Expr *plc::codegen::stripCasts(const Expr *expr) {
  while (auto *cast = llvm::dyn_cast<Cast>(expr))
    expr = cast->operand;
  return expr;
}

/// The value of an integer literal, a sign allowed.
static std::optional<int64_t> literalValue(const Expr *expr) {
  expr = stripCasts(expr);
  if (auto *c = llvm::dyn_cast<ConstInt>(expr))
    return c->value;
  if (auto *neg = llvm::dyn_cast<Unary>(expr))
    if (neg->op == UnaryOp::Neg)
      if (auto *c = llvm::dyn_cast<ConstInt>(stripCasts(neg->operand)))
        return -c->value;
  return std::nullopt;
}

static const Call *asTensorRead(const Expr *expr) {
  auto *call = llvm::dyn_cast<Call>(stripCasts(expr));
  return call && call->isOp(OpKind::TensorRead) ? call : nullptr;
}

static RuntimePredicateOp runtimeOp(BinaryOp op) {
  switch (op) {
  case BinaryOp::Eq: return RuntimePredicateOp::EQ;
  case BinaryOp::Ne: return RuntimePredicateOp::NE;
  case BinaryOp::Gt: return RuntimePredicateOp::GT;
  case BinaryOp::Lt: return RuntimePredicateOp::LT;
  case BinaryOp::Ge: return RuntimePredicateOp::GE;
  case BinaryOp::Le: return RuntimePredicateOp::LE;
  default:
    llvm_unreachable("not a comparison");
  }
}

std::optional<LoweredPredicate>
plc::codegen::lowerPredicate(const Expr *predicate, DiagnosticEngine &diags) {
  auto fail = [&](const Expr *at, const llvm::Twine &message) {
    diags.error(at->span().isValid() ? at->span() : predicate->span(),
                "dispatch predicate " + message);
    return std::nullopt;
  };
  auto *cmp = llvm::dyn_cast<Binary>(stripCasts(predicate));
  if (!cmp || !isComparison(cmp->op))
    return fail(predicate, "must be a single comparison");

  // `t[...] OP c` as written, or `c OP t[...]`, read as `t[...] mirror(OP) c`.
  BinaryOp op = cmp->op;
  const Call *read = asTensorRead(cmp->lhs);
  std::optional<int64_t> target = literalValue(cmp->rhs);
  if (!read || !target) {
    read = asTensorRead(cmp->rhs);
    target = literalValue(cmp->lhs);
    op = mirrorComparison(op);
  }
  if (!read || !target)
    return fail(predicate,
                "must compare one tensor element with an integer literal");

  if (read->args.empty())
    return fail(read, "reads no tensor");
  auto *tensor = llvm::dyn_cast<Var>(stripCasts(read->args[0]));
  auto *type = tensor ? llvm::dyn_cast<TensorType>(tensor->type()) : nullptr;
  if (!type)
    return fail(read->args[0], "operand must be a named tensor");
  DType dt = type->dtype;
  if (!(dt == DType::INT8 || dt == DType::INT16 || dt == DType::INT32 ||
        dt == DType::INT64 || dt == DType::INDEX))
    return fail(read->args[0],
                "operand must be a signed 8/16/32/64-bit integer tensor, not " +
                    dtypeName(dt) +
                    " (the runtime sign-extends the element it reads)");

  LoweredPredicate lowered{tensor, {}, runtimeOp(op), *target};
  // Indices: a MakeTuple (or one expression for a rank-1 read), or the
  // remaining arguments.
  llvm::ArrayRef<const Expr *> rest = read->args.drop_front();
  if (rest.size() == 1)
    if (auto *tuple = llvm::dyn_cast<MakeTuple>(rest[0]))
      rest = tuple->elements;
  if (rest.size() > MaxPredicateIndices)
    return fail(read, "reads " + llvm::Twine(rest.size()) +
                          " indices; the runtime supports at most " +
                          llvm::Twine(MaxPredicateIndices));
  if (rest.size() != type->rank())
    return fail(read, "needs " + llvm::Twine(type->rank()) +
                          " index(es) to locate a single element, not " +
                          llvm::Twine(rest.size()));
  for (const Expr *index : rest) {
    if (!isIntegerScalar(index->type()))
      return fail(index, "indices must be integer scalars");
    if (std::optional<int64_t> value = literalValue(index))
      if (*value < 0)
        return fail(index, "index must be non-negative, got " +
                               llvm::Twine(*value));
    lowered.indices.push_back(index);
  }
  return lowered;
}
