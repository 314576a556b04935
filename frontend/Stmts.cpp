//===- Stmts.cpp - Statements and submits
//----------------------------------===//
//
// Requires: statement parse trees of the function being built.
// Guarantees: Assign/Eval/Return/For/If/Yield statements; `x: T = e` checked
// against its annotation; tuple unpacking through a temporary; submits built
// as `_submit_tmp = Submit(...)` plus one TupleGetItem per target, with their
// keywords checked (LANGUAGE.md section 4), producers recorded for the
// predicate contract and explicit deps= edges recorded for the program.
//
//===----------------------------------------------------------------------===//

#include "frontend/IRBuilder.h"

#include "frontend/Lexer.h"

#include "ir/Printer.h"

#include "llvm/ADT/StringExtras.h"

using namespace plc;
using namespace plc::frontend;
namespace ir = plc::ir;

static std::string typeName(const ir::Type *t) { return ir::typeToString(t); }

/// The call `pl.<name>(...)` an expression consists of, if it is one.
static P::CallTrailerContext *
asPlCall(P::AtomExprContext *a, llvm::StringRef plAlias,
         llvm::SmallVectorImpl<llvm::StringRef> &path) {
  auto *name = a ? alt<P::NameAtomContext>(atomOf(a), P::NAME) : nullptr;
  if (!name ||
      static_cast<Token *>(name->NAME()->getSymbol())->text() != plAlias)
    return nullptr;
  auto trailers = trailersOf(a);
  if (trailers.size() < 2)
    return nullptr;
  for (size_t i = 0; i + 1 < trailers.size(); ++i) {
    auto *attr = alt<P::AttrTrailerContext>(trailers[i], P::DOT);
    if (!attr)
      return nullptr;
    path.push_back(static_cast<Token *>(attr->NAME()->getSymbol())->text());
  }
  return alt<P::CallTrailerContext>(trailers.back(), P::LPAR);
}

bool IRBuilder::buildStmt(P::StmtContext *s, StmtList &out) {
  // A compound statement, and which one, is told by its keyword.
  auto *inner = child<antlr4::ParserRuleContext>(s, 0);
  switch (s->getStart()->getType()) {
  case P::IF:
    return buildIf(child<P::IfStmtContext>(inner, 0), out);
  case P::FOR:
    return buildFor(child<P::ForStmtContext>(inner, 0), out);
  case P::WITH:
    return buildWith(child<P::WithStmtContext>(inner, 0), out);
  default:
    return buildSimpleStmt(static_cast<P::SimpleStmtContext *>(inner), out);
  }
}

bool IRBuilder::buildSimpleStmt(P::SimpleStmtContext *s, StmtList &out) {
  for (P::SmallStmtContext *small : rulesOf<P::SmallStmtContext>(s))
    if (!buildSmallStmt(small, out))
      return false;
  return true;
}

bool IRBuilder::buildSmallStmt(P::SmallStmtContext *s, StmtList &out) {
  // Every alternative but an expression statement starts with its keyword.
  switch (s->getStart()->getType()) {
  case P::PASS:
    return true;
  case P::BREAK:
  case P::CONTINUE:
    return error(s, "'" + s->getStart()->getText() + "' is not supported");
  case P::IMPORT:
    return error(s, "imports belong at the top of the file");
  case P::RETURN:
    return buildReturn(child<P::ReturnStmtContext>(s, 0), out);
  default:
    return buildExprStmt(child<P::ExprStmtContext>(s, 0), out);
  }
}

