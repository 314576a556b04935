//===- StructuralEqual.cpp - Structural equality and hashing --------------===//
//
// Equality and hashing walk the IR in the same order, so the Var bijection
// of the one and the first-occurrence numbering of the other agree: a Var is
// hashed as "new Var of type T" at its first occurrence and as its
// occurrence number afterwards. Keyword arguments are visited sorted by
// keyword on both sides, which keeps that order independent of how they were
// written.
//
//===----------------------------------------------------------------------===//

#include "ir/StructuralEqual.h"

#include "ir/Printer.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstring>

using namespace plc::ir;
using llvm::ArrayRef;
using llvm::StringRef;

namespace {

void flatten(const Stmt *stmt, llvm::SmallVectorImpl<const Stmt *> &out) {
  if (!stmt)
    return;
  if (auto *seq = llvm::dyn_cast<SeqStmt>(stmt)) {
    for (const Stmt *child : seq->stmts)
      flatten(child, out);
    return;
  }
  out.push_back(stmt);
}

llvm::SmallVector<const Kwarg *, 4> sortedKwargs(ArrayRef<Kwarg> kwargs) {
  llvm::SmallVector<const Kwarg *, 4> sorted;
  for (const Kwarg &kwarg : kwargs)
    sorted.push_back(&kwarg);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const Kwarg *a, const Kwarg *b) {
                     return a->name < b->name;
                   });
  return sorted;
}

std::optional<Level> effectiveLevel(const Function &fn) {
  if (auto level = derivedLevel(fn.type()))
    return level;
  return fn.fields.level;
}

std::optional<Role> effectiveRole(const Function &fn) {
  if (auto role = derivedRole(fn.type()))
    return role;
  return fn.fields.role;
}

