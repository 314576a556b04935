//===- LexerTest.cpp - The indentation-aware scanner
//-----------------------===//

#include "frontend/Lexer.h"
#include "frontend/TokenStream.h"

#include "PLLexer.h"
#include "PLParser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace plc;
using namespace plc::frontend;
using P = plc::grammar::PLParser;

namespace {

struct Lexed {
  std::vector<uint32_t> kinds;
  std::vector<std::string> texts;
  std::vector<std::pair<unsigned, unsigned>> positions; // line, 0-based col
  std::string errors;
  bool failed = false;
};

/// Registers `source` with a fresh engine and scans it to EOF.
Lexed lex(llvm::StringRef source) {
  Lexed out;
  llvm::raw_string_ostream os(out.errors);
  DiagnosticEngine diags(&os);
  llvm::StringRef buf =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "t.pl"));
  Lexer lexer(buf, "t.pl", diags);
  for (unsigned guard = 0; guard < 100000; ++guard) {
    Token tok;
    lexer.lex(tok);
    if (tok.kind() == P::EOF)
      break;
    out.kinds.push_back(tok.kind());
    out.texts.push_back(tok.text().str());
    out.positions.push_back(
        {unsigned(tok.getLine()), unsigned(tok.getCharPositionInLine())});
    // Token text is a slice of the registered buffer.
    EXPECT_GE(tok.text().begin(), buf.begin());
    EXPECT_LE(tok.text().end(), buf.end());
  }
  out.failed = lexer.hadError();
  os.flush();
  return out;
}

std::vector<uint32_t> kinds(std::initializer_list<uint32_t> list) {
  return std::vector<uint32_t>(list);
}

TEST(Lexer, SimpleStatement) {
  Lexed l = lex("x = a + 12\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds,
            kinds({P::NAME, P::ASSIGN, P::NAME, P::PLUS, P::INT, P::NEWLINE}));
  EXPECT_EQ(l.texts[4], "12");
  EXPECT_EQ(l.positions[2], std::make_pair(1u, 4u));
}

TEST(Lexer, MissingFinalNewlineStillEndsTheLine) {
  Lexed l = lex("pass");
  EXPECT_EQ(l.kinds, kinds({P::PASS, P::NEWLINE}));
}

TEST(Lexer, IndentAndDedent) {
  Lexed l = lex("if a:\n"
                "    if b:\n"
                "        pass\n"
                "x\n");
  EXPECT_FALSE(l.failed) << l.errors;
  EXPECT_EQ(l.kinds,
            kinds({P::IF, P::NAME, P::COLON, P::NEWLINE, P::INDENT, P::IF,
                   P::NAME, P::COLON, P::NEWLINE, P::INDENT, P::PASS,
                   P::NEWLINE, P::DEDENT, P::DEDENT, P::NAME, P::NEWLINE}));
  // The dedents sit where the next line starts.
  EXPECT_EQ(l.positions[12], std::make_pair(4u, 0u));
}

TEST(Lexer, BlocksCloseAtEndOfFile) {
  Lexed l = lex("def f():\n    pass");
  EXPECT_EQ(l.kinds,
            kinds({P::DEF, P::NAME, P::LPAR, P::RPAR, P::COLON, P::NEWLINE,
                   P::INDENT, P::PASS, P::NEWLINE, P::DEDENT}));
}

TEST(Lexer, AnyConsistentIndentWidthIsAccepted) {
  Lexed l = lex("if a:\n  x\n  y\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds,
            kinds({P::IF, P::NAME, P::COLON, P::NEWLINE, P::INDENT, P::NAME,
                   P::NEWLINE, P::NAME, P::NEWLINE, P::DEDENT}));
}

TEST(Lexer, BlankLinesAndCommentsProduceNothing) {
  Lexed l = lex("# header\n"
                "\n"
                "x = 1  # trailing\n"
                "   \n"
                "        # indented comment\n"
                "y\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds, kinds({P::NAME, P::ASSIGN, P::INT, P::NEWLINE, P::NAME,
                            P::NEWLINE}));
  EXPECT_EQ(l.positions[4], std::make_pair(6u, 0u));
}