bool IRBuilder::buildExprStmt(P::ExprStmtContext *s, StmtList &out) {
  if (s->value)
    return buildAssign(s, out);
  if (s->annotation)
    return error(s, "a declaration needs a value: write `x: T = value`");
  if (!isSingle(s->targets))
    return error(s, "a tuple expression has no effect");
  P::ExprContext *expr = child<P::ExprContext>(s->targets, 0);
  P::AtomExprContext *a = asAtomExpr(expr);
  if (a && (a->children.size() == 1) &&
      alt<P::StringAtomContext>(atomOf(a), P::STRING))
    return true; // a docstring
  llvm::SmallVector<llvm::StringRef, 4> path;
  if (P::CallTrailerContext *call = asPlCall(a, plAlias, path)) {
    std::string name = llvm::join(path, ".");
    if (name == "submit" || name == "spmd_submit")
      return error(expr, "'pl." + name +
                                 "(...)' must be unpacked: write `out, tid = "
                                 "pl." +
                                 name + "(...)`");
    if (name == "yield_") {
      llvm::SmallVector<const ir::Expr *, 2> values;
      if (P::ArgListContext *list = call->argList()) {
        for (P::ArgumentContext *arg : rulesOf<P::ArgumentContext>(list)) {
          if (keywordOf(arg))
            return error(arg, "pl.yield_ takes positional values only");
          const ir::Expr *v = buildExpr(valueOf(arg));
          if (!v)
            return false;
          values.push_back(v);
        }
      }
      out.push_back(ctx.create<ir::YieldStmt>(ctx.copy(values), spanOf(s)));
      return true;
    }
  }
  const ir::Expr *e = buildExpr(expr);
  if (!e)
    return false;
  if (!llvm::isa<ir::Call>(e))
    return error(expr, "an expression statement must be a call");
  out.push_back(ctx.create<ir::EvalStmt>(e, spanOf(s)));
  return true;
}

/// The plain names of a target list, flattening parenthesized groups.
static bool flattenTargets(P::ExprListContext *list,
                           llvm::SmallVectorImpl<P::ExprContext *> &out,
                           unsigned depth = 0) {
  for (P::ExprContext *e : rulesOf<P::ExprContext>(list)) {
    P::AtomExprContext *a = IRBuilder::asAtomExpr(e);
    auto *paren = a && (a->children.size() == 1)
                      ? alt<P::ParenAtomContext>(atomOf(a), P::LPAR)
                      : nullptr;
    if (paren && paren->exprList() && depth < 4) {
      if (!flattenTargets(paren->exprList(), out, depth + 1))
        return false;
      continue;
    }
    out.push_back(e);
  }
  return true;
}

bool IRBuilder::buildAssign(P::ExprStmtContext *s, StmtList &out) {
  Span span = spanOf(s);
  P::ExprListContext *lhs = s->targets;
  P::ExprListContext *rhs = s->value;
  bool singleTarget = isSingle(lhs);
  if (s->annotation && !singleTarget)
    return error(s->annotation, "only a single target can be annotated");

  const ir::Type *annotated = nullptr;
  if (s->annotation && !(annotated = buildType(s->annotation)))
    return false;

  // Submits and yields are statement forms.
  if (isSingle(rhs)) {
    llvm::SmallVector<llvm::StringRef, 4> path;
    P::AtomExprContext *a = asAtomExpr(child<P::ExprContext>(rhs, 0));
    if (asPlCall(a, plAlias, path)) {
      std::string name = llvm::join(path, ".");
      if (name == "submit" || name == "spmd_submit")
        return buildSubmit(s, a, name == "spmd_submit", out);
      if (name == "yield_") {
        llvm::SmallVector<llvm::StringRef, 2> names;
        llvm::SmallVector<P::ExprContext *, 2> targets;
        flattenTargets(lhs, targets);
        for (P::ExprContext *t : targets) {
          std::optional<llvm::StringRef> n = bareName(t);
          if (!n)
            return error(t, "pl.yield_ targets must be plain names");
          names.push_back(*n);
        }
        P::CallTrailerContext *call = static_cast<P::CallTrailerContext *>(
            child<P::TrailerContext>(a, a->children.size() - 1));
        llvm::SmallVector<const ir::Expr *, 2> values;
        if (P::ArgListContext *list = call->argList()) {
          for (P::ArgumentContext *arg : rulesOf<P::ArgumentContext>(list)) {
            if (keywordOf(arg))
              return error(arg, "pl.yield_ takes positional values only");
            const ir::Expr *v = buildExpr(valueOf(arg));
            if (!v)
              return false;
            values.push_back(v);
          }
        }
        if (values.size() != names.size())
          return error(span, "pl.yield_ yields " + llvm::Twine(values.size()) +
                                 " values into " + llvm::Twine(names.size()) +
                                 " targets");
        YieldInfo info;
        for (size_t i = 0; i < names.size(); ++i)
          info.targets.push_back(
              {names[i], spanOf(targets[i]), values[i]->type()});
        lastYield = info;
        out.push_back(ctx.create<ir::YieldStmt>(ctx.copy(values), span));
        return true;
      }
    }
  }

  const ir::Expr *value;
  if (isSingle(rhs))
    value = buildExpr(child<P::ExprContext>(rhs, 0));
  else
    value = buildList(rhs, spanOf(rhs));
  if (!value)
    return false;

  if (singleTarget)
    return assignTarget(child<P::ExprContext>(lhs, 0), value, annotated, span, out);

  llvm::SmallVector<P::ExprContext *, 4> targets;
  flattenTargets(lhs, targets);
  auto *tuple = llvm::dyn_cast<ir::TupleType>(value->type());
  if (!tuple)
    return error(rhs, "cannot unpack a value of type " +
                          typeName(value->type()) + " into " +
                          llvm::Twine(targets.size()) + " targets");
  if (tuple->elements.size() != targets.size())
    return error(rhs, "cannot unpack " + llvm::Twine(tuple->elements.size()) +
                          " values into " + llvm::Twine(targets.size()) +
                          " targets");
  const ir::Var *tmp = bind("_tuple_tmp", value->type(), spanOf(rhs),
                            /*fresh=*/true);
  out.push_back(ctx.create<ir::AssignStmt>(tmp, value, span));
  for (size_t i = 0; i < targets.size(); ++i) {
    const ir::Expr *item = ctx.create<ir::TupleGetItem>(
        tmp, unsigned(i), tuple->elements[i], spanOf(targets[i]));
    if (!assignTarget(targets[i], item, nullptr, span, out))
      return false;
  }
  return true;
}

