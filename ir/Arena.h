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

/// Readies malloc for a compile. A compile is one short run whose stages
/// free and allocate in turns (parse trees, pass-local maps, generated
/// text), and on the virtual machines plc runs on a fault on a fresh 4 KiB
/// page costs about 10 microseconds, against about 0.1 ms for a whole 2 MiB
/// huge page. So every block, however large, comes from the heap instead of
/// a mapping of its own; a free heap top is never handed back to the kernel
/// (the next stage would only fault it in again, zeroed); and the heap is
/// grown once by 1 GiB of address space, which costs nothing until touched,
/// with the kernel asked to back it with transparent huge pages. A heap that
/// outgrows the reservation goes on in small pages. Call before compiling
/// (later calls do nothing); the plc driver does.
void prepareHeapForCompile();

} // namespace plc::ir

#endif // PLC_IR_ARENA_H
