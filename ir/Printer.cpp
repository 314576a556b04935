//===- Printer.cpp - The canonical .pl text of the IR ---------------------===//
//
// Writes LANGUAGE.md section 6 text straight into a raw_ostream. Two details
// carry the round trip:
//  * the `tid = pl.system.task_invalid()` placeholder in front of a scope with
//    `as tid` is skipped (the parser recreates it from `as tid`); blocks are
//    flattened first so that "immediately precedes" is a one-step lookahead;
//  * a `pl.spmd` scope whose only statement is a plain InCore carrier prints
//    in the form the parser turns back into that same carrier (for-form,
//    inline body, or an explicit nested `pl.at`).
//
//===----------------------------------------------------------------------===//

#include "ir/Printer.h"

#include "ir/Visitor.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <functional>
#include <queue>
#include <vector>

using namespace plc::ir;
using llvm::ArrayRef;
using llvm::raw_ostream;
using llvm::StringRef;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::string plc::ir::formatFloat(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-1e999" : "1e999";
  char buf[40];
  // The shortest %g precision that reads back exactly.
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof(buf), "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value)
      break;
  }
  std::string text(buf);
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0";
  return text;
}

namespace {

/// Python operator precedence, loosest first.
enum Prec : unsigned {
  PrecLowest,
  PrecOr,
  PrecAnd,
  PrecNot,
  PrecCompare,
  PrecShift,
  PrecAdditive,
  PrecMultiplicative,
  PrecUnary,
  PrecAtom,
};

Prec binaryPrec(BinaryOp op) {
  switch (op) {
  case BinaryOp::Or: return PrecOr;
  case BinaryOp::And: return PrecAnd;
  case BinaryOp::Eq: case BinaryOp::Ne: case BinaryOp::Lt:
  case BinaryOp::Le: case BinaryOp::Gt: case BinaryOp::Ge:
    return PrecCompare;
  case BinaryOp::Shl: case BinaryOp::Shr: return PrecShift;
  case BinaryOp::Add: case BinaryOp::Sub: return PrecAdditive;
  case BinaryOp::Mul: case BinaryOp::FloatDiv: case BinaryOp::FloorDiv:
  case BinaryOp::FloorMod:
    return PrecMultiplicative;
  }
  llvm_unreachable("unknown binary op");
}

DType scalarDType(const Type *type) {
  if (auto *scalar = llvm::dyn_cast_or_null<ScalarType>(type))
    return scalar->dtype;
  if (auto *shaped = llvm::dyn_cast_or_null<ShapedType>(type))
    return shaped->dtype;
  if (auto *array = llvm::dyn_cast_or_null<ArrayType>(type))
    return array->dtype;
  return DType::INDEX;
}

/// The precedence of the text an expression prints as.
Prec exprPrec(const Expr *e) {
  switch (e->kind()) {
  case ExprKind::Binary:
    return binaryPrec(llvm::cast<Binary>(e)->op);
  case ExprKind::Unary:
    return llvm::cast<Unary>(e)->op == UnaryOp::Not ? PrecNot : PrecUnary;
  case ExprKind::ConstInt: {
    auto *c = llvm::cast<ConstInt>(e);
    return c->dtype() == DType::INDEX && c->value < 0 ? PrecUnary : PrecAtom;
  }
  case ExprKind::ConstFloat: {
    auto *c = llvm::cast<ConstFloat>(e);
    return c->dtype() == DType::FP32 && std::signbit(c->value) ? PrecUnary
                                                               : PrecAtom;
  }
  default:
    return PrecAtom;
  }
}

bool isReservedName(StringRef name) {
  static const llvm::StringSet<> reserved = {
      "False", "None",   "True",    "and",      "as",     "assert", "async",
      "await", "break",  "class",   "continue", "def",    "del",    "elif",
      "else",  "except", "finally", "for",      "from",   "global", "if",
      "import", "in",    "is",      "lambda",   "nonlocal", "not",  "or",
      "pass",  "raise",  "return",  "try",      "while",  "with",   "yield",
      // Names the printed text itself relies on.
      "self",  "pl",     "tuple",
  };
  return reserved.contains(name);
}

/// Gives every Var a distinct, valid identifier, first come first served.
class Namer {
public:
  StringRef name(const Var *var) {
    auto it = names.find(var);
    if (it != names.end())
      return it->second;

    llvm::SmallString<32> base;
    for (char c : var->name)
      base.push_back(llvm::isAlnum(c) || c == '_' ? c : '_');
    if (base.empty())
      base = "v";
    else if (llvm::isDigit(base[0]))
      base.insert(base.begin(), {'v', '_'});

    StringRef chosen;
    if (!isReservedName(base) && !used.count(base)) {
      chosen = used.try_emplace(base, 1).first->getKey();
    } else {
      // `next` remembers where the previous search for this base stopped, so
      // many Vars sharing one hint stay linear.
      unsigned &next = used.try_emplace(base, 1).first->getValue();
      llvm::SmallString<40> candidate;
      do {
        candidate = base;
        candidate += '_';
        candidate += llvm::utostr(next++);
      } while (used.count(candidate));
      chosen = used.try_emplace(candidate, 1).first->getKey();
    }
    names.try_emplace(var, chosen);
    return chosen;
  }

private:
  llvm::DenseMap<const Var *, StringRef> names;
  /// Names taken so far, each with the next suffix to try for it as a base.
  llvm::StringMap<unsigned> used;
};

void flatten(const Stmt *stmt, llvm::SmallVectorImpl<const Stmt *> &out) {
  if (auto *seq = llvm::dyn_cast<SeqStmt>(stmt)) {
    for (const Stmt *child : seq->stmts)
      flatten(child, out);
    return;
  }
  out.push_back(stmt);
}

bool isCallOf(const Expr *e, OpKind op) {
  auto *call = llvm::dyn_cast<Call>(e);
  return call && call->isOp(op);
}

/// `tid = pl.system.task_invalid()` right before the scope that binds `tid`
/// with `as tid`: the parser's placeholder, recreated on reparse.
bool isTaskIdPlaceholder(const Stmt *stmt, const Stmt *next) {
  auto *assign = llvm::dyn_cast<AssignStmt>(stmt);
  auto *scope = llvm::dyn_cast<ScopeStmt>(next);
  return assign && scope && scope->dispatch().taskId == assign->var &&
         isCallOf(assign->value, OpKind::SystemTaskInvalid);
}

/// Whether any Call in `stmt` reads the block index.
class BlockIdxFinder : public IRVisitor {
public:
  bool found = false;
  void visitCall(const Call *node) override {
    if (node->isOp(OpKind::TileGetBlockIdx))
      found = true;
    if (!found)
      IRVisitor::visitCall(node);
  }
};

/// The number of definitions of each Var of `fn` (before SSA a name
/// assigned twice is one Var defined twice).
llvm::DenseMap<const Var *, unsigned> countDefs(const Function &fn) {
  class Counter : public IRVisitor {
  public:
    llvm::DenseMap<const Var *, unsigned> counts;
    void visitDef(const Var *var) override { ++counts[var]; }
  } counter;
  counter.visitFunction(&fn);
  return std::move(counter.counts);
}

bool readsBlockIdx(const Stmt *stmt) {
  BlockIdxFinder finder;
  finder.visit(stmt);
  return finder.found;
}

/// When the parser synthesizes the InCore carrier of a `pl.spmd` body it
/// splits `name_hint="h"` into Spmd `h_spmd` and InCore `h` (a hint already
/// ending in `_spmd` keeps it on the Spmd and drops it on the InCore).
/// Returns the hint to print for the pair, or nothing when no hint
/// reproduces it.
std::optional<StringRef> synthesizedSpmdHint(StringRef spmdHint,
                                             StringRef inCoreHint) {
  if (spmdHint.empty() && inCoreHint.empty())
    return StringRef();
  if (!inCoreHint.empty() && spmdHint.size() == inCoreHint.size() + 5 &&
      spmdHint.startswith(inCoreHint) && spmdHint.endswith("_spmd"))
    return spmdHint;
  return std::nullopt;
}

/// Collects the program functions a function calls or submits, in order of
/// first mention.
class CalleeCollector : public IRVisitor {
public:
  llvm::SmallVector<StringRef, 4> callees;
  llvm::StringSet<> seen;