bool IRBuilder::assignTarget(P::ExprContext *target, const ir::Expr *value,
                             const ir::Type *annotated, Span span,
                             StmtList &out) {
  std::optional<llvm::StringRef> name = bareName(target);
  if (!name)
    return error(target, "can only assign to a plain name");
  if (*name == plAlias || *name == "self")
    return error(target, "cannot assign to '" + *name + "'");
  if (isView(value))
    return error(value->span(), "tensor slices and partial subscripts are "
                                "not supported here");
  const ir::Type *type = value->type();
  if (annotated && annotated != type) {
    auto *a = llvm::dyn_cast<ir::ScalarType>(annotated);
    auto *v = llvm::dyn_cast<ir::ScalarType>(type);
    auto is64 = [](ir::DType d) {
      return d == ir::DType::INDEX || d == ir::DType::INT64;
    };
    if (!(a && v && is64(a->dtype) && is64(v->dtype)))
      return error(target, "'" + *name + "' is annotated " +
                               typeName(annotated) +
                               " but its value has type " + typeName(type));
    type = annotated;
  }
  const ir::Var *var = bind(*name, type, spanOf(target));
  out.push_back(ctx.create<ir::AssignStmt>(var, value, span));
  return true;
}

bool IRBuilder::buildReturn(P::ReturnStmtContext *s, StmtList &out) {
  llvm::SmallVector<const ir::Expr *, 2> values;
  if (P::ExprListContext *list = s->exprList()) {
    for (P::ExprContext *e : list->expr()) {
      const ir::Expr *v = buildExpr(e);
      if (!v)
        return false;
      values.push_back(v);
    }
  }
  if (values.size() != fn->returnTypes.size())
    return error(s, "'" + fn->fields.name + "' returns " +
                        llvm::Twine(fn->returnTypes.size()) +
                        " values, but this return gives " +
                        llvm::Twine(values.size()));
  for (size_t i = 0; i < values.size(); ++i)
    if (values[i]->type() != fn->returnTypes[i])
      return error(s->exprList()->expr(i),
                   "return value has type " + typeName(values[i]->type()) +
                       ", but '" + fn->fields.name + "' returns " +
                       typeName(fn->returnTypes[i]));
  out.push_back(ctx.create<ir::ReturnStmt>(ctx.copy(values), spanOf(s)));
  return true;
}

