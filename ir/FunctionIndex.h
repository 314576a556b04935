//===- FunctionIndex.h - A program's functions by name ----------*- C++ -*-===//
///
/// \file
/// Callees are named, so passes and code generation look functions up by
/// name, on programs of a hundred thousand functions and more. The index is
/// sized once for the whole program and keeps its entries in one bump
/// allocator, so building it costs no allocation per function and dropping
/// it a handful of frees. Each function also has a position, its number in
/// the order it was added, for tables of per-function facts that a vector
/// holds better than a second hash table. A pass asks for the same callee
/// several times in a row (is it a task, what does it return, what are its
/// parameters), so the entry found last answers before the table.
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
  struct Entry {
    const Function *fn = nullptr;
    unsigned position = 0;
  };

  FunctionIndex() = default;
  explicit FunctionIndex(const Program &program)
      : map(static_cast<unsigned>(program.functions.size())) {
    for (const Function *fn : program.functions)
      add(fn);
  }
  // A copy would remember an entry of the original; a move keeps the
  // entries where they are.
  FunctionIndex(const FunctionIndex &) = delete;
  FunctionIndex &operator=(const FunctionIndex &) = delete;
  FunctionIndex(FunctionIndex &&) = default;
  FunctionIndex &operator=(FunctionIndex &&) = default;

  /// The entry of the function named `name`, or null.
  const Entry *find(llvm::StringRef name) const {
    if (last && last->getKey() == name)
      return &last->getValue();
    auto it = map.find(name);
    if (it == map.end())
      return nullptr;
    last = &*it;
    return &it->getValue();
  }
  /// The function named `name`, or null.
  const Function *lookup(llvm::StringRef name) const {
    const Entry *entry = find(name);
    return entry ? entry->fn : nullptr;
  }
  bool contains(llvm::StringRef name) const { return find(name); }
  /// Adds `fn`; a function of the same name is replaced and keeps its
  /// position.
  void add(const Function *fn) {
    auto [it, inserted] = map.try_emplace(fn->name(), Entry{fn, size()});
    if (!inserted)
      it->getValue().fn = fn;
  }
  /// The number of functions, one more than the last position.
  unsigned size() const { return map.size(); }

private:
  llvm::StringMap<Entry, llvm::BumpPtrAllocator> map;
  /// The entry found last (entries never move).
  mutable const llvm::StringMapEntry<Entry> *last = nullptr;
};

} // namespace plc::ir

#endif // PLC_IR_FUNCTIONINDEX_H
