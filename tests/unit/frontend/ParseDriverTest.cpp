//===- ParseDriverTest.cpp - Piecewise two-stage parsing
//-------------------===//

#include "frontend/ParseDriver.h"

#include "frontend/Lexer.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace plc;
using namespace plc::frontend;

namespace {

/// Records the order of the pieces, with the first token of each.
class Recorder final : public ParseConsumer {
public:
  bool moduleStmt(P::SimpleStmtContext *stmt) override {
    return add("module " + stmt->getStart()->getText());
  }
  bool classBegin(P::ClassHeadContext *head) override {
    return add("class " + head->NAME()->getText());
  }
  bool classStmt(P::SimpleStmtContext *stmt) override {
    return add("class-stmt " + stmt->getStart()->getText());
  }
  bool classEnd() override { return add("end-class"); }
  bool functionBegin(P::FuncHeadContext *head) override {
    return add("def " + head->NAME()->getText());
  }
  bool functionStmt(P::StmtContext *stmt) override {
    return add("stmt " + stmt->getStart()->getText());
  }
  bool functionEnd() override { return add("end-def"); }

  std::vector<std::string> pieces;

private:
  bool add(std::string piece) {
    pieces.push_back(std::move(piece));
    return true;
  }
};

struct Parsed {
  bool ok = false;
  std::string errors;
  unsigned errorCount = 0;
  std::vector<std::string> pieces;
  ParseStats stats;
};

Parsed parse(llvm::StringRef source) {
  Parsed out;
  llvm::raw_string_ostream os(out.errors);
  DiagnosticEngine diags(&os);
  llvm::StringRef buf =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "t.pl"));
  Recorder rec;
  out.ok = parseSyntax(buf, "t.pl", diags, rec, &out.stats);
  out.errorCount = diags.errorCount();
  out.pieces = rec.pieces;
  os.flush();
  return out;
}

std::string readExample(const std::string &name) {
  auto buf =
      llvm::MemoryBuffer::getFile(std::string(PLC_EXAMPLES_DIR) + "/" + name);
  EXPECT_TRUE(bool(buf)) << name;
  return buf ? (*buf)->getBuffer().str() : std::string();
}

const char *const kExamples[] = {
    "predicated_chain_at.pl", "predicated_chain_spmd.pl",
    "predicated_chain_submit.pl", "store_produced_predicate.pl"};

TEST(ParseDriver, PiecesArriveInSourceOrder) {
  Parsed p = parse("import pypto.language as pl\n"
                   "R = 4\n"
                   "@pl.program\n"
                   "class C:\n"
                   "    @pl.function\n"
                   "    def f(self, x: pl.Tensor[[R], pl.FP32]):\n"
                   "        y = x\n"
                   "        with pl.at(level=pl.Level.CORE_GROUP):\n"
                   "            z = y\n"
                   "        return y\n"
                   "    def g(self):\n"
                   "        pass\n");
  ASSERT_TRUE(p.ok) << p.errors;
  std::vector<std::string> want = {"module import", "module R", "class C",
                                   "def f",         "stmt y",   "stmt with",
                                   "stmt return",   "end-def",  "def g",
                                   "stmt pass",     "end-def",  "end-class"};
  EXPECT_EQ(p.pieces, want);
  EXPECT_EQ(p.stats.llFallbacks, 0u);
}

TEST(ParseDriver, SharedExamplesParseWithSllAlone) {
  for (const char *name : kExamples) {
    Parsed p = parse(readExample(name));
    EXPECT_TRUE(p.ok) << name << ":\n" << p.errors;
    EXPECT_EQ(p.errorCount, 0u) << name;
    EXPECT_GT(p.stats.pieces, 5u) << name;
    EXPECT_EQ(p.stats.llFallbacks, 0u) << name;
  }
}

TEST(ParseDriver, MissingColonSaysWhatWasExpected) {
  Parsed p = parse("class C:\n"
                   "    def f(self) -> int\n"
                   "        pass\n");
  EXPECT_FALSE(p.ok);
  EXPECT_EQ(p.errorCount, 1u);
  EXPECT_NE(p.errors.find("t.pl:2:23: error: expected"), std::string::npos)
      << p.errors;
  EXPECT_NE(p.errors.find("':'"), std::string::npos) << p.errors;
  EXPECT_NE(p.errors.find("found end of line"), std::string::npos) << p.errors;
  EXPECT_EQ(p.stats.llFallbacks, 1u);
}

TEST(ParseDriver, MissingOperandPointsAtTheFirstBadToken) {
  Parsed p = parse("x = (1 + ) * 2\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.errors.find("t.pl:1:10: error: expected an expression, found "
                          "')'"),
            std::string::npos)
      << p.errors;
  // The caret line follows the source line.
  EXPECT_NE(p.errors.find("x = (1 + ) * 2\n         ^"), std::string::npos)
      << p.errors;
}

TEST(ParseDriver, UnexpectedIndent) {
  Parsed p = parse("x = 1\n    y = 2\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.errors.find("t.pl:2:5: error: unexpected indent"),
            std::string::npos)
      << p.errors;
}

TEST(ParseDriver, ExpectedAnIndentedBlock) {
  Parsed p = parse("class C:\n"
                   "    def f(self):\n"
                   "    pass\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.errors.find("t.pl:3:5: error: expected an indented block"),
            std::string::npos)
      << p.errors;
}

