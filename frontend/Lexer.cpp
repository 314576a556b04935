//===- Lexer.cpp - Indentation-aware scanner for .pl
//-----------------------===//

#include "frontend/Lexer.h"

#include "PLParser.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace plc;
using namespace plc::frontend;
using P = plc::grammar::PLParser;

//===----------------------------------------------------------------------===//
// Token
//===----------------------------------------------------------------------===//

std::string Token::getText() const {
  switch (type) {
  case P::EOF:
    return "<EOF>";
  case P::INDENT:
    return "<INDENT>";
  case P::DEDENT:
    return "<DEDENT>";
  default:
    return std::string(begin, length);
  }
}

antlr4::TokenSource *Token::getTokenSource() const { return source; }

size_t Token::getStartIndex() const { return begin - source->buffer().data(); }

size_t Token::getStopIndex() const {
  // ANTLR's stop index is inclusive; an empty token stops before it starts.
  return getStartIndex() + length - 1;
}

std::string Token::toString() const {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "[@" << index << " '" << getText() << "' <" << type << "> " << line
     << ':' << column << ']';
  return os.str();
}

//===----------------------------------------------------------------------===//
// Lexer
//===----------------------------------------------------------------------===//

Lexer::Lexer(llvm::StringRef buffer, llvm::StringRef bufferName,
             DiagnosticEngine &diags)
    : bufStart(buffer.begin()), bufEnd(buffer.end()), cur(buffer.begin()),
      lineStart(buffer.begin()), name(bufferName.str()), diags(diags) {
  indents.push_back(0);
}

Lexer::~Lexer() = default;

antlr4::TokenFactory<antlr4::CommonToken> *Lexer::getTokenFactory() {
  return antlr4::CommonTokenFactory::DEFAULT.get();
}

std::unique_ptr<antlr4::Token> Lexer::nextToken() {
  auto tok = std::make_unique<Token>();
  lex(*tok);
  return tok;
}

void Lexer::form(Token &tok, size_t kind, const char *start, const char *stop) {
  tok.type = kind;
  tok.begin = start;
  tok.length = static_cast<uint32_t>(stop - start);
  tok.line = line;
  tok.column = static_cast<uint32_t>(start - lineStart);
  tok.index = nextIndex++;
  tok.source = this;
}

void Lexer::fail(Token &tok, const char *at, const llvm::Twine &message) {
  if (!failed)
    diags.error(Loc{llvm::SMLoc::getFromPointer(at)}, message);
  failed = true;
  finished = true;
  pendingDedents = 0;
  form(tok, P::EOF, bufEnd, bufEnd);
}

static bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool isDigit(char c) { return c >= '0' && c <= '9'; }
static bool isIdentChar(char c) { return isIdentStart(c) || isDigit(c); }
static bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static std::string describeChar(char c) {
  std::string out;
  llvm::raw_string_ostream os(out);
  unsigned char u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f)
    os << '\'' << c << '\'';
  else
    os << "'\\x" << llvm::format_hex_no_prefix(u, 2) << '\'';
  return os.str();
}

bool Lexer::startLine() {
  // Skips blank and comment-only lines; measures the first real one.
  for (;;) {
    const char *p = cur;
    while (p != bufEnd && *p == ' ')
      ++p;
    if (p == bufEnd) {
      cur = p;
      return true; // lexEnd closes the blocks
    }
    char c = *p;
    if (c == '\t') {
      cur = p;
      return false;
    }
    if (c == '#') {
      while (p != bufEnd && *p != '\n')
        ++p;
    }
    if (p != bufEnd && *p == '\r' && p + 1 != bufEnd && p[1] == '\n')
      ++p;
    if (p == bufEnd) {
      cur = p;
      return true;
    }
    if (*p == '\n') {
      cur = p + 1;
      newLine(cur);
      continue;
    }
    // A real line: compare its indentation with the open blocks.
    cur = p;
    uint32_t width = static_cast<uint32_t>(p - lineStart);
    if (width > indents.back()) {
      indents.push_back(width);
      pendingDedents = 0;
      return true; // the caller emits INDENT
    }
    unsigned pops = 0;
    while (width < indents.back()) {
      indents.pop_back();
      ++pops;
    }
    pendingDedents = pops;
    return true;
  }
}

