//===- Arena.cpp - The bump allocator of IR arenas -------------------------===//

#include "ir/Arena.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemAlloc.h"

#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <climits>
#include <cstdint>

using namespace plc::ir;

namespace {
/// The heap grown at once, untouched until used (see prepareHeapForCompile).
constexpr size_t kHeapReserveBytes = size_t(1) << 30;
/// glibc's default M_TOP_PAD.
constexpr int kDefaultTopPad = 128 * 1024;
} // namespace

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

void plc::ir::prepareHeapForCompile() {
  static bool prepared = false;
  if (prepared)
    return;
  prepared = true;
  // Every block comes from the heap, and a free heap top stays mapped.
  (void)mallopt(M_MMAP_MAX, 0);
  (void)mallopt(M_TRIM_THRESHOLD, INT_MAX);

  // Grow the heap once by the reservation: with the top pad raised, a block
  // larger than all free memory makes malloc extend the heap by the pad.
  // The block is volatile so that the compiler keeps the malloc/free pair.
  auto *oldEnd = static_cast<char *>(sbrk(0));
  (void)mallopt(M_TOP_PAD, static_cast<int>(kHeapReserveBytes));
  void *volatile block = malloc(mallinfo2().fordblks + kDefaultTopPad);
  free(block);
  (void)mallopt(M_TOP_PAD, kDefaultTopPad);
  auto *newEnd = static_cast<char *>(sbrk(0));

  // Advice only: where the heap did not grow (a sanitizer's allocator, a
  // failed brk) or the kernel declines, pages stay small.
  uintptr_t begin = llvm::alignTo(reinterpret_cast<uintptr_t>(oldEnd),
                                  SlabSource::kHugePageBytes);
  uintptr_t end = llvm::alignDown(reinterpret_cast<uintptr_t>(newEnd),
                                  SlabSource::kHugePageBytes);
  if (end > begin)
    (void)madvise(reinterpret_cast<void *>(begin), end - begin, MADV_HUGEPAGE);
}
