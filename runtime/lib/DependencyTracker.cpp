//===- DependencyTracker.cpp - Tensor-access dependency inference ---------===//
#include "DependencyTracker.h"

namespace plrt {

std::vector<DependencyTracker::Access> DependencyTracker::takeSpare() {
  if (spare_.empty())
    return {};
  std::vector<Access> v = std::move(spare_.back());
  spare_.pop_back();
  return v;
}

DependencyTracker::Bucket &
DependencyTracker::bucketFor(const void *base, uintptr_t lo, uintptr_t hi) {
  for (Bucket &b : buckets_)
    if (b.base == base) {
      if (b.writers.empty() && b.readers.empty()) {
        b.lo = lo;
        b.hi = hi;
      } else {
        b.lo = std::min(b.lo, lo);
        b.hi = std::max(b.hi, hi);
      }
      return b;
    }
  buckets_.push_back(Bucket{base, lo, hi, takeSpare(), takeSpare(), 64});
  return buckets_.back();
}

void DependencyTracker::removeBucket(size_t b) {
  // Readers go first so that bucketFor, which takes writers first, gets each
  // list back in its old role: swapped, each would grow to the larger one.
  for (std::vector<Access> *v : {&buckets_[b].readers, &buckets_[b].writers}) {
    v->clear();
    spare_.push_back(std::move(*v));
  }
  if (b + 1 != buckets_.size())
    buckets_[b] = std::move(buckets_.back());
  buckets_.pop_back();
}

void DependencyTracker::clear() {
  while (!buckets_.empty())
    removeBucket(buckets_.size() - 1);
}

size_t DependencyTracker::footprintBytes() const {
  size_t bytes = buckets_.capacity() * sizeof(Bucket) +
                 spare_.capacity() * sizeof(std::vector<Access>);
  for (const Bucket &b : buckets_)
    bytes += (b.writers.capacity() + b.readers.capacity()) * sizeof(Access);
  for (const auto &v : spare_)
    bytes += v.capacity() * sizeof(Access);
  return bytes;
}

} // namespace plrt
