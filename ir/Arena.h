//===- Arena.h - The bump allocator of IR arenas ----------------*- C++ -*-===//
///
/// \file
/// The IR of a program of a hundred thousand scopes takes a few hundred
/// megabytes of arena. Backed by 4 KiB pages, every page is a page fault
/// when first touched and every walk of the IR a stream of TLB misses. So
/// arena slabs grow quickly to 2 MiB and beyond, and slabs of that size are
/// mapped on their own, aligned to 2 MiB, with the kernel asked to back them
/// with transparent huge pages (madvise(MADV_HUGEPAGE); a kernel that
/// declines just uses small pages). Smaller slabs, which is all a small
/// program uses, come from malloc.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_ARENA_H
#define PLC_IR_ARENA_H

#include "llvm/Support/Allocator.h"

#include <cstddef>

namespace plc::ir {

/// Where arena slabs come from (see the file comment).
class SlabSource : public llvm::AllocatorBase<SlabSource> {
public:
  /// Slabs of at least this size are mapped on their own.
  static constexpr size_t kHugePageBytes = size_t(2) << 20;

  void Reset() {}
  void *Allocate(size_t size, size_t alignment);
  void Deallocate(const void *ptr, size_t size, size_t alignment);
  using AllocatorBase<SlabSource>::Allocate;
  using AllocatorBase<SlabSource>::Deallocate;
};

/// A bump allocator whose slabs start at 64 KiB and double every fourth
/// slab: 2 MiB slabs from about 8 MiB of arena on.
using Arena = llvm::BumpPtrAllocatorImpl<SlabSource, 64 * 1024, 64 * 1024, 4>;

/// Asks malloc to keep the memory a compile frees for the compile's own
/// later use: blocks up to 32 MiB come from the heap instead of mappings of
/// their own, and a free heap top is not handed back to the kernel. A
/// compile is one short run whose stages free and allocate in turns (parse
/// trees, pass-local maps, generated text); handing memory back in between
/// only makes the next stage fault it in again, zeroed. Call once, before
/// compiling; the plc driver does.
void keepFreedMemoryInProcess();

} // namespace plc::ir

#endif // PLC_IR_ARENA_H
