//===- OutlineTest.cpp - The outline passes on hand-built IR --------------===//

#include "TestIR.h"

#include "transforms/IRUtils.h"

using namespace plc;
using namespace plc::test;

namespace {

class OutlineTest : public IRTest {
protected:
  /// The statements of `fn`'s body, flattened one level.
  static llvm::ArrayRef<const Stmt *> stmts(const Function *fn) {
    return llvm::cast<SeqStmt>(fn->body)->stmts;
  }
  static const Function *lookup(const Program *p, llvm::StringRef name) {
    return p ? p->lookup(name) : nullptr;
  }
  static std::vector<std::string> names(const Program *p) {
    std::vector<std::string> result;
    for (const Function *fn : p->functions)
      result.push_back(fn->name().str());
    return result;
  }
};

// Check parameters (live-ins in first-use order), directions (read In,
// stored Out, read and stored InOut, passed to an Out parameter Out),
// outputs (store targets returned as their parameter, definitions used
// later, in order of occurrence), the call site, the renaming of later uses,
// and the Opaque parent becoming Orchestration.
TEST_F(OutlineTest, ParametersOutputsAndDirections) {
  auto k2 = [&] {
    const Var *y = var("y", tensor());
    return fn("k2", FunctionType::InCore, {out_(y)}, {tensor()},
              {ret({store(full(0), y)})});
  };
  const Var *a = var("a", tensor()), *b = var("b", tensor()),
            *c_ = var("c", tensor()), *d = var("d", tensor()),
            *e = var("e", tensor()), *f = var("f", tensor());
  const Var *t = var("t", tile()), *u = var("u", tile()),
            *b1 = var("b", tensor()), *e1 = var("e", tensor()),
            *d1 = var("d", tensor()), *w = var("w", tile()),
            *r = var("r", tensor());
  std::vector<const Type *> mainReturns = {tensor(), tensor(), tensor(),
                                           tensor()};
  const Program *before = program(
      {k2(), fn("main", FunctionType::Opaque,
                {in(a), out_(b), in(c_), out_(d), inout(e), out_(f)},
                mainReturns,
                {at({assign(t, load(c_)), assign(u, load(a)),
                     assign(b1, store(ctx.create<Call>(
                                          OpKind::TileAdd,
                                          ctx.copy(std::vector<const Expr *>{t, u}),
                                          llvm::ArrayRef<Kwarg>(), tile(), Span()),
                                      b)),
                     assign(e1, store(load(e), e)),
                     assign(d1, call("k2", {d}, tensor())),
                     assign(w, load(a))}),
                 at({assign(r, store(w, f))}), ret({b1, e1, d1, r})})});

  // Expected.
  const Var *pc = var("c", tensor()), *pa = var("a", tensor()),
            *pb = var("b", tensor()), *pe = var("e", tensor()),
            *pd = var("d", tensor());
  const Var *xt = var("t", tile()), *xu = var("u", tile()),
            *xb1 = var("b", tensor()), *xe1 = var("e", tensor()),
            *xd1 = var("d", tensor()), *xw = var("w", tile());
  const Function *incore0 = fn(
      "main_incore_0", FunctionType::InCore,
      {in(pc), in(pa), out_(pb), inout(pe), out_(pd)},
      {tensor(), tensor(), tensor(), tile()},
      {assign(xt, load(pc)), assign(xu, load(pa)),
       assign(xb1, store(ctx.create<Call>(
                             OpKind::TileAdd,
                             ctx.copy(std::vector<const Expr *>{xt, xu}),
                             llvm::ArrayRef<Kwarg>(), tile(), Span()),
                         pb)),
       assign(xe1, store(load(pe), pe)), assign(xd1, call("k2", {pd}, tensor())),
       assign(xw, load(pa)), ret({pb, pe, xd1, xw})});
  const Var *pw = var("w", tile()), *pf = var("f", tensor()),
            *xr = var("r", tensor());
  const Function *incore1 =
      fn("main_incore_1", FunctionType::InCore, {in(pw), out_(pf)}, {tensor()},
         {assign(xr, store(pw, pf)), ret({pf})});
  const Var *ma = var("a", tensor()), *mb = var("b", tensor()),
            *mc = var("c", tensor()), *md = var("d", tensor()),
            *me = var("e", tensor()), *mf = var("f", tensor());
  const Var *ret0 =
      var("ret", ctx.tupleType({tensor(), tensor(), tensor(), tile()}));
  const Var *b2 = var("b", tensor()), *e2 = var("e", tensor()),
            *d2 = var("d", tensor()), *w2 = var("w", tile()),
            *f2 = var("f", tensor());
  const Function *main = fn(
      "main", FunctionType::Orchestration,
      {in(ma), out_(mb), in(mc), out_(md), inout(me), out_(mf)}, mainReturns,
      {assign(ret0, call("main_incore_0", {mc, ma, mb, me, md}, ret0->type())),
       assign(b2, get(ret0, 0)), assign(e2, get(ret0, 1)),
       assign(d2, get(ret0, 2)), assign(w2, get(ret0, 3)),
       assign(f2, call("main_incore_1", {w2, mf}, tensor())),
       ret({b2, e2, d2, f2})});
  const Program *expected = program({k2(), incore0, incore1, main});

  const Program *after = runPasses("outline-incore-scopes", before);
  EXPECT_IR_EQ(after, expected);
  ASSERT_NE(after, nullptr);
  // Callee-first order.
  EXPECT_EQ(names(after), (std::vector<std::string>{
                              "k2", "main_incore_0", "main_incore_1", "main"}));
}

// Check that outlining copies nothing: a callee's parameters are its
// scope's live-in Vars and its body is the scope's own statements. The caller
// binds a definition used later to that same Var and a stored tensor to its
// last alias, so later uses need no rename; a store with no alias binds a new
// Var that later uses read.
TEST_F(OutlineTest, CalleeKeepsTheScopesVarsAndStatements) {
  const Var *a = var("a", tensor()), *x = var("x", tensor());
  const Var *t = var("t", tile()), *x1 = var("x", tensor());
  const Stmt *loadT = assign(t, load(a));
  const Stmt *storeX = assign(x1, store(t, x));
  const Stmt *storeAgain = eval(store(t, x1));
  const Program *before = program(
      {fn("main", FunctionType::Orchestration, {in(a), out_(x)}, {tensor()},
          {at({loadT, storeX}), at({storeAgain}), ret({x1})})});

  const Program *after = runPasses("outline-incore-scopes", before);
  ASSERT_NE(after, nullptr) << diagnostics();
  const Function *first = lookup(after, "main_incore_0");
  const Function *second = lookup(after, "main_incore_1");
  const Function *main = lookup(after, "main");
  ASSERT_TRUE(first && second && main);

  ASSERT_EQ(first->params.size(), 2u);
  EXPECT_EQ(first->params[0].var, a);
  EXPECT_EQ(first->params[1].var, x);
  ASSERT_GE(stmts(first).size(), 2u);
  EXPECT_EQ(stmts(first)[0], loadT);
  EXPECT_EQ(stmts(first)[1], storeX);
  ASSERT_EQ(second->params.size(), 2u);
  EXPECT_EQ(second->params[0].var, t);
  EXPECT_EQ(second->params[1].var, x1);
  EXPECT_EQ(stmts(second)[0], storeAgain);

  // main: ret = main_incore_0(a, x); t = ret[0]; x1 = ret[1];
  //       x' = main_incore_1(t, x1); return x'
  ASSERT_EQ(stmts(main).size(), 5u);
  EXPECT_EQ(llvm::cast<AssignStmt>(stmts(main)[1])->var, t)
      << "a definition keeps its Var in the caller";
  EXPECT_EQ(llvm::cast<AssignStmt>(stmts(main)[2])->var, x1)
      << "a stored tensor is bound to its last alias";
  const auto *secondSite = llvm::cast<AssignStmt>(stmts(main)[3]);
  const auto *secondCall = llvm::cast<Call>(secondSite->value);
  EXPECT_EQ(secondCall->args[0], t);
  EXPECT_EQ(secondCall->args[1], x1);
  EXPECT_NE(secondSite->var, x1) << "a store with no alias binds a new Var";
  const auto *returned = llvm::cast<ReturnStmt>(stmts(main)[4]);
  EXPECT_EQ(returned->values[0], secondSite->var)
      << "later uses of the stored tensor read the store's result";
}

// Check which scopes become Submits: `as tid` (the placeholder disappears and
// the Submit's TaskId result defines tid), deps only, predicate only,
// allow_early_resolve only — each with a synthesised TaskId — and that a
// scope with none of them becomes a plain Call. Deps fold into the Submit,
// and the Submit keeps the scope's span.
TEST_F(OutlineTest, SubmitOrCall) {
  Span scopeSpan = spanAt("with pl.at(...):\n", "submit.pl", 1, 1);
  const Var *x = var("x", tensor()), *g = var("g", tensor(DType::INT32));
  const Var *t0 = tidVar("t0");
  const Var *x1 = var("x", tensor()), *x2 = var("x", tensor()),
            *x3 = var("x", tensor()), *x4 = var("x", tensor()),
            *x5 = var("x", tensor());
  const Program *before = program({fn(
      "main", FunctionType::Orchestration, {out_(x), in(g)}, {tensor()},
      {placeholder(t0), at({assign(x1, store(full(1), x))}, D().tid(t0)),
       at({assign(x2, store(full(2), x1))}, D().deps({t0}), scopeSpan),
       at({assign(x3, store(full(3), x2))}, D().pred(pred(g))),
       at({assign(x4, store(full(4), x3))}, D().aer(true)),
       at({assign(x5, store(full(5), x4))}), ret({x5})})});

  const Program *after = runPasses("outline-incore-scopes", before);
  ASSERT_NE(after, nullptr) << diagnostics();
  const Function *main = lookup(after, "main");
  ASSERT_NE(main, nullptr);
  std::vector<const Submit *> submits;
  std::vector<const Call *> calls;
  const Var *t0Def = nullptr;
  for (const Stmt *stmt : stmts(main)) {
    const auto *assign = llvm::dyn_cast<AssignStmt>(stmt);
    if (!assign)
      continue;
    EXPECT_FALSE(transforms::isTaskInvalidCall(assign->value))
        << "the placeholder must disappear";
    if (const auto *s = llvm::dyn_cast<Submit>(assign->value))
      submits.push_back(s);
    if (const auto *call = llvm::dyn_cast<Call>(assign->value))
      if (!call->isOp())
        calls.push_back(call);
    if (assign->var == t0) {
      t0Def = t0;
      const auto *get = llvm::dyn_cast<TupleGetItem>(assign->value);
      ASSERT_NE(get, nullptr);
      EXPECT_EQ(get->index, 1u) << "tid is the Submit's TaskId element";
    }
  }
  ASSERT_EQ(submits.size(), 4u);
  ASSERT_EQ(calls.size(), 1u);
  EXPECT_EQ(t0Def, t0) << "`as t0` is bound from the first Submit";
  EXPECT_EQ(submits[0]->callee, "main_incore_0");
  EXPECT_TRUE(submits[0]->deps.empty());
  ASSERT_EQ(submits[1]->deps.size(), 1u);
  EXPECT_EQ(submits[1]->deps[0], t0);
  EXPECT_EQ(submits[1]->span().begin.ptr, scopeSpan.begin.ptr);
  EXPECT_NE(submits[2]->predicate, nullptr);
  EXPECT_TRUE(submits[3]->allowEarlyResolve);
  EXPECT_EQ(calls[0]->callee, "main_incore_4");
  for (const Submit *s : submits)
    EXPECT_TRUE(isTaskIdType(
        llvm::cast<TupleType>(s->type())->elements[s->taskIdIndex()]));
}

// Check the naming rules: `<parent>_incore_<n>` with a counter that counts
// every scope (hinted ones too), a free name_hint used as is, a repeated hint
// in the same function suffixed `_0`, and the same hint in another function
// qualified with that function's name.
TEST_F(OutlineTest, IncoreNames) {
  auto body = [&](const Var *x, int value) {
    return std::vector<const Stmt *>{eval(store(full(value), x))};
  };
  const Var *x = var("x", tensor()), *y = var("y", tensor());
  const Program *before = program(
      {fn("main", FunctionType::Orchestration, {out_(x)}, {},
          {at(body(x, 0)), at(body(x, 1), D().hint("dup")), at(body(x, 2)),
           at(body(x, 3), D().hint("dup")), at(body(x, 4), D().hint("k"))}),
       fn("fn_b", FunctionType::Orchestration, {out_(y)}, {},
          {at(body(y, 5), D().hint("dup"))})});
  const Program *after = runPasses("outline-incore-scopes", before);
  ASSERT_NE(after, nullptr) << diagnostics();
  EXPECT_EQ(names(after),
            (std::vector<std::string>{"main_incore_0", "dup", "main_incore_2",
                                      "dup_0", "k", "main", "fn_b_dup",
                                      "fn_b"}));
}

// Check hierarchy names (`<parent>_<level>[_orch|_sub_worker]_<n>`), that a
// nested scope is outlined from its outlined parent and named after it, that
// the outlined functions carry level and role, and that store targets are not
// exported (the parameter stays In).
TEST_F(OutlineTest, HierarchyNamesAndNesting) {
  const Var *x = var("x", tensor());
  const Program *before = program({fn(
      "main", FunctionType::Opaque, {out_(x)}, {},
      {hier(Level::GLOBAL, Role::Orchestrator,
            {hier(Level::HOST, Role::Orchestrator, {eval(store(full(1), x))})}),
       hier(Level::CHIP, Role::SubWorker, {eval(store(full(2), x))}),
       hier(Level::HOST, std::nullopt, {eval(store(full(3), x))})})});
  const Program *after = runPasses("outline-hierarchy-scopes", before);
  ASSERT_NE(after, nullptr) << diagnostics();
  EXPECT_EQ(names(after), (std::vector<std::string>{
                              "main_global_orch_0_host_orch_0",
                              "main_global_orch_0", "main_chip_sub_worker_1",
                              "main_host_2", "main"}));
  const Function *inner = lookup(after, "main_global_orch_0_host_orch_0");
  ASSERT_NE(inner, nullptr);
  EXPECT_EQ(inner->type(), FunctionType::Opaque);
  EXPECT_EQ(inner->fields.level, Level::HOST);
  EXPECT_EQ(inner->fields.role, Role::Orchestrator);
  ASSERT_EQ(inner->params.size(), 1u);
  EXPECT_EQ(inner->params[0].direction, ParamDirection::In);
  EXPECT_TRUE(inner->returnTypes.empty());
  EXPECT_EQ(lookup(after, "main")->type(), FunctionType::Opaque)
      << "outline-hierarchy-scopes keeps the parent's type";
}

// Check that Hierarchy scopes are outlined only in Opaque functions and that
// InCore functions are left untouched by outline-incore-scopes.
TEST_F(OutlineTest, OnlyEligibleFunctions) {
  const Var *x = var("x", tensor()), *y = var("y", tensor());
  const Program *before = program(
      {fn("k", FunctionType::InCore, {out_(y)}, {},
          {at({eval(store(full(1), y))})}),
       fn("main", FunctionType::Orchestration, {out_(x)}, {},
          {hier(Level::HOST, Role::Orchestrator, {eval(store(full(2), x))})})});
  EXPECT_EQ(runPasses("outline-hierarchy-scopes", before), before);
  EXPECT_EQ(runPasses("outline-incore-scopes", before), before);
}

// Check that a predicated Hierarchy scope reaching the outliner is an
// internal error naming the function and the predicate's location.
TEST_F(OutlineTest, PredicatedHierarchyScopeIsInternalError) {
  Span at = spanAt("with pl.at(level=pl.Level.HOST,\n"
                   "           predicate=(g[0, 0] > 0)):\n",
                   "hier.pl", 2, 23);
  const Var *x = var("x", tensor()), *g = var("g", tensor(DType::INT32));
  const Program *before = program({fn(
      "main", FunctionType::Opaque, {out_(x), in(g)}, {},
      {hier(Level::HOST, Role::Orchestrator, {eval(store(full(1), x))},
            D().pred(pred(g, nullptr, nullptr, at)))})});
  transforms::PipelineResult result;
  EXPECT_EQ(runPasses("outline-hierarchy-scopes", before, &result), nullptr);
  EXPECT_EQ(result, transforms::PipelineResult::InternalError);
  std::string text = diagnostics();
  EXPECT_NE(text.find("hier.pl:2:23: error: internal error: predicate on a "
                      "Hierarchy scope in function 'main'"),
            std::string::npos)
      << text;
}

} // namespace
