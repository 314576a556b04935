//===- PredicateRebindingTest.cpp - Predicates after outlining ------------===//
//
// The scenario of the shared examples store_produced_predicate.pl and
// predicated_chain_at.pl: a predicate reads a tensor that an earlier scope
// wrote with pl.store. After outlining, the predicate (and the arguments)
// must name the call-site result of the earlier Submit, never a Var that now
// lives only inside the outlined callee.
//
//===----------------------------------------------------------------------===//

#include "TestIR.h"

#include "transforms/Verifiers.h"

using namespace plc;
using namespace plc::test;

namespace {

class PredicateRebindingTest : public IRTest {
protected:
  /// What the frontend makes of store_produced_predicate.pl.
  const Program *storeProducedPredicate() {
    const Var *x = var("x", tensor()), *rc = var("rc", tensor(DType::INT32)),
              *out = var("out", tensor());
    const Var *g = tidVar("g_tid"), *t = tidVar("tid");
    return program({fn(
        "main", FunctionType::Orchestration, {in(x), out_(rc), out_(out)},
        {tensor()},
        {placeholder(g), at({assign(rc, store(load(rc), rc))}, D().tid(g)),
         placeholder(t),
         at({assign(out, store(load(x), out))},
            D().deps({g}).tid(t).pred(pred(rc))),
         ret({out})})});
  }

  /// What the frontend makes of predicated_chain_at.pl.
  const Program *predicatedChainAt() {
    const Var *x = var("x", tensor()), *gate = var("gate", tensor(DType::INT32)),
              *out = var("out", tensor());
    const Var *xp = tidVar("xp_tid"), *cl = tidVar("clobber_tid");
    const Var *t = var("t", tile()), *p = var("p", tile()),
              *cc = var("c", tile());
    return program({fn(
        "main", FunctionType::Orchestration,
        {out_(x), in(gate), out_(out)}, {tensor()},
        {placeholder(xp),
         at({assign(t, full(42.0)), assign(x, store(t, x))}, D().tid(xp)),
         placeholder(cl),
         at({assign(p, full(999.0)), assign(x, store(p, x))},
            D().deps({xp}).tid(cl).pred(pred(gate))),
         at({assign(cc, load(x)), assign(out, store(cc, out))},
            D().deps({cl})),
         ret({out})})});
  }

  struct Dispatches {
    std::vector<const Submit *> submits;
    /// Var bound to element i of Submit s: results[s][i].
    std::vector<std::vector<const Var *>> results;
  };
  static Dispatches dispatches(const Function *main) {
    Dispatches d;
    llvm::DenseMap<const Var *, size_t> tupleOf;
    for (const Stmt *stmt : llvm::cast<SeqStmt>(main->body)->stmts) {
      const auto *assign = llvm::dyn_cast<AssignStmt>(stmt);
      if (!assign)
        continue;
      if (const auto *s = llvm::dyn_cast<Submit>(assign->value)) {
        tupleOf[assign->var] = d.submits.size();
        d.submits.push_back(s);
        d.results.emplace_back(
            llvm::cast<TupleType>(s->type())->elements.size());
      }
      if (const auto *get = llvm::dyn_cast<TupleGetItem>(assign->value))
        if (const auto *tuple = llvm::dyn_cast<Var>(get->tuple))
          if (tupleOf.count(tuple))
            d.results[tupleOf[tuple]][get->index] = assign->var;
    }
    return d;
  }
  /// The tensor a `t[i, j] > 0` predicate reads.
  static const Expr *predicateTensor(const Expr *predicate) {
    const auto *cmp = llvm::cast<Binary>(predicate);
    return llvm::cast<Call>(cmp->lhs)->args[0];
  }
};

// Check that the outliner alone (after SSA) makes the second Submit's
// predicate read the Var bound from the first Submit's result, and that
// use-after-def holds.
TEST_F(PredicateRebindingTest, OutlinerRebindsStoreProducedPredicate) {
  const Program *after = runPasses("convert-to-ssa,outline-incore-scopes",
                                   storeProducedPredicate());
  ASSERT_NE(after, nullptr) << diagnostics();
  Dispatches d = dispatches(after->lookup("main"));
  ASSERT_EQ(d.submits.size(), 2u) << programToString(*after);
  const Var *rcResult = d.results[0][0];
  ASSERT_NE(rcResult, nullptr);
  ASSERT_NE(d.submits[1]->predicate, nullptr);
  EXPECT_EQ(predicateTensor(d.submits[1]->predicate), rcResult)
      << programToString(*after);
  // The deps name the first Submit's TaskId result.
  ASSERT_EQ(d.submits[1]->deps.size(), 1u);
  EXPECT_EQ(d.submits[1]->deps[0], d.results[0][1]);

  llvm::SmallVector<transforms::Violation, 2> violations;
  transforms::verifyUseAfterDef(*after, violations);
  EXPECT_TRUE(violations.empty())
      << (violations.empty() ? "" : violations[0].message);
}

// Check the default pipeline on both example programs: every predicate and
// every argument reads the exported call-site results of earlier tasks.
TEST_F(PredicateRebindingTest, DefaultPipelineOnExamples) {
  const Program *after = runPasses("default", storeProducedPredicate());
  ASSERT_NE(after, nullptr) << diagnostics();
  Dispatches d = dispatches(after->lookup("main"));
  ASSERT_EQ(d.submits.size(), 2u);
  EXPECT_EQ(predicateTensor(d.submits[1]->predicate), d.results[0][0]);

  after = runPasses("default", predicatedChainAt());
  ASSERT_NE(after, nullptr) << diagnostics();
  const Function *main = after->lookup("main");
  d = dispatches(main);
  ASSERT_EQ(d.submits.size(), 3u) << programToString(*after);
  // clobber reads gate (a parameter) and writes the producer's x result.
  EXPECT_EQ(predicateTensor(d.submits[1]->predicate), main->params[1].var);
  ASSERT_EQ(d.submits[1]->args.size(), 1u);
  EXPECT_EQ(d.submits[1]->args[0], d.results[0][0]);
  EXPECT_EQ(d.submits[1]->deps[0], d.results[0][1]);
  // the consumer reads clobber's x result.
  ASSERT_GE(d.submits[2]->args.size(), 1u);
  EXPECT_EQ(d.submits[2]->args[0], d.results[1][0]);
  EXPECT_EQ(d.submits[2]->deps[0], d.results[1][1]);
}

// Check the bug this design rules out: a Submit whose predicate names a Var
// that lives only in the callee is what use-after-def reports.
TEST_F(PredicateRebindingTest, UseAfterDefCatchesDanglingPredicate) {
  const Var *rc = var("rc", tensor(DType::INT32)), *inner = var("rc", tensor(DType::INT32));
  const Var *s = var("s", ctx.tupleType({tidType()}));
  const Program *broken = program(
      {fn("k", FunctionType::InCore, {inout(rc)}, {},
          {assign(inner, store(load(rc), rc))}),
       fn("main", FunctionType::Orchestration, {inout(var("p", tensor(DType::INT32)))}, {},
          {assign(s, submit("k", {}, {}, {}, pred(inner)))})});
  llvm::SmallVector<transforms::Violation, 2> violations;
  transforms::verifyUseAfterDef(*broken, violations);
  ASSERT_EQ(violations.size(), 1u);
  EXPECT_EQ(violations[0].message,
            "'rc' is used but not defined in function 'main'");
}

} // namespace
