//===- ParseDriver.cpp - Two-stage, piecewise parse of a .pl file
//----------===//

#include "frontend/ParseDriver.h"

#include "frontend/Lexer.h"
#include "frontend/Prediction.h"
#include "frontend/TokenStream.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace plc;
using namespace plc::frontend;
using P = plc::grammar::PLParser;

ParseConsumer::~ParseConsumer() = default;

//===----------------------------------------------------------------------===//
// Syntax error messages
//===----------------------------------------------------------------------===//

static std::string describeFound(const Token &tok) {
  // Layout tokens produced at the very end are the end of the file.
  if (tok.kind() != P::EOF && tok.text().empty() &&
      tok.text().begin() ==
          static_cast<Lexer *>(tok.getTokenSource())->buffer().end())
    return "end of file";
  switch (tok.kind()) {
  case P::EOF:
    return "end of file";
  case P::NEWLINE:
    return "end of line";
  case P::INDENT:
    return "an indented block";
  case P::DEDENT:
    return "the end of the block";
  case P::NAME:
    return ("name '" + tok.text() + "'").str();
  case P::INT:
  case P::FLOAT:
    return ("number '" + tok.text() + "'").str();
  case P::STRING:
    return "a string literal";
  default:
    return ("'" + tok.text() + "'").str();
  }
}

static std::string describeExpected(size_t kind,
                                    const antlr4::dfa::Vocabulary &vocab) {
  switch (kind) {
  case P::EOF:
    return "end of file";
  case P::NEWLINE:
    return "end of line";
  case P::INDENT:
    return "an indented block";
  case P::DEDENT:
    return "the end of the block";
  case P::NAME:
    return "a name";
  case P::INT:
    return "an integer";
  case P::FLOAT:
    return "a number";
  case P::STRING:
    return "a string literal";
  default:
    return vocab.getLiteralName(kind);
  }
}

static const size_t kExprStart[] = {
    P::NOT, P::PLUS,  P::MINUS,  P::TILDE, P::LPAR, P::LSQB, P::NAME,
    P::INT, P::FLOAT, P::STRING, P::NONE,  P::TRUE, P::FALSE};
static const size_t kOperators[] = {
    P::PLUS,   P::MINUS,  P::STAR, P::SLASH, P::DSLASH, P::PERCENT,
    P::LSHIFT, P::RSHIFT, P::AMP,  P::PIPE,  P::CARET,  P::DSTAR,
    P::EQ,     P::NE,     P::LT,   P::LE,    P::GT,     P::GE,
    P::AND,    P::OR,     P::LPAR, P::LSQB,  P::DOT};

/// "expected ':' or '->'" in words, with the long token classes collapsed.
static std::string expectedList(const antlr4::misc::IntervalSet &set,
                                const antlr4::dfa::Vocabulary &vocab) {
  std::vector<ssize_t> kinds = set.toList();
  auto has = [&](size_t k) {
    return std::find(kinds.begin(), kinds.end(), static_cast<ssize_t>(k)) !=
           kinds.end();
  };
  auto drop = [&](llvm::ArrayRef<size_t> group) {
    kinds.erase(std::remove_if(kinds.begin(), kinds.end(),
                               [&](ssize_t k) {
                                 return llvm::is_contained(
                                     group, static_cast<size_t>(k));
                               }),
                kinds.end());
  };
  llvm::SmallVector<std::string, 8> words;
  bool anOperator = has(P::STAR) && has(P::SLASH) && has(P::EQ);
  if (anOperator)
    drop(kOperators);
  bool anExpression = has(P::NAME) && has(P::INT) && has(P::LPAR);
  if (anExpression)
    drop(kExprStart);
  bool endOfLine = has(P::NEWLINE);
  if (endOfLine)
    drop({static_cast<size_t>(P::NEWLINE)});
  for (ssize_t k : kinds)
    if (k != static_cast<ssize_t>(antlr4::Token::EPSILON))
      words.push_back(describeExpected(static_cast<size_t>(k), vocab));
  if (anExpression)
    words.push_back("an expression");
  if (anOperator)
    words.push_back("an operator");
  if (endOfLine)
    words.push_back("end of line");
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    if (i)
      out += i + 1 == words.size() ? " or " : ", ";
    out += words[i];
  }
  return out;
}

namespace {

/// The second-stage strategy: no recovery. The first error is reported as a
/// diagnostic and the parse of the piece is abandoned.
class ReportingErrorStrategy final : public antlr4::DefaultErrorStrategy {
public:
  ReportingErrorStrategy(DiagnosticEngine &diags, Lexer &lexer)
      : diags(diags), lexer(lexer) {}

  void reportError(antlr4::Parser *parser,
                   const antlr4::RecognitionException &e) override {
    // After a lexical error the parser sees a premature EOF; the lexer has
    // already said what is wrong.
    if (lexer.hadError() || reported)
      return;
    reported = true;
    auto *found = static_cast<Token *>(e.getOffendingToken());
    if (!found)
      found = static_cast<Token *>(parser->getCurrentToken());
    const antlr4::dfa::Vocabulary &vocab = parser->getVocabulary();

    if (found->kind() == P::INDENT) {
      diags.error(found->loc(), "unexpected indent");
      return;
    }
    // A no-viable-alternative error found beyond its decision's first token
    // has no precise expected set.
    if (auto *nva = dynamic_cast<const antlr4::NoViableAltException *>(&e)) {
      if (nva->getStartToken() != found) {
        diags.error(found->span(),
                    "invalid syntax: unexpected " + describeFound(*found));
        return;
      }
    }
    antlr4::misc::IntervalSet expected = e.getExpectedTokens();
    if (expected.contains(static_cast<size_t>(P::INDENT))) {
      diags.error(found->span(),
                  "expected an indented block, found " + describeFound(*found));
      return;
    }
    std::string list = expectedList(expected, vocab);
    if (list.empty()) {
      diags.error(found->span(),
                  "invalid syntax: unexpected " + describeFound(*found));
      return;
    }
    diags.error(found->span(),
                "expected " + list + ", found " + describeFound(*found));
  }

