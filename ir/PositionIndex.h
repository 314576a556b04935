//===- PositionIndex.h - Positions in a list queried mostly in order -*- C++ -*-===//
///
/// \file
/// The position of a key in a list that the caller keeps in program order
/// and that its queries mostly walk in that order too (the tasks of a task
/// graph, the indexed statements of a use-order index). A query tries the
/// position of the last one found and the next before a hash table, and the
/// table is built only at the first query those miss: at a hundred thousand
/// keys each probe of the table is a cache miss, and filling it as the list
/// grows would rehash it at every power of two.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_POSITIONINDEX_H
#define PLC_IR_POSITIONINDEX_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace plc::ir {

template <typename Key> class PositionIndex {
public:
  /// The position of `key` in `list`, or -1; tries `guess` and the one after
  /// it first.
  int find(llvm::ArrayRef<Key> list, Key key, unsigned guess) const {
    for (unsigned p : {guess, guess + 1})
      if (p < list.size() && list[p] == key)
        return static_cast<int>(last = p);
    if (!built) {
      table.reserve(list.size());
      for (unsigned p = 0, e = list.size(); p != e; ++p)
        table[list[p]] = p;
      built = true;
    }
    auto it = table.find(key);
    if (it == table.end())
      return -1;
    return static_cast<int>(last = it->second);
  }
  /// As above, from the position found last.
  int find(llvm::ArrayRef<Key> list, Key key) const {
    return find(list, key, last);
  }
  /// `key` was appended to the list at `position`.
  void appended(Key key, unsigned position) {
    if (built)
      table[key] = position;
  }
  /// The list changed other than at its end.
  void forget() {
    table.clear();
    built = false;
  }

private:
  mutable llvm::DenseMap<Key, unsigned> table;
  mutable bool built = false;
  mutable unsigned last = 0;
};

} // namespace plc::ir

#endif // PLC_IR_POSITIONINDEX_H