const ir::Stmt *IRBuilder::buildBlock(P::BlockContext *b) {
  llvm::SmallVector<const ir::Stmt *, 8> stmts;
  // block : simpleStmt | NEWLINE INDENT stmt+ DEDENT
  if (!isToken(b->children[0])) {
    if (!buildSimpleStmt(child<P::SimpleStmtContext>(b, 0), stmts))
      return nullptr;
  } else {
    for (P::StmtContext *s : rulesOf<P::StmtContext>(b))
      if (!buildStmt(s, stmts))
        return nullptr;
  }
  return ctx.create<ir::SeqStmt>(ctx.copy(stmts), spanOf(b));
}

/// The YieldStmt ending a block, if any.
static const ir::YieldStmt *trailingYield(const ir::Stmt *body) {
  auto *seq = llvm::dyn_cast<ir::SeqStmt>(body);
  if (!seq || seq->stmts.empty())
    return nullptr;
  return llvm::dyn_cast<ir::YieldStmt>(seq->stmts.back());
}

bool IRBuilder::buildIf(P::IfStmtContext *s, StmtList &out) {
  // `if/elif/.../else`: the elif chain nests in else branches, built from
  // the last clause backwards so no recursion is needed.
  struct Clause {
    P::ExprContext *cond;
    P::BlockContext *body;
    Span span;
  };
  llvm::SmallVector<Clause, 4> clauses;
  clauses.push_back({s->expr(), s->block(), spanOf(s)});
  for (P::ElifClauseContext *e : s->elifClause())
    clauses.push_back({e->expr(), e->block(), spanOf(e)});

  // Conditions and bodies are built in source order.
  llvm::SmallVector<const ir::Expr *, 4> conds;
  llvm::SmallVector<const ir::Stmt *, 4> bodies;
  std::optional<YieldInfo> yields;
  for (Clause &c : clauses) {
    const ir::Expr *cond = buildExpr(c.cond);
    if (!cond || !requireScalar(cond, spanOf(c.cond)))
      return false;
    conds.push_back(cond);
    lastYield.reset();
    const ir::Stmt *body = buildBlock(c.body);
    if (!body)
      return false;
    if (!yields && lastYield && trailingYield(body))
      yields = lastYield;
    bodies.push_back(body);
  }
  const ir::Stmt *elseBody = nullptr;
  if (P::ElseClauseContext *e = s->elseClause()) {
    lastYield.reset();
    if (!(elseBody = buildBlock(e->block())))
      return false;
    if (!yields && lastYield && trailingYield(elseBody))
      yields = lastYield;
  }
  lastYield.reset();

  llvm::SmallVector<const ir::Var *, 2> results;
  if (yields) {
    size_t n = yields->targets.size();
    auto check = [&](const ir::Stmt *body, Span at) -> bool {
      const ir::YieldStmt *y = body ? trailingYield(body) : nullptr;
      if (!y || y->values.size() != n)
        return error(at, "every branch of an if with results must end with "
                         "a pl.yield_ of " +
                             llvm::Twine(n) + " values");
      return true;
    };
    for (size_t i = 0; i < bodies.size(); ++i)
      if (!check(bodies[i], clauses[i].span))
        return false;
    if (!check(elseBody, spanOf(s)))
      return false;
    for (const YieldInfo::Target &t : yields->targets)
      results.push_back(bind(t.name, t.type, t.span));
  }
  const ir::Stmt *acc = elseBody;
  for (size_t i = clauses.size(); i-- > 1;)
    acc = ctx.create<ir::IfStmt>(conds[i], bodies[i], acc, ctx.copy(results),
                                 clauses[i].span);
  out.push_back(ctx.create<ir::IfStmt>(conds[0], bodies[0], acc,
                                       ctx.copy(results), spanOf(s)));
  return true;
}