void Lexer::lex(Token &tok) {
  if (finished) {
    form(tok, P::EOF, bufEnd, bufEnd);
    return;
  }
  if (pendingDedents) {
    --pendingDedents;
    form(tok, P::DEDENT, cur, cur);
    return;
  }

  if (atLineStart && brackets.empty()) {
    atLineStart = false;
    size_t depthBefore = indents.size();
    if (!startLine()) {
      fail(tok, cur, "tab character in indentation; indent with spaces");
      return;
    }
    if (cur == bufEnd)
      return lexEnd(tok);
    if (indents.size() > depthBefore) {
      if (indents.size() - 1 > kMaxIndentDepth) {
        fail(tok, cur,
             "nesting too deep: more than " + llvm::Twine(kMaxIndentDepth) +
                 " indentation levels");
        return;
      }
      form(tok, P::INDENT, cur, cur);
      return;
    }
    if (static_cast<uint32_t>(cur - lineStart) != indents.back()) {
      fail(tok, cur, "unindent does not match any outer indentation level");
      return;
    }
    if (pendingDedents) {
      --pendingDedents;
      form(tok, P::DEDENT, cur, cur);
      return;
    }
  }

  // Skip whitespace, comments and joined lines.
  for (;;) {
    if (cur == bufEnd)
      return lexEnd(tok);
    char c = *cur;
    if (c == ' ') {
      ++cur;
      continue;
    }
    if (c == '\t') {
      fail(tok, cur, "tab character; indent and separate with spaces");
      return;
    }
    if (c == '#') {
      while (cur != bufEnd && *cur != '\n' && *cur != '\r')
        ++cur;
      continue;
    }
    if (c == '\\') {
      const char *p = cur + 1;
      if (p != bufEnd && *p == '\r' && p + 1 != bufEnd && p[1] == '\n')
        ++p;
      if (p == bufEnd || *p != '\n') {
        fail(tok, cur, "unexpected character after line continuation");
        return;
      }
      cur = p + 1;
      newLine(cur);
      if (cur == bufEnd) {
        fail(tok, cur, "unexpected end of file after line continuation");
        return;
      }
      continue;
    }
    if (c == '\n' || (c == '\r' && cur + 1 != bufEnd && cur[1] == '\n')) {
      const char *nl = cur;
      const char *after = cur + (c == '\r' ? 2 : 1);
      if (brackets.empty() && lineHasTokens) {
        // NEWLINE belongs to the line it ends.
        form(tok, P::NEWLINE, nl, after);
        cur = after;
        newLine(cur);
        atLineStart = true;
        lineHasTokens = false;
        unaryRun = 0;
        lineTokens = lineOperators = 0;
        return;
      }
      cur = after;
      newLine(cur);
      if (!brackets.empty())
        continue; // implicit line joining
      atLineStart = true;
      return lex(tok);
    }
    break;
  }

  lineHasTokens = true;
  const char *start = cur;
  if (++lineTokens > kMaxStatementTokens) {
    fail(tok, cur,
         "statement too long: more than " + llvm::Twine(kMaxStatementTokens) +
             " tokens");
    return;
  }
  char c = *cur;
  if (isIdentStart(c))
    return lexIdentifier(tok, start);
  if (isDigit(c) || (c == '.' && cur + 1 != bufEnd && isDigit(cur[1])))
    return lexNumber(tok, start);
  if (c == '\'' || c == '"')
    return lexString(tok, start);

  auto next = [&](char want) { return cur + 1 != bufEnd && cur[1] == want; };
  size_t kind = 0;
  unsigned len = 1;
  switch (c) {
  case '(':
  case '[':
  case '{':
    if (brackets.size() >= kMaxBracketDepth) {
      fail(tok, cur,
           "nesting too deep: more than " + llvm::Twine(kMaxBracketDepth) +
               " nested brackets");
      return;
    }
    brackets.push_back(cur);
    kind = c == '(' ? P::LPAR : c == '[' ? P::LSQB : P::LBRACE;
    break;
  case ')':
  case ']':
  case '}': {
    char open = c == ')' ? '(' : c == ']' ? '[' : '{';
    if (brackets.empty()) {
      fail(tok, cur, "unmatched " + describeChar(c));
      return;
    }
    if (*brackets.back() != open) {
      unsigned openLine =
          diags.lineAndColumn(Loc{llvm::SMLoc::getFromPointer(brackets.back())})
              .first;
      fail(tok, cur,
           "closing " + describeChar(c) + " does not match opening " +
               describeChar(*brackets.back()) + " on line " +
               llvm::Twine(openLine));
      return;
    }
    brackets.pop_back();
    kind = c == ')' ? P::RPAR : c == ']' ? P::RSQB : P::RBRACE;
    break;
  }
  case ':':
    kind = P::COLON;
    break;
  case ',':
    kind = P::COMMA;
    break;
  case ';':
    kind = P::SEMI;
    break;
  case '.':
    kind = P::DOT;
    break;
  case '@':
    kind = P::AT;
    break;
  case '=':
    if (next('='))
      kind = P::EQ, len = 2;
    else
      kind = P::ASSIGN;
    break;
  case '!':
    if (next('='))
      kind = P::NE, len = 2;
    break;
  case '<':
    if (next('='))
      kind = P::LE, len = 2;
    else if (next('<'))
      kind = P::LSHIFT, len = 2;
    else
      kind = P::LT;
    break;
  case '>':
    if (next('='))
      kind = P::GE, len = 2;
    else if (next('>'))
      kind = P::RSHIFT, len = 2;
    else
      kind = P::GT;
    break;
  case '+':
    kind = P::PLUS;
    break;
  case '-':
    if (next('>'))
      kind = P::ARROW, len = 2;
    else
      kind = P::MINUS;
    break;
  case '*':
    if (next('*'))
      kind = P::DSTAR, len = 2;
    else
      kind = P::STAR;
    break;
  case '/':
    if (next('/'))
      kind = P::DSLASH, len = 2;
    else
      kind = P::SLASH;
    break;
  case '%':
    kind = P::PERCENT;
    break;
  case '&':
    kind = P::AMP;
    break;
  case '|':
    kind = P::PIPE;
    break;
  case '^':
    kind = P::CARET;
    break;
  case '~':
    kind = P::TILDE;
    break;
  default:
    break;
  }
  if (!kind) {
    fail(tok, cur, "unexpected character " + describeChar(c));
    return;
  }
  switch (kind) {
  case P::PLUS: case P::MINUS: case P::STAR: case P::SLASH: case P::DSLASH:
  case P::PERCENT: case P::LSHIFT: case P::RSHIFT: case P::AMP: case P::PIPE:
  case P::CARET: case P::DSTAR: case P::TILDE: case P::EQ: case P::NE:
  case P::LT: case P::LE: case P::GT: case P::GE:
    if (!countOperator(tok, cur))
      return;
    break;
  default:
    break;
  }
  // Each prefix operator before the next operand is one more level of parser
  // recursion (brackets do not end the run: `-(-(-x))` nests too).
  if (kind == P::MINUS || kind == P::PLUS || kind == P::TILDE) {
    if (++unaryRun > kMaxUnaryRun) {
      fail(tok, cur,
           "nesting too deep: more than " + llvm::Twine(kMaxUnaryRun) +
               " prefix operators before an operand");
      return;
    }
  } else if (kind == P::RPAR || kind == P::RSQB || kind == P::RBRACE) {
    unaryRun = 0;
  }
  cur += len;
  form(tok, kind, start, cur);
}

