//===- FrontendTest.cpp - Parse tree to IR
//---------------------------------===//

#include "frontend/Frontend.h"

#include "ir/IR.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace plc;
using namespace plc::ir;

namespace {

struct Parsed {
  std::string errors;
  std::unique_ptr<llvm::raw_string_ostream> os;
  std::unique_ptr<DiagnosticEngine> diags;
  std::unique_ptr<IRContext> ctx;
  const Program *program = nullptr;
};

std::unique_ptr<Parsed> parse(llvm::StringRef source) {
  auto out = std::make_unique<Parsed>();
  out->os = std::make_unique<llvm::raw_string_ostream>(out->errors);
  out->diags = std::make_unique<DiagnosticEngine>(out->os.get());
  out->ctx = std::make_unique<IRContext>();
  out->diags->addBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "t.pl"));
  out->program = frontend::parseProgram(*out->diags, "t.pl", *out->ctx);
  out->os->flush();
  return out;
}

std::string readExample(const std::string &name) {
  auto buf =
      llvm::MemoryBuffer::getFile(std::string(PLC_EXAMPLES_DIR) + "/" + name);
  EXPECT_TRUE(bool(buf)) << name;
  return buf ? (*buf)->getBuffer().str() : std::string();
}

const char *const kExamples[] = {"cluster_spmd.pl",
                                 "mirrored_predicate.pl",
                                 "predicated_chain_at.pl",
                                 "predicated_chain_spmd.pl",
                                 "predicated_chain_submit.pl",
                                 "spmd_block_slices.pl",
                                 "store_produced_predicate.pl"};

const char *kPrelude =
    "import pypto.language as pl\n"
    "N = 4\n"
    "@pl.program\n"
    "class T:\n"
    "    @pl.function(type=pl.FunctionType.InCore)\n"
    "    def k(self, x: pl.Tensor[[N, N], pl.INT32],\n"
    "          out: pl.Out[pl.Tensor[[N, N], pl.INT32]]) -> "
    "pl.Tensor[[N, N], pl.INT32]:\n"
    "        t: pl.Tile[[N, N], pl.INT32] = pl.load(x, [0, 0], [N, N])\n"
    "        return pl.store(t, [0, 0], out)\n"
    "\n"
    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
    "    def main(self, x: pl.Tensor[[N, N], pl.INT32],\n"
    "             w: pl.Tensor[[N, N], pl.INT64],\n"
    "             out: pl.Out[pl.Tensor[[N, N], pl.INT32]]) -> "
    "pl.Tensor[[N, N], pl.INT32]:\n";

const Function *mainOf(const Program *p) { return p->lookup("main"); }

/// The statements of main's body.
llvm::ArrayRef<const Stmt *> mainBody(const Program *p) {
  return llvm::cast<SeqStmt>(mainOf(p)->body)->stmts;
}

TEST(Frontend, ExamplesRoundTrip) {
  for (const char *name : kExamples) {
    auto first = parse(readExample(name));
    ASSERT_TRUE(first->program) << name << "\n" << first->errors;
    std::string text = programToString(*first->program);
    auto second = parse(text);
    ASSERT_TRUE(second->program) << name << "\n" << second->errors << text;
    std::string why;
    EXPECT_TRUE(structuralEqual(*first->program, *second->program, &why))
        << name << ": " << why;
    EXPECT_EQ(programToString(*second->program), text) << name;
  }
}

// A fuzzer finding: `b = pl.tile.get_block_idx()` in two `with pl.spmd`
// bodies is one Var defined twice; printing both as `for b in pl.spmd(...)`
// reparsed as two fresh Vars. Each form must come back as the same IR.
TEST(Frontend, SpmdBlockIndexVarsRoundTrip) {
  const char *body =
      "        with pl.spmd(2):\n"
      "            b = pl.tile.get_block_idx()\n"
      "            out = pl.store(pl.load(x, [b, 0], [N, N]), [b, 0], out)\n"
      "        with pl.spmd(2):\n"
      "            b = pl.tile.get_block_idx()\n"
      "            out = pl.store(pl.load(x, [b, 0], [N, N]), [b, 0], out)\n"
      "        for i in pl.spmd(2):\n"
      "            out = pl.store(pl.load(x, [i, 0], [N, N]), [i, 0], out)\n"
      "        for i in pl.spmd(2):\n"
      "            out = pl.store(pl.load(x, [i, 0], [N, N]), [i, 0], out)\n"
      "        return out\n";
  auto first = parse(std::string(kPrelude) + body);
  ASSERT_TRUE(first->program) << first->errors;
  std::string text = programToString(*first->program);
  auto second = parse(text);
  ASSERT_TRUE(second->program) << second->errors << text;
  std::string why;
  EXPECT_TRUE(structuralEqual(*first->program, *second->program, &why))
      << why << "\n" << text;
}