uint64_t doubleBits(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

//===----------------------------------------------------------------------===//
// Equality
//===----------------------------------------------------------------------===//

class Equal {
public:
  explicit Equal(std::string *whyNot) : whyNot(whyNot) {}

  bool program(const Program &a, const Program &b);
  bool function(const Function &a, const Function &b);
  bool block(const Stmt *a, const Stmt *b, const char *label);
  bool expr(const Expr *a, const Expr *b);

private:
  /// One step of the path to the current node, rendered only on failure.
  struct Frame {
    const char *label;
    int64_t index;
    StringRef name;
  };
  class Step {
  public:
    Step(Equal &eq, const char *label, int64_t index = -1, StringRef name = {})
        : eq(eq) {
      eq.path.push_back({label, index, name});
    }
    ~Step() { eq.path.pop_back(); }

  private:
    Equal &eq;
  };

  bool fail(const llvm::Twine &message);
  bool leaf(const Stmt *a, const Stmt *b);
  bool scopeFields(const ScopeStmt *a, const ScopeStmt *b);
  bool var(const Var *a, const Var *b);
  bool vars(ArrayRef<const Var *> a, ArrayRef<const Var *> b,
            const char *label);
  bool exprs(ArrayRef<const Expr *> a, ArrayRef<const Expr *> b,
             const char *label);
  bool optExpr(const Expr *a, const Expr *b, const char *label);
  bool type(const Type *a, const Type *b);
  template <typename T> bool field(const T &a, const T &b, const char *what) {
    if (a == b)
      return true;
    return fail(llvm::Twine(what) + " differs");
  }

  std::string *whyNot;
  llvm::SmallVector<Frame, 16> path;
  llvm::DenseMap<const Var *, const Var *> leftToRight, rightToLeft;
};

bool Equal::fail(const llvm::Twine &message) {
  if (!whyNot || !whyNot->empty())
    return false;
  llvm::raw_string_ostream os(*whyNot);
  bool first = true;
  for (const Frame &frame : path) {
    if (!first && frame.label[0] != '@')
      os << '.';
    first = false;
    os << frame.label;
    if (!frame.name.empty())
      os << frame.name;
    if (frame.index >= 0)
      os << '[' << frame.index << ']';
  }
  if (!path.empty())
    os << ": ";
  os << message;
  os.flush();
  return false;
}

bool Equal::type(const Type *a, const Type *b) {
  if (structuralEqual(a, b))
    return true;
  return fail("type " + typeToString(a) + " vs " + typeToString(b));
}

bool Equal::var(const Var *a, const Var *b) {
  auto left = leftToRight.find(a);
  if (left != leftToRight.end()) {
    if (left->second == b)
      return true;
    return fail("Var '" + a->name + "' corresponds to '" + left->second->name +
                "', not to '" + b->name + "'");
  }
  auto right = rightToLeft.find(b);
  if (right != rightToLeft.end())
    return fail("Var '" + b->name + "' corresponds to '" +
                right->second->name + "', not to '" + a->name + "'");
  if (!type(a->type(), b->type()))
    return false;
  leftToRight.try_emplace(a, b);
  rightToLeft.try_emplace(b, a);
  return true;
}

bool Equal::vars(ArrayRef<const Var *> a, ArrayRef<const Var *> b,
                 const char *label) {
  if (a.size() != b.size())
    return fail(llvm::Twine(label) + " count " + llvm::Twine(a.size()) +
                " vs " + llvm::Twine(b.size()));
  for (size_t i = 0; i != a.size(); ++i) {
    Step step(*this, label, i);
    if (!var(a[i], b[i]))
      return false;
  }
  return true;
}

bool Equal::exprs(ArrayRef<const Expr *> a, ArrayRef<const Expr *> b,
                  const char *label) {
  if (a.size() != b.size())
    return fail(llvm::Twine(label) + " count " + llvm::Twine(a.size()) +
                " vs " + llvm::Twine(b.size()));
  for (size_t i = 0; i != a.size(); ++i) {
    Step step(*this, label, i);
    if (!expr(a[i], b[i]))
      return false;
  }
  return true;
}

bool Equal::optExpr(const Expr *a, const Expr *b, const char *label) {
  if (!a || !b) {
    if (a == b)
      return true;
    return fail(llvm::Twine(label) + (a ? " only in the first"
                                       : " only in the second"));
  }
  Step step(*this, label);
  return expr(a, b);
}

static const char *exprKindName(ExprKind kind) {
  switch (kind) {
#define PLC_EXPR(Name)                                                         \
  case ExprKind::Name:                                                         \
    return #Name;
#include "ir/Nodes.def"
  }
  llvm_unreachable("unknown expr kind");
}

static const char *stmtKindName(StmtKind kind) {
  switch (kind) {
#define PLC_STMT(Name)                                                         \
  case StmtKind::Name:                                                         \
    return #Name;
#include "ir/Nodes.def"
  }
  llvm_unreachable("unknown stmt kind");
}

bool Equal::expr(const Expr *a, const Expr *b) {
  if (a->kind() != b->kind())
    return fail(llvm::Twine(exprKindName(a->kind())) + " vs " +
                exprKindName(b->kind()));
  if (auto *va = llvm::dyn_cast<Var>(a))
    return var(va, llvm::cast<Var>(b));
  if (!type(a->type(), b->type()))
    return false;

  switch (a->kind()) {
  case ExprKind::Var:
    llvm_unreachable("handled above");
  case ExprKind::ConstInt: {
    int64_t x = llvm::cast<ConstInt>(a)->value;
    int64_t y = llvm::cast<ConstInt>(b)->value;
    if (x == y)
      return true;
    return fail("int constant " + llvm::Twine(x) + " vs " + llvm::Twine(y));
  }
  case ExprKind::ConstFloat: {
    double x = llvm::cast<ConstFloat>(a)->value;
    double y = llvm::cast<ConstFloat>(b)->value;
    if (doubleBits(x) == doubleBits(y))
      return true;
    return fail("float constant " + formatFloat(x) + " vs " + formatFloat(y));
  }
  case ExprKind::ConstBool:
    return field(llvm::cast<ConstBool>(a)->value,
                 llvm::cast<ConstBool>(b)->value, "bool constant");
  case ExprKind::Binary: {
    auto *x = llvm::cast<Binary>(a);
    auto *y = llvm::cast<Binary>(b);
    if (x->op != y->op)
      return fail("operator '" + binaryOpSpelling(x->op) + "' vs '" +
                  binaryOpSpelling(y->op) + "'");
    {
      Step step(*this, "lhs");
      if (!expr(x->lhs, y->lhs))
        return false;
    }
    Step step(*this, "rhs");
    return expr(x->rhs, y->rhs);
  }
  case ExprKind::Unary: {
    auto *x = llvm::cast<Unary>(a);
    auto *y = llvm::cast<Unary>(b);
    if (x->op != y->op)
      return fail("operator '" + unaryOpSpelling(x->op) + "' vs '" +
                  unaryOpSpelling(y->op) + "'");
    Step step(*this, "operand");
    return expr(x->operand, y->operand);
  }
  case ExprKind::Cast: {
    Step step(*this, "operand");
    return expr(llvm::cast<Cast>(a)->operand, llvm::cast<Cast>(b)->operand);
  }
  case ExprKind::Call: {
    auto *x = llvm::cast<Call>(a);
    auto *y = llvm::cast<Call>(b);
    StringRef xName = x->isOp() ? opName(x->op) : x->callee;
    StringRef yName = y->isOp() ? opName(y->op) : y->callee;
    if (x->isOp() != y->isOp() || xName != yName)
      return fail("call of " + llvm::Twine(x->isOp() ? "pl." : "self.") +
                  xName + " vs " + (y->isOp() ? "pl." : "self.") + yName);
    if (!exprs(x->args, y->args, "args"))
      return false;
    auto xk = sortedKwargs(x->kwargs), yk = sortedKwargs(y->kwargs);
    if (xk.size() != yk.size())
      return fail("keyword count " + llvm::Twine(xk.size()) + " vs " +
                  llvm::Twine(yk.size()));
    for (size_t i = 0; i != xk.size(); ++i) {
      if (xk[i]->name != yk[i]->name)
        return fail("keyword '" + xk[i]->name + "' vs '" + yk[i]->name + "'");
      Step step(*this, "", -1, xk[i]->name);
      if (!expr(xk[i]->value, yk[i]->value))
        return false;
    }
    return true;
  }
  case ExprKind::MakeTuple:
    return exprs(llvm::cast<MakeTuple>(a)->elements,
                 llvm::cast<MakeTuple>(b)->elements, "elements");
  case ExprKind::TupleGetItem: {
    auto *x = llvm::cast<TupleGetItem>(a);
    auto *y = llvm::cast<TupleGetItem>(b);
    if (x->index != y->index)
      return fail("tuple index " + llvm::Twine(x->index) + " vs " +
                  llvm::Twine(y->index));
    Step step(*this, "tuple");
    return expr(x->tuple, y->tuple);
  }
  case ExprKind::Submit: {
    auto *x = llvm::cast<Submit>(a);
    auto *y = llvm::cast<Submit>(b);
    if (x->callee != y->callee)
      return fail("submit of self." + x->callee + " vs self." + y->callee);
    return exprs(x->args, y->args, "args") &&
           exprs(x->deps, y->deps, "deps") &&
           optExpr(x->coreNum, y->coreNum, "core_num") &&
           field(x->syncStart, y->syncStart, "sync_start") &&
           field(x->allowEarlyResolve, y->allowEarlyResolve,
                 "allow_early_resolve") &&
           optExpr(x->predicate, y->predicate, "predicate");
  }
  }
  llvm_unreachable("unknown expr kind");
}

bool Equal::block(const Stmt *a, const Stmt *b, const char *label) {
  llvm::SmallVector<const Stmt *, 16> xs, ys;
  flatten(a, xs);
  flatten(b, ys);
  if (xs.size() != ys.size())
    return fail(llvm::Twine(label) + " has " + llvm::Twine(xs.size()) +
                " vs " + llvm::Twine(ys.size()) + " statements");
  for (size_t i = 0; i != xs.size(); ++i) {
    Step step(*this, label, i);
    if (!leaf(xs[i], ys[i]))
      return false;
  }
  return true;
}

bool Equal::scopeFields(const ScopeStmt *a, const ScopeStmt *b) {
  const ScopeStmt::Fields &x = a->fields, &y = b->fields;
  if (x.kind != y.kind)
    return fail("scope kind " + scopeKindName(x.kind) + " vs " +
                scopeKindName(y.kind));
  if (x.kind == ScopeKind::Hierarchy && !field(x.level, y.level, "level"))
    return false;
  if ((x.kind == ScopeKind::Hierarchy || x.kind == ScopeKind::InCore) &&
      !field(x.role, y.role, "role"))
    return false;
  if (x.kind == ScopeKind::Spmd &&
      (!optExpr(x.coreNum, y.coreNum, "core_num") ||
       !field(x.syncStart, y.syncStart, "sync_start")))
    return false;
  if (x.kind == ScopeKind::Runtime && !field(x.manual, y.manual, "manual"))
    return false;
  const DispatchAttrs &dx = x.dispatch, &dy = y.dispatch;
  if (dx.nameHint != dy.nameHint)
    return fail("name_hint \"" + dx.nameHint + "\" vs \"" + dy.nameHint +
                "\"");
  if (!exprs(dx.deps, dy.deps, "deps"))
    return false;
  if (!dx.taskId || !dy.taskId) {
    if (dx.taskId != dy.taskId)
      return fail(dx.taskId ? "task id only in the first"
                            : "task id only in the second");
  } else {
    Step step(*this, "task_id");
    if (!var(dx.taskId, dy.taskId))
      return false;
  }
  return optExpr(dx.predicate, dy.predicate, "predicate") &&
         field(dx.allowEarlyResolve, dy.allowEarlyResolve,
               "allow_early_resolve");
}

bool Equal::leaf(const Stmt *a, const Stmt *b) {
  if (a->kind() != b->kind())
    return fail(llvm::Twine(stmtKindName(a->kind())) + " vs " +
                stmtKindName(b->kind()));
  switch (a->kind()) {
  case StmtKind::Assign: {
    auto *x = llvm::cast<AssignStmt>(a);
    auto *y = llvm::cast<AssignStmt>(b);
    {
      Step step(*this, "value");
      if (!expr(x->value, y->value))
        return false;
    }
    Step step(*this, "target");
    return var(x->var, y->var);
  }
  case StmtKind::Eval: {
    Step step(*this, "expr");
    return expr(llvm::cast<EvalStmt>(a)->expr, llvm::cast<EvalStmt>(b)->expr);
  }
  case StmtKind::Seq:
    llvm_unreachable("blocks are flattened");
  case StmtKind::Return:
    return exprs(llvm::cast<ReturnStmt>(a)->values,
                 llvm::cast<ReturnStmt>(b)->values, "values");
  case StmtKind::Yield:
    return exprs(llvm::cast<YieldStmt>(a)->values,
                 llvm::cast<YieldStmt>(b)->values, "values");
  case StmtKind::For: {
    auto *x = llvm::cast<ForStmt>(a);
    auto *y = llvm::cast<ForStmt>(b);
    if (!optExpr(x->start, y->start, "start") ||
        !optExpr(x->stop, y->stop, "stop") ||
        !optExpr(x->step, y->step, "step") ||
        !exprs(x->inits, y->inits, "init_values"))
      return false;
    {
      Step step(*this, "loop_var");
      if (!var(x->loopVar, y->loopVar))
        return false;
    }
    return vars(x->iterArgs, y->iterArgs, "iter_args") &&
           block(x->body, y->body, "body") &&
           vars(x->results, y->results, "results");
  }
  case StmtKind::If: {
    auto *x = llvm::cast<IfStmt>(a);
    auto *y = llvm::cast<IfStmt>(b);
    return optExpr(x->cond, y->cond, "cond") &&
           block(x->thenBody, y->thenBody, "then") &&
           block(x->elseBody, y->elseBody, "else") &&
           vars(x->results, y->results, "results");
  }
  case StmtKind::Scope: {
    auto *x = llvm::cast<ScopeStmt>(a);
    auto *y = llvm::cast<ScopeStmt>(b);
    return scopeFields(x, y) && block(x->body, y->body, "body");
  }
  }
  llvm_unreachable("unknown stmt kind");
}

bool Equal::function(const Function &a, const Function &b) {
  if (a.type() != b.type())
    return fail("function type " + functionTypeName(a.type()) + " vs " +
                functionTypeName(b.type()));
  if (!field(effectiveLevel(a), effectiveLevel(b), "level") ||
      !field(effectiveRole(a), effectiveRole(b), "role") ||
      !field(a.fields.spmdUnwrapped, b.fields.spmdUnwrapped,
             "spmd-unwrapped flag"))
    return false;
  if (a.params.size() != b.params.size())
    return fail("parameter count " + llvm::Twine(a.params.size()) + " vs " +
                llvm::Twine(b.params.size()));
  for (size_t i = 0; i != a.params.size(); ++i) {
    Step step(*this, "params", i);
    if (a.params[i].direction != b.params[i].direction)
      return fail("direction " + directionName(a.params[i].direction) +
                  " vs " + directionName(b.params[i].direction));
    if (!var(a.params[i].var, b.params[i].var))
      return false;
  }
  if (a.returnTypes.size() != b.returnTypes.size())
    return fail("return type count " + llvm::Twine(a.returnTypes.size()) +
                " vs " + llvm::Twine(b.returnTypes.size()));
  for (size_t i = 0; i != a.returnTypes.size(); ++i) {
    Step step(*this, "returns", i);
    if (!type(a.returnTypes[i], b.returnTypes[i]))
      return false;
  }
  return block(a.body, b.body, "body");
}

bool Equal::program(const Program &a, const Program &b) {
  if (a.functions.size() != b.functions.size())
    return fail("function count " + llvm::Twine(a.functions.size()) + " vs " +
                llvm::Twine(b.functions.size()));
  llvm::StringMap<const Function *> byName;
  for (const Function *fn : b.functions)
    byName.try_emplace(fn->name(), fn);
  for (const Function *fn : a.functions) {
    Step step(*this, "@", -1, fn->name());
    auto it = byName.find(fn->name());
    if (it == byName.end())
      return fail("no function of that name in the second program");
    // Each function binds its own Vars, even a Var another one binds too.
    leftToRight.clear();
    rightToLeft.clear();
    if (!function(*fn, *it->second))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Hashing
//===----------------------------------------------------------------------===//

uint64_t mix(uint64_t h) {
  // splitmix64 finalizer.
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return h;
}

uint64_t combine(uint64_t seed, uint64_t value) {
  return mix(seed ^
             (value + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2)));
}

uint64_t hashString(StringRef s) { return llvm::xxHash64(s); }

class Hasher {
public:
  uint64_t type(const Type *t);
  uint64_t expr(const Expr *e);
  uint64_t block(const Stmt *s);
  uint64_t function(const Function &fn);

private:
  uint64_t leaf(const Stmt *s);
  uint64_t var(const Var *v);
  uint64_t vars(ArrayRef<const Var *> vs);
  uint64_t exprs(ArrayRef<const Expr *> es);
  uint64_t optExpr(const Expr *e) { return e ? expr(e) : 0x6e756c6cULL; }

  llvm::DenseMap<const Var *, uint64_t> varIndex;
  llvm::DenseMap<const Type *, uint64_t> typeCache;
};

uint64_t Hasher::type(const Type *t) {
  if (!t)
    return 0x9;
  auto it = typeCache.find(t);
  if (it != typeCache.end())
    return it->second;
  uint64_t h = combine(0x7970, static_cast<uint64_t>(t->kind()));
  switch (t->kind()) {
  case TypeKind::Scalar:
    h = combine(h, static_cast<uint64_t>(llvm::cast<ScalarType>(t)->dtype));
    break;
  case TypeKind::Tensor:
  case TypeKind::Tile: {
    auto *shaped = llvm::cast<ShapedType>(t);
    h = combine(h, static_cast<uint64_t>(shaped->dtype));
    h = combine(h, shaped->shape.size());
    for (int64_t d : shaped->shape)
      h = combine(h, static_cast<uint64_t>(d));
    break;
  }
  case TypeKind::Tuple: {
    auto *tuple = llvm::cast<TupleType>(t);
    h = combine(h, tuple->elements.size());
    for (const Type *element : tuple->elements)
      h = combine(h, type(element));
    break;
  }
  case TypeKind::Array: {
    auto *array = llvm::cast<ArrayType>(t);
    h = combine(h, static_cast<uint64_t>(array->dtype));
    h = combine(h, static_cast<uint64_t>(array->size));
    break;
  }
  }
  typeCache.try_emplace(t, h);
  return h;
}

uint64_t Hasher::var(const Var *v) {
  auto [it, inserted] = varIndex.try_emplace(v, varIndex.size());
  if (inserted)
    return combine(0x6e6577, type(v->type()));
  return combine(0x757365, it->second);
}

uint64_t Hasher::vars(ArrayRef<const Var *> vs) {
  uint64_t h = vs.size();
  for (const Var *v : vs)
    h = combine(h, var(v));
  return h;
}

uint64_t Hasher::exprs(ArrayRef<const Expr *> es) {
  uint64_t h = es.size();
  for (const Expr *e : es)
    h = combine(h, expr(e));
  return h;
}

uint64_t Hasher::expr(const Expr *e) {
  uint64_t h = combine(0x65787072, static_cast<uint64_t>(e->kind()));
  if (auto *v = llvm::dyn_cast<Var>(e))
    return combine(h, var(v));
  h = combine(h, type(e->type()));
  switch (e->kind()) {
  case ExprKind::Var:
    llvm_unreachable("handled above");
  case ExprKind::ConstInt:
    return combine(h, static_cast<uint64_t>(llvm::cast<ConstInt>(e)->value));
  case ExprKind::ConstFloat:
    return combine(h, doubleBits(llvm::cast<ConstFloat>(e)->value));
  case ExprKind::ConstBool:
    return combine(h, llvm::cast<ConstBool>(e)->value);
  case ExprKind::Binary: {
    auto *b = llvm::cast<Binary>(e);
    h = combine(h, static_cast<uint64_t>(b->op));
    h = combine(h, expr(b->lhs));
    return combine(h, expr(b->rhs));
  }
  case ExprKind::Unary: {
    auto *u = llvm::cast<Unary>(e);
    h = combine(h, static_cast<uint64_t>(u->op));
    return combine(h, expr(u->operand));
  }
  case ExprKind::Cast:
    return combine(h, expr(llvm::cast<Cast>(e)->operand));
  case ExprKind::Call: {
    auto *c = llvm::cast<Call>(e);
    h = combine(h, c->isOp());
    h = combine(h, hashString(c->isOp() ? opName(c->op) : c->callee));
    h = combine(h, exprs(c->args));
    auto kwargs = sortedKwargs(c->kwargs);
    h = combine(h, kwargs.size());
    for (const Kwarg *kwarg : kwargs) {
      h = combine(h, hashString(kwarg->name));
      h = combine(h, expr(kwarg->value));
    }
    return h;
  }
  case ExprKind::MakeTuple:
    return combine(h, exprs(llvm::cast<MakeTuple>(e)->elements));
  case ExprKind::TupleGetItem: {
    auto *g = llvm::cast<TupleGetItem>(e);
    h = combine(h, g->index);
    return combine(h, expr(g->tuple));
  }
  case ExprKind::Submit: {
    auto *s = llvm::cast<Submit>(e);
    h = combine(h, hashString(s->callee));
    h = combine(h, exprs(s->args));
    h = combine(h, exprs(s->deps));
    h = combine(h, optExpr(s->coreNum));
    h = combine(h, s->syncStart);
    h = combine(h, s->allowEarlyResolve);
    return combine(h, optExpr(s->predicate));
  }
  }
  llvm_unreachable("unknown expr kind");
}

uint64_t Hasher::block(const Stmt *s) {
  llvm::SmallVector<const Stmt *, 16> leaves;
  flatten(s, leaves);
  uint64_t h = combine(0x626c6b, leaves.size());
  for (const Stmt *child : leaves)
    h = combine(h, leaf(child));
  return h;
}

uint64_t Hasher::leaf(const Stmt *s) {
  uint64_t h = combine(0x73746d74, static_cast<uint64_t>(s->kind()));
  switch (s->kind()) {
  case StmtKind::Assign: {
    auto *a = llvm::cast<AssignStmt>(s);
    h = combine(h, expr(a->value));
    return combine(h, var(a->var));
  }
  case StmtKind::Eval:
    return combine(h, expr(llvm::cast<EvalStmt>(s)->expr));
  case StmtKind::Seq:
    llvm_unreachable("blocks are flattened");
  case StmtKind::Return:
    return combine(h, exprs(llvm::cast<ReturnStmt>(s)->values));
  case StmtKind::Yield:
    return combine(h, exprs(llvm::cast<YieldStmt>(s)->values));
  case StmtKind::For: {
    auto *f = llvm::cast<ForStmt>(s);
    h = combine(h, optExpr(f->start));
    h = combine(h, optExpr(f->stop));
    h = combine(h, optExpr(f->step));
    h = combine(h, exprs(f->inits));
    h = combine(h, var(f->loopVar));
    h = combine(h, vars(f->iterArgs));
    h = combine(h, block(f->body));
    return combine(h, vars(f->results));
  }
  case StmtKind::If: {
    auto *i = llvm::cast<IfStmt>(s);
    h = combine(h, optExpr(i->cond));
    h = combine(h, block(i->thenBody));
    h = combine(h, block(i->elseBody));
    return combine(h, vars(i->results));
  }
  case StmtKind::Scope: {
    auto *scope = llvm::cast<ScopeStmt>(s);
    const ScopeStmt::Fields &f = scope->fields;
    h = combine(h, static_cast<uint64_t>(f.kind));
    if (f.kind == ScopeKind::Hierarchy)
      h = combine(h, static_cast<uint64_t>(f.level));
    if (f.kind == ScopeKind::Hierarchy || f.kind == ScopeKind::InCore)
      h = combine(h, f.role ? 1 + static_cast<uint64_t>(*f.role) : 0);
    if (f.kind == ScopeKind::Spmd) {
      h = combine(h, optExpr(f.coreNum));
      h = combine(h, f.syncStart);
    }
    if (f.kind == ScopeKind::Runtime)
      h = combine(h, f.manual);
    const DispatchAttrs &d = f.dispatch;
    h = combine(h, hashString(d.nameHint));
    h = combine(h, exprs(d.deps));
    h = combine(h, d.taskId ? var(d.taskId) : 0);
    h = combine(h, optExpr(d.predicate));
    h = combine(h, d.allowEarlyResolve);
    return combine(h, block(scope->body));
  }
  }
  llvm_unreachable("unknown stmt kind");
}

uint64_t Hasher::function(const Function &fn) {
  uint64_t h = combine(0x666e, static_cast<uint64_t>(fn.type()));
  auto level = effectiveLevel(fn);
  auto role = effectiveRole(fn);
  h = combine(h, level ? 1 + static_cast<uint64_t>(*level) : 0);
  h = combine(h, role ? 1 + static_cast<uint64_t>(*role) : 0);
  h = combine(h, fn.fields.spmdUnwrapped);
  h = combine(h, fn.params.size());
  for (const Param &param : fn.params) {
    h = combine(h, static_cast<uint64_t>(param.direction));
    h = combine(h, var(param.var));
  }
  h = combine(h, fn.returnTypes.size());
  for (const Type *t : fn.returnTypes)
    h = combine(h, type(t));
  return combine(h, block(fn.body));
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

bool plc::ir::structuralEqual(const Program &a, const Program &b,
                              std::string *whyNot) {
  return Equal(whyNot).program(a, b);
}

bool plc::ir::structuralEqual(const Function &a, const Function &b,
                              std::string *whyNot) {
  return Equal(whyNot).function(a, b);
}

bool plc::ir::structuralEqual(const Stmt *a, const Stmt *b,
                              std::string *whyNot) {
  return Equal(whyNot).block(a, b, "stmts");
}

bool plc::ir::structuralEqual(const Expr *a, const Expr *b,
                              std::string *whyNot) {
  return Equal(whyNot).expr(a, b);
}

bool plc::ir::structuralEqual(const Type *a, const Type *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind() != b->kind())
    return false;
  switch (a->kind()) {
  case TypeKind::Scalar:
    return llvm::cast<ScalarType>(a)->dtype == llvm::cast<ScalarType>(b)->dtype;
  case TypeKind::Tensor:
  case TypeKind::Tile: {
    auto *x = llvm::cast<ShapedType>(a);
    auto *y = llvm::cast<ShapedType>(b);
    return x->dtype == y->dtype && x->shape == y->shape;
  }
  case TypeKind::Tuple: {
    auto *x = llvm::cast<TupleType>(a);
    auto *y = llvm::cast<TupleType>(b);
    if (x->elements.size() != y->elements.size())
      return false;
    for (size_t i = 0; i != x->elements.size(); ++i)
      if (!structuralEqual(x->elements[i], y->elements[i]))
        return false;
    return true;
  }
  case TypeKind::Array: {
    auto *x = llvm::cast<ArrayType>(a);
    auto *y = llvm::cast<ArrayType>(b);
    return x->dtype == y->dtype && x->size == y->size;
  }
  }
  llvm_unreachable("unknown type kind");
}

uint64_t plc::ir::structuralHash(const Program &program) {
  // Functions match by name, in any order: hash them sorted by name.
  llvm::SmallVector<std::pair<StringRef, uint64_t>, 8> hashes;
  for (const Function *fn : program.functions)
    hashes.emplace_back(fn->name(), Hasher().function(*fn));
  llvm::sort(hashes, [](const auto &x, const auto &y) {
    return x.first < y.first;
  });
  uint64_t h = combine(0x70726f67, hashes.size());
  for (const auto &[name, fnHash] : hashes)
    h = combine(combine(h, hashString(name)), fnHash);
  return h;
}

uint64_t plc::ir::structuralHash(const Function &fn) {
  return Hasher().function(fn);
}

uint64_t plc::ir::structuralHash(const Stmt *stmt) {
  return Hasher().block(stmt);
}

uint64_t plc::ir::structuralHash(const Expr *expr) {
  return Hasher().expr(expr);
}

uint64_t plc::ir::structuralHash(const Type *type) {
  return Hasher().type(type);
}
