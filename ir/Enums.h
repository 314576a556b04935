//===- Enums.h - Small enumerations of the IR --------------------*- C++ -*-===//
///
/// \file
/// Data types, hierarchy levels, roles, function types, parameter directions,
/// scope kinds and operator kinds, each with its canonical spelling (the one
/// the printer writes) and a parser from spelling, aliases included.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_ENUMS_H
#define PLC_IR_ENUMS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace plc::ir {

enum class DType : uint8_t {
  INT4, INT8, INT16, INT32, INT64,
  UINT8, UINT16, UINT32, UINT64,
  FP16, BF16, FP32,
  BOOL, INDEX, TASK_ID,
};

llvm::StringRef dtypeName(DType dt);
std::optional<DType> parseDType(llvm::StringRef name);
bool isInteger(DType dt);        ///< signed, unsigned or INDEX
bool isSignedInteger(DType dt);  ///< INT4..INT64 and INDEX
bool isFloat(DType dt);
/// Width in bits (INDEX and TASK_ID are 64, BOOL 8).
unsigned dtypeBits(DType dt);

/// Hierarchy levels, smallest first; the ordinal is meaningful.
enum class Level : uint8_t {
  AIV, AIC, CORE_GROUP, CHIP_DIE, CHIP, HOST,
  CLUSTER_0, CLUSTER_1, CLUSTER_2, GLOBAL,
};
llvm::StringRef levelName(Level level);
/// Accepts primary names and aliases (L2CACHE, PROCESSOR, UMA, NODE, POD,
/// CLOS1, CLOS2).
std::optional<Level> parseLevel(llvm::StringRef name);

enum class Role : uint8_t { Orchestrator, SubWorker };
llvm::StringRef roleName(Role role);
std::optional<Role> parseRole(llvm::StringRef name);

enum class FunctionType : uint8_t {
  Opaque, Orchestration, InCore, AIC, AIV, Group, Spmd,
};
llvm::StringRef functionTypeName(FunctionType type);
std::optional<FunctionType> parseFunctionType(llvm::StringRef name);
/// The level a function type implies, if any.
std::optional<Level> derivedLevel(FunctionType type);
/// The role a function type implies, if any.
std::optional<Role> derivedRole(FunctionType type);

/// Parameter directions, ordered so that merging takes the maximum.
enum class ParamDirection : uint8_t { In, Out, InOut };
llvm::StringRef directionName(ParamDirection dir);
inline ParamDirection mergeDirections(ParamDirection a, ParamDirection b) {
  if (a == b)
    return a;
  // In + Out (in either order) reads and writes: InOut.
  return ParamDirection::InOut;
}

enum class ScopeKind : uint8_t { InCore, Hierarchy, Spmd, Cluster, Runtime };
llvm::StringRef scopeKindName(ScopeKind kind);

enum class BinaryOp : uint8_t {
  Add, Sub, Mul, FloatDiv, FloorDiv, FloorMod, Shl, Shr,
  Eq, Ne, Lt, Le, Gt, Ge,
  And, Or,
};
/// The Python spelling: `+`, `//`, `==`, `and`, ...
llvm::StringRef binaryOpSpelling(BinaryOp op);
bool isComparison(BinaryOp op);
bool isLogical(BinaryOp op);
/// `a OP b` == `b mirror(OP) a` (Lt <-> Gt, Le <-> Ge, Eq and Ne unchanged).
BinaryOp mirrorComparison(BinaryOp op);

enum class UnaryOp : uint8_t { Neg, Not };
llvm::StringRef unaryOpSpelling(UnaryOp op);

enum class OpKind : uint16_t {
#define PLC_OP(Enum, Name) Enum,
#include "ir/Ops.def"
};
/// Canonical dotted name without the `pl.` prefix, e.g. "tile.load".
llvm::StringRef opName(OpKind op);
std::optional<OpKind> parseOpName(llvm::StringRef dottedName);

} // namespace plc::ir

#endif // PLC_IR_ENUMS_H
