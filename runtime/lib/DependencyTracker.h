//===- DependencyTracker.h - Tensor-access dependency inference -*- C++ -*-===//
//
// Remembers which live tasks read or write which byte ranges, and reports,
// for a new access, every earlier live task it conflicts with (read after
// write, write after read, write after write). Accesses are grouped by the
// tensor's base pointer; a bucket also keeps the byte extent of its entries
// so that lookups check every bucket whose extent overlaps, which keeps the
// answer right even for tensors that alias through different base pointers.
// Readers and writers are kept apart so that a read only scans writers.
//
// Entries of retired tasks are dropped lazily: during lookups, and when a
// reader list doubles. A write that covers older entries of its bucket
// replaces them (it is ordered after all of them, so later conflicts with
// them are implied). Memory therefore follows the number of live tasks, not
// the number submitted.
//
// Used only by the orchestrating thread.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_LIB_DEPENDENCYTRACKER_H
#define PLRT_LIB_DEPENDENCYTRACKER_H

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace plrt {

class DependencyTracker {
public:
  struct Access {
    uintptr_t lo, hi;
    uint64_t seq;
  };

  DependencyTracker() {
    // Room for a few distinct tensors up front, so that common workloads
    // never reallocate the bucket lists mid-run.
    buckets_.reserve(8);
    spare_.reserve(16);
  }

  /// Calls onConflict(seq) for each live earlier access overlapping
  /// [lo, hi) that conflicts with an access of kind \p write. isLive(seq)
  /// tells whether a task still has to be waited for.
  template <typename IsLive, typename OnConflict>
  void lookup(uintptr_t lo, uintptr_t hi, bool write, IsLive &&isLive,
              OnConflict &&onConflict) {
    for (size_t b = 0; b < buckets_.size();) {
      Bucket &bucket = buckets_[b];
      if (bucket.hi <= lo || hi <= bucket.lo) {
        ++b;
        continue;
      }
      scan(bucket.writers, lo, hi, isLive, onConflict);
      if (write)
        scan(bucket.readers, lo, hi, isLive, onConflict);
      if (bucket.writers.empty() && bucket.readers.empty()) {
        removeBucket(b);
        continue;
      }
      ++b;
    }
  }

  /// Records an access of task \p seq. With \p replaceCovered, a write drops
  /// older entries of the same bucket lying inside [lo, hi).
  template <typename IsLive>
  void record(const void *base, uintptr_t lo, uintptr_t hi, uint64_t seq,
              bool write, bool replaceCovered, IsLive &&isLive) {
    if (lo == hi)
      return;
    Bucket &bucket = bucketFor(base, lo, hi);
    if (write && replaceCovered) {
      auto covered = [&](const Access &a) { return lo <= a.lo && a.hi <= hi; };
      eraseIf(bucket.writers, covered);
      eraseIf(bucket.readers, covered);
    }
    if (write) {
      bucket.writers.push_back(Access{lo, hi, seq});
      return;
    }
    bucket.readers.push_back(Access{lo, hi, seq});
    if (bucket.readers.size() >= bucket.readerPruneAt) {
      // Reads never meet other reads, so reader lists are only scanned by
      // writes; a tensor that is only ever read needs this to stay bounded.
      eraseIf(bucket.readers, [&](const Access &a) { return !isLive(a.seq); });
      bucket.readerPruneAt = std::max<size_t>(64, 2 * bucket.readers.size());
    }
  }

  void clear();
  size_t footprintBytes() const;

private:
  struct Bucket {
    const void *base;
    uintptr_t lo, hi; ///< Union of the entries' ranges (may be stale-wide).
    std::vector<Access> writers, readers;
    size_t readerPruneAt;
  };

  template <typename IsLive, typename OnConflict>
  static void scan(std::vector<Access> &items, uintptr_t lo, uintptr_t hi,
                   IsLive &isLive, OnConflict &onConflict) {
    size_t keep = 0;
    for (size_t i = 0; i < items.size(); ++i) {
      const Access &a = items[i];
      if (!isLive(a.seq))
        continue;
      if (a.lo < hi && lo < a.hi)
        onConflict(a.seq);
      items[keep++] = a;
    }
    items.resize(keep);
  }
  template <typename Pred>
  static void eraseIf(std::vector<Access> &items, Pred &&pred) {
    items.erase(std::remove_if(items.begin(), items.end(), pred), items.end());
  }

  Bucket &bucketFor(const void *base, uintptr_t lo, uintptr_t hi);
  std::vector<Access> takeSpare();
  void removeBucket(size_t b);

  std::vector<Bucket> buckets_;
  /// Vectors of removed buckets, kept so that steady state never allocates.
  std::vector<std::vector<Access>> spare_;
};

} // namespace plrt

#endif // PLRT_LIB_DEPENDENCYTRACKER_H