void Lexer::lexIdentifier(Token &tok, const char *start) {
  while (cur != bufEnd && isIdentChar(*cur))
    ++cur;
  llvm::StringRef word(start, cur - start);
  size_t kind = llvm::StringSwitch<size_t>(word)
                    .Case("import", P::IMPORT)
                    .Case("as", P::AS)
                    .Case("class", P::CLASS)
                    .Case("def", P::DEF)
                    .Case("return", P::RETURN)
                    .Case("with", P::WITH)
                    .Case("for", P::FOR)
                    .Case("in", P::IN)
                    .Case("if", P::IF)
                    .Case("elif", P::ELIF)
                    .Case("else", P::ELSE)
                    .Case("and", P::AND)
                    .Case("or", P::OR)
                    .Case("not", P::NOT)
                    .Case("True", P::TRUE)
                    .Case("False", P::FALSE)
                    .Case("None", P::NONE)
                    .Case("pass", P::PASS)
                    .Case("break", P::BREAK)
                    .Case("continue", P::CONTINUE)
                    .Default(P::NAME);
  if ((kind == P::AND || kind == P::OR || kind == P::NOT) &&
      !countOperator(tok, start))
    return;
  if (kind == P::NOT) {
    if (++unaryRun > kMaxUnaryRun) {
      fail(tok, start,
           "nesting too deep: more than " + llvm::Twine(kMaxUnaryRun) +
               " prefix operators before an operand");
      return;
    }
  } else if (kind == P::NAME || kind == P::TRUE || kind == P::FALSE ||
             kind == P::NONE) {
    unaryRun = 0;
  }
  form(tok, kind, start, cur);
}