TEST(Lexer, BracketsJoinLines) {
  Lexed l = lex("f(a,\n"
                "      b)\n"
                "[1,\n"
                "# comment inside\n"
                "2]\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds, kinds({P::NAME, P::LPAR, P::NAME, P::COMMA, P::NAME,
                            P::RPAR, P::NEWLINE, P::LSQB, P::INT, P::COMMA,
                            P::INT, P::RSQB, P::NEWLINE}));
  EXPECT_EQ(l.positions[4], std::make_pair(2u, 6u));
}

TEST(Lexer, BackslashJoinsLines) {
  Lexed l = lex("x = 1 + \\\n    2\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds,
            kinds({P::NAME, P::ASSIGN, P::INT, P::PLUS, P::INT, P::NEWLINE}));
}

TEST(Lexer, CrLfLineEndings) {
  Lexed l = lex("if a:\r\n    b\r\n");
  EXPECT_FALSE(l.failed) << l.errors;
  EXPECT_EQ(l.kinds, kinds({P::IF, P::NAME, P::COLON, P::NEWLINE, P::INDENT,
                            P::NAME, P::NEWLINE, P::DEDENT}));
}

TEST(Lexer, KeywordsAndNames) {
  Lexed l = lex("import as class def return with for in if elif else and or "
                "not True False None pass break continue pl _x1 Truex\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds,
            kinds({P::IMPORT, P::AS,   P::CLASS, P::DEF,    P::RETURN,
                   P::WITH,   P::FOR,  P::IN,    P::IF,     P::ELIF,
                   P::ELSE,   P::AND,  P::OR,    P::NOT,    P::TRUE,
                   P::FALSE,  P::NONE, P::PASS,  P::BREAK,  P::CONTINUE,
                   P::NAME,   P::NAME, P::NAME,  P::NEWLINE}));
}

TEST(Lexer, OperatorsTakeTheLongestMatch) {
  Lexed l = lex("== != <= >= << >> < > -> - ** * // / % & | ^ ~ = @ . ; :\n");
  EXPECT_FALSE(l.failed);
  EXPECT_EQ(l.kinds,
            kinds({P::EQ,     P::NE,   P::LE,     P::GE,    P::LSHIFT,
                   P::RSHIFT, P::LT,   P::GT,     P::ARROW, P::MINUS,
                   P::DSTAR,  P::STAR, P::DSLASH, P::SLASH, P::PERCENT,
                   P::AMP,    P::PIPE, P::CARET,  P::TILDE, P::ASSIGN,
                   P::AT,     P::DOT,  P::SEMI,   P::COLON, P::NEWLINE}));
}

TEST(Lexer, Numbers) {
  Lexed l = lex("0 42 0x1F 0XfF 1_000 1.5 2e3 .5 1. 1e-3 3.25E+2 0o17 0b101\n");
  EXPECT_FALSE(l.failed) << l.errors;
  EXPECT_EQ(l.kinds, kinds({P::INT, P::INT, P::INT, P::INT, P::INT, P::FLOAT,
                            P::FLOAT, P::FLOAT, P::FLOAT, P::FLOAT, P::FLOAT,
                            P::INT, P::INT, P::NEWLINE}));
  EXPECT_EQ(l.texts[2], "0x1F");
  EXPECT_EQ(l.texts[10], "3.25E+2");
}

TEST(Lexer, BadNumbers) {
  for (const char *bad : {"1e\n", "0x\n", "12abc\n", "1.5.2\n", "0b2\n"}) {
    Lexed l = lex(bad);
    EXPECT_TRUE(l.failed) << bad;
    EXPECT_NE(l.errors.find("t.pl:1:1: error: invalid"), std::string::npos)
        << bad << ": " << l.errors;
  }
}

