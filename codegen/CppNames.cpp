//===- CppNames.cpp - Spelling IR things in generated C++ -----------------===//

#include "codegen/CppNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <fmt/format.h>

#include <cmath>

using namespace plc;
using namespace plc::codegen;
using ir::DType;

llvm::StringRef plc::codegen::cppElementType(DType dtype) {
  switch (dtype) {
  case DType::INT8: return "int8_t";
  case DType::INT16: return "int16_t";
  case DType::INT32: return "int32_t";
  case DType::INT64: return "int64_t";
  case DType::INDEX: return "int64_t";
  case DType::UINT8: return "uint8_t";
  case DType::UINT16: return "uint16_t";
  case DType::UINT32: return "uint32_t";
  case DType::UINT64: return "uint64_t";
  case DType::FP32: return "float";
  case DType::BOOL: return "bool";
  case DType::INT4:
  case DType::FP16:
  case DType::BF16:
  case DType::TASK_ID:
    return "";
  }
  llvm_unreachable("unknown dtype");
}

llvm::StringRef plc::codegen::runtimeDataType(DType dtype) {
  switch (dtype) {
  case DType::INT8: return "DataType::INT8";
  case DType::INT16: return "DataType::INT16";
  case DType::INT32: return "DataType::INT32";
  case DType::INT64: return "DataType::INT64";
  case DType::INDEX: return "DataType::INT64";
  case DType::UINT8: return "DataType::UINT8";
  case DType::UINT16: return "DataType::UINT16";
  case DType::UINT32: return "DataType::UINT32";
  case DType::UINT64: return "DataType::UINT64";
  case DType::FP16: return "DataType::FP16";
  case DType::BF16: return "DataType::BF16";
  case DType::FP32: return "DataType::FP32";
  case DType::BOOL: return "DataType::BOOL";
  case DType::INT4:
  case DType::TASK_ID:
    return "";
  }
  llvm_unreachable("unknown dtype");
}

std::string plc::codegen::formatIntLiteral(int64_t value) {
  if (value == INT64_MIN)
    return "(-9223372036854775807LL - 1)";
  if (value >= INT32_MIN && value <= INT32_MAX)
    return std::to_string(value);
  return std::to_string(value) + "LL";
}

std::string plc::codegen::formatFloatLiteral(double value, DType dtype) {
  llvm::StringRef type = dtype == DType::FP32 ? "float" : "double";
  if (std::isnan(value))
    return fmt::format("std::numeric_limits<{}>::quiet_NaN()", type.str());
  if (std::isinf(value))
    return fmt::format("{}std::numeric_limits<{}>::infinity()",
                       value < 0 ? "-" : "", type.str());
  // fmt's shortest round-trip form; make sure it lexes as a floating literal.
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos)
    text += ".0";
  if (dtype == DType::FP32)
    text += "f";
  return text;
}

static constexpr llvm::StringRef reservedNames[] = {
    // C++17 keywords and alternative tokens.
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor",
    "bool", "break", "case", "catch", "char", "char16_t", "char32_t", "class",
    "compl", "const", "constexpr", "const_cast", "continue", "decltype",
    "default", "delete", "do", "double", "dynamic_cast", "else", "enum",
    "explicit", "export", "extern", "false", "float", "for", "friend", "goto",
    "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept",
    "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private",
    "protected", "public", "register", "reinterpret_cast", "return", "short",
    "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
    "switch", "template", "this", "thread_local", "throw", "true", "try",
    "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual",
    "void", "volatile", "wchar_t", "while", "final", "override", "main",
    // Names the generated code uses unqualified.
    "std", "plrt", "ctx", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t",
    "uint16_t", "uint32_t", "uint64_t", "size_t", "Tensor", "DataType",
    "TaskId", "TaskOutputTensors", "CoreTaskArgs", "CoreTaskPredicate",
    "CorePredicateOperand", "PredicateOp", "LaunchSpec", "KernelContext",
    "KernelDesc", "KernelFn", "MixedKernels", "CoreType", "ScopeMode",
    "ScopeGuard", "TensorArgKind", "Runtime", "RuntimeConfig", "Status",
    "StatusCode", "RunStats", "INVALID_KERNEL", "MAX_TENSOR_DIMS",
    "MAX_TENSOR_ARGS", "MAX_SCALAR_ARGS", "rt_submit_aiv_task",
    "rt_submit_aic_task", "rt_submit_task", "rt_submit_dummy_task",
    "rt_scope_begin", "rt_scope_end", "assert", "errno", "NULL",
};

// Prefixes of names codegen makes up; a user name with one of them could
// collide, so it is changed.
static constexpr llvm::StringRef generatedPrefixes[] = {
    "ext_", "params_t", "task_", "orch_", "mixed_", "KERNEL_", "kernel_",
    "fn_", "plc_", "plk_", "v_", "PLRT_", "PLC_",
};

bool plc::codegen::isReservedCppName(llvm::StringRef name) {
  // Built once: every generated name is looked up here.
  static const llvm::StringSet<> reserved = [] {
    llvm::StringSet<> set;
    for (llvm::StringRef n : reservedNames)
      set.insert(n);
    return set;
  }();
  if (reserved.contains(name))
    return true;
  // Reserved for the implementation.
  if (name.startswith("__") ||
      (name.size() > 1 && name[0] == '_' && (name[1] >= 'A' && name[1] <= 'Z')))
    return true;
  return false;
}

static bool isIdentifier(llvm::StringRef text) {
  if (text.empty() || !(llvm::isAlpha(text.front()) || text.front() == '_'))
    return false;
  return llvm::all_of(text, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

NameTable::NameTable() = default;

bool NameTable::taken(llvm::StringRef name) const { return used.count(name); }

std::string NameTable::claim(llvm::StringRef name) {
  bool inserted = used.insert(name).second;
  (void)inserted;
  assert(inserted && "generated name claimed twice");
  return name.str();
}

std::string NameTable::uniqueGenerated(llvm::StringRef name) {
  std::string base;
  for (char c : name)
    base += (llvm::isAlnum(c) || c == '_') ? c : '_';
  std::string result = base;
  unsigned &counter = counters[base];
  while (taken(result))
    result = base + "_" + std::to_string(++counter);
  used.insert(result);
  return result;
}

std::string NameTable::unique(llvm::StringRef hint) {
  std::string base;
  for (char c : hint)
    base += (llvm::isAlnum(c) || c == '_') ? c : '_';
  bool clashes = !isIdentifier(base) || isReservedCppName(base);
  for (llvm::StringRef prefix : generatedPrefixes)
    clashes |= llvm::StringRef(base).startswith(prefix);
  if (clashes)
    base = "v_" + base;
  std::string name = base;
  unsigned &counter = counters[base];
  while (taken(name))
    name = base + "_" + std::to_string(++counter);
  used.insert(name);
  return name;
}