bool IRBuilder::buildFor(P::ForStmtContext *s, StmtList &out) {
  P::AtomExprContext *iter = asAtomExpr(s->expr());
  llvm::SmallVector<llvm::StringRef, 4> path;
  P::CallTrailerContext *call = asPlCall(iter, plAlias, path);
  std::string name = llvm::join(path, ".");
  if (!call || (name != "range" && name != "spmd"))
    return error(s->expr(), "a for loop iterates over pl.range(...) or "
                            "pl.spmd(...)");
  CallArgs args;
  if (!splitArgs(call->argList(), args))
    return false;
  if (name == "spmd")
    return buildSpmdFor(s, args, out);

  if (!checkKeywords(args, {"init_values"}, "pl.range()"))
    return false;
  if (args.positional.empty() || args.positional.size() > 3)
    return error(s->expr(), "pl.range takes stop, start and stop, or start, "
                            "stop and step");
  llvm::SmallVector<const ir::Expr *, 3> bounds;
  for (P::ExprContext *e : args.positional) {
    const ir::Expr *v = buildExpr(e);
    if (!v)
      return false;
    if (!ir::isIntegerScalar(v->type()))
      return error(e, "pl.range bounds must be integer scalars, got " +
                          typeName(v->type()));
    bounds.push_back(v);
  }
  const ir::Expr *start =
      bounds.size() > 1 ? bounds[0] : ctx.constInt(0, ir::DType::INDEX);
  const ir::Expr *stop = bounds.size() > 1 ? bounds[1] : bounds[0];
  const ir::Expr *step =
      bounds.size() > 2 ? bounds[2] : ctx.constInt(1, ir::DType::INDEX);
  if (auto *c = llvm::dyn_cast<ir::ConstInt>(step); c && c->value == 0)
    return error(args.positional[2], "pl.range step must not be zero");

  // Targets: `i` or `i, (acc, ...)` with init_values=(...).
  P::ExprListContext *targets = s->exprList();
  P::ExprContext *loopTarget = targets->expr(0);
  llvm::SmallVector<P::ExprContext *, 2> iterTargets;
  if (targets->expr().size() > 1) {
    if (targets->expr().size() != 2)
      return error(targets, "a loop binds `i` or `i, (acc, ...)`");
    P::AtomExprContext *a = asAtomExpr(targets->expr(1));
    auto *paren = a && (a->children.size() == 1)
                      ? alt<P::ParenAtomContext>(atomOf(a), P::LPAR)
                      : nullptr;
    if (!paren || !paren->exprList())
      return error(targets->expr(1), "loop-carried values are written as a "
                                     "parenthesized tuple: `i, (acc,)`");
    for (P::ExprContext *e : paren->exprList()->expr())
      iterTargets.push_back(e);
  }
  const CallArgs::Keyword *initKw = args.find("init_values");
  llvm::SmallVector<const ir::Expr *, 2> inits;
  if (initKw) {
    P::AtomExprContext *a = asAtomExpr(initKw->value);
    auto *paren = a && (a->children.size() == 1)
                      ? alt<P::ParenAtomContext>(atomOf(a), P::LPAR)
                      : nullptr;
    if (!paren || !paren->exprList())
      return error(initKw->value, "init_values must be a tuple such as (a,)");
    for (P::ExprContext *e : paren->exprList()->expr()) {
      const ir::Expr *v = buildExpr(e);
      if (!v)
        return false;
      inits.push_back(v);
    }
  }
  if (inits.size() != iterTargets.size())
    return error(s->exprList(),
                 "the loop binds " + llvm::Twine(iterTargets.size()) +
                     " loop-carried values but init_values has " +
                     llvm::Twine(inits.size()));
  std::optional<llvm::StringRef> loopName = bareName(loopTarget);
  if (!loopName)
    return error(loopTarget, "the loop variable must be a plain name");
  const ir::Var *loopVar = bind(*loopName, ctx.scalarType(ir::DType::INDEX),
                                spanOf(loopTarget), /*fresh=*/true);
  llvm::SmallVector<const ir::Var *, 2> iterArgs;
  for (size_t i = 0; i < iterTargets.size(); ++i) {
    std::optional<llvm::StringRef> n = bareName(iterTargets[i]);
    if (!n)
      return error(iterTargets[i], "a loop-carried value must be a plain name");
    iterArgs.push_back(bind(*n, inits[i]->type(), spanOf(iterTargets[i]),
                            /*fresh=*/true));
  }
  lastYield.reset();
  const ir::Stmt *body = buildBlock(s->block());
  if (!body)
    return false;
  llvm::SmallVector<const ir::Var *, 2> results;
  if (!iterArgs.empty()) {
    const ir::YieldStmt *y = trailingYield(body);
    if (!y || !lastYield || y->values.size() != iterArgs.size())
      return error(s->block(), "a loop with init_values must end with "
                               "`results = pl.yield_(...)` of " +
                                   llvm::Twine(iterArgs.size()) + " values");
    for (size_t i = 0; i < iterArgs.size(); ++i)
      if (y->values[i]->type() != iterArgs[i]->type())
        return error(s->block(), "pl.yield_ value " + llvm::Twine(i) +
                                     " has type " +
                                     typeName(y->values[i]->type()) +
                                     ", but the loop carries " +
                                     typeName(iterArgs[i]->type()));
    for (const YieldInfo::Target &t : lastYield->targets)
      results.push_back(bind(t.name, t.type, t.span));
  }
  lastYield.reset();
  out.push_back(ctx.create<ir::ForStmt>(loopVar, start, stop, step,
                                        ctx.copy(iterArgs), ctx.copy(inits),
                                        body, ctx.copy(results), spanOf(s)));
  return true;
}