TEST(Lexer, Strings) {
  Lexed l = lex("'a' \"b\\\"c\" '''x\ny''' \"\" z\n");
  EXPECT_FALSE(l.failed) << l.errors;
  EXPECT_EQ(l.kinds, kinds({P::STRING, P::STRING, P::STRING, P::STRING, P::NAME,
                            P::NEWLINE}));
  EXPECT_EQ(l.texts[1], "\"b\\\"c\"");
  EXPECT_EQ(l.texts[2], "'''x\ny'''");
  // The triple-quoted string spans a line; what follows knows its line.
  EXPECT_EQ(l.positions[4], std::make_pair(2u, 8u));
}

TEST(Lexer, UnterminatedString) {
  Lexed l = lex("x = 'abc\ny\n");
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("t.pl:1:5: error: unterminated string literal"),
            std::string::npos)
      << l.errors;
}

TEST(Lexer, TabsAreRejected) {
  Lexed l = lex("if a:\n\tpass\n");
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("t.pl:2:1: error: tab character"), std::string::npos)
      << l.errors;
  Lexed mid = lex("x =\t1\n");
  EXPECT_TRUE(mid.failed);
  EXPECT_NE(mid.errors.find("t.pl:1:4: error: tab character"),
            std::string::npos)
      << mid.errors;
  // Tabs inside comments and strings are text.
  Lexed ok = lex("x = '\t'  #\tfine\n");
  EXPECT_FALSE(ok.failed) << ok.errors;
}

TEST(Lexer, InconsistentDedent) {
  Lexed l = lex("if a:\n    b\n  c\n");
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("t.pl:3:3: error: unindent does not match any "
                          "outer indentation level"),
            std::string::npos)
      << l.errors;
}

TEST(Lexer, UnbalancedBrackets) {
  Lexed closeOnly = lex("x = 1)\n");
  EXPECT_NE(closeOnly.errors.find("t.pl:1:6: error: unmatched ')'"),
            std::string::npos)
      << closeOnly.errors;
  Lexed mismatch = lex("x = (1,\n  2]\n");
  EXPECT_NE(mismatch.errors.find("t.pl:2:4: error: closing ']' does not "
                                 "match opening '(' on line 1"),
            std::string::npos)
      << mismatch.errors;
  Lexed unclosed = lex("x = f([1,\n  2]\n");
  EXPECT_NE(unclosed.errors.find("t.pl:1:6: error: '(' was never closed"),
            std::string::npos)
      << unclosed.errors;
}

TEST(Lexer, UnexpectedCharacter) {
  Lexed l = lex("x = $\n");
  EXPECT_NE(l.errors.find("t.pl:1:5: error: unexpected character '$'"),
            std::string::npos)
      << l.errors;
  Lexed nul = lex(llvm::StringRef("x\0y\n", 4));
  EXPECT_NE(nul.errors.find("unexpected character '\\x00'"), std::string::npos)
      << nul.errors;
}

TEST(Lexer, OnlyTheFirstErrorIsReported) {
  Lexed l = lex("x = $ $ $\n\ty\n");
  EXPECT_EQ(l.errors.find("error:"), l.errors.rfind("error:")) << l.errors;
}

TEST(Lexer, BracketNestingLimit) {
  unsigned limit = Lexer::kMaxBracketDepth;
  std::string ok =
      "x = " + std::string(limit, '(') + "1" + std::string(limit, ')') + "\n";
  EXPECT_FALSE(lex(ok).failed);
  std::string deep = "x = " + std::string(limit + 1, '[') + "\n";
  Lexed l = lex(deep);
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("nesting too deep"), std::string::npos) << l.errors;
}

TEST(Lexer, IndentationLimit) {
  auto nested = [](unsigned levels) {
    std::string s;
    for (unsigned i = 0; i < levels; ++i)
      s += std::string(i, ' ') + "if a:\n";
    s += std::string(levels, ' ') + "pass\n";
    return s;
  };
  EXPECT_FALSE(lex(nested(Lexer::kMaxIndentDepth)).failed);
  Lexed l = lex(nested(Lexer::kMaxIndentDepth + 1));
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("nesting too deep"), std::string::npos) << l.errors;
}

