//===- BuildTaskGraphTest.cpp - Edges inferred from outlined programs ------===//
//
// The predicated chain, built by hand in its outlined form (three kernels,
// an orchestration function of Submits), run through build-task-graph; and
// the control-deps-preserved verifier catching a pass that drops a dep.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"
#include "transforms/Verifiers.h"

#include "ir/IR.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

class ChainBuilder {
public:
  ChainBuilder() : diags(&errorStream) {
    // Spans point into a registered buffer: the verifier keys tasks by them.
    source = diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(
        "producer\nclobber\nconsumer\n", "chain.pl"));
    tensor = ctx.tensorType({128, 128}, DType::FP32);
    gateType = ctx.tensorType({128, 128}, DType::INT32);
  }

  Span at(size_t offset) {
    return Span{Loc{llvm::SMLoc::getFromPointer(source.data() + offset)},
                Loc()};
  }

  /// `name(x: In|Out ..., ) -> Tensor`: stores a full tile into its last
  /// parameter and returns it.
  const Function *kernel(llvm::StringRef name,
                         llvm::ArrayRef<ParamDirection> dirs) {
    llvm::SmallVector<Param, 2> params;
    for (unsigned i = 0; i != dirs.size(); ++i)
      params.push_back(Param{ctx.newVar("p" + std::to_string(i), tensor),
                             dirs[i]});
    const TileType *tile = ctx.tileType({128, 128}, DType::FP32);
    const Var *t = ctx.newVar("t", tile);
    const Expr *offsets = ctx.create<MakeTuple>(
        ctx.copy(llvm::SmallVector<const Expr *, 2>{ctx.constInt(0),
                                                   ctx.constInt(0)}),
        ctx.tupleType({}), Span());
    const Expr *full = ctx.create<Call>(
        OpKind::TileFull, llvm::ArrayRef<const Expr *>(),
        llvm::ArrayRef<Kwarg>(), tile, Span());
    const Var *r = ctx.newVar("r", tensor);
    const Expr *store = ctx.create<Call>(
        OpKind::TileStore,
        ctx.copy(llvm::SmallVector<const Expr *, 3>{t, offsets,
                                                   params.back().var}),
        llvm::ArrayRef<Kwarg>(), tensor, Span());
    llvm::SmallVector<const Stmt *, 3> body{
        ctx.create<AssignStmt>(t, full, Span()),
        ctx.create<AssignStmt>(r, store, Span()),
        ctx.create<ReturnStmt>(
            ctx.copy(llvm::SmallVector<const Expr *, 1>{r}), Span())};
    Function::Fields fields;
    fields.name = ctx.intern(name);
    fields.type = FunctionType::InCore;
    return ctx.create<Function>(
        fields, ctx.copy(params),
        ctx.copy(llvm::SmallVector<const Type *, 1>{tensor}),
        ctx.create<SeqStmt>(ctx.copy(body), Span()), Span());
  }

  /// Appends `tmp = submit(callee, args, deps, predicate)`, `res = tmp[0]`,
  /// `tid = tmp[1]`; returns {res, tid}.
  std::pair<const Var *, const Var *>
  submit(llvm::StringRef callee, llvm::ArrayRef<const Expr *> args,
         llvm::ArrayRef<const Expr *> deps, const Expr *predicate, Span span) {
    const TupleType *type = ctx.tupleType({tensor, ctx.taskIdType()});
    const Expr *dispatch = ctx.create<Submit>(
        ctx.intern(callee), ctx.copy(args), ctx.copy(deps), nullptr, false,
        false, predicate, type, span);
    const Var *tmp = ctx.newVar("_submit_tmp", type);
    const Var *res = ctx.newVar("res", tensor);
    const Var *tid = ctx.newVar("tid", ctx.taskIdType());
    stmts.push_back(ctx.create<AssignStmt>(tmp, dispatch, Span()));
    stmts.push_back(ctx.create<AssignStmt>(
        res, ctx.create<TupleGetItem>(tmp, 0, tensor, Span()), Span()));
    stmts.push_back(ctx.create<AssignStmt>(
        tid, ctx.create<TupleGetItem>(tmp, 1, ctx.taskIdType(), Span()),
        Span()));
    return {res, tid};
  }

  const Expr *gatePredicate(const Var *gate) {
    const Expr *index = ctx.create<MakeTuple>(
        ctx.copy(llvm::SmallVector<const Expr *, 2>{ctx.constInt(0),
                                                   ctx.constInt(0)}),
        ctx.tupleType({}), Span());
    const Expr *read = ctx.create<Call>(
        OpKind::TensorRead,
        ctx.copy(llvm::SmallVector<const Expr *, 2>{gate, index}),
        llvm::ArrayRef<Kwarg>(), ctx.scalarType(DType::INT32), Span());
    const Expr *cast =
        ctx.create<Cast>(read, ctx.scalarType(DType::INDEX), Span());
    return ctx.create<Binary>(BinaryOp::Gt, cast, ctx.constInt(0),
                              ctx.scalarType(DType::BOOL), Span());
  }

  /// The predicated chain; `manual` wraps the three submits in a manual
  /// runtime scope. `dropDep` builds the consumer without its deps=.
  const Program *chain(bool manual, bool dropDep = false) {
    const Var *x = ctx.newVar("x", tensor);
    const Var *gate = ctx.newVar("gate", gateType);
    const Var *out = ctx.newVar("out", tensor);
    auto [x1, xpTid] = submit("x_producer", {x}, {}, nullptr, at(0));
    auto [x2, clobberTid] =
        submit("clobber", {x1}, {xpTid}, gatePredicate(gate), at(9));
    llvm::SmallVector<const Expr *, 1> consumerDeps;
    if (!dropDep)
      consumerDeps.push_back(clobberTid);
    auto [out1, unusedTid] =
        submit("consumer", {x2, out}, consumerDeps, nullptr, at(17));
    (void)unusedTid;
    const Stmt *body = ctx.create<SeqStmt>(ctx.copy(stmts), Span());
    stmts.clear();
    if (manual) {
      ScopeStmt::Fields scope;
      scope.kind = ScopeKind::Runtime;
      scope.manual = true;
      stmts.push_back(ctx.create<ScopeStmt>(scope, body, Span()));
    } else {
      stmts.push_back(body);
    }
    stmts.push_back(ctx.create<ReturnStmt>(
        ctx.copy(llvm::SmallVector<const Expr *, 1>{out1}), Span()));

    Function::Fields mainFields;
    mainFields.name = ctx.intern("main");
    mainFields.type = FunctionType::Orchestration;
    const Function *mainFn = ctx.create<Function>(
        mainFields,
        ctx.copy(llvm::SmallVector<Param, 3>{
            {x, ParamDirection::Out},
            {gate, ParamDirection::In},
            {out, ParamDirection::Out}}),
        ctx.copy(llvm::SmallVector<const Type *, 1>{tensor}),
        ctx.create<SeqStmt>(ctx.copy(stmts), Span()), Span());
    stmts.clear();

    llvm::SmallVector<const Function *, 4> functions{
        kernel("x_producer", {ParamDirection::Out}),
        kernel("clobber", {ParamDirection::Out}),
        kernel("consumer", {ParamDirection::In, ParamDirection::Out}),
        mainFn};
    Program::Fields fields;
    fields.name = ctx.intern("Chain");
    // producer -> clobber, clobber -> consumer, as the frontend records them.
    fields.controlDeps = ctx.copy(llvm::SmallVector<ControlDep, 2>{
        {at(0).begin, at(9).begin}, {at(9).begin, at(17).begin}});
    return ctx.create<Program>(fields, ctx.copy(functions));
  }

  IRContext ctx;
  std::string errors;
  llvm::raw_string_ostream errorStream{errors};
  DiagnosticEngine diags;
  llvm::StringRef source;
  const TensorType *tensor;
  const TensorType *gateType;
  llvm::SmallVector<const Stmt *, 16> stmts;
};