TEST(Frontend, ModuleConstantsFoldIntoTypesAndValues) {
  auto p = parse(std::string(kPrelude) + "        n = N * 2 + 1\n"
                                         "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto *assign = llvm::cast<AssignStmt>(mainBody(p->program)[0]);
  // N * 2 + 1 is built from the folded constant N = 4.
  auto *add = llvm::cast<Binary>(assign->value);
  auto *mul = llvm::cast<Binary>(add->lhs);
  EXPECT_EQ(llvm::cast<ConstInt>(mul->lhs)->value, 4);
  auto *x = mainOf(p->program)->params[0].var;
  EXPECT_EQ(llvm::cast<TensorType>(x->type())->shape,
            llvm::ArrayRef<int64_t>({4, 4}));
}

TEST(Frontend, PredicatePromotionInsertsARealCast) {
  auto p = parse(std::string(kPrelude) +
                 "        with pl.at(level=pl.Level.CORE_GROUP, "
                 "predicate=(x[0, 1] > 0)):\n"
                 "            out = self.k(x, out)\n"
                 "        with pl.at(level=pl.Level.CORE_GROUP, "
                 "predicate=(0 < w[1, 0])):\n"
                 "            out = self.k(x, out)\n"
                 "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto body = mainBody(p->program);
  auto *first = llvm::cast<ScopeStmt>(body[0])->dispatch().predicate;
  auto *gt = llvm::cast<Binary>(first);
  EXPECT_EQ(gt->op, BinaryOp::Gt);
  auto *cast = llvm::cast<Cast>(gt->lhs);
  EXPECT_EQ(cast->dtype(), DType::INDEX);
  auto *read = llvm::cast<Call>(cast->operand);
  EXPECT_TRUE(read->isOp(OpKind::TensorRead));
  EXPECT_EQ(llvm::cast<ConstInt>(gt->rhs)->value, 0);
  // Mirrored: kept as written; INT64 against INDEX needs no cast.
  auto *lt =
      llvm::cast<Binary>(llvm::cast<ScopeStmt>(body[1])->dispatch().predicate);
  EXPECT_EQ(lt->op, BinaryOp::Lt);
  EXPECT_TRUE(llvm::isa<ConstInt>(lt->lhs));
  EXPECT_TRUE(llvm::isa<Call>(lt->rhs));
}

TEST(Frontend, AsTidPlaceholderPrecedesItsScope) {
  auto p = parse(std::string(kPrelude) +
                 "        with pl.at(level=pl.Level.CORE_GROUP) as t0:\n"
                 "            out = self.k(x, out)\n"
                 "        with pl.at(level=pl.Level.CORE_GROUP, deps=[t0]) "
                 "as t0:\n"
                 "            out = self.k(x, out)\n"
                 "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto body = mainBody(p->program);
  ASSERT_EQ(body.size(), 5u);
  auto *placeholder = llvm::cast<AssignStmt>(body[0]);
  auto *scope = llvm::cast<ScopeStmt>(body[1]);
  EXPECT_EQ(scope->dispatch().taskId, placeholder->var);
  EXPECT_TRUE(
      llvm::cast<Call>(placeholder->value)->isOp(OpKind::SystemTaskInvalid));
  EXPECT_TRUE(isTaskIdType(placeholder->var->type()));
  // The second scope depends on the first binding, not on its own.
  auto *second = llvm::cast<ScopeStmt>(body[3]);
  ASSERT_EQ(second->dispatch().deps.size(), 1u);
  EXPECT_EQ(second->dispatch().deps[0], placeholder->var);
  EXPECT_NE(second->dispatch().taskId, placeholder->var);
  // The explicit edge is recorded by source location.
  ASSERT_EQ(p->program->fields.controlDeps.size(), 1u);
  EXPECT_EQ(p->program->fields.controlDeps[0].producer.ptr,
            scope->span().begin.ptr);
  EXPECT_EQ(p->program->fields.controlDeps[0].consumer.ptr,
            second->span().begin.ptr);
}

TEST(Frontend, SubmitUnpacksThroughATupleTemporary) {
  auto p = parse(std::string(kPrelude) +
                 "        out, tid = pl.submit(self.k, x, out)\n"
                 "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto body = mainBody(p->program);
  ASSERT_EQ(body.size(), 4u);
  auto *tmp = llvm::cast<AssignStmt>(body[0]);
  auto *submit = llvm::cast<Submit>(tmp->value);
  EXPECT_EQ(submit->callee, "k");
  EXPECT_EQ(submit->taskIdIndex(), 1u);
  auto *tid = llvm::cast<AssignStmt>(body[2]);
  EXPECT_EQ(llvm::cast<TupleGetItem>(tid->value)->index, 1u);
  EXPECT_TRUE(isTaskIdType(tid->var->type()));
}

TEST(Frontend, SpmdForFormWrapsTheBodyInACarrier) {
  auto p = parse(std::string(kPrelude) +
                 "        for i in pl.spmd(4, name_hint=\"blk\"):\n"
                 "            t: pl.Tile[[N, N], pl.INT32] = "
                 "pl.load(x, [i, 0], [N, N])\n"
                 "            out = pl.store(t, [i, 0], out)\n"
                 "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto *spmd = llvm::cast<ScopeStmt>(mainBody(p->program)[0]);
  EXPECT_EQ(spmd->scopeKind(), ScopeKind::Spmd);
  EXPECT_EQ(spmd->dispatch().nameHint, "blk_spmd");
  EXPECT_EQ(llvm::cast<ConstInt>(spmd->fields.coreNum)->value, 4);
  auto *carrier = llvm::cast<ScopeStmt>(spmd->body);
  EXPECT_EQ(carrier->scopeKind(), ScopeKind::InCore);
  EXPECT_EQ(carrier->dispatch().nameHint, "blk");
  auto *first =
      llvm::cast<AssignStmt>(llvm::cast<SeqStmt>(carrier->body)->stmts[0]);
  EXPECT_TRUE(llvm::cast<Call>(first->value)->isOp(OpKind::TileGetBlockIdx));
}

TEST(Frontend, SpmdWithBodyClassification) {
  // A dispatch body stays unwrapped; an inline body gets a carrier.
  auto p = parse(std::string(kPrelude) +
                 "        with pl.spmd(2):\n"
                 "            out = self.k(x, out)\n"
                 "        with pl.spmd(2, name_hint=\"h_spmd\"):\n"
                 "            b = pl.tile.get_block_idx()\n"
                 "            out = pl.store(pl.load(x, [b, 0], [N, N]), "
                 "[b, 0], out)\n"
                 "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto body = mainBody(p->program);
  auto *dispatch = llvm::cast<ScopeStmt>(body[0]);
  EXPECT_TRUE(llvm::isa<SeqStmt>(dispatch->body));
  auto *inlineBody = llvm::cast<ScopeStmt>(body[1]);
  EXPECT_EQ(inlineBody->dispatch().nameHint, "h_spmd");
  auto *carrier = llvm::cast<ScopeStmt>(inlineBody->body);
  EXPECT_EQ(carrier->dispatch().nameHint, "h");
}

TEST(Frontend, RebindingReusesTheVarOfTheSameType) {
  auto p = parse(std::string(kPrelude) + "        out = self.k(x, out)\n"
                                         "        out = self.k(x, out)\n"
                                         "        return out\n");
  ASSERT_TRUE(p->program) << p->errors;
  auto body = mainBody(p->program);
  EXPECT_EQ(llvm::cast<AssignStmt>(body[0])->var,
            llvm::cast<AssignStmt>(body[1])->var);
}

TEST(Frontend, ErrorsReturnNullAndReportOnce) {
  auto p = parse(std::string(kPrelude) + "        y = x[0, 0] > 0 > 1\n"
                                         "        return out\n");
  EXPECT_EQ(p->program, nullptr);
  EXPECT_EQ(p->diags->errorCount(), 1u);
  EXPECT_NE(p->errors.find("t.pl:15:25: error: Only simple comparisons "
                           "supported"),
            std::string::npos)
      << p->errors;
}

TEST(Frontend, LongChainsAndDeepBracketsDoNotOverflow) {
  // The longest chain a statement may hold (Lexer::kMaxStatementOperators).
  std::string chain = "1";
  for (int i = 0; i < 1000; ++i)
    chain += " + 1";
  std::string deep = std::string(200, '(') + "1" + std::string(200, ')');
  auto p = parse(std::string(kPrelude) + "        a = " + chain + "\n" +
                 "        b = " + deep + "\n" + "        return out\n");
  EXPECT_TRUE(p->program) << p->errors;
}

} // namespace