TEST(Lexer, PrefixOperatorLimit) {
  std::string ok = "x = " + std::string(Lexer::kMaxUnaryRun, '-') + "1\n";
  EXPECT_FALSE(lex(ok).failed);
  std::string deep = "x = " + std::string(Lexer::kMaxUnaryRun + 1, '-') + "1\n";
  Lexed l = lex(deep);
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("nesting too deep"), std::string::npos) << l.errors;
  // Brackets do not reset the count; operands do.
  std::string parens;
  for (unsigned i = 0; i <= Lexer::kMaxUnaryRun; ++i)
    parens += "-(";
  EXPECT_TRUE(lex("x = " + parens + "\n").failed);
  std::string chain = "x = 1";
  for (unsigned i = 0; i < Lexer::kMaxStatementOperators / 2; ++i)
    chain += " - -1";
  EXPECT_FALSE(lex(chain + "\n").failed);
}

TEST(Lexer, StatementLimits) {
  // Operators of one logical line, whatever their kind and nesting; the
  // token limit is checked end to end by the bad-input corpus.
  std::string ops = "x = (1";
  for (unsigned i = 0; i < Lexer::kMaxStatementOperators; ++i)
    ops += i % 2 ? " * 1" : " + 1";
  ops += ")";
  EXPECT_FALSE(lex(ops + "\n").failed);
  Lexed l = lex(ops + " and y\n");
  EXPECT_TRUE(l.failed);
  EXPECT_NE(l.errors.find("statement too complex: more than 1000 operators"),
            std::string::npos)
      << l.errors;
  // The count starts again on every logical line.
  EXPECT_FALSE(lex(ops + "\n" + ops + "\n").failed);
}

TEST(Lexer, AntlrTokenSourceInterface) {
  DiagnosticEngine diags;
  llvm::StringRef buf =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy("ab = 1\n", "t.pl"));
  Lexer lexer(buf, "t.pl", diags);
  std::unique_ptr<antlr4::Token> tok = lexer.nextToken();
  EXPECT_EQ(tok->getType(), size_t(P::NAME));
  EXPECT_EQ(tok->getText(), "ab");
  EXPECT_EQ(tok->getStartIndex(), 0u);
  EXPECT_EQ(tok->getStopIndex(), 1u);
  EXPECT_EQ(tok->getTokenIndex(), 0u);
  EXPECT_EQ(lexer.nextToken()->getTokenIndex(), 1u);
  EXPECT_EQ(lexer.getSourceName(), "t.pl");
}

TEST(TokenStream, WindowIsDiscardedAfterConsumption) {
  DiagnosticEngine diags;
  llvm::StringRef buf =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy("a b c\n", "t.pl"));
  Lexer lexer(buf, "t.pl", diags);
  TokenStream ts(lexer);
  EXPECT_EQ(ts.LA(1), size_t(P::NAME));
  EXPECT_EQ(ts.LT(3)->getText(), "c");
  ts.consume();
  ts.consume();
  EXPECT_EQ(ts.LT(-1)->getText(), "b");
  ts.discardConsumed();
  EXPECT_EQ(ts.LT(-1), nullptr);
  EXPECT_EQ(ts.LT(1)->getText(), "c");
  EXPECT_EQ(ts.index(), 2u);
  // The end repeats EOF.
  EXPECT_EQ(ts.LA(10), size_t(antlr4::Token::EOF));
  ts.consume();
  ts.consume();
  EXPECT_EQ(ts.LA(1), size_t(antlr4::Token::EOF));
  EXPECT_THROW(ts.consume(), antlr4::IllegalStateException);
}

