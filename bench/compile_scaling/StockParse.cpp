//===- StockParse.cpp - The stock ANTLR parse of a file, as a floor -------===//

#include "StockParse.h"

#include "PLLexer.h"
#include "PLParser.h"

#include "antlr4-runtime.h"

#include <deque>
#include <memory>
#include <vector>

namespace plc {
namespace bench {
namespace {

using grammar::PLLexer;
using grammar::PLParser;

/// Wraps the generated lexer, whose NEWLINE is every physical newline and
/// which skips spaces, into the layout the parser expects: newlines inside
/// brackets and on blank lines vanish, a line's indentation (the column of
/// its first token) is compared with the enclosing ones to produce INDENT
/// and DEDENT, and the file ends with a NEWLINE and the pending DEDENTs.
class LayoutTokenSource final : public antlr4::TokenSource {
public:
  explicit LayoutTokenSource(PLLexer &lexer) : lexer(lexer) {}

  std::unique_ptr<antlr4::Token> nextToken() override {
    while (true) {
      if (!pending.empty()) {
        std::unique_ptr<antlr4::Token> token = std::move(pending.front());
        pending.pop_front();
        return token;
      }
      std::unique_ptr<antlr4::Token> token =
          lookahead ? std::move(lookahead) : lexer.nextToken();
      switch (token->getType()) {
      case PLLexer::NEWLINE:
        if (depth == 0)
          newline(std::move(token));
        continue;
      case antlr4::Token::EOF:
        if (!atLineStart)
          pending.push_back(layoutToken(PLParser::NEWLINE, *token));
        indentTo(0, *token);
        atLineStart = true;
        pending.push_back(std::move(token));
        continue;
      case PLLexer::LPAR:
      case PLLexer::LSQB:
      case PLLexer::LBRACE:
        ++depth;
        break;
      case PLLexer::RPAR:
      case PLLexer::RSQB:
      case PLLexer::RBRACE:
        if (depth > 0)
          --depth;
        break;
      default:
        break;
      }
      atLineStart = false;
      return token;
    }
  }

  size_t getLine() const override { return lexer.getLine(); }
  size_t getCharPositionInLine() override {
    return lexer.getCharPositionInLine();
  }
  antlr4::CharStream *getInputStream() override {
    return lexer.getInputStream();
  }
  std::string getSourceName() override { return lexer.getSourceName(); }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override {
    return lexer.getTokenFactory();
  }

private:
  /// A NEWLINE outside brackets: ends the logical line unless it is blank,
  /// then sets the indentation from the next line that has a token.
  void newline(std::unique_ptr<antlr4::Token> token) {
    std::unique_ptr<antlr4::Token> next = lexer.nextToken();
    while (next->getType() == PLLexer::NEWLINE)
      next = lexer.nextToken();
    if (!atLineStart)
      pending.push_back(std::move(token));
    atLineStart = true;
    if (next->getType() != antlr4::Token::EOF)
      indentTo(next->getCharPositionInLine(), *next);
    lookahead = std::move(next);
  }

  void indentTo(size_t column, const antlr4::Token &at) {
    if (column > indents.back()) {
      indents.push_back(column);
      pending.push_back(layoutToken(PLParser::INDENT, at));
      return;
    }
    while (column < indents.back()) {
      indents.pop_back();
      pending.push_back(layoutToken(PLParser::DEDENT, at));
    }
  }

  std::unique_ptr<antlr4::Token> layoutToken(size_t type,
                                             const antlr4::Token &at) {
    return lexer.getTokenFactory()->create(
        {this, lexer.getInputStream()}, type, "", antlr4::Token::DEFAULT_CHANNEL,
        at.getStartIndex(), at.getStartIndex() - 1, at.getLine(),
        at.getCharPositionInLine());
  }

  PLLexer &lexer;
  std::deque<std::unique_ptr<antlr4::Token>> pending;
  std::unique_ptr<antlr4::Token> lookahead;
  std::vector<size_t> indents{0};
  unsigned depth = 0;
  bool atLineStart = true; ///< no token of the current line emitted yet
};

} // namespace

StockParseResult stockParse(llvm::StringRef buffer) {
  StockParseResult result;
  transforms::StageClock lexClock;
  antlr4::ANTLRInputStream input(buffer.data(), buffer.size());
  PLLexer lexer(&input);
  lexer.removeErrorListeners();
  LayoutTokenSource layout(lexer);
  antlr4::CommonTokenStream tokens(&layout);
  tokens.fill();
  result.lex = lexClock.elapsed();
  result.tokens = tokens.size();

  transforms::StageClock parseClock;
  PLParser parser(&tokens);
  parser.removeErrorListeners();
  parser.getInterpreter<antlr4::atn::ParserATNSimulator>()->setPredictionMode(
      antlr4::atn::PredictionMode::SLL);
  parser.setErrorHandler(std::make_shared<antlr4::BailErrorStrategy>());
  try {
    parser.file();
    result.ok = lexer.getNumberOfSyntaxErrors() == 0;
  } catch (antlr4::ParseCancellationException &) {
    result.ok = false;
  }
  result.parse = parseClock.elapsed();
  return result;
}

} // namespace bench
} // namespace plc
