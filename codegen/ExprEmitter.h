//===- ExprEmitter.h - Scalar expressions as C++ ----------------*- C++ -*-===//
///
/// \file
/// Renders scalar IR expressions (constants, Vars, arithmetic, comparisons,
/// logic, casts) as C++ expressions, fully parenthesised so that C++
/// precedence never differs from the IR's tree. Python semantics that C++
/// lacks (floor division and modulo, true division of integers) go through
/// helpers of the generated prelude (plc_floordiv, plc_floormod). Vars and
/// operator calls are resolved by the user of the class.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_EXPREMITTER_H
#define PLC_CODEGEN_EXPREMITTER_H

#include "ir/Diagnostics.h"
#include "ir/Expr.h"

#include <string>

namespace plc::codegen {

class ExprEmitter {
public:
  explicit ExprEmitter(DiagnosticEngine &diags) : diags(diags) {}
  virtual ~ExprEmitter();

  /// The C++ text of `expr`. After an error (reported to the diagnostics)
  /// failed() is set and the text is meaningless.
  std::string emit(const ir::Expr *expr);
  bool failed() const { return hadError; }

  /// The prelude text defining the helpers emitted expressions may call.
  static llvm::StringRef helperPrelude();

protected:
  /// The C++ text standing for a use of `var`.
  virtual std::string emitVar(const ir::Var *var) = 0;
  /// The C++ text of a builtin operator call with a scalar result. The
  /// default reports it as unsupported here.
  virtual std::string emitOpCall(const ir::Call *call);

  std::string error(const ir::Expr *at, const llvm::Twine &message);

  DiagnosticEngine &diags;

private:
  bool hadError = false;
};

/// The C++ type of a scalar IR type, or empty when it has none.
llvm::StringRef cppScalarType(const ir::Type *type);

} // namespace plc::codegen

#endif // PLC_CODEGEN_EXPREMITTER_H
