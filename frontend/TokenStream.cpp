//===- TokenStream.cpp - Windowed token stream for the parser
//--------------===//

#include "frontend/TokenStream.h"

#include <algorithm>
#include <cassert>

using namespace plc::frontend;

TokenStream::~TokenStream() = default;

void TokenStream::fill(size_t i) {
  while (!sawEOF && limit <= i) {
    if ((limit >> kChunkShift) - firstChunk == chunks.size()) {
      if (spareChunks.empty()) {
        chunks.push_back(std::make_unique<Token[]>(kChunkSize));
      } else {
        chunks.push_back(std::move(spareChunks.back()));
        spareChunks.pop_back();
      }
    }
    Token &tok = at(limit++);
    lexer.lex(tok);
    if (tok.getType() == antlr4::Token::EOF)
      sawEOF = true;
  }
}

Token *TokenStream::lookaheadSlow(size_t k) {
  assert(k >= 1 && "lookahead counts from 1");
  size_t i = pos + k - 1;
  fill(i);
  return &at(i < limit ? i : limit - 1); // EOF repeats
}

antlr4::Token *TokenStream::LT(ssize_t k) {
  if (k == 0)
    return nullptr;
  if (k < 0) {
    if (static_cast<size_t>(-k) > pos || pos - static_cast<size_t>(-k) < base)
      return nullptr;
    return &at(pos - static_cast<size_t>(-k));
  }
  return lookahead(static_cast<size_t>(k));
}

size_t TokenStream::slowLA(ssize_t i) {
  antlr4::Token *tok = LT(i);
  return tok ? tok->getType() : antlr4::Token::INVALID_TYPE;
}

antlr4::Token *TokenStream::get(size_t i) const {
  if (i < base || i >= limit)
    throw antlr4::IndexOutOfBoundsException(
        "token index out of the buffered window");
  return &at(i);
}

void TokenStream::consume() {
  if (lookahead(1)->getType() == antlr4::Token::EOF)
    throw antlr4::IllegalStateException("cannot consume EOF");
  ++pos;
}

void TokenStream::seek(size_t index) {
  // Parser::reset() seeks to 0; the window start is the earliest position.
  pos = index < base ? base : index;
  fill(pos);
  if (pos > limit - 1)
    pos = limit - 1;
}

void TokenStream::discardConsumed() {
  base = pos;
  size_t keepFrom = base >> kChunkShift;
  if (keepFrom == firstChunk)
    return;
  size_t drop = std::min(keepFrom - firstChunk, chunks.size());
  for (size_t c = 0; c < drop; ++c)
    spareChunks.push_back(std::move(chunks[c]));
  chunks.erase(chunks.begin(), chunks.begin() + drop);
  firstChunk = keepFrom;
}

std::string TokenStream::getSourceName() const { return lexer.getSourceName(); }

std::string TokenStream::getText(const antlr4::misc::Interval &interval) {
  if (interval.a < 0 || interval.b < interval.a || limit == base)
    return "";
  size_t first = std::max<size_t>(static_cast<size_t>(interval.a), base);
  size_t last = static_cast<size_t>(interval.b);
  fill(last);
  if (first >= limit)
    return "";
  last = std::min(last, limit - 1);
  // The source text between the two tokens, layout included.
  const Token &a = at(first);
  const Token &b = at(last);
  llvm::StringRef from = a.text();
  llvm::StringRef to = b.text();
  if (to.end() < from.begin())
    return "";
  return std::string(from.begin(), to.end());
}

std::string TokenStream::getText() {
  if (limit == base)
    return "";
  return getText(antlr4::misc::Interval(base, limit - 1));
}

std::string TokenStream::getText(antlr4::RuleContext *ctx) {
  return getText(ctx->getSourceInterval());
}

std::string TokenStream::getText(antlr4::Token *start, antlr4::Token *stop) {
  if (!start || !stop)
    return "";
  return getText(
      antlr4::misc::Interval(start->getTokenIndex(), stop->getTokenIndex()));
}