  void recover(antlr4::Parser *, std::exception_ptr) override {
    throw antlr4::ParseCancellationException();
  }
  antlr4::Token *recoverInline(antlr4::Parser *parser) override {
    throw antlr4::InputMismatchException(parser);
  }
  void sync(antlr4::Parser *) override {}

  bool reported = false;

private:
  DiagnosticEngine &diags;
  Lexer &lexer;
};

/// Drives the parser piece by piece; see ParseDriver.h.
class Driver {
public:
  Driver(llvm::StringRef buffer, llvm::StringRef name, DiagnosticEngine &diags,
         ParseConsumer &consumer, ParseStats *stats)
      : diags(diags), consumer(consumer), stats(stats),
        lexer(buffer, name, diags), tokens(lexer), parser(&tokens),
        bail(std::make_shared<antlr4::BailErrorStrategy>()),
        reporting(std::make_shared<ReportingErrorStrategy>(diags, lexer)) {
    parser.removeErrorListeners();
    parser.setBuildParseTree(true);
    PredictionSimulator::install(parser);
  }

  bool run();

private:
  /// Parses one piece with `rule`: SLL first, full LL if that fails. Returns
  /// null after reporting an error.
  template <typename Ctx> Ctx *parsePiece(Ctx *(P::*rule)());
  /// Frees the last piece's tree and tokens.
  void release() {
    parser.releaseTrees();
    tokens.discardConsumed();
  }
  bool expectDedent();
  bool parseClass(P::ClassHeadContext *head);
  bool parseFunction(P::FuncHeadContext *head);
  size_t peek() { return tokens.lookahead(1)->kind(); }

  DiagnosticEngine &diags;
  ParseConsumer &consumer;
  ParseStats *stats;
  Lexer lexer;
  TokenStream tokens;
  P parser;
  std::shared_ptr<antlr4::BailErrorStrategy> bail;
  std::shared_ptr<ReportingErrorStrategy> reporting;
};

} // namespace

template <typename Ctx> Ctx *Driver::parsePiece(Ctx *(P::*rule)()) {
  if (stats)
    ++stats->pieces;
  size_t start = tokens.index();
  auto *interp = parser.getInterpreter<antlr4::atn::ParserATNSimulator>();
  interp->setPredictionMode(antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(bail);
  try {
    Ctx *ctx = (parser.*rule)();
    if (!lexer.hadError())
      return ctx;
  } catch (antlr4::ParseCancellationException &) {
  }
  if (lexer.hadError())
    return nullptr;

  if (stats)
    ++stats->llFallbacks;
  parser.reset();
  tokens.seek(start);
  interp->setPredictionMode(antlr4::atn::PredictionMode::LL);
  parser.setErrorHandler(reporting);
  Ctx *ctx = nullptr;
  try {
    ctx = (parser.*rule)();
  } catch (antlr4::ParseCancellationException &) {
    ctx = nullptr;
  }
  if (lexer.hadError() || reporting->reported)
    return nullptr;
  if (!ctx) {
    // Every failure path reports; this is a backstop, not a user message.
    diags.error(tokens.lookahead(1)->loc(), "invalid syntax");
    return nullptr;
  }
  return ctx;
}

bool Driver::expectDedent() {
  Token *tok = tokens.lookahead(1);
  if (tok->kind() != P::DEDENT) {
    if (!lexer.hadError())
      diags.error(tok->span(), "expected the end of the block, found " +
                                   describeFound(*tok));
    return false;
  }
  tokens.consume();
  release();
  return true;
}

bool Driver::parseFunction(P::FuncHeadContext *head) {
  if (!consumer.functionBegin(head))
    return false;
  release();
  while (peek() != P::DEDENT) {
    P::StmtContext *stmt = parsePiece(&P::stmt);
    if (!stmt || !consumer.functionStmt(stmt))
      return false;
    release();
  }
  return expectDedent() && consumer.functionEnd();
}

bool Driver::parseClass(P::ClassHeadContext *head) {
  if (!consumer.classBegin(head))
    return false;
  release();
  while (peek() != P::DEDENT) {
    P::ClassItemContext *item = parsePiece(&P::classItem);
    if (!item)
      return false;
    if (P::FuncHeadContext *fn = item->funcHead()) {
      if (!parseFunction(fn))
        return false;
      continue;
    }
    if (!consumer.classStmt(item->simpleStmt()))
      return false;
    release();
  }
  return expectDedent() && consumer.classEnd();
}

bool Driver::run() {
  while (peek() != P::EOF) {
    P::TopItemContext *item = parsePiece(&P::topItem);
    if (!item)
      return false;
    if (P::ClassHeadContext *head = item->classHead()) {
      if (!parseClass(head))
        return false;
      continue;
    }
    if (!consumer.moduleStmt(item->simpleStmt()))
      return false;
    release();
  }
  return !lexer.hadError();
}

bool plc::frontend::parseSyntax(llvm::StringRef buffer,
                                llvm::StringRef bufferName,
                                DiagnosticEngine &diags,
                                ParseConsumer &consumer, ParseStats *stats) {
  Driver driver(buffer, bufferName, diags, consumer, stats);
  return driver.run();
}