void IRBuilder::topLevelTargets(P::BlockContext *b,
                                llvm::SmallVectorImpl<llvm::StringRef> &names) {
  auto fromSimple = [&](P::SimpleStmtContext *simple) {
    for (P::SmallStmtContext *small : rulesOf<P::SmallStmtContext>(simple)) {
      auto *es =
          alternativeOf<P::ExprStmtContext>(small, P::RuleExprStmt);
      if (!es || !es->value)
        continue;
      llvm::SmallVector<P::ExprContext *, 4> targets;
      flattenTargets(es->targets, targets);
      for (P::ExprContext *t : targets)
        if (std::optional<llvm::StringRef> n = bareName(t))
          names.push_back(*n);
    }
  };
  if (!isToken(b->children[0])) // block : simpleStmt
    return fromSimple(child<P::SimpleStmtContext>(b, 0));
  for (P::StmtContext *s : rulesOf<P::StmtContext>(b))
    if (auto *simple =
            alternativeOf<P::SimpleStmtContext>(s, P::RuleSimpleStmt))
      fromSimple(simple);
}

//===----------------------------------------------------------------------===//
// Submits
//===----------------------------------------------------------------------===//

const ir::Expr *IRBuilder::buildCoreNum(P::ExprContext *e) {
  const ir::Expr *v = buildExpr(e);
  if (!v)
    return nullptr;
  if (!ir::isIntegerScalar(v->type())) {
    error(e, "core_num must be an integer scalar expression, got " +
                 typeName(v->type()));
    return nullptr;
  }
  if (auto *c = llvm::dyn_cast<ir::ConstInt>(v); c && c->value <= 0) {
    error(e, "core_num must be positive, got " + llvm::Twine(c->value));
    return nullptr;
  }
  return v;
}

bool IRBuilder::buildDeps(const CallArgs::Keyword &kw,
                          llvm::SmallVectorImpl<const ir::Expr *> &deps) {
  P::AtomExprContext *a = asAtomExpr(kw.value);
  auto *list = a && (a->children.size() == 1)
                   ? alt<P::ListAtomContext>(atomOf(a), P::LSQB)
                   : nullptr;
  if (!list)
    return error(kw.value, "deps= must be a list such as [tid]");
  if (!list->exprList())
    return true;
  for (P::ExprContext *e : list->exprList()->expr()) {
    P::AtomExprContext *item = asAtomExpr(e);
    if (item && (item->children.size() == 1) &&
        alt<P::NoneAtomContext>(atomOf(item), P::NONE))
      continue; // None: no edge
    std::optional<llvm::StringRef> name = bareName(e);
    const ir::Var *var = name ? lookup(*name) : nullptr;
    if (!var) {
      if (name && !constants.count(*name) && *name != plAlias)
        return error(e, "name '" + *name + "' is not defined");
      return error(e, "deps= entries must be TaskId or Array[N, TASK_ID] "
                      "variables");
    }
    const ir::Type *t = var->type();
    bool ok = ir::isTaskIdType(t);
    if (auto *arr = llvm::dyn_cast<ir::ArrayType>(t))
      ok = arr->dtype == ir::DType::TASK_ID;
    if (!ok)
      return error(e, "deps= entries must be TaskId or Array[N, TASK_ID] "
                      "variables; '" +
                          *name + "' is " + typeName(t));
    deps.push_back(var);
  }
  return true;
}

