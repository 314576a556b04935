//===- TokenStream.h - Windowed token stream for the parser -----*- C++ -*-===//
///
/// \file
/// Feeds the ANTLR parser from the Lexer on demand. Unlike ANTLR's
/// BufferedTokenStream it does not keep the whole file: the parse driver
/// calls discardConsumed() after each statement, once nothing refers to the
/// tokens before the current position any more, so memory stays bounded by
/// the largest statement rather than the file.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_TOKENSTREAM_H
#define PLC_FRONTEND_TOKENSTREAM_H

#include "frontend/Lexer.h"

#include "antlr4-runtime.h"

#include <deque>

namespace plc {
namespace frontend {

class TokenStream final : public antlr4::TokenStream {
public:
  explicit TokenStream(Lexer &lexer) : lexer(lexer) {}
  ~TokenStream() override;

  /// The token `k` ahead (1 = the next one); EOF repeats at the end.
  Token *lookahead(size_t k) {
    // The parser asks for the next token many times per token: answer a
    // buffered one without a call.
    size_t i = pos + k - 1;
    if (k >= 1 && i < limit)
      return &tokens[i - base];
    return lookaheadSlow(k);
  }
  /// Frees every token before the current position.
  void discardConsumed();

  // antlr4::TokenStream.
  antlr4::Token *LT(ssize_t k) override;
  antlr4::Token *get(size_t i) const override;
  antlr4::TokenSource *getTokenSource() const override { return &lexer; }
  std::string getText(const antlr4::misc::Interval &interval) override;
  std::string getText() override;
  std::string getText(antlr4::RuleContext *ctx) override;
  std::string getText(antlr4::Token *start, antlr4::Token *stop) override;

  // antlr4::IntStream.
  void consume() override;
  size_t LA(ssize_t i) override {
    if (i > 0 && pos + static_cast<size_t>(i) - 1 < limit)
      return tokens[pos + static_cast<size_t>(i) - 1 - base].kind();
    return slowLA(i);
  }
  // Everything after the last discardConsumed() stays buffered, so marks
  // need no bookkeeping.
  ssize_t mark() override { return 0; }
  void release(ssize_t) override {}
  size_t index() override { return pos; }
  void seek(size_t index) override;
  size_t size() override { return base + tokens.size(); }
  std::string getSourceName() const override;

private:
  /// Makes token `i` available unless the stream ends before it.
  void fill(size_t i);
  Token *lookaheadSlow(size_t k);
  size_t slowLA(ssize_t i);

  Lexer &lexer;
  std::deque<Token> tokens;
  size_t base = 0; // index of tokens.front()
  size_t pos = 0;  // index of the next token to consume
  size_t limit = 0; // base + tokens.size(): one past the last buffered index
  bool sawEOF = false;
};

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_TOKENSTREAM_H
