//===- Predicates.cpp - Dispatch predicates
//--------------------------------===//
//
// Requires: `predicate=` of a submit or scope whose placement has been
// checked, and the dispatch's deps.
// Guarantees: the predicate is an ordinary typed expression (its Casts
// included, its operands as written) that passed, in order, the shape checks
// of LANGUAGE.md section 5 and the producer-in-deps contract: the task that
// wrote the predicate's tensor, when recorded, is in deps= with the TaskId
// binding current.
//
//===----------------------------------------------------------------------===//

#include "frontend/IRBuilder.h"

#include "ir/Printer.h"

using namespace plc;
using namespace plc::frontend;
namespace ir = plc::ir;

static const ir::Expr *stripCasts(const ir::Expr *e) {
  while (auto *c = llvm::dyn_cast<ir::Cast>(e))
    e = c->operand;
  return e;
}

static std::string describeTop(const ir::Expr *e) {
  switch (e->kind()) {
  case ir::ExprKind::Binary:
    return "'" + ir::binaryOpSpelling(llvm::cast<ir::Binary>(e)->op).str() +
           "'";
  case ir::ExprKind::Unary:
    return "'" + ir::unaryOpSpelling(llvm::cast<ir::Unary>(e)->op).str() + "'";
  case ir::ExprKind::Var:
    return "a variable";
  case ir::ExprKind::ConstInt:
  case ir::ExprKind::ConstFloat:
  case ir::ExprKind::ConstBool:
    return "a constant";
  case ir::ExprKind::Cast:
    return "a cast";
  case ir::ExprKind::Call:
    return llvm::cast<ir::Call>(e)->isOp(ir::OpKind::TensorRead)
               ? "a bare tensor element"
               : "a call";
  default:
    return "an expression of type " + ir::typeToString(e->type());
  }
}

static bool isPredicateDType(ir::DType d) {
  return d == ir::DType::INT8 || d == ir::DType::INT16 ||
         d == ir::DType::INT32 || d == ir::DType::INT64;
}

const ir::Expr *
IRBuilder::buildPredicate(const CallArgs::Keyword &kw,
                          const PredicateSite &site,
                          llvm::ArrayRef<const ir::Expr *> deps) {
  Span at = spanOf(kw.value);
  P::AtomExprContext *a = asAtomExpr(kw.value);
  if (a && (a->children.size() == 1) &&
      alt<P::NoneAtomContext>(atomOf(a), P::NONE)) {
    error(at, site.method + " predicate must be a single comparison (==, !=, "
                            "<, <=, >, >=); got None (to dispatch "
                            "unconditionally, omit predicate= entirely)");
    return nullptr;
  }
  recordUseSpans = true;
  const ir::Expr *pred = buildExpr(kw.value);
  recordUseSpans = false;
  bool ok = pred && checkPredicateShape(pred, at, site) &&
            checkProducer(pred, at, site, deps);
  useSpans.clear();
  return ok ? pred : nullptr;
}