  void visitCall(const Call *node) override {
    if (!node->isOp())
      add(node->callee);
    IRVisitor::visitCall(node);
  }
  void visitSubmit(const Submit *node) override {
    add(node->callee);
    IRVisitor::visitSubmit(node);
  }

private:
  void add(StringRef name) {
    if (seen.insert(name).second)
      callees.push_back(name);
  }
};

/// Writes ", " before every item but the first.
class Separator {
public:
  explicit Separator(raw_ostream &os, bool first = true)
      : os(os), first(first) {}
  raw_ostream &operator()() {
    if (!first)
      os << ", ";
    first = false;
    return os;
  }

private:
  raw_ostream &os;
  bool first;
};

class Printer {
public:
  explicit Printer(raw_ostream &os) : os(os) {}

  void program(const Program &program);
  void function(const Function &fn, unsigned indent);
  void stmt(const Stmt *stmt, unsigned indent) {
    llvm::SmallVector<const Stmt *, 8> leaves;
    flatten(stmt, leaves);
    leavesBlock(leaves, indent, /*passIfEmpty=*/false);
  }
  void expr(const Expr *e, Prec minPrec = PrecLowest);
  void type(const Type *t);

private:
  void block(const Stmt *body, unsigned indent) {
    llvm::SmallVector<const Stmt *, 16> leaves;
    flatten(body, leaves);
    leavesBlock(leaves, indent, /*passIfEmpty=*/true);
  }
  void leavesBlock(ArrayRef<const Stmt *> leaves, unsigned indent,
                   bool passIfEmpty);
  void leaf(const Stmt *s, unsigned indent);
  void forStmt(const ForStmt *s, unsigned indent);
  void ifStmt(const IfStmt *s, unsigned indent);
  void yieldStmt(const YieldStmt *s, unsigned indent);
  void scope(const ScopeStmt *s, unsigned indent);
  void spmdScope(const ScopeStmt *s, unsigned indent);
  /// `name_hint=`, `deps=`, `allow_early_resolve=`, `predicate=` when set.
  void dispatchKeywords(const DispatchAttrs &d, StringRef nameHint,
                        Separator &sep, bool withDeps = true);
  void asTaskId(const ScopeStmt *s) {
    if (s->dispatch().taskId)
      os << " as " << name(s->dispatch().taskId);
  }
  void call(const Call *c);
  void submit(const Submit *s);
  void list(ArrayRef<const Expr *> exprs) {
    os << '[';
    Separator sep(os);
    for (const Expr *e : exprs) {
      sep();
      expr(e);
    }
    os << ']';
  }
  StringRef name(const Var *var) { return namer.name(var); }
  raw_ostream &indented(unsigned indent) { return os.indent(indent); }

