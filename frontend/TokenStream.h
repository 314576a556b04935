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

#include <memory>
#include <vector>

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
      return &at(i);
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
      return at(pos + static_cast<size_t>(i) - 1).kind();
    return slowLA(i);
  }
  // Everything after the last discardConsumed() stays buffered, so marks
  // need no bookkeeping.
  ssize_t mark() override { return 0; }
  void release(ssize_t) override {}
  size_t index() override { return pos; }
  void seek(size_t index) override;
  size_t size() override { return limit; }
  std::string getSourceName() const override;

private:
  // Tokens live in fixed chunks of a power-of-two size, so that finding one
  // is a shift and a mask (std::deque divides by its odd node size on every
  // access), and a token keeps its address while the parse tree points to
  // it. Chunks wholly before `base` are recycled.
  static constexpr size_t kChunkShift = 9;
  static constexpr size_t kChunkSize = size_t(1) << kChunkShift;

  /// Buffered token `i` (base <= i < limit).
  Token &at(size_t i) const {
    return chunks[(i >> kChunkShift) - firstChunk][i & (kChunkSize - 1)];
  }
  /// Makes token `i` available unless the stream ends before it.
  void fill(size_t i);
  Token *lookaheadSlow(size_t k);
  size_t slowLA(ssize_t i);

  Lexer &lexer;
  std::vector<std::unique_ptr<Token[]>> chunks; // chunk firstChunk + k
  std::vector<std::unique_ptr<Token[]>> spareChunks;
  size_t firstChunk = 0;
  size_t base = 0;  // index of the earliest buffered token
  size_t pos = 0;   // index of the next token to consume
  size_t limit = 0; // one past the last buffered index
  bool sawEOF = false;
};

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_TOKENSTREAM_H