/// Thousands of tokens: lookahead, consumption and discarding across the
/// stream's internal chunks keep every buffered token where the parse tree
/// saw it, and the window forgets only what was consumed.
TEST(TokenStream, LongStreamKeepsBufferedTokensInPlace) {
  std::string source;
  const unsigned kNames = 5000;
  for (unsigned i = 0; i < kNames; ++i)
    source += "n" + std::to_string(i) + (i % 10 == 9 ? "\n" : " ");
  DiagnosticEngine diags;
  llvm::StringRef buf =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "t.pl"));
  Lexer lexer(buf, "t.pl", diags);
  TokenStream ts(lexer);

  // Token indices: ten names then a NEWLINE, so name i is at i + i / 10.
  auto indexOf = [](unsigned name) { return name + name / 10; };
  antlr4::Token *first = ts.LT(1);
  antlr4::Token *far = ts.LT(static_cast<ssize_t>(indexOf(1500)) + 1);
  EXPECT_EQ(far->getText(), "n1500");
  while (ts.index() < indexOf(1500))
    ts.consume();
  EXPECT_EQ(ts.LT(1), far);
  EXPECT_EQ(first->getText(), "n0"); // still buffered: nothing discarded
  EXPECT_EQ(ts.get(0), first);
  EXPECT_EQ(ts.getText(antlr4::misc::Interval(size_t(indexOf(1501)),
                                              size_t(indexOf(1502)))),
            "n1501 n1502");

  ts.discardConsumed();
  EXPECT_THROW(ts.get(0), antlr4::IndexOutOfBoundsException);
  EXPECT_EQ(ts.LT(-1), nullptr);
  EXPECT_EQ(ts.LT(1), far);
  EXPECT_EQ(ts.get(indexOf(1500)), far);

  // Walk the rest, discarding as the driver does after each statement.
  for (unsigned name = 1500; name < kNames; ++name) {
    ASSERT_EQ(ts.LT(1)->getText(), "n" + std::to_string(name));
    ts.consume();
    if (name % 10 == 9) {
      ASSERT_EQ(ts.LA(1), size_t(P::NEWLINE));
      ts.consume();
      ts.discardConsumed();
    }
  }
  EXPECT_EQ(ts.LA(1), size_t(antlr4::Token::EOF));
  EXPECT_EQ(ts.size(), ts.index() + 1);
  // Seeking before the window lands on its start.
  size_t end = ts.index();
  ts.seek(0);
  EXPECT_EQ(ts.index(), end);
}

/// The hand-written scanner agrees with the grammar's lexer rules: on
/// non-layout tokens, its kinds and texts equal what the ANTLR-generated
/// lexer of PL.g4 produces.
TEST(Lexer, AgreesWithTheGrammarsLexerRules) {
  const char *source =
      "# pypto.program: P\n"
      "import pypto.language as pl\n"
      "R = 0x80\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[R, 64], pl.FP32],\n"
      "          out: pl.Out[pl.Tensor[[R, 64], pl.FP32]]) -> "
      "pl.Tensor[[R, 64], pl.FP32]:\n"
      "        t: pl.Tile[[R, 64], pl.FP32] = pl.load(x, [0, 0], [R, 64])\n"
      "        v = pl.const(-3, pl.INT32) // 2 % 7 << 1 >> 1\n"
      "        w = 1.5e-3 * .25 / 2. ** 2 if a <= b != c else ~d\n"
      "        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"k\") as t:\n"
      "            pass\n"
      "        return pl.store(t, [0, 0], out)\n";
  DiagnosticEngine diags;
  llvm::StringRef buf =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, "t.pl"));
  Lexer ours(buf, "t.pl", diags);
  antlr4::ANTLRInputStream input(buf.str());
  plc::grammar::PLLexer theirs(&input);
  theirs.removeErrorListeners();
  std::vector<std::pair<size_t, std::string>> a, b;
  for (;;) {
    Token tok;
    ours.lex(tok);
    if (tok.kind() == P::EOF)
      break;
    if (tok.kind() != P::NEWLINE && tok.kind() != P::INDENT &&
        tok.kind() != P::DEDENT)
      a.push_back({tok.kind(), tok.text().str()});
  }
  for (;;) {
    std::unique_ptr<antlr4::Token> tok = theirs.nextToken();
    if (tok->getType() == antlr4::Token::EOF)
      break;
    if (tok->getType() != P::NEWLINE)
      b.push_back({tok->getType(), tok->getText()});
  }
  EXPECT_FALSE(ours.hadError());
  EXPECT_EQ(a, b);
  EXPECT_GT(a.size(), 150u);
}

} // namespace