TEST(ParseDriver, TruncatedFile) {
  Parsed header = parse("class C:\n    def f(self):\n");
  EXPECT_FALSE(header.ok);
  EXPECT_NE(header.errors.find("error: expected an indented block, found end "
                               "of file"),
            std::string::npos)
      << header.errors;
  Parsed call = parse("x = f(1,\n");
  EXPECT_FALSE(call.ok);
  EXPECT_NE(call.errors.find("t.pl:1:6: error: '(' was never closed"),
            std::string::npos)
      << call.errors;
  EXPECT_EQ(call.errorCount, 1u);
  Parsed op = parse("x = 1 +");
  EXPECT_FALSE(op.ok);
  EXPECT_NE(op.errors.find("t.pl:1:8: error: expected an expression, found "
                           "end of file"),
            std::string::npos)
      << op.errors;
}

TEST(ParseDriver, LexicalErrorsAreReportedOnce) {
  Parsed p = parse("class C:\n    def f(self):\n\tpass\n");
  EXPECT_FALSE(p.ok);
  EXPECT_EQ(p.errorCount, 1u) << p.errors;
  EXPECT_NE(p.errors.find("t.pl:3:1: error: tab character"), std::string::npos)
      << p.errors;
  // A lexical error right after a complete statement still fails the parse.
  Parsed late = parse("x = 1\n$\n");
  EXPECT_FALSE(late.ok);
  EXPECT_EQ(late.errorCount, 1u) << late.errors;
}

TEST(ParseDriver, NestedDefinitionsAreRejected) {
  Parsed p = parse("class C:\n"
                   "    def f(self):\n"
                   "        def g():\n"
                   "            pass\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.errors.find("t.pl:3:9: error: expected"), std::string::npos)
      << p.errors;
  EXPECT_NE(p.errors.find("found 'def'"), std::string::npos) << p.errors;
}

TEST(ParseDriver, DeepNestingWithinTheLimitsParses) {
  unsigned depth = Lexer::kMaxBracketDepth;
  std::string expr;
  for (unsigned i = 0; i < depth; ++i)
    expr += i % 2 ? "[-" : "(-";
  expr += "1";
  for (unsigned i = depth; i-- > 0;)
    expr += i % 2 ? "]" : ")";
  Parsed brackets = parse("x = " + expr + "\n");
  EXPECT_FALSE(brackets.ok); // -1 per level exceeds the prefix-operator run
  EXPECT_NE(brackets.errors.find("nesting too deep"), std::string::npos);

  std::string plain = std::string(depth, '(') + "1" + std::string(depth, ')');
  Parsed ok = parse("x = " + plain + "\n");
  EXPECT_TRUE(ok.ok) << ok.errors;

  std::string scopes = "class C:\n  def f(self):\n";
  for (unsigned i = 0; i < Lexer::kMaxIndentDepth - 2; ++i)
    scopes += std::string(4 + 2 * i, ' ') + "with pl.scope():\n";
  scopes += std::string(4 + 2 * (Lexer::kMaxIndentDepth - 2), ' ') + "pass\n";
  Parsed nested = parse(scopes);
  EXPECT_TRUE(nested.ok) << nested.errors;
}

TEST(ParseDriver, LongFlatChainsDoNotNest) {
  // As long as a statement may be: later stages walk expressions
  // recursively, so the lexer caps the operators of a statement.
  std::string chain = "x = 1";
  for (unsigned i = 0; i < Lexer::kMaxStatementOperators; ++i)
    chain += " + a";
  Parsed p = parse(chain + "\n");
  EXPECT_TRUE(p.ok) << p.errors;
  Parsed tooLong = parse(chain + " + a\n");
  EXPECT_FALSE(tooLong.ok);
  EXPECT_NE(tooLong.errors.find("statement too complex"), std::string::npos)
      << tooLong.errors;
}

TEST(ParseDriver, ManyScopesParseOneStatementAtATime) {
  std::string src = "import pypto.language as pl\n@pl.program\nclass C:\n"
                    "    def main(self, x: pl.Tensor[[4], pl.INT32]):\n";
  for (unsigned i = 0; i < 2000; ++i)
    src += "        with pl.at(level=pl.Level.CORE_GROUP, deps=[t]) as t:\n"
           "            x = pl.store(pl.load(x, [0], [4]), [0], x)\n";
  src += "        return x\n";
  Parsed p = parse(src);
  EXPECT_TRUE(p.ok) << p.errors;
  // import, class, def, 2000 scopes, return, end-def, end-class.
  EXPECT_EQ(p.pieces.size(), 2000u + 6u);
  EXPECT_EQ(p.stats.llFallbacks, 0u);
}

/// No prefix of a valid program crashes the parser, and every failure is
/// reported: the parse fails exactly when an error was printed.
TEST(ParseDriver, EveryTruncationIsHandled) {
  for (const char *name : kExamples) {
    std::string full = readExample(name);
    for (size_t len = 0; len <= full.size(); len += 3) {
      Parsed p = parse(llvm::StringRef(full).take_front(len));
      EXPECT_EQ(p.ok, p.errorCount == 0) << name << " at " << len << "\n"
                                         << p.errors;
      EXPECT_LE(p.errorCount, 1u) << name << " at " << len;
    }
  }
}

} // namespace