bool Lexer::countOperator(Token &tok, const char *at) {
  if (++lineOperators <= kMaxStatementOperators)
    return true;
  fail(tok, at,
       "statement too complex: more than " +
           llvm::Twine(kMaxStatementOperators) + " operators");
  return false;
}

void Lexer::lexNumber(Token &tok, const char *start) {
  unaryRun = 0;
  // Digits with single underscores between them, as Python allows.
  auto digits = [&](bool (*accept)(char)) {
    if (cur == bufEnd || !accept(*cur))
      return false;
    ++cur;
    while (cur != bufEnd) {
      if (*cur == '_' && cur + 1 != bufEnd && accept(cur[1]))
        cur += 2;
      else if (accept(*cur))
        ++cur;
      else
        break;
    }
    return true;
  };
  auto finish = [&](size_t kind) {
    if (cur != bufEnd && (isIdentChar(*cur) || *cur == '.')) {
      fail(tok, start,
           kind == P::INT ? "invalid integer literal"
                          : "invalid floating-point literal");
      return;
    }
    form(tok, kind, start, cur);
  };

  if (*cur == '0' && cur + 1 != bufEnd &&
      (cur[1] == 'x' || cur[1] == 'X' || cur[1] == 'o' || cur[1] == 'O' ||
       cur[1] == 'b' || cur[1] == 'B')) {
    char base = cur[1] | 0x20;
    cur += 2;
    if (cur != bufEnd && *cur == '_')
      ++cur;
    bool ok = base == 'x' ? digits(isHexDigit)
              : base == 'o'
                  ? digits([](char c) { return c >= '0' && c <= '7'; })
                  : digits([](char c) { return c == '0' || c == '1'; });
    if (!ok) {
      fail(tok, start, "invalid integer literal");
      return;
    }
    return finish(P::INT);
  }

  bool isFloat = false;
  if (*cur != '.')
    digits(isDigit);
  if (cur != bufEnd && *cur == '.') {
    isFloat = true;
    ++cur;
    if (cur != bufEnd && isDigit(*cur))
      digits(isDigit);
  }
  if (cur != bufEnd && (*cur == 'e' || *cur == 'E')) {
    const char *p = cur + 1;
    if (p != bufEnd && (*p == '+' || *p == '-'))
      ++p;
    if (p == bufEnd || !isDigit(*p)) {
      fail(tok, start, "invalid floating-point literal");
      return;
    }
    cur = p;
    digits(isDigit);
    isFloat = true;
  }
  finish(isFloat ? P::FLOAT : P::INT);
}

void Lexer::lexString(Token &tok, const char *start) {
  unaryRun = 0;
  char quote = *cur;
  bool triple = cur + 2 < bufEnd && cur[1] == quote && cur[2] == quote;
  cur += triple ? 3 : 1;
  uint32_t startLine = line;
  const char *startLineStart = lineStart;
  for (;;) {
    if (cur == bufEnd) {
      line = startLine;
      lineStart = startLineStart;
      fail(tok, start, "unterminated string literal");
      return;
    }
    char c = *cur;
    if (c == '\\') {
      if (cur + 1 == bufEnd) {
        ++cur;
        continue;
      }
      if (cur[1] == '\n')
        newLine(cur + 2);
      cur += 2;
      continue;
    }
    if (c == '\n') {
      if (!triple) {
        line = startLine;
        lineStart = startLineStart;
        fail(tok, start, "unterminated string literal");
        return;
      }
      newLine(cur + 1);
    }
    if (c == quote) {
      if (!triple) {
        ++cur;
        break;
      }
      if (cur + 2 < bufEnd && cur[1] == quote && cur[2] == quote) {
        cur += 3;
        break;
      }
    }
    ++cur;
  }
  // The token belongs to the line it starts on.
  uint32_t endLine = line;
  const char *endLineStart = lineStart;
  line = startLine;
  lineStart = startLineStart;
  form(tok, P::STRING, start, cur);
  line = endLine;
  lineStart = endLineStart;
}

void Lexer::lexEnd(Token &tok) {
  if (!brackets.empty()) {
    const char *open = brackets.back();
    // Point at the bracket itself; its line has been left behind.
    fail(tok, open, describeChar(*open) + " was never closed");
    return;
  }
  if (lineHasTokens) {
    lineHasTokens = false;
    form(tok, P::NEWLINE, bufEnd, bufEnd);
    return;
  }
  if (indents.size() > 1) {
    indents.pop_back();
    form(tok, P::DEDENT, bufEnd, bufEnd);
    return;
  }
  finished = true;
  form(tok, P::EOF, bufEnd, bufEnd);
}
