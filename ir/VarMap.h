//===- VarMap.h - Maps and sets keyed by Var id -----------------*- C++ -*-===//
///
/// \file
/// A map from Var to a small value, stored by `Var::id` in pages of 64
/// slots. Vars are numbered in creation order, and a function's Vars are
/// created, and visited, largely in program order, so a walk touches one
/// page after another instead of one random bucket of a table as large as
/// the function. The page table itself is small (one entry per 64 Vars) and
/// the last page used is cached. Iteration is not offered: no caller may
/// depend on an order. Values must be trivially copyable; slots of a page
/// are constructed only when inserted.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_VARMAP_H
#define PLC_IR_VARMAP_H

#include "ir/Expr.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace plc::ir {

template <typename V> class VarMap {
  static_assert(std::is_trivially_copyable<V>::value &&
                    std::is_trivially_destructible<V>::value,
                "VarMap values are kept in raw page slots");

public:
  VarMap() = default;
  VarMap(VarMap &&) = default;
  VarMap &operator=(VarMap &&) = default;
  VarMap(const VarMap &) = delete;
  VarMap &operator=(const VarMap &) = delete;

  /// The value of `var`, or null when absent.
  V *find(const Var *var) { return valueIn(findPage(var->id), var); }
  const V *find(const Var *var) const {
    return valueIn(findPage(var->id), var);
  }
  /// The value of `var`, or a value-initialized V when absent.
  V lookup(const Var *var) const {
    const V *value = find(var);
    return value ? *value : V();
  }
  bool contains(const Var *var) const { return find(var) != nullptr; }
  size_t count(const Var *var) const { return contains(var) ? 1 : 0; }

  /// Inserts `value` unless `var` is present; returns the slot and whether
  /// it was inserted.
  std::pair<V *, bool> insert(const Var *var, V value) {
    Page *page = getOrCreatePage(var->id);
    unsigned slot = slotOf(var);
    if (page->has(slot))
      return {page->at(slot), false};
    page->present |= uint64_t(1) << slot;
    ++numEntries;
    return {new (page->at(slot)) V(value), true};
  }
  /// The value of `var`, value-initialized first when absent.
  V &operator[](const Var *var) { return *insert(var, V()).first; }

  bool erase(const Var *var) {
    Page *page = findPage(var->id);
    unsigned slot = slotOf(var);
    if (!page || !page->has(slot))
      return false;
    page->present &= ~(uint64_t(1) << slot);
    --numEntries;
    return true;
  }

  /// Empties the map; its pages are kept for reuse. Costs the pages in use,
  /// not all the map ever had: a verifier clears its maps for each of tens
  /// of thousands of small functions after one large one.
  void clear() {
    for (const auto &entry : pages) {
      entry.second->present = 0;
      spare.push_back(entry.second);
    }
    pages.clear();
    lastNumber = NoPage;
    lastPage = nullptr;
    numEntries = 0;
  }

  size_t size() const { return numEntries; }
  bool empty() const { return numEntries == 0; }

private:
  static constexpr unsigned PageBits = 6;
  static constexpr uint64_t PageSize = uint64_t(1) << PageBits;
  static constexpr uint64_t NoPage = ~uint64_t(0) >> 1;

  struct Page {
    uint64_t present = 0; ///< bit i: slot i holds a value
    alignas(V) unsigned char slots[PageSize * sizeof(V)];

    bool has(unsigned slot) const { return present >> slot & 1; }
    V *at(unsigned slot) {
      return std::launder(reinterpret_cast<V *>(slots + slot * sizeof(V)));
    }
  };

  static unsigned slotOf(const Var *var) {
    return unsigned(var->id & (PageSize - 1));
  }

  static V *valueIn(Page *page, const Var *var) {
    return page && page->has(slotOf(var)) ? page->at(slotOf(var)) : nullptr;
  }

  /// The page holding `id`, or null; remembers it for the next access.
  Page *findPage(uint64_t id) const {
    uint64_t number = id >> PageBits;
    if (number == lastNumber)
      return lastPage;
    Page *page = pages.lookup(number);
    if (page) {
      lastNumber = number;
      lastPage = page;
    }
    return page;
  }

  Page *getOrCreatePage(uint64_t id) {
    if (Page *page = findPage(id))
      return page;
    Page *page;
    if (spare.empty()) {
      storage.push_back(std::make_unique<Page>());
      page = storage.back().get();
    } else {
      page = spare.pop_back_val();
    }
    lastNumber = id >> PageBits;
    lastPage = page;
    pages[lastNumber] = page;
    return page;
  }

  llvm::DenseMap<uint64_t, Page *> pages;
  std::vector<std::unique_ptr<Page>> storage;
  llvm::SmallVector<Page *, 4> spare;
  mutable uint64_t lastNumber = NoPage;
  mutable Page *lastPage = nullptr;
  size_t numEntries = 0;
};

/// A set of Vars with the layout of VarMap.
class VarSet {
public:
  /// Whether `var` was newly inserted.
  bool insert(const Var *var) { return members.insert(var, true).second; }
  bool contains(const Var *var) const { return members.contains(var); }
  size_t count(const Var *var) const { return members.count(var); }
  bool erase(const Var *var) { return members.erase(var); }
  void clear() { members.clear(); }
  size_t size() const { return members.size(); }
  bool empty() const { return members.empty(); }

private:
  VarMap<bool> members;
};

} // namespace plc::ir

#endif // PLC_IR_VARMAP_H