void IRBuilder::recordControlDeps(llvm::ArrayRef<const ir::Expr *> deps,
                                  Loc site) {
  for (const ir::Expr *d : deps) {
    auto *var = llvm::dyn_cast<ir::Var>(d);
    if (const Loc *bound = var ? taskSites.find(var) : nullptr)
      controlDeps.push_back(ir::ControlDep{*bound, site});
  }
}

bool IRBuilder::buildSubmit(P::ExprStmtContext *s, P::AtomExprContext *callExpr,
                            bool spmdSubmit, StmtList &out) {
  llvm::StringRef form = spmdSubmit ? "pl.spmd_submit" : "pl.submit";
  Span span = spanOf(callExpr);
  auto *call = static_cast<P::CallTrailerContext *>(
      child<P::TrailerContext>(callExpr, callExpr->children.size() - 1));
  CallArgs args;
  if (!splitArgs(call->argList(), args))
    return false;
  if (args.positional.empty())
    return error(span, form + " needs the kernel: " + form + "(self.k, ...)");
  auto callee = dottedName(args.positional[0]);
  if (!callee || callee->size() != 2 || (*callee)[0] != "self")
    return error(args.positional[0],
                 "the first argument of " + form +
                     " must be a program function: self.<name>");
  llvm::StringRef calleeName = (*callee)[1];
  auto fit = functionsByName.find(calleeName);
  if (fit == functionsByName.end())
    return error(args.positional[0],
                 "function '" + calleeName +
                     "' is not defined (a function must be defined before "
                     "the functions that submit it)");
  const ir::Function *f = fit->second;
  ir::FunctionType ft = f->type();
  // Outlining also dispatches Spmd functions (with their launch spec) and
  // hierarchy functions (Opaque, with a level); its printed output must
  // parse again.
  bool outlinedCallee =
      (ft == ir::FunctionType::Spmd && spmdSubmit) ||
      (ft == ir::FunctionType::Opaque && f->fields.level.has_value());
  if (ft != ir::FunctionType::InCore && ft != ir::FunctionType::AIC &&
      ft != ir::FunctionType::AIV && ft != ir::FunctionType::Group &&
      !outlinedCallee)
    return error(args.positional[0],
                 form + " dispatches InCore, AIC, AIV or Group functions; '" +
                     calleeName + "' is " + ir::functionTypeName(ft));

  // Keywords: what the form takes, then what the placement allows.
  for (const CallArgs::Keyword &kw : args.keywords) {
    llvm::StringRef k = kw.name;
    if (k == "deps" || k == "predicate" || k == "allow_early_resolve")
      continue;
    if (k == "core_num" || k == "sync_start") {
      if (spmdSubmit)
        continue;
      return error(kw.nameSpan, "pl.submit does not take " + k +
                                    "=; core_num and sync_start belong to "
                                    "pl.spmd_submit");
    }
    return error(kw.nameSpan,
                 "unknown keyword argument '" + k + "' in " + form + "()");
  }
  if (spmdSubmit && !args.find("core_num"))
    return error(span, "pl.spmd_submit requires the core_num= keyword");
  if (insideCluster()) {
    for (const CallArgs::Keyword &kw : args.keywords)
      return error(kw.nameSpan,
                   "`" + form +
                       "(...)` inside `pl.cluster()` cannot carry "
                       "per-task dispatch metadata (" +
                       kw.name +
                       "=): the cluster is dispatched as one Group task");
  }

  // Kernel arguments.
  size_t given = args.positional.size() - 1;
  size_t hi = f->params.size(), lo = hi;
  while (lo > 0 && f->params[lo - 1].direction != ir::ParamDirection::In)
    --lo;
  if (given < lo || given > hi)
    return error(span,
                 "'" + calleeName + "' takes " +
                     (lo == hi ? llvm::Twine(hi)
                               : llvm::Twine(lo) + ".." + llvm::Twine(hi)) +
                     " arguments, got " + llvm::Twine(given));
  llvm::SmallVector<const ir::Expr *, 4> values;
  for (size_t k = 0; k < given; ++k) {
    P::ExprContext *e = args.positional[k + 1];
    const ir::Expr *v = buildExpr(e);
    if (!v)
      return false;
    const ir::Type *want = f->params[k].var->type();
    if (v->type() != want)
      return error(e, "argument " + llvm::Twine(k + 1) + " of '" + calleeName +
                          "' has type " + typeName(v->type()) +
                          ", but parameter '" + f->params[k].var->name +
                          "' is " + typeName(want));
    values.push_back(v);
  }

  llvm::SmallVector<const ir::Expr *, 4> deps;
  if (const CallArgs::Keyword *kw = args.find("deps"))
    if (!buildDeps(*kw, deps))
      return false;
  const ir::Expr *coreNum = nullptr;
  if (const CallArgs::Keyword *kw = args.find("core_num"))
    if (!(coreNum = buildCoreNum(kw->value)))
      return false;
  bool syncStart = false, early = false;
  if (const CallArgs::Keyword *kw = args.find("sync_start")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    syncStart = *b;
  }
  if (const CallArgs::Keyword *kw = args.find("allow_early_resolve")) {
    std::optional<bool> b = boolLiteral(*kw);
    if (!b)
      return false;
    early = *b;
  }
  const ir::Expr *predicate = nullptr;
  if (const CallArgs::Keyword *kw = args.find("predicate")) {
    PredicateSite site{"'" + calleeName.str() + "'", /*acceptsDeps=*/true};
    if (!(predicate = buildPredicate(*kw, site, deps)))
      return false;
  }

  llvm::SmallVector<const ir::Type *, 4> resultTypes(f->returnTypes.begin(),
                                                     f->returnTypes.end());
  resultTypes.push_back(ctx.taskIdType());
  const ir::TupleType *type = ctx.tupleType(resultTypes);
  const ir::Expr *submit =
      ctx.create<ir::Submit>(f->name(), ctx.copy(values), ctx.copy(deps),
                             coreNum, syncStart, early, predicate, type, span);
  Loc site = span.begin;
  recordControlDeps(deps, site);

  P::ExprListContext *lhs = s->targets;
  if (isSingle(lhs)) {
    // One target binds the whole tuple (the printer's form).
    const ir::Type *annotated = nullptr;
    if (s->annotation && !(annotated = buildType(s->annotation)))
      return false;
    return assignTarget(lhs->expr(0), submit, annotated, spanOf(s), out);
  }
  llvm::SmallVector<P::ExprContext *, 4> targets;
  flattenTargets(lhs, targets);
  if (targets.size() != resultTypes.size())
    return error(lhs, form + "(self." + calleeName + ", ...) produces " +
                          llvm::Twine(resultTypes.size()) + " values ('" +
                          calleeName + "' returns " +
                          llvm::Twine(resultTypes.size() - 1) +
                          ", then the TaskId), but " +
                          llvm::Twine(targets.size()) + " targets are given");
  const ir::Var *tmp = bind("_submit_tmp", type, span, /*fresh=*/true);
  out.push_back(ctx.create<ir::AssignStmt>(tmp, submit, spanOf(s)));
  llvm::SmallVector<const ir::Var *, 4> bound;
  for (size_t i = 0; i < targets.size(); ++i) {
    const ir::Expr *item = ctx.create<ir::TupleGetItem>(
        tmp, unsigned(i), resultTypes[i], spanOf(targets[i]));
    if (!assignTarget(targets[i], item, nullptr, spanOf(s), out))
      return false;
    bound.push_back(llvm::cast<ir::AssignStmt>(out.back())->var);
  }
  const ir::Var *tid = bound.back();
  taskSites[tid] = site;
  for (size_t i = 0; i + 1 < bound.size(); ++i)
    if (bound[i] != tid)
      producers[bound[i]] = Producer{tid, generation[tid]};
  return true;
}
