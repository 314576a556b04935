//===- EdgePool.h - Recycled dependency edges -------------------*- C++ -*-===//
//
// Edges are allocated and freed only by the orchestrating thread, so the
// pool is a plain free list over chunks. It grows to the peak number of
// simultaneously live edges and never shrinks during a run.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_LIB_EDGEPOOL_H
#define PLRT_LIB_EDGEPOOL_H

#include "TaskSlot.h"

#include <memory>
#include <vector>

namespace plrt {

class EdgePool {
public:
  static constexpr size_t CHUNK = 512;

  Edge *allocate() {
    if (!free_)
      grow();
    Edge *e = free_;
    free_ = e->nextOwned;
    return e;
  }
  /// Returns a list linked through nextOwned.
  void freeList(Edge *head) {
    while (head) {
      Edge *next = head->nextOwned;
      head->nextOwned = free_;
      free_ = head;
      head = next;
    }
  }
  /// Preallocates room for \p n live edges.
  void reserve(size_t n) {
    while (chunks_.size() * CHUNK < n)
      grow();
  }
  size_t footprintBytes() const { return chunks_.size() * CHUNK * sizeof(Edge); }

private:
  void grow() {
    chunks_.push_back(std::make_unique<Edge[]>(CHUNK));
    Edge *c = chunks_.back().get();
    for (size_t i = 0; i < CHUNK; ++i)
      c[i].nextOwned = i + 1 < CHUNK ? &c[i + 1] : free_;
    free_ = c;
  }

  std::vector<std::unique_ptr<Edge[]>> chunks_;
  Edge *free_ = nullptr;
};

} // namespace plrt

#endif // PLRT_LIB_EDGEPOOL_H