const TaskGraph &graphOf(const Program &program) {
  const Function *mainFn = program.lookup("main");
  EXPECT_NE(mainFn, nullptr);
  EXPECT_NE(mainFn->fields.taskGraph, nullptr);
  return *mainFn->fields.taskGraph;
}

TEST(BuildTaskGraph, AutoScopeChainLowersToOutputThenFlow) {
  ChainBuilder b;
  const Program *program = buildTaskGraphs(b.ctx, *b.chain(false), b.diags);
  ASSERT_NE(program, nullptr) << b.errors;
  const TaskGraph &graph = graphOf(*program);
  ASSERT_EQ(graph.tasks().size(), 3u);
  Task producer = graph.tasks()[0], clobber = graph.tasks()[1],
       consumer = graph.tasks()[2];

  llvm::SmallVector<LoweredDep, 4> clobberPreds = graph.lowered(clobber);
  ASSERT_EQ(clobberPreds.size(), 1u);
  EXPECT_EQ(clobberPreds[0].src, producer);
  EXPECT_EQ(clobberPreds[0].kind, EdgeKind::OUTPUT);  // ORDERED + OUTPUT

  llvm::SmallVector<LoweredDep, 4> consumerPreds = graph.lowered(consumer);
  ASSERT_EQ(consumerPreds.size(), 1u);  // no redundant producer -> consumer
  EXPECT_EQ(consumerPreds[0].src, clobber);
  EXPECT_EQ(consumerPreds[0].kind, EdgeKind::FLOW);  // ORDERED + FLOW

  EXPECT_TRUE(program->fields.hasControlDeps);
  EXPECT_EQ(graph.serialize(),
            "[{\"kind\": \"ORDERED\", \"src\": \"x_producer#0\", \"dst\": "
            "\"clobber#1\"}, {\"kind\": \"OUTPUT\", \"src\": \"x_producer#0\", "
            "\"dst\": \"clobber#1\"}, {\"kind\": \"ORDERED\", \"src\": "
            "\"clobber#1\", \"dst\": \"consumer#2\"}, {\"kind\": \"FLOW\", "
            "\"src\": \"clobber#1\", \"dst\": \"consumer#2\"}]");
}

