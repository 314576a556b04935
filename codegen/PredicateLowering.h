//===- PredicateLowering.h - A dispatch predicate for the runtime -*- C++ -*-===//
///
/// \file
/// Turns a Submit's predicate `t[i0, ..., ik] OP c` (or the mirror
/// `c OP t[...]`) into the parts of a CoreTaskPredicate: the tensor operand,
/// its indices in order, the runtime operator and the target. Casts are
/// stripped from both sides; with the literal on the left the operator is
/// mirrored (GT <-> LT, GE <-> LE; EQ and NE unchanged). The frontend checks
/// these rules already; they are repeated here as a backstop for hand-built
/// IR: an unsigned, floating or sub-byte dtype, more than five indices or
/// not one per dimension, a negative constant index, or an operand that is
/// not a named tensor is reported as an error.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_PREDICATELOWERING_H
#define PLC_CODEGEN_PREDICATELOWERING_H

#include "ir/Diagnostics.h"
#include "ir/Expr.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace plc::codegen {

/// The runtime's PredicateOp enumerators.
enum class RuntimePredicateOp : uint8_t { EQ, NE, GT, LT, GE, LE };
llvm::StringRef runtimePredicateOpName(RuntimePredicateOp op);

/// Maximum rank of a predicate operand (the runtime's MAX_TENSOR_DIMS).
constexpr unsigned MaxPredicateIndices = 5;

struct LoweredPredicate {
  const ir::Var *tensor;  ///< the tensor operand as written
  llvm::SmallVector<const ir::Expr *, 5> indices;
  RuntimePredicateOp op;
  int64_t target;
};

/// Lowers `predicate`; reports an error and returns none when it breaks a
/// rule.
std::optional<LoweredPredicate> lowerPredicate(const ir::Expr *predicate,
                                               DiagnosticEngine &diags);

/// `expr` without the Casts wrapped around it.
const ir::Expr *stripCasts(const ir::Expr *expr);

} // namespace plc::codegen

#endif // PLC_CODEGEN_PREDICATELOWERING_H
