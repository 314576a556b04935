//===- Enums.cpp - Small enumerations of the IR ----------------------------===//

#include "ir/Enums.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/ErrorHandling.h"

using namespace plc::ir;
using llvm::StringRef;

StringRef plc::ir::dtypeName(DType dt) {
  switch (dt) {
  case DType::INT4: return "INT4";
  case DType::INT8: return "INT8";
  case DType::INT16: return "INT16";
  case DType::INT32: return "INT32";
  case DType::INT64: return "INT64";
  case DType::UINT8: return "UINT8";
  case DType::UINT16: return "UINT16";
  case DType::UINT32: return "UINT32";
  case DType::UINT64: return "UINT64";
  case DType::FP16: return "FP16";
  case DType::BF16: return "BF16";
  case DType::FP32: return "FP32";
  case DType::BOOL: return "BOOL";
  case DType::INDEX: return "INDEX";
  case DType::TASK_ID: return "TASK_ID";
  }
  llvm_unreachable("unknown dtype");
}

std::optional<DType> plc::ir::parseDType(StringRef name) {
  return llvm::StringSwitch<std::optional<DType>>(name)
      .Case("INT4", DType::INT4)
      .Case("INT8", DType::INT8)
      .Case("INT16", DType::INT16)
      .Case("INT32", DType::INT32)
      .Case("INT64", DType::INT64)
      .Case("UINT8", DType::UINT8)
      .Case("UINT16", DType::UINT16)
      .Case("UINT32", DType::UINT32)
      .Case("UINT64", DType::UINT64)
      .Case("FP16", DType::FP16)
      .Case("BF16", DType::BF16)
      .Case("FP32", DType::FP32)
      .Case("BOOL", DType::BOOL)
      .Case("INDEX", DType::INDEX)
      .Case("TASK_ID", DType::TASK_ID)
      .Default(std::nullopt);
}

bool plc::ir::isSignedInteger(DType dt) {
  switch (dt) {
  case DType::INT4:
  case DType::INT8:
  case DType::INT16:
  case DType::INT32:
  case DType::INT64:
  case DType::INDEX:
    return true;
  default:
    return false;
  }
}

bool plc::ir::isInteger(DType dt) {
  switch (dt) {
  case DType::UINT8:
  case DType::UINT16:
  case DType::UINT32:
  case DType::UINT64:
    return true;
  default:
    return isSignedInteger(dt);
  }
}

bool plc::ir::isFloat(DType dt) {
  return dt == DType::FP16 || dt == DType::BF16 || dt == DType::FP32;
}

unsigned plc::ir::dtypeBits(DType dt) {
  switch (dt) {
  case DType::INT4: return 4;
  case DType::INT8: case DType::UINT8: case DType::BOOL: return 8;
  case DType::INT16: case DType::UINT16: case DType::FP16: case DType::BF16:
    return 16;
  case DType::INT32: case DType::UINT32: case DType::FP32: return 32;
  case DType::INT64: case DType::UINT64: case DType::INDEX:
  case DType::TASK_ID:
    return 64;
  }
  llvm_unreachable("unknown dtype");
}

StringRef plc::ir::levelName(Level level) {
  switch (level) {
  case Level::AIV: return "AIV";
  case Level::AIC: return "AIC";
  case Level::CORE_GROUP: return "CORE_GROUP";
  case Level::CHIP_DIE: return "CHIP_DIE";
  case Level::CHIP: return "CHIP";
  case Level::HOST: return "HOST";
  case Level::CLUSTER_0: return "CLUSTER_0";
  case Level::CLUSTER_1: return "CLUSTER_1";
  case Level::CLUSTER_2: return "CLUSTER_2";
  case Level::GLOBAL: return "GLOBAL";
  }
  llvm_unreachable("unknown level");
}

std::optional<Level> plc::ir::parseLevel(StringRef name) {
  return llvm::StringSwitch<std::optional<Level>>(name)
      .Case("AIV", Level::AIV)
      .Case("AIC", Level::AIC)
      .Case("CORE_GROUP", Level::CORE_GROUP)
      .Case("CHIP_DIE", Level::CHIP_DIE)
      .Case("L2CACHE", Level::CHIP_DIE)
      .Case("CHIP", Level::CHIP)
      .Case("PROCESSOR", Level::CHIP)
      .Case("UMA", Level::CHIP)
      .Case("HOST", Level::HOST)
      .Case("NODE", Level::HOST)
      .Case("CLUSTER_0", Level::CLUSTER_0)
      .Case("POD", Level::CLUSTER_0)
      .Case("CLUSTER_1", Level::CLUSTER_1)
      .Case("CLOS1", Level::CLUSTER_1)
      .Case("CLUSTER_2", Level::CLUSTER_2)
      .Case("CLOS2", Level::CLUSTER_2)
      .Case("GLOBAL", Level::GLOBAL)
      .Default(std::nullopt);
}

StringRef plc::ir::roleName(Role role) {
  switch (role) {
  case Role::Orchestrator: return "Orchestrator";
  case Role::SubWorker: return "SubWorker";
  }
  llvm_unreachable("unknown role");
}

