//===- CppNames.h - Spelling IR things in generated C++ ---------*- C++ -*-===//
///
/// \file
/// How IR dtypes, literals and names are written in the generated C++: the
/// element type a kernel computes with, the runtime's DataType, literals
/// that read back exactly, and identifiers that cannot collide with C++
/// keywords, the runtime's names or the names codegen makes up itself.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_CPPNAMES_H
#define PLC_CODEGEN_CPPNAMES_H

#include "ir/Enums.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"

#include <string>

namespace plc::codegen {

/// The C++ type of one element (`float`, `int32_t`, `bool`), or empty when
/// the CPU code has no type for it (FP16, BF16, INT4, TASK_ID).
llvm::StringRef cppElementType(ir::DType dtype);

/// The runtime's `DataType::X` enumerator for a tensor element, or empty
/// when the runtime has none (INT4, TASK_ID). INDEX is stored as INT64.
llvm::StringRef runtimeDataType(ir::DType dtype);

/// An integer literal that has type int64_t-compatible value `value`.
std::string formatIntLiteral(int64_t value);

/// A floating literal of `dtype` (FP32 gets an `f` suffix) that reads back
/// as exactly `value`; infinities and NaN use std::numeric_limits.
std::string formatFloatLiteral(double value, ir::DType dtype);

/// Hands out distinct C++ identifiers. A requested name keeps its spelling
/// unless it is not an identifier, is a C++ keyword or runtime name, starts
/// with one of codegen's own prefixes, or was handed out before; then it is
/// changed (`v_` prefix, `_N` suffix) into one that is none of these.
class NameTable {
public:
  NameTable();
  /// A fresh identifier for a user-named value.
  std::string unique(llvm::StringRef hint);
  /// A fresh identifier built by codegen from a user name (`ext_` + name):
  /// kept unless handed out before, then suffixed `_N`.
  std::string uniqueGenerated(llvm::StringRef name);
  /// Claims a name codegen makes up (`ext_x`, `params_t0`); asserts that it
  /// was not handed out before.
  std::string claim(llvm::StringRef name);

private:
  bool taken(llvm::StringRef name) const;
  llvm::StringSet<llvm::BumpPtrAllocator> used;
  llvm::StringMap<unsigned> counters;
};

/// Whether `name` is a C++ keyword or a name the generated code uses from
/// the runtime or the standard library unqualified.
bool isReservedCppName(llvm::StringRef name);

} // namespace plc::codegen

#endif // PLC_CODEGEN_CPPNAMES_H
