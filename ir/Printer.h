//===- Printer.h - The canonical .pl text of the IR -------------*- C++ -*-===//
///
/// \file
/// Prints IR as the canonical `.pl` text of LANGUAGE.md section 6: the text
/// parses again to a structurally equal program, and printing that reparse
/// gives the same text (a fixpoint).
///
/// Var names: inside one printed function every distinct Var gets a distinct
/// name. A Var prints as its name hint; when an earlier Var already took that
/// name (or the hint is not a usable identifier, or is reserved such as
/// `self`, `pl` or a keyword) it prints as `hint_1`, `hint_2`, ... in the
/// order Vars are first printed. The standalone helpers (printExpr, ...)
/// apply the same rule within what they print.
///
/// Printing is linear in the size of the IR: everything is written straight
/// to the stream.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_PRINTER_H
#define PLC_IR_PRINTER_H

#include "ir/Function.h"

#include "llvm/ADT/SmallVector.h"

#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc::ir {

/// The whole program: header, import, `@pl.program` class, functions
/// callee-first (ties in program order).
void printProgram(const Program &program, llvm::raw_ostream &os);

/// One function (decorator, signature, body) at column 0 with `self` first.
void printFunction(const Function &fn, llvm::raw_ostream &os);

/// One statement (and its nested blocks), each line starting with `indent`
/// spaces and ending with a newline.
void printStmt(const Stmt *stmt, llvm::raw_ostream &os, unsigned indent = 0);

/// One expression on a single line, no newline.
void printExpr(const Expr *expr, llvm::raw_ostream &os);

/// A type annotation: `pl.Tensor[[128, 128], pl.FP32]`, `pl.Scalar[pl.INDEX]`.
void printType(const Type *type, llvm::raw_ostream &os);

/// The order printProgram writes functions in: every function after the
/// functions it calls or submits; among those free to go next, the earliest
/// in program order. A call cycle is broken at its earliest function.
llvm::SmallVector<const Function *, 8> calleeFirstOrder(const Program &program);

std::string programToString(const Program &program);
std::string functionToString(const Function &fn);
std::string stmtToString(const Stmt *stmt, unsigned indent = 0);
std::string exprToString(const Expr *expr);
std::string typeToString(const Type *type);

/// The shortest decimal text that reads back as exactly `value`, always with
/// a '.' or an exponent so that it lexes as a float (`42.0`, `0.1`, `1e+20`).
std::string formatFloat(double value);

} // namespace plc::ir

#endif // PLC_IR_PRINTER_H