std::optional<Role> plc::ir::parseRole(StringRef name) {
  return llvm::StringSwitch<std::optional<Role>>(name)
      .Case("Orchestrator", Role::Orchestrator)
      .Case("SubWorker", Role::SubWorker)
      .Default(std::nullopt);
}

StringRef plc::ir::functionTypeName(FunctionType type) {
  switch (type) {
  case FunctionType::Opaque: return "Opaque";
  case FunctionType::Orchestration: return "Orchestration";
  case FunctionType::InCore: return "InCore";
  case FunctionType::AIC: return "AIC";
  case FunctionType::AIV: return "AIV";
  case FunctionType::Group: return "Group";
  case FunctionType::Spmd: return "Spmd";
  }
  llvm_unreachable("unknown function type");
}

std::optional<FunctionType> plc::ir::parseFunctionType(StringRef name) {
  return llvm::StringSwitch<std::optional<FunctionType>>(name)
      .Case("Opaque", FunctionType::Opaque)
      .Case("Orchestration", FunctionType::Orchestration)
      .Case("InCore", FunctionType::InCore)
      .Case("AIC", FunctionType::AIC)
      .Case("AIV", FunctionType::AIV)
      .Case("Group", FunctionType::Group)
      .Case("Spmd", FunctionType::Spmd)
      .Default(std::nullopt);
}

std::optional<Level> plc::ir::derivedLevel(FunctionType type) {
  switch (type) {
  case FunctionType::Orchestration: return Level::CHIP;
  case FunctionType::InCore: return Level::CHIP_DIE;
  case FunctionType::AIC: return Level::AIC;
  case FunctionType::AIV: return Level::AIV;
  case FunctionType::Group: return Level::CORE_GROUP;
  case FunctionType::Opaque:
  case FunctionType::Spmd:
    return std::nullopt;
  }
  llvm_unreachable("unknown function type");
}

std::optional<Role> plc::ir::derivedRole(FunctionType type) {
  switch (type) {
  case FunctionType::Orchestration: return Role::Orchestrator;
  case FunctionType::InCore:
  case FunctionType::Group:
    return Role::SubWorker;
  case FunctionType::AIC:
  case FunctionType::AIV:
  case FunctionType::Opaque:
  case FunctionType::Spmd:
    return std::nullopt;
  }
  llvm_unreachable("unknown function type");
}

StringRef plc::ir::directionName(ParamDirection dir) {
  switch (dir) {
  case ParamDirection::In: return "In";
  case ParamDirection::Out: return "Out";
  case ParamDirection::InOut: return "InOut";
  }
  llvm_unreachable("unknown direction");
}

StringRef plc::ir::scopeKindName(ScopeKind kind) {
  switch (kind) {
  case ScopeKind::InCore: return "InCore";
  case ScopeKind::Hierarchy: return "Hierarchy";
  case ScopeKind::Spmd: return "Spmd";
  case ScopeKind::Cluster: return "Cluster";
  case ScopeKind::Runtime: return "Runtime";
  }
  llvm_unreachable("unknown scope kind");
}

StringRef plc::ir::binaryOpSpelling(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::FloatDiv: return "/";
  case BinaryOp::FloorDiv: return "//";
  case BinaryOp::FloorMod: return "%";
  case BinaryOp::Shl: return "<<";
  case BinaryOp::Shr: return ">>";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "!=";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::And: return "and";
  case BinaryOp::Or: return "or";
  }
  llvm_unreachable("unknown binary op");
}

bool plc::ir::isComparison(BinaryOp op) {
  return op >= BinaryOp::Eq && op <= BinaryOp::Ge;
}

bool plc::ir::isLogical(BinaryOp op) {
  return op == BinaryOp::And || op == BinaryOp::Or;
}

BinaryOp plc::ir::mirrorComparison(BinaryOp op) {
  switch (op) {
  case BinaryOp::Lt: return BinaryOp::Gt;
  case BinaryOp::Gt: return BinaryOp::Lt;
  case BinaryOp::Le: return BinaryOp::Ge;
  case BinaryOp::Ge: return BinaryOp::Le;
  default:
    assert(isComparison(op) && "mirroring a non-comparison");
    return op;
  }
}

StringRef plc::ir::unaryOpSpelling(UnaryOp op) {
  switch (op) {
  case UnaryOp::Neg: return "-";
  case UnaryOp::Not: return "not";
  }
  llvm_unreachable("unknown unary op");
}

StringRef plc::ir::opName(OpKind op) {
  switch (op) {
#define PLC_OP(Enum, Name)                                                     \
  case OpKind::Enum:                                                           \
    return Name;
#include "ir/Ops.def"
  }
  llvm_unreachable("unknown op");
}

std::optional<OpKind> plc::ir::parseOpName(StringRef dottedName) {
  return llvm::StringSwitch<std::optional<OpKind>>(dottedName)
#define PLC_OP(Enum, Name) .Case(Name, OpKind::Enum)
#include "ir/Ops.def"
      .Default(std::nullopt);
}
