//===- FunctionIndex.h - A program's functions by name ----------*- C++ -*-===//
///
/// \file
/// Callees are named, so passes and code generation look functions up by
/// name, on programs of a hundred thousand functions and more. The index is
/// sized once for the whole program and keeps its entries in one bump
/// allocator, so building it costs no allocation per function and dropping
/// it a handful of frees.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_FUNCTIONINDEX_H
#define PLC_IR_FUNCTIONINDEX_H

#include "ir/Function.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"

namespace plc::ir {

class FunctionIndex {
public:
  FunctionIndex() = default;
  explicit FunctionIndex(const Program &program)
      : map(static_cast<unsigned>(program.functions.size())) {
    for (const Function *fn : program.functions)
      add(fn);
  }

  /// The function named `name`, or null.
  const Function *lookup(llvm::StringRef name) const {
    return map.lookup(name);
  }
  bool contains(llvm::StringRef name) const { return map.count(name); }
  /// Adds `fn`, replacing a function of the same name.
  void add(const Function *fn) { map[fn->name()] = fn; }

private:
  llvm::StringMap<const Function *, llvm::BumpPtrAllocator> map;
};

} // namespace plc::ir

#endif // PLC_IR_FUNCTIONINDEX_H