bool IRBuilder::checkPredicateShape(const ir::Expr *pred, Span at,
                                    const PredicateSite &site) {
  const std::string &m = site.method;
  // 1. One comparison at the top.
  auto *cmp = llvm::dyn_cast<ir::Binary>(pred);
  if (!cmp || !ir::isComparison(cmp->op))
    return error(at, m +
                         " predicate must be a single comparison (==, !=, <, "
                         "<=, >, >=); got " +
                         describeTop(pred));
  // 2. One tensor element against an integer literal, either way round.
  const ir::Expr *l = stripCasts(cmp->lhs), *r = stripCasts(cmp->rhs);
  auto isRead = [](const ir::Expr *e) {
    auto *c = llvm::dyn_cast<ir::Call>(e);
    return c && c->isOp(ir::OpKind::TensorRead);
  };
  const ir::Call *read = nullptr;
  if (isRead(l) && llvm::isa<ir::ConstInt>(r))
    read = llvm::cast<ir::Call>(l);
  else if (isRead(r) && llvm::isa<ir::ConstInt>(l))
    read = llvm::cast<ir::Call>(r);
  if (!read)
    return error(at, m + " predicate must compare one tensor element (e.g. "
                         "t[i]) against an integer literal; the runtime "
                         "evaluates a single element-vs-constant comparison");
  // 3. The operand is a tensor.
  const ir::Expr *operand = read->args[0];
  Span operandAt = useSpan(read, 0, read->span());
  auto *tensor = llvm::dyn_cast<ir::TensorType>(operand->type());
  if (!tensor)
    return error(operandAt, m +
                                " predicate operand must be a tensor, "
                                "got " +
                                ir::typeToString(operand->type()));
  // 4. A dtype the runtime can sign-extend.
  if (!isPredicateDType(tensor->dtype))
    return error(operandAt,
                 m +
                     " predicate operand must be a signed 8/16/32/64-bit "
                     "integer tensor, got " +
                     ir::dtypeName(tensor->dtype))
        .note("The runtime sign-extends the element before comparing, so an "
              "unsigned or narrower value could compare as a different "
              "number and invert the decision.");
  // 5-7. Integer indices, non-negative when constant, one per dimension.
  const ir::Expr *tuple = read->args[1];
  auto indices = llvm::cast<ir::MakeTuple>(tuple)->elements;
  for (size_t i = 0; i < indices.size(); ++i)
    if (!ir::isIntegerScalar(indices[i]->type()))
      return error(useSpan(tuple, i, read->span()),
                   m + " predicate indices must be integer scalars, got " +
                       ir::typeToString(indices[i]->type()));
  for (size_t i = 0; i < indices.size(); ++i)
    if (auto *c = llvm::dyn_cast<ir::ConstInt>(stripCasts(indices[i]));
        c && c->value < 0)
      return error(useSpan(tuple, i, read->span()),
                   m +
                       " predicate index must be non-negative, "
                       "got " +
                       llvm::Twine(c->value))
          .note("The runtime stores predicate indices as uint32, so a "
                "negative index would wrap out of bounds.");
  if (indices.size() != tensor->rank())
    return error(read->span(),
                 m + " predicate needs " + llvm::Twine(tensor->rank()) +
                     " index(es) to locate a single element of a rank-" +
                     llvm::Twine(tensor->rank()) + " tensor, got " +
                     llvm::Twine(indices.size()));
  return true;
}

bool IRBuilder::checkProducer(const ir::Expr *pred, Span at,
                              const PredicateSite &site,
                              llvm::ArrayRef<const ir::Expr *> deps) {
  auto *cmp = llvm::cast<ir::Binary>(pred);
  const ir::Expr *l = stripCasts(cmp->lhs), *r = stripCasts(cmp->rhs);
  auto *read = llvm::dyn_cast<ir::Call>(llvm::isa<ir::Call>(l) ? l : r);
  auto *tensor = llvm::dyn_cast<ir::Var>(read->args[0]);
  if (!tensor)
    return true;
  const Producer *producer = producers.find(tensor);
  if (!producer)
    return true; // parameters, aliases, values with no recorded producer
  // An array of TaskIds may hold the producer: best effort stops here.
  for (const ir::Expr *d : deps)
    if (llvm::isa<ir::ArrayType>(d->type()))
      return true;
  const Producer &p = *producer;
  bool listed =
      llvm::is_contained(deps, static_cast<const ir::Expr *>(p.taskId));
  if (listed && generation.lookup(p.taskId) == p.generation)
    return true;
  llvm::StringRef tid = p.taskId->name;
  std::string fix =
      site.acceptsDeps
          ? ("Add the producer to the dependency list: deps=[" + tid + "].")
                .str()
          : ("This form does not accept deps=. Capture the TaskId instead: "
             "`with pl.spmd(n, deps=[" +
             tid + "], predicate=...) as tid:`.")
                .str();
  return error(at, site.method + " predicate reads '" + tensor->name +
                       "', which is produced by the task bound to '" + tid +
                       "', but '" + tid + "' is not in deps=" +
                       (listed ? " (that name has been rebound since)" : ""))
      .note(fix + " Without it the scheduler may evaluate the predicate "
                  "before the producing task has written the tensor.");
}