  raw_ostream &os;
  Namer namer;
  /// How many times each Var of the function being printed is defined.
  llvm::DenseMap<const Var *, unsigned> defCounts;
  /// The Vars a `pl.yield_` binds: results of the innermost For / If.
  llvm::SmallVector<ArrayRef<const Var *>, 4> yieldTargets;
};

//===----------------------------------------------------------------------===//
// Types and expressions
//===----------------------------------------------------------------------===//

void Printer::type(const Type *t) {
  if (!t) {
    os << "None";
    return;
  }
  switch (t->kind()) {
  case TypeKind::Scalar:
    os << "pl.Scalar[pl." << dtypeName(llvm::cast<ScalarType>(t)->dtype)
       << ']';
    return;
  case TypeKind::Tensor:
  case TypeKind::Tile: {
    auto *shaped = llvm::cast<ShapedType>(t);
    os << (t->kind() == TypeKind::Tensor ? "pl.Tensor[[" : "pl.Tile[[");
    Separator sep(os);
    for (int64_t d : shaped->shape)
      sep() << d;
    os << "], pl." << dtypeName(shaped->dtype) << ']';
    return;
  }
  case TypeKind::Tuple: {
    os << "pl.Tuple[";
    Separator sep(os);
    for (const Type *element : llvm::cast<TupleType>(t)->elements) {
      sep();
      type(element);
    }
    os << ']';
    return;
  }
  case TypeKind::Array: {
    auto *array = llvm::cast<ArrayType>(t);
    os << "pl.Array[" << array->size << ", pl." << dtypeName(array->dtype)
       << ']';
    return;
  }
  }
  llvm_unreachable("unknown type kind");
}

void Printer::expr(const Expr *e, Prec minPrec) {
  bool parens = exprPrec(e) < minPrec;
  if (parens)
    os << '(';
  switch (e->kind()) {
  case ExprKind::Var:
    os << name(llvm::cast<Var>(e));
    break;
  case ExprKind::ConstInt: {
    auto *c = llvm::cast<ConstInt>(e);
    if (c->dtype() == DType::INDEX)
      os << c->value;
    else
      os << "pl.const(" << c->value << ", pl." << dtypeName(c->dtype()) << ')';
    break;
  }
  case ExprKind::ConstFloat: {
    auto *c = llvm::cast<ConstFloat>(e);
    if (c->dtype() == DType::FP32)
      os << formatFloat(c->value);
    else
      os << "pl.const(" << formatFloat(c->value) << ", pl."
         << dtypeName(c->dtype()) << ')';
    break;
  }
  case ExprKind::ConstBool:
    os << (llvm::cast<ConstBool>(e)->value ? "True" : "False");
    break;
  case ExprKind::Binary: {
    auto *b = llvm::cast<Binary>(e);
    Prec p = binaryPrec(b->op);
    // Left-associative, except comparisons, which would chain.
    expr(b->lhs, p == PrecCompare ? Prec(p + 1) : p);
    os << ' ' << binaryOpSpelling(b->op) << ' ';
    expr(b->rhs, Prec(p + 1));
    break;
  }
  case ExprKind::Unary: {
    auto *u = llvm::cast<Unary>(e);
    if (u->op == UnaryOp::Not) {
      os << "not ";
      expr(u->operand, PrecNot);
    } else {
      os << unaryOpSpelling(u->op);
      expr(u->operand, PrecUnary);
    }
    break;
  }
  case ExprKind::Cast: {
    auto *c = llvm::cast<Cast>(e);
    os << "pl.cast(";
    expr(c->operand);
    os << ", pl." << dtypeName(scalarDType(c->type())) << ')';
    break;
  }
  case ExprKind::Call:
    call(llvm::cast<Call>(e));
    break;
  case ExprKind::MakeTuple:
    list(llvm::cast<MakeTuple>(e)->elements);
    break;
  case ExprKind::TupleGetItem: {
    auto *g = llvm::cast<TupleGetItem>(e);
    expr(g->tuple, PrecAtom);
    os << '[' << g->index << ']';
    break;
  }
  case ExprKind::Submit:
    submit(llvm::cast<Submit>(e));
    break;
  }
  if (parens)
    os << ')';
}

void Printer::call(const Call *c) {
  Separator sep(os);
  if (!c->isOp()) {
    os << "self." << c->callee << '(';
  } else {
    os << "pl." << opName(c->op) << '(';
  }
  for (const Expr *arg : c->args) {
    sep();
    expr(arg);
  }
  // The dtype keyword is not stored: it is the result's dtype.
  if (c->isOp(OpKind::TileFull) || c->isOp(OpKind::TensorCreate))
    sep() << "dtype=pl." << dtypeName(scalarDType(c->type()));
  for (const Kwarg &kwarg : c->kwargs) {
    sep() << kwarg.name << '=';
    expr(kwarg.value);
  }
  os << ')';
}

void Printer::submit(const Submit *s) {
  os << (s->coreNum ? "pl.spmd_submit(self." : "pl.submit(self.") << s->callee;
  Separator sep(os, /*first=*/false);
  for (const Expr *arg : s->args) {
    sep();
    expr(arg);
  }
  if (!s->deps.empty()) {
    sep() << "deps=";
    list(s->deps);
  }
  if (s->coreNum) {
    sep() << "core_num=";
    expr(s->coreNum);
  }
  if (s->syncStart)
    sep() << "sync_start=True";
  if (s->allowEarlyResolve)
    sep() << "allow_early_resolve=True";
  if (s->predicate) {
    sep() << "predicate=(";
    expr(s->predicate);
    os << ')';
  }
  os << ')';
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void Printer::leavesBlock(ArrayRef<const Stmt *> leaves, unsigned indent,
                          bool passIfEmpty) {
  bool printed = false;
  for (size_t i = 0, e = leaves.size(); i != e; ++i) {
    if (i + 1 != e && isTaskIdPlaceholder(leaves[i], leaves[i + 1]))
      continue;
    leaf(leaves[i], indent);
    printed = true;
  }
  if (!printed && passIfEmpty)
    indented(indent) << "pass\n";
}

void Printer::leaf(const Stmt *s, unsigned indent) {
  switch (s->kind()) {
  case StmtKind::Assign: {
    auto *a = llvm::cast<AssignStmt>(s);
    indented(indent) << name(a->var) << ": ";
    type(a->var->type());
    os << " = ";
    expr(a->value);
    os << '\n';
    return;
  }
  case StmtKind::Eval:
    indented(indent);
    expr(llvm::cast<EvalStmt>(s)->expr);
    os << '\n';
    return;
  case StmtKind::Seq: {
    llvm::SmallVector<const Stmt *, 8> leaves;
    flatten(s, leaves);
    leavesBlock(leaves, indent, /*passIfEmpty=*/false);
    return;
  }
  case StmtKind::Return: {
    auto *r = llvm::cast<ReturnStmt>(s);
    indented(indent) << "return";
    if (!r->values.empty()) {
      os << ' ';
      Separator sep(os);
      for (const Expr *value : r->values) {
        sep();
        expr(value, PrecOr);
      }
    }
    os << '\n';
    return;
  }
  case StmtKind::For:
    return forStmt(llvm::cast<ForStmt>(s), indent);
  case StmtKind::If:
    return ifStmt(llvm::cast<IfStmt>(s), indent);
  case StmtKind::Yield:
    return yieldStmt(llvm::cast<YieldStmt>(s), indent);
  case StmtKind::Scope:
    return scope(llvm::cast<ScopeStmt>(s), indent);
  }
  llvm_unreachable("unknown stmt kind");
}

static bool isIndexConst(const Expr *e, int64_t value) {
  auto *c = llvm::dyn_cast<ConstInt>(e);
  return c && c->dtype() == DType::INDEX && c->value == value;
}

void Printer::forStmt(const ForStmt *s, unsigned indent) {
  indented(indent) << "for " << name(s->loopVar);
  if (!s->iterArgs.empty()) {
    os << ", (";
    Separator sep(os);
    for (const Var *iterArg : s->iterArgs)
      sep() << name(iterArg);
    if (s->iterArgs.size() == 1)
      os << ',';
    os << ')';
  }
  os << " in pl.range(";
  Separator sep(os);
  bool unitStep = isIndexConst(s->step, 1);
  if (!unitStep || !isIndexConst(s->start, 0)) {
    sep();
    expr(s->start);
  }
  sep();
  expr(s->stop);
  if (!unitStep) {
    sep();
    expr(s->step);
  }
  if (!s->inits.empty()) {
    sep() << "init_values=(";
    Separator initSep(os);
    for (const Expr *init : s->inits) {
      initSep();
      expr(init);
    }
    if (s->inits.size() == 1)
      os << ',';
    os << ')';
  }
  os << "):\n";
  yieldTargets.push_back(s->results);
  block(s->body, indent + 4);
  yieldTargets.pop_back();
}

void Printer::ifStmt(const IfStmt *s, unsigned indent) {
  indented(indent) << "if ";
  expr(s->cond);
  os << ":\n";
  yieldTargets.push_back(s->results);
  block(s->thenBody, indent + 4);
  if (s->elseBody) {
    llvm::SmallVector<const Stmt *, 16> leaves;
    flatten(s->elseBody, leaves);
    // An empty else is no else at all (StructuralEqual agrees).
    if (!leaves.empty()) {
      indented(indent) << "else:\n";
      leavesBlock(leaves, indent + 4, /*passIfEmpty=*/true);
    }
  }
  yieldTargets.pop_back();
}

void Printer::yieldStmt(const YieldStmt *s, unsigned indent) {
  indented(indent);
  if (!yieldTargets.empty() && !yieldTargets.back().empty()) {
    Separator sep(os);
    for (const Var *target : yieldTargets.back())
      sep() << name(target);
    os << " = ";
  }
  os << "pl.yield_(";
  Separator sep(os);
  for (const Expr *value : s->values) {
    sep();
    expr(value);
  }
  os << ")\n";
}

void Printer::dispatchKeywords(const DispatchAttrs &d, StringRef nameHint,
                               Separator &sep, bool withDeps) {
  if (!nameHint.empty()) {
    sep() << "name_hint=\"";
    os.write_escaped(nameHint);
    os << '"';
  }
  if (withDeps && !d.deps.empty()) {
    sep() << "deps=";
    list(d.deps);
  }
  if (d.allowEarlyResolve)
    sep() << "allow_early_resolve=True";
  if (d.predicate) {
    sep() << "predicate=(";
    expr(d.predicate);
    os << ')';
  }
}

void Printer::scope(const ScopeStmt *s, unsigned indent) {
  const ScopeStmt::Fields &f = s->fields;
  switch (f.kind) {
  case ScopeKind::InCore:
  case ScopeKind::Hierarchy: {
    indented(indent) << "with pl.at(level=pl.Level."
                     << levelName(f.kind == ScopeKind::InCore
                                      ? Level::CORE_GROUP
                                      : f.level);
    Separator sep(os, /*first=*/false);
    if (f.role)
      sep() << "role=pl.Role." << roleName(*f.role);
    dispatchKeywords(f.dispatch, f.dispatch.nameHint, sep);
    os << ')';
    break;
  }
  case ScopeKind::Spmd:
    return spmdScope(s, indent);
  case ScopeKind::Cluster:
    indented(indent) << "with pl.cluster(";
    if (!f.dispatch.nameHint.empty()) {
      os << "name_hint=\"";
      os.write_escaped(f.dispatch.nameHint);
      os << '"';
    }
    os << ')';
    break;
  case ScopeKind::Runtime:
    indented(indent) << (f.manual ? "with pl.scope(mode=pl.ScopeMode.MANUAL)"
                                  : "with pl.scope()");
    break;
  }
  asTaskId(s);
  os << ":\n";
  block(s->body, indent + 4);
}

void Printer::spmdScope(const ScopeStmt *s, unsigned indent) {
  const ScopeStmt::Fields &f = s->fields;
  llvm::SmallVector<const Stmt *, 16> leaves;
  flatten(s->body, leaves);

  // A plain InCore carrier the parser could synthesize from the Spmd line.
  const ScopeStmt *carrier = nullptr;
  std::optional<StringRef> hint;
  llvm::SmallVector<const Stmt *, 16> inner;
  if (leaves.size() == 1) {
    auto *c = llvm::dyn_cast<ScopeStmt>(leaves[0]);
    if (c && c->scopeKind() == ScopeKind::InCore && !c->fields.role &&
        !c->dispatch().forcesSubmit()) {
      hint = synthesizedSpmdHint(f.dispatch.nameHint, c->dispatch().nameHint);
      if (hint) {
        carrier = c;
        flatten(c->body, inner);
      }
    }
  }

  auto header = [&](StringRef nameHint, bool withDeps) {
    os << "pl.spmd(";
    if (f.coreNum)
      expr(f.coreNum);
    else
      os << "None";
    Separator sep(os, /*first=*/false);
    if (f.syncStart)
      sep() << "sync_start=True";
    dispatchKeywords(f.dispatch, nameHint, sep, withDeps);
    os << ')';
  };

  // `as tid` first: a user's own get_block_idx line must not turn into the
  // for-form loop variable.
  if (f.dispatch.taskId) {
    if (carrier && readsBlockIdx(carrier->body)) {
      indented(indent) << "with ";
      header(*hint, /*withDeps=*/true);
      asTaskId(s);
      os << ":\n";
      leavesBlock(inner, indent + 4, /*passIfEmpty=*/true);
      return;
    }
  } else if (carrier && f.dispatch.deps.empty() && !inner.empty()) {
    // The for-form reparses to a fresh loop variable, so it is only right
    // for a Var defined nowhere else: `b = pl.tile.get_block_idx()` in two
    // `with pl.spmd` bodies is one Var, and prints as written.
    auto *first = llvm::dyn_cast<AssignStmt>(inner[0]);
    if (first && isCallOf(first->value, OpKind::TileGetBlockIdx) &&
        llvm::cast<Call>(first->value)->args.empty() &&
        defCounts.lookup(first->var) <= 1) {
      indented(indent) << "for " << name(first->var) << " in ";
      header(*hint, /*withDeps=*/false);
      os << ":\n";
      leavesBlock(ArrayRef<const Stmt *>(inner).drop_front(), indent + 4,
                  /*passIfEmpty=*/true);
      return;
    }
  }
  // The body as it is; a carrier prints as a nested `pl.at`.
  indented(indent) << "with ";
  header(f.dispatch.nameHint, /*withDeps=*/true);
  asTaskId(s);
  os << ":\n";
  leavesBlock(leaves, indent + 4, /*passIfEmpty=*/true);
}

//===----------------------------------------------------------------------===//
// Functions and programs
//===----------------------------------------------------------------------===//

void Printer::function(const Function &fn, unsigned indent) {
  FunctionType fnType = fn.type();
  std::optional<Level> level = derivedLevel(fnType);
  if (!level)
    level = fn.fields.level;
  std::optional<Role> role = derivedRole(fnType);
  if (!role)
    role = fn.fields.role;

  indented(indent) << "@pl.function";
  if (fnType != FunctionType::Opaque || level || role) {
    os << '(';
    Separator sep(os);
    if (fnType != FunctionType::Opaque)
      sep() << "type=pl.FunctionType." << functionTypeName(fnType);
    if (level)
      sep() << "level=pl.Level." << levelName(*level);
    if (role)
      sep() << "role=pl.Role." << roleName(*role);
    // Outlining's mark on a Group that absorbed a cluster-nested pl.spmd.
    if (fn.fields.spmdUnwrapped)
      sep() << "spmd_unwrapped=True";
    os << ')';
  }
  os << '\n';

  indented(indent) << "def " << fn.name() << "(self";
  for (const Param &param : fn.params) {
    os << ", " << name(param.var) << ": ";
    if (param.direction != ParamDirection::In)
      os << "pl." << directionName(param.direction) << '[';
    type(param.var->type());
    if (param.direction != ParamDirection::In)
      os << ']';
  }
  os << ')';
  if (fn.returnTypes.size() == 1) {
    os << " -> ";
    type(fn.returnTypes[0]);
  } else if (fn.returnTypes.size() > 1) {
    os << " -> tuple[";
    Separator sep(os);
    for (const Type *t : fn.returnTypes) {
      sep();
      type(t);
    }
    os << ']';
  }
  os << ":\n";
  defCounts = countDefs(fn);
  block(fn.body, indent + 4);
  defCounts.clear();
}

void Printer::program(const Program &program) {
  StringRef progName = program.name().empty() ? "Program" : program.name();
  os << "# pypto.program: " << progName << '\n'
     << "import pypto.language as pl\n\n"
     << "@pl.program\n"
     << "class " << progName << ":\n";
  bool first = true;
  for (const Function *fn : calleeFirstOrder(program)) {
    if (!first)
      os << '\n';
    first = false;
    // Names are unique per function.
    Printer fnPrinter(os);
    fnPrinter.function(*fn, 4);
  }
  if (first)
    os << "    pass\n";
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

llvm::SmallVector<const Function *, 8>
plc::ir::calleeFirstOrder(const Program &program) {
  size_t n = program.functions.size();
  llvm::StringMap<unsigned> indexOf;
  for (size_t i = 0; i != n; ++i)
    indexOf.try_emplace(program.functions[i]->name(), i);

  // callers[c] lists the functions calling c; pending[f] counts f's callees
  // not printed yet.
  std::vector<llvm::SmallVector<unsigned, 2>> callers(n);
  std::vector<unsigned> pending(n, 0);
  for (size_t i = 0; i != n; ++i) {
    CalleeCollector collector;
    collector.visitFunction(program.functions[i]);
    for (StringRef callee : collector.callees) {
      auto it = indexOf.find(callee);
      if (it == indexOf.end() || it->second == i)
        continue;
      callers[it->second].push_back(i);
      ++pending[i];
    }
  }

  // Among the functions whose callees are all printed, the earliest first.
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ready;
  for (size_t i = 0; i != n; ++i)
    if (pending[i] == 0)
      ready.push(i);
  std::vector<bool> done(n, false);
  llvm::SmallVector<const Function *, 8> order;
  size_t nextForced = 0;
  while (order.size() != n) {
    if (ready.empty()) {
      // A call cycle: break it at the earliest function left.
      while (done[nextForced])
        ++nextForced;
      ready.push(nextForced);
      pending[nextForced] = 0;
    }
    unsigned i = ready.top();
    ready.pop();
    if (done[i])
      continue;
    done[i] = true;
    order.push_back(program.functions[i]);
    for (unsigned caller : callers[i])
      if (!done[caller] && pending[caller] != 0 && --pending[caller] == 0)
        ready.push(caller);
  }
  return order;
}

void plc::ir::printProgram(const Program &program, raw_ostream &os) {
  Printer(os).program(program);
}

void plc::ir::printFunction(const Function &fn, raw_ostream &os) {
  Printer(os).function(fn, 0);
}

void plc::ir::printStmt(const Stmt *stmt, raw_ostream &os, unsigned indent) {
  Printer(os).stmt(stmt, indent);
}

void plc::ir::printExpr(const Expr *expr, raw_ostream &os) {
  Printer(os).expr(expr);
}

void plc::ir::printType(const Type *type, raw_ostream &os) {
  Printer(os).type(type);
}

template <typename Fn> static std::string toString(Fn print) {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  os.flush();
  return text;
}

std::string plc::ir::programToString(const Program &program) {
  return toString([&](raw_ostream &os) { printProgram(program, os); });
}

std::string plc::ir::functionToString(const Function &fn) {
  return toString([&](raw_ostream &os) { printFunction(fn, os); });
}

std::string plc::ir::stmtToString(const Stmt *stmt, unsigned indent) {
  return toString([&](raw_ostream &os) { printStmt(stmt, os, indent); });
}

std::string plc::ir::exprToString(const Expr *expr) {
  return toString([&](raw_ostream &os) { printExpr(expr, os); });
}

std::string plc::ir::typeToString(const Type *type) {
  return toString([&](raw_ostream &os) { printType(type, os); });
}
