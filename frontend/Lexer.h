//===- Lexer.h - Indentation-aware scanner for .pl ---------------*- C++
//-*-===//
///
/// \file
/// The token source of the `.pl` parser: a hand-written scanner producing
/// tokens of the grammar's vocabulary (grammar/PL.g4) directly from the
/// source buffer. It implements Python's layout rules: NEWLINE ends a logical
/// line, INDENT/DEDENT track indentation, blank lines and comments produce
/// nothing, and lines are joined inside brackets and after a backslash.
///
/// Tokens point into the buffer (no per-token strings). Lexical errors (tabs,
/// bad characters, unbalanced brackets, inconsistent dedents, nesting beyond
/// the limits that keep the recursive-descent parser off the end of the
/// stack) are reported once through the DiagnosticEngine; the scanner then
/// returns EOF forever and hadError() is true.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_LEXER_H
#define PLC_FRONTEND_LEXER_H

#include "ir/Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include "antlr4-runtime.h"

#include <cstdint>
#include <memory>
#include <string>

namespace plc {
namespace frontend {

/// One token. Kinds are the grammar's token types (plc::grammar::PLParser::
/// NAME, ...); the text is a slice of the source buffer (empty for INDENT,
/// DEDENT and EOF, which sit at the position they were produced).
class Token final : public antlr4::Token {
public:
  Token() = default;

  llvm::StringRef text() const { return llvm::StringRef(begin, length); }
  Loc loc() const { return Loc{llvm::SMLoc::getFromPointer(begin)}; }
  /// The token's extent, for diagnostics that underline it.
  Span span() const {
    return Span{loc(), Loc{llvm::SMLoc::getFromPointer(begin + length)}};
  }
  size_t kind() const { return type; }

  // antlr4::Token.
  std::string getText() const override;
  size_t getType() const override { return type; }
  size_t getLine() const override { return line; }
  size_t getCharPositionInLine() const override { return column; }
  size_t getChannel() const override { return DEFAULT_CHANNEL; }
  size_t getTokenIndex() const override { return index; }
  size_t getStartIndex() const override;
  size_t getStopIndex() const override;
  antlr4::TokenSource *getTokenSource() const override;
  antlr4::CharStream *getInputStream() const override { return nullptr; }
  std::string toString() const override;

private:
  friend class Lexer;
  friend class TokenStream;
  const char *begin = nullptr;
  class Lexer *source = nullptr;
  size_t index = 0;
  size_t type = 0;
  uint32_t length = 0;
  uint32_t line = 0;
  uint32_t column = 0; // 0-based, in bytes, as ANTLR counts
};

class Lexer final : public antlr4::TokenSource {
public:
  /// Limits beyond which input is rejected as "nesting too deep" instead of
  /// recursing deeper in the parser.
  static constexpr unsigned kMaxBracketDepth = 256;
  static constexpr unsigned kMaxIndentDepth = 100;
  static constexpr unsigned kMaxUnaryRun = 64;
  /// Limits on one statement (a logical line): its operators bound the depth
  /// of the expressions later stages walk recursively ("statement too
  /// complex"), its tokens the parse tree held at once ("statement too
  /// long").
  static constexpr unsigned kMaxStatementOperators = 1000;
  static constexpr unsigned kMaxStatementTokens = 100000;

  /// Scans `buffer`, which must be registered with `diags` (diagnostics point
  /// into it) and outlive the lexer.
  Lexer(llvm::StringRef buffer, llvm::StringRef bufferName,
        DiagnosticEngine &diags);
  ~Lexer() override;

  /// The fast path: scans the next token into `tok`.
  void lex(Token &tok);

  bool hadError() const { return failed; }
  llvm::StringRef buffer() const {
    return llvm::StringRef(bufStart, bufEnd - bufStart);
  }

  // antlr4::TokenSource.
  std::unique_ptr<antlr4::Token> nextToken() override;
  size_t getLine() const override { return line; }
  size_t getCharPositionInLine() override { return cur - lineStart; }
  antlr4::CharStream *getInputStream() override { return nullptr; }
  std::string getSourceName() override { return name; }
  antlr4::TokenFactory<antlr4::CommonToken> *getTokenFactory() override;

private:
  void form(Token &tok, size_t kind, const char *start, const char *stop);
  /// Handles the start of a logical line: skips blank lines, measures the
  /// indentation and queues INDENT/DEDENT. Returns false on error.
  bool startLine();
  void lexNumber(Token &tok, const char *start);
  void lexString(Token &tok, const char *start);
  void lexIdentifier(Token &tok, const char *start);
  void lexEnd(Token &tok);
  /// Reports `message` at `at` (once), and makes `tok` the final EOF.
  void fail(Token &tok, const char *at, const llvm::Twine &message);
  /// Counts one more operator of the statement; false (after reporting) past
  /// kMaxStatementOperators.
  bool countOperator(Token &tok, const char *at);
  void newLine(const char *next) {
    ++line;
    lineStart = next;
  }

  const char *bufStart;
  const char *bufEnd;
  const char *cur;
  const char *lineStart;
  std::string name;
  DiagnosticEngine &diags;

  uint32_t line = 1;
  size_t nextIndex = 0;
  /// Indentation widths of the open blocks; the outermost is 0.
  llvm::SmallVector<uint32_t, 16> indents;
  /// Open brackets, innermost last.
  llvm::SmallVector<const char *, 16> brackets;
  unsigned pendingDedents = 0;
  unsigned unaryRun = 0;
  /// Tokens and operators of the current logical line.
  unsigned lineTokens = 0;
  unsigned lineOperators = 0;
  bool atLineStart = true;
  bool lineHasTokens = false;
  bool failed = false;
  bool finished = false;
};

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_LEXER_H
