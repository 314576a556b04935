//===- Scopes.cpp - The `with` forms and `for i in pl.spmd`
//----------------===//
//
// Requires: a `with` statement (or an spmd for-loop) of the current function.
// Guarantees: one ScopeStmt per form (LANGUAGE.md section 4), with its
// keywords checked; `as tid` binds a TaskId defined by the placeholder
// `tid = pl.system.task_invalid()` emitted right before the scope; scope
// producers recorded for the predicate contract; `pl.spmd` bodies classified
// (explicit carrier, inline body, dispatch body) and the InCore carrier
// synthesized with the split name hint where the form calls for one.
//
//===----------------------------------------------------------------------===//

#include "frontend/IRBuilder.h"

#include "frontend/Lexer.h"

#include "ir/Printer.h"

#include "llvm/ADT/StringSwitch.h"

#include <functional>

using namespace plc;
using namespace plc::frontend;
namespace ir = plc::ir;

static bool isPythonKeyword(llvm::StringRef s) {
  return llvm::StringSwitch<bool>(s)
      .Cases("False", "None", "True", "and", "as", "assert", "async", true)
      .Cases("await", "break", "class", "continue", "def", "del", "elif", true)
      .Cases("else", "except", "finally", "for", "from", "global", "if", true)
      .Cases("import", "in", "is", "lambda", "nonlocal", "not", "or", true)
      .Cases("pass", "raise", "return", "try", "while", "with", "yield", true)
      .Default(false);
}

