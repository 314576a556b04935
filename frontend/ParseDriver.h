//===- ParseDriver.h - Two-stage, piecewise parse of a .pl file -*- C++ -*-===//
///
/// \file
/// Runs the ANTLR parser of grammar/PL.g4 over the Lexer's tokens, one piece
/// at a time: a module statement, a class header, a function header, one
/// statement of a function body. Each piece is handed to a ParseConsumer and
/// its parse tree and tokens are freed before the next piece is parsed, so a
/// file with 100k scopes never holds more than one statement's tree.
///
/// Each piece is parsed with SLL prediction and a bail-out error strategy
/// first; only when that fails is it re-parsed with full LL prediction and
/// the reporting strategy, which turns the first syntax error into a
/// diagnostic at the offending token saying what was expected.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_PARSEDRIVER_H
#define PLC_FRONTEND_PARSEDRIVER_H

#include "ir/Diagnostics.h"

#include "PLParser.h"

#include "llvm/ADT/StringRef.h"

namespace plc {
namespace frontend {

/// Receives the pieces of a program in source order. A context is valid only
/// during the call that receives it. Returning false stops the parse (the
/// consumer has reported why).
class ParseConsumer {
public:
  using P = grammar::PLParser;
  virtual ~ParseConsumer();

  /// A statement outside the program class (import, constant).
  virtual bool moduleStmt(P::SimpleStmtContext *stmt) = 0;
  virtual bool classBegin(P::ClassHeadContext *head) = 0;
  /// A statement in the class body that is not a method (`pass`, docstring).
  virtual bool classStmt(P::SimpleStmtContext *stmt) = 0;
  virtual bool classEnd() = 0;
  virtual bool functionBegin(P::FuncHeadContext *head) = 0;
  /// One top-level statement of the current function's body.
  virtual bool functionStmt(P::StmtContext *stmt) = 0;
  virtual bool functionEnd() = 0;
};

struct ParseStats {
  /// Pieces for which SLL prediction failed and full LL ran.
  unsigned llFallbacks = 0;
  unsigned pieces = 0;
};

/// Parses `buffer` (registered with `diags` under `bufferName`), feeding
/// `consumer`. Returns false after the first error, which has been reported.
bool parseSyntax(llvm::StringRef buffer, llvm::StringRef bufferName,
                 DiagnosticEngine &diags, ParseConsumer &consumer,
                 ParseStats *stats = nullptr);

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_PARSEDRIVER_H
