//===- Arena.cpp - The bump allocator of IR arenas -------------------------===//

#include "ir/Arena.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemAlloc.h"

#include <malloc.h>
#include <sys/mman.h>

#include <cstdint>

using namespace plc::ir;

void *SlabSource::Allocate(size_t size, size_t alignment) {
  if (size < kHugePageBytes)
    return llvm::allocate_buffer(size, alignment);
  // Map one huge page more than needed and trim both ends, so that the slab
  // starts on a huge-page boundary.
  size_t length = llvm::alignTo(size, kHugePageBytes);
  void *mapped = mmap(nullptr, length + kHugePageBytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED)
    llvm::report_bad_alloc_error("cannot map an arena slab");
  auto start = reinterpret_cast<uintptr_t>(mapped);
  uintptr_t aligned = llvm::alignTo(start, kHugePageBytes);
  if (aligned != start)
    munmap(mapped, aligned - start);
  size_t tail = kHugePageBytes - (aligned - start);
  if (tail != 0)
    munmap(reinterpret_cast<void *>(aligned + length), tail);
  void *slab = reinterpret_cast<void *>(aligned);
  // Advice only: without transparent huge pages the slab is still usable.
  (void)madvise(slab, length, MADV_HUGEPAGE);
  return slab;
}

void SlabSource::Deallocate(const void *ptr, size_t size, size_t alignment) {
  if (size < kHugePageBytes) {
    llvm::deallocate_buffer(const_cast<void *>(ptr), size, alignment);
    return;
  }
  munmap(const_cast<void *>(ptr), llvm::alignTo(size, kHugePageBytes));
}

void plc::ir::keepFreedMemoryInProcess() {
  // The largest threshold glibc accepts on 64-bit targets.
  (void)mallopt(M_MMAP_THRESHOLD, 32 << 20);
  (void)mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