TEST(BuildTaskGraph, ManualScopeKeepsOnlyTheExplicitEdges) {
  ChainBuilder b;
  const Program *program = buildTaskGraphs(b.ctx, *b.chain(true), b.diags);
  ASSERT_NE(program, nullptr) << b.errors;
  const TaskGraph &graph = graphOf(*program);
  ASSERT_EQ(graph.edges().size(), 2u);
  for (const DependencyEdge &edge : graph.edges())
    EXPECT_EQ(edge.kind, EdgeKind::ORDERED);
  EXPECT_EQ(graph.lowered(graph.tasks()[1])[0].src, graph.tasks()[0]);
  EXPECT_EQ(graph.lowered(graph.tasks()[2])[0].src, graph.tasks()[1]);
}

TEST(BuildTaskGraph, VerifierAcceptsTheDepsBeforeAndAfterTheGraph) {
  ChainBuilder b;
  const Program *before = b.chain(true);
  llvm::SmallVector<Violation, 2> failures;
  verifyControlDepsPreserved(*before, failures);
  const Program *after = buildTaskGraphs(b.ctx, *before, b.diags);
  ASSERT_NE(after, nullptr);
  verifyControlDepsPreserved(*after, failures);
  EXPECT_TRUE(failures.empty());
}

/// A deliberately faulty pass: rebuilds the program with the consumer's
/// deps= operand gone, as a careless rewrite would.
const Program *dropConsumerDep(ChainBuilder &b) {
  return b.chain(/*manual=*/true, /*dropDep=*/true);
}

TEST(BuildTaskGraph, VerifierCatchesAPassThatDropsADep) {
  ChainBuilder b;
  const Program *faulty = dropConsumerDep(b);
  llvm::SmallVector<Violation, 2> failures;
  verifyControlDepsPreserved(*faulty, failures);
  ASSERT_EQ(failures.size(), 1u);
  // Reported at the consumer, with the producer as the related place.
  EXPECT_EQ(b.diags.lineAndColumn(failures[0].at.begin),
            (std::pair<unsigned, unsigned>{3, 1}));
  EXPECT_EQ(b.diags.lineAndColumn(failures[0].related.begin),
            (std::pair<unsigned, unsigned>{2, 1}));
  EXPECT_NE(failures[0].message.find("no deps operand"), std::string::npos)
      << failures[0].message;

  // In a manual scope nothing else orders the two tasks: the graph has no
  // path either, and the verifier says so.
  const Program *graphed = buildTaskGraphs(b.ctx, *faulty, b.diags);
  ASSERT_NE(graphed, nullptr);
  failures.clear();
  verifyControlDepsPreserved(*graphed, failures);
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_NE(failures[0].message.find("no path"), std::string::npos)
      << failures[0].message;
}

TEST(BuildTaskGraph, OutputIsDeterministic) {
  ChainBuilder a, b;
  const Program *pa = buildTaskGraphs(a.ctx, *a.chain(false), a.diags);
  const Program *pb = buildTaskGraphs(b.ctx, *b.chain(false), b.diags);
  ASSERT_TRUE(pa && pb);
  EXPECT_EQ(graphOf(*pa).serialize(), graphOf(*pb).serialize());
}

} // namespace