static bool isIdentifier(llvm::StringRef s) {
  if (s.empty() || !(isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
    return false;
  for (char c : s)
    if (!(isalnum(static_cast<unsigned char>(c)) || c == '_'))
      return false;
  return !isPythonKeyword(s);
}

namespace {
/// Finds block-index reads and program-function dispatches in a body.
class BodyScan : public ir::IRVisitor {
public:
  bool readsBlockIdx = false;
  unsigned dispatches = 0;
  void visitCall(const ir::Call *node) override {
    if (node->isOp(ir::OpKind::TileGetBlockIdx))
      readsBlockIdx = true;
    if (!node->isOp())
      ++dispatches;
    IRVisitor::visitCall(node);
  }
  void visitSubmit(const ir::Submit *node) override {
    ++dispatches;
    IRVisitor::visitSubmit(node);
  }
};

/// The statements of a body with nested Seqs flattened.
void leaves(const ir::Stmt *s, llvm::SmallVectorImpl<const ir::Stmt *> &out) {
  if (auto *seq = llvm::dyn_cast<ir::SeqStmt>(s)) {
    for (const ir::Stmt *c : seq->stmts)
      leaves(c, out);
    return;
  }
  out.push_back(s);
}
} // namespace

bool IRBuilder::insideCluster() const {
  for (const EnclosingScope &s : scopes)
    if (s.kind == ir::ScopeKind::Cluster)
      return true;
  return false;
}

/// How a diagnostic names an enclosing scope whose body becomes one task;
/// empty for the other scopes.
static llvm::StringRef taskScopeName(ir::ScopeKind kind) {
  switch (kind) {
  case ir::ScopeKind::Cluster:
    return "`pl.cluster()`";
  case ir::ScopeKind::Spmd:
    return "`pl.spmd()`";
  case ir::ScopeKind::InCore:
    return "`pl.at(level=pl.Level.CORE_GROUP)`";
  default:
    return "";
  }
}

bool IRBuilder::checkSpmdPlacement(Span at) {
  for (size_t i = scopes.size(); i-- > 0;) {
    const EnclosingScope &owner = scopes[i];
    if (owner.kind != ir::ScopeKind::Spmd &&
        owner.kind != ir::ScopeKind::InCore)
      continue;
    error(at, "`pl.spmd()` cannot be nested inside " +
                  taskScopeName(owner.kind) +
                  ": the enclosing scope becomes one kernel, which cannot "
                  "launch SPMD blocks")
        .note("Move the pl.spmd scope out to the orchestration body, beside "
              "the scope that encloses it.",
              owner.span);
    return false;
  }
  for (size_t i = scopes.size(); i-- > 0;) {
    EnclosingScope &cluster = scopes[i];
    if (cluster.kind != ir::ScopeKind::Cluster)
      continue;
    if (cluster.nestedSpmd.isValid()) {
      error(at, "a `pl.cluster()` can hold only one `pl.spmd()`: its "
                "core_num becomes the launch of the cluster's Group function")
          .note("the first pl.spmd in this cluster is here",
                cluster.nestedSpmd)
          .note("Give the second pl.spmd a pl.cluster() of its own, or "
                "move it out to the orchestration body.");
      return false;
    }
    cluster.nestedSpmd = at;
    break;
  }
  return true;
}

const ir::Stmt *IRBuilder::buildScopeBody(P::BlockContext *b,
                                          EnclosingScope frame) {
  scopes.push_back(frame);
  const ir::Stmt *body = buildBlock(b);
  scopes.pop_back();
  return body;
}

const ir::Var *IRBuilder::bindTaskId(P::ExprContext *target, StmtList &out) {
  std::optional<llvm::StringRef> name = bareName(target);
  if (!name) {
    error(target, "`as` binds a plain name");
    return nullptr;
  }
  // Always a new Var: the scope's own deps= may still name the old one.
  const ir::Var *tid = bind(*name, ctx.taskIdType(), spanOf(target),
                            /*fresh=*/true);
  const ir::Expr *invalid = ctx.create<ir::Call>(
      ir::OpKind::SystemTaskInvalid, llvm::ArrayRef<const ir::Expr *>(),
      llvm::ArrayRef<ir::Kwarg>(), ctx.taskIdType(), spanOf(target));
  out.push_back(ctx.create<ir::AssignStmt>(tid, invalid, spanOf(target)));
  return tid;
}

void IRBuilder::recordScopeProducers(P::BlockContext *body,
                                     const ir::Var *tid) {
  llvm::SmallVector<llvm::StringRef, 8> names;
  topLevelTargets(body, names);
  for (llvm::StringRef name : names)
    if (const ir::Var *var = lookup(name))
      if (var != tid)
        producers[var] = Producer{tid, generation[tid]};
}

/// `name_hint="..."`: empty or a valid, non-keyword identifier.
static std::optional<std::string>
nameHint(IRBuilder &b, const CallArgs &args,
         std::function<std::optional<std::string>(P::ExprContext *)> str,
         std::function<void(P::ExprContext *, const llvm::Twine &)> err) {
  const CallArgs::Keyword *kw = args.find("name_hint");
  if (!kw)
    return std::string();
  std::optional<std::string> s = str(kw->value);
  if (!s)
    return std::nullopt;
  if (!s->empty() && !isIdentifier(*s)) {
    err(kw->value, "name_hint must be a valid identifier, got '" + *s + "'");
    return std::nullopt;
  }
  return s;
}

bool IRBuilder::buildWith(P::WithStmtContext *s, StmtList &out) {
  if (numItems(s) != 1)
    return error(itemOf(s, 1), "a with statement must have exactly one "
                                 "context manager");
  P::WithItemContext *item = itemOf(s, 0);
  P::ExprContext *asTarget = item->AS() ? item->expr(1) : nullptr;
  P::AtomExprContext *a = asAtomExpr(item->expr(0));
  auto *nameAtom = a ? alt<P::NameAtomContext>(atomOf(a), P::NAME) : nullptr;
  llvm::SmallVector<P::TrailerContext *, 4> trailers;
  if (a)
    trailers = trailersOf(a);
  P::CallTrailerContext *call =
      trailers.size() == 2 ? alt<P::CallTrailerContext>(trailers[1], P::LPAR)
                           : nullptr;
  auto *attr = trailers.size() == 2
                   ? alt<P::AttrTrailerContext>(trailers[0], P::DOT)
                   : nullptr;
  if (!nameAtom || !call || !attr ||
      static_cast<Token *>(nameAtom->NAME()->getSymbol())->text() != plAlias)
    return error(item->expr(0), "expected pl.at(...), pl.spmd(...), "
                                "pl.cluster(...), pl.scope(...) or "
                                "pl.manual_scope()");
  llvm::StringRef form =
      static_cast<Token *>(attr->NAME()->getSymbol())->text();
  CallArgs args;
  if (!splitArgs(call->argList(), args))
    return false;
  if (form == "at")
    return buildAtScope(s, args, asTarget, out);
  if (form == "spmd")
    return buildSpmdScope(s, args, asTarget, out);
  if (form == "cluster")
    return buildClusterScope(s, args, asTarget, out);
  if (form == "scope" || form == "manual_scope")
    return buildRuntimeScope(s, args, form == "manual_scope", asTarget, out);
  if (form == "incore" || form == "auto_incore")
    return error(item->expr(0), "pl." + form +
                                    "() no longer exists; write `with "
                                    "pl.at(level=pl.Level.CORE_GROUP):`");
  return error(item->expr(0), "expected pl.at(...), pl.spmd(...), "
                              "pl.cluster(...), pl.scope(...) or "
                              "pl.manual_scope()");
}

bool IRBuilder::buildAtScope(P::WithStmtContext *s, const CallArgs &args,
                             P::ExprContext *asTarget, StmtList &out) {
  if (!checkKeywords(args,
                     {"level", "role", "deps", "predicate", "name_hint",
                      "allow_early_resolve"},
                     "pl.at()"))
    return false;
  if (args.positional.size() > 2)
    return error(args.positional[2], "pl.at takes at most two positional "
                                     "arguments (level, role)");
  P::ExprContext *levelExpr =
      args.positional.size() > 0 ? args.positional[0] : nullptr;
  P::ExprContext *roleExpr =
      args.positional.size() > 1 ? args.positional[1] : nullptr;
  if (const CallArgs::Keyword *kw = args.find("level")) {
    if (levelExpr)
      return error(kw->nameSpan, "level is given twice");
    levelExpr = kw->value;
  }
  if (const CallArgs::Keyword *kw = args.find("role")) {
    if (roleExpr)
      return error(kw->nameSpan, "role is given twice");
    roleExpr = kw->value;
  }
  if (!levelExpr)
    return error(itemOf(s, 0), "pl.at requires level=pl.Level.<level>");
  std::optional<llvm::StringRef> lm = enumMember(levelExpr, "Level");
  std::optional<ir::Level> level = lm ? ir::parseLevel(*lm) : std::nullopt;
  if (!level)
    return error(levelExpr, "expected pl.Level.<level>");
  std::optional<ir::Role> role;
  if (roleExpr) {
    P::AtomExprContext *ra = asAtomExpr(roleExpr);
    bool none = ra && (ra->children.size() == 1) &&
                alt<P::NoneAtomContext>(atomOf(ra), P::NONE);
    if (!none) {
      std::optional<llvm::StringRef> rm = enumMember(roleExpr, "Role");
      role = rm ? ir::parseRole(*rm) : std::nullopt;
      if (!role)
        return error(roleExpr, "expected pl.Role.Orchestrator or "
                               "pl.Role.SubWorker");
    }
  }
  bool coreGroup = *level == ir::Level::CORE_GROUP;
  if (coreGroup && role)
    return error(roleExpr, "role= is not allowed with "
                           "level=pl.Level.CORE_GROUP");
  if (role && *role == ir::Role::SubWorker && *level >= ir::Level::HOST)
    return error(roleExpr, "an inline pl.at at level HOST or above cannot "
                           "have role=pl.Role.SubWorker");

  ir::ScopeStmt::Fields fields;
  fields.kind = coreGroup ? ir::ScopeKind::InCore : ir::ScopeKind::Hierarchy;
  fields.level = *level;
  fields.role = role;
  std::optional<std::string> hint = nameHint(
      *this, args, [&](P::ExprContext *e) { return stringLiteral(e); },
      [&](P::ExprContext *e, const llvm::Twine &m) { error(e, m); });
  if (!hint)
    return false;
  fields.dispatch.nameHint = ctx.intern(*hint);
  if (const CallArgs::Keyword *kw = args.find("allow_early_resolve")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    fields.dispatch.allowEarlyResolve = *b;
  }
  llvm::SmallVector<const ir::Expr *, 4> deps;
  if (const CallArgs::Keyword *kw = args.find("deps"))
    if (!buildDeps(*kw, deps))
      return false;
  fields.dispatch.deps = ctx.copy(deps);

  if (const CallArgs::Keyword *kw = args.find("predicate")) {
    // Placement first: a misplaced predicate reports where it is.
    if (!coreGroup)
      return error(kw->nameSpan, "pl.at(predicate=...) is only supported "
                                 "with level=pl.Level.CORE_GROUP: a "
                                 "pl.Level." +
                                     ir::levelName(*level) +
                                     " scope never becomes a predicated "
                                     "task");
    for (size_t i = scopes.size(); i-- > 0;) {
      const EnclosingScope &owner = scopes[i];
      llvm::StringRef ownerName = taskScopeName(owner.kind);
      if (ownerName.empty())
        continue;
      error(kw->nameSpan, "`pl.at(..., predicate=(...))` cannot be nested "
                          "inside " +
                              ownerName +
                              ": the inner dispatch is folded into the "
                              "enclosing task")
          .note("Move the predicate to the enclosing dispatch, whose task "
                "is the one the runtime can skip.",
                owner.span);
      return false;
    }
    PredicateSite site{"'pl.at()'", /*acceptsDeps=*/true};
    if (!(fields.dispatch.predicate = buildPredicate(*kw, site, deps)))
      return false;
  }

  Span span = spanOf(s);
  const ir::Var *tid = nullptr;
  if (asTarget && !(tid = bindTaskId(asTarget, out)))
    return false;
  fields.dispatch.taskId = tid;
  recordControlDeps(deps, span.begin);
  const ir::Stmt *body =
      buildScopeBody(blockOf(s), EnclosingScope{fields.kind, false, span});
  if (!body)
    return false;
  if (tid) {
    recordScopeProducers(blockOf(s), tid);
    taskSites[tid] = span.begin;
  }
  out.push_back(ctx.create<ir::ScopeStmt>(fields, body, span));
  return true;
}

/// Shared by both spmd forms: core_num, sync_start, allow_early_resolve and
/// the cluster-nesting rules. Returns false after an error.
static const char *const kSpmdKeywords[] = {"core_num",  "sync_start",
                                            "name_hint", "allow_early_resolve",
                                            "predicate", "deps"};

bool IRBuilder::buildSpmdScope(P::WithStmtContext *s, const CallArgs &args,
                               P::ExprContext *asTarget, StmtList &out) {
  llvm::SmallVector<llvm::StringRef, 6> allowed(std::begin(kSpmdKeywords),
                                                std::end(kSpmdKeywords));
  if (!checkKeywords(args, allowed, "pl.spmd()"))
    return false;
  Span span = spanOf(s);
  if (args.positional.size() > 1)
    return error(args.positional[1], "pl.spmd takes one positional argument, "
                                     "the core_num");
  P::ExprContext *coreExpr =
      args.positional.empty() ? nullptr : args.positional[0];
  if (const CallArgs::Keyword *kw = args.find("core_num")) {
    if (coreExpr)
      return error(kw->nameSpan, "core_num is given twice");
    coreExpr = kw->value;
  }
  if (!coreExpr)
    return error(itemOf(s, 0), "pl.spmd requires the core_num (the number "
                                 "of blocks)");
  const CallArgs::Keyword *depsKw = args.find("deps");
  if (depsKw && !asTarget)
    return error(depsKw->nameSpan,
                 "pl.spmd() does not accept 'deps=' here: capture the "
                 "TaskId with `as tid` to give the scope dependencies");
  if (!checkSpmdPlacement(spanOf(itemOf(s, 0))))
    return false;
  bool inCluster = insideCluster();
  if (inCluster && asTarget)
    return error(asTarget, "`pl.spmd(...) as tid` cannot be nested inside "
                           "`pl.cluster()`: the SPMD scope is unwrapped into "
                           "the Group function, so there is no task to "
                           "capture");

  ir::ScopeStmt::Fields fields;
  fields.kind = ir::ScopeKind::Spmd;
  if (!(fields.coreNum = buildCoreNum(coreExpr)))
    return false;
  if (const CallArgs::Keyword *kw = args.find("sync_start")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    fields.syncStart = *b;
  }
  if (const CallArgs::Keyword *kw = args.find("allow_early_resolve")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    if (*b && inCluster)
      return error(kw->nameSpan, "`pl.spmd(..., allow_early_resolve=True)` "
                                 "cannot be nested inside `pl.cluster()`: "
                                 "the SPMD scope is unwrapped into the Group "
                                 "function and never becomes its own task");
    fields.dispatch.allowEarlyResolve = *b;
  }
  std::optional<std::string> hint = nameHint(
      *this, args, [&](P::ExprContext *e) { return stringLiteral(e); },
      [&](P::ExprContext *e, const llvm::Twine &m) { error(e, m); });
  if (!hint)
    return false;
  llvm::SmallVector<const ir::Expr *, 4> deps;
  if (depsKw && !buildDeps(*depsKw, deps))
    return false;
  fields.dispatch.deps = ctx.copy(deps);
  if (const CallArgs::Keyword *kw = args.find("predicate")) {
    if (inCluster)
      return error(kw->nameSpan, "`pl.spmd(..., predicate=(...))` cannot be "
                                 "nested inside `pl.cluster()`: the SPMD "
                                 "scope is unwrapped into the Group function "
                                 "and never produces a Submit");
    PredicateSite site{"'pl.spmd()'", /*acceptsDeps=*/asTarget != nullptr};
    if (!(fields.dispatch.predicate = buildPredicate(*kw, site, deps)))
      return false;
  }

  const ir::Var *tid = nullptr;
  if (asTarget && !(tid = bindTaskId(asTarget, out)))
    return false;
  fields.dispatch.taskId = tid;
  recordControlDeps(deps, span.begin);
  const ir::Stmt *body = buildScopeBody(
      blockOf(s), EnclosingScope{ir::ScopeKind::Spmd, false, span});
  if (!body)
    return false;

  // Classify the body (reference: _emit_spmd_body).
  llvm::SmallVector<const ir::Stmt *, 8> stmts;
  leaves(body, stmts);
  auto *only =
      stmts.size() == 1 ? llvm::dyn_cast<ir::ScopeStmt>(stmts[0]) : nullptr;
  BodyScan scan;
  scan.visit(body);
  if (only && only->scopeKind() == ir::ScopeKind::InCore) {
    // Explicit carrier: kept as written.
    fields.dispatch.nameHint = ctx.intern(*hint);
  } else if (scan.readsBlockIdx) {
    // Inline body: synthesize the InCore carrier and split the hint.
    llvm::StringRef h = *hint;
    std::string spmdHint, inCoreHint;
    if (h.endswith("_spmd")) {
      spmdHint = h.str();
      inCoreHint = h.drop_back(5).str();
    } else if (!h.empty()) {
      spmdHint = (h + "_spmd").str();
      inCoreHint = h.str();
    }
    fields.dispatch.nameHint = ctx.intern(spmdHint);
    ir::ScopeStmt::Fields carrier;
    carrier.kind = ir::ScopeKind::InCore;
    carrier.level = ir::Level::CORE_GROUP;
    carrier.dispatch.nameHint = ctx.intern(inCoreHint);
    body = ctx.create<ir::ScopeStmt>(carrier, body, span);
  } else if (scan.dispatches == 1) {
    fields.dispatch.nameHint = ctx.intern(*hint);
  } else if (scan.dispatches > 1) {
    return error(itemOf(s, 0),
                 "the pl.spmd body launches " + llvm::Twine(scan.dispatches) +
                     " kernels; give each its own pl.spmd scope");
  } else {
    return error(itemOf(s, 0),
                 "the pl.spmd body neither reads the per-block index "
                 "(pl.tile.get_block_idx()) nor dispatches a kernel "
                 "(self.k(...))");
  }
  if (tid) {
    recordScopeProducers(blockOf(s), tid);
    taskSites[tid] = span.begin;
  }
  out.push_back(ctx.create<ir::ScopeStmt>(fields, body, span));
  return true;
}

bool IRBuilder::buildSpmdFor(P::ForStmtContext *s, const CallArgs &args,
                             StmtList &out) {
  if (const CallArgs::Keyword *kw = args.find("deps"))
    return error(kw->nameSpan, "pl.spmd() does not accept 'deps=' here: the "
                               "for-form never takes deps; use `with "
                               "pl.spmd(n, deps=[...]) as tid:`");
  llvm::SmallVector<llvm::StringRef, 6> allowed(std::begin(kSpmdKeywords),
                                                std::end(kSpmdKeywords) - 1);
  if (!checkKeywords(args, allowed, "pl.spmd()"))
    return false;
  Span span = spanOf(s);
  if (!isSingle(s->exprList()))
    return error(s->exprList(), "`for ... in pl.spmd(...)` binds one block "
                                "index");
  std::optional<llvm::StringRef> name = bareName(s->exprList()->expr(0));
  if (!name)
    return error(s->exprList(), "the block index must be a plain name");
  if (args.positional.size() > 1)
    return error(args.positional[1], "pl.spmd takes one positional argument, "
                                     "the core_num");
  P::ExprContext *coreExpr =
      args.positional.empty() ? nullptr : args.positional[0];
  if (const CallArgs::Keyword *kw = args.find("core_num")) {
    if (coreExpr)
      return error(kw->nameSpan, "core_num is given twice");
    coreExpr = kw->value;
  }
  if (!coreExpr)
    return error(s->expr(), "pl.spmd requires the core_num (the number of "
                            "blocks)");
  if (!checkSpmdPlacement(spanOf(s->expr())))
    return false;
  bool inCluster = insideCluster();
  ir::ScopeStmt::Fields fields;
  fields.kind = ir::ScopeKind::Spmd;
  if (!(fields.coreNum = buildCoreNum(coreExpr)))
    return false;
  if (const CallArgs::Keyword *kw = args.find("sync_start")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    fields.syncStart = *b;
  }
  if (const CallArgs::Keyword *kw = args.find("allow_early_resolve")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    if (*b && inCluster)
      return error(kw->nameSpan, "`pl.spmd(..., allow_early_resolve=True)` "
                                 "cannot be nested inside `pl.cluster()`: "
                                 "the SPMD scope is unwrapped into the Group "
                                 "function and never becomes its own task");
    fields.dispatch.allowEarlyResolve = *b;
  }
  std::optional<std::string> hint = nameHint(
      *this, args, [&](P::ExprContext *e) { return stringLiteral(e); },
      [&](P::ExprContext *e, const llvm::Twine &m) { error(e, m); });
  if (!hint)
    return false;
  if (const CallArgs::Keyword *kw = args.find("predicate")) {
    if (inCluster)
      return error(kw->nameSpan, "`pl.spmd(..., predicate=(...))` cannot be "
                                 "nested inside `pl.cluster()`: the SPMD "
                                 "scope is unwrapped into the Group function "
                                 "and never produces a Submit");
    PredicateSite site{"'pl.spmd()'", /*acceptsDeps=*/false};
    if (!(fields.dispatch.predicate = buildPredicate(*kw, site, {})))
      return false;
  }

  // Spmd(InCore(i = get_block_idx(); body)).
  const ir::Var *idx = bind(*name, ctx.scalarType(ir::DType::INDEX),
                            spanOf(s->exprList()), /*fresh=*/true);
  const ir::Expr *read = ctx.create<ir::Call>(
      ir::OpKind::TileGetBlockIdx, llvm::ArrayRef<const ir::Expr *>(),
      llvm::ArrayRef<ir::Kwarg>(), ctx.scalarType(ir::DType::INDEX),
      spanOf(s->exprList()));
  llvm::SmallVector<const ir::Stmt *, 8> stmts;
  stmts.push_back(ctx.create<ir::AssignStmt>(idx, read, spanOf(s->exprList())));
  scopes.push_back(EnclosingScope{ir::ScopeKind::Spmd, false, span});
  const ir::Stmt *inner = buildBlock(blockOf(s));
  scopes.pop_back();
  if (!inner)
    return false;
  stmts.push_back(inner);

  llvm::StringRef h = *hint;
  std::string spmdHint, inCoreHint;
  if (h.endswith("_spmd")) {
    spmdHint = h.str();
    inCoreHint = h.drop_back(5).str();
  } else if (!h.empty()) {
    spmdHint = (h + "_spmd").str();
    inCoreHint = h.str();
  }
  fields.dispatch.nameHint = ctx.intern(spmdHint);
  ir::ScopeStmt::Fields carrier;
  carrier.kind = ir::ScopeKind::InCore;
  carrier.level = ir::Level::CORE_GROUP;
  carrier.dispatch.nameHint = ctx.intern(inCoreHint);
  const ir::Stmt *carrierStmt = ctx.create<ir::ScopeStmt>(
      carrier, ctx.create<ir::SeqStmt>(ctx.copy(stmts), spanOf(blockOf(s))),
      span);
  out.push_back(ctx.create<ir::ScopeStmt>(fields, carrierStmt, span));
  return true;
}

bool IRBuilder::buildClusterScope(P::WithStmtContext *s, const CallArgs &args,
                                  P::ExprContext *asTarget, StmtList &out) {
  if (!checkKeywords(args, {"name_hint"}, "pl.cluster()"))
    return false;
  if (!args.positional.empty())
    return error(args.positional[0], "pl.cluster() takes no positional "
                                     "arguments");
  if (asTarget)
    return error(asTarget, "pl.cluster() does not bind a TaskId with `as`");
  std::optional<std::string> hint = nameHint(
      *this, args, [&](P::ExprContext *e) { return stringLiteral(e); },
      [&](P::ExprContext *e, const llvm::Twine &m) { error(e, m); });
  if (!hint)
    return false;
  ir::ScopeStmt::Fields fields;
  fields.kind = ir::ScopeKind::Cluster;
  fields.dispatch.nameHint = ctx.intern(*hint);
  Span span = spanOf(s);
  const ir::Stmt *body = buildScopeBody(
      blockOf(s), EnclosingScope{ir::ScopeKind::Cluster, false, span});
  if (!body)
    return false;
  out.push_back(ctx.create<ir::ScopeStmt>(fields, body, span));
  return true;
}

bool IRBuilder::buildRuntimeScope(P::WithStmtContext *s, const CallArgs &args,
                                  bool manualScope, P::ExprContext *asTarget,
                                  StmtList &out) {
  llvm::StringRef form = manualScope ? "pl.manual_scope()" : "pl.scope()";
  if (!checkKeywords(args,
                     manualScope ? llvm::ArrayRef<llvm::StringRef>{}
                                 : llvm::ArrayRef<llvm::StringRef>{"mode"},
                     form))
    return false;
  if (!args.positional.empty())
    return error(args.positional[0], form + " takes no positional arguments");
  if (asTarget)
    return error(asTarget, form + " does not bind a TaskId with `as`");
  bool manual = manualScope;
  if (const CallArgs::Keyword *kw = args.find("mode")) {
    std::optional<llvm::StringRef> m = enumMember(kw->value, "ScopeMode");
    if (!m || (*m != "AUTO" && *m != "MANUAL"))
      return error(kw->value, "expected pl.ScopeMode.AUTO or "
                              "pl.ScopeMode.MANUAL");
    manual = *m == "MANUAL";
  }
  for (const EnclosingScope &outer : scopes)
    if (outer.kind == ir::ScopeKind::Runtime && outer.manual)
      return error(itemOf(s, 0),
                   llvm::Twine(manual ? "a manual scope" : "an auto scope") +
                       " cannot be nested inside a manual scope")
          .note("the enclosing manual scope is here", outer.span);
  ir::ScopeStmt::Fields fields;
  fields.kind = ir::ScopeKind::Runtime;
  fields.manual = manual;
  Span span = spanOf(s);
  const ir::Stmt *body = buildScopeBody(
      blockOf(s), EnclosingScope{ir::ScopeKind::Runtime, manual, span});
  if (!body)
    return false;
  out.push_back(ctx.create<ir::ScopeStmt>(fields, body, span));
  return true;
}
