//===- ArenaTest.cpp - The bump allocator of IR arenas --------------------===//

#include "ir/Arena.h"
#include "ir/IRContext.h"

#include "gtest/gtest.h"

#include <malloc.h>

#include <cstdint>
#include <cstring>
#include <vector>

using namespace plc::ir;

namespace {

bool isHugePageAligned(const void *ptr) {
  return reinterpret_cast<uintptr_t>(ptr) % SlabSource::kHugePageBytes == 0;
}

TEST(ArenaTest, LargeSlabsAreMappedOnHugePageBoundaries) {
  SlabSource source;
  for (size_t size : {SlabSource::kHugePageBytes,
                      SlabSource::kHugePageBytes * 3 + 12345}) {
    void *slab = source.Allocate(size, alignof(std::max_align_t));
    ASSERT_NE(slab, nullptr);
    EXPECT_TRUE(isHugePageAligned(slab));
    // The whole slab is writable, to its last byte.
    std::memset(slab, 0xab, size);
    EXPECT_EQ(static_cast<unsigned char *>(slab)[size - 1], 0xab);
    source.Deallocate(slab, size, alignof(std::max_align_t));
  }
}

// Check that once the compile asks for it, a block of several megabytes is
// served from the heap (reusable after free) rather than mapped on its own,
// and that freeing it hands nothing back to the kernel.
TEST(ArenaTest, FreedMemoryStaysInProcess) {
  keepFreedMemoryInProcess();
  constexpr size_t kBytes = size_t(8) << 20; // far above glibc's default
  size_t mappedBefore = mallinfo2().hblkhd;
  void *block = malloc(kBytes);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kBytes);
  EXPECT_EQ(mallinfo2().hblkhd, mappedBefore);
  size_t heapBefore = mallinfo2().arena;
  free(block);
  EXPECT_EQ(mallinfo2().arena, heapBefore);
}

TEST(ArenaTest, SmallSlabsComeFromMalloc) {
  SlabSource source;
  void *slab = source.Allocate(64 * 1024, alignof(std::max_align_t));
  ASSERT_NE(slab, nullptr);
  std::memset(slab, 0, 64 * 1024);
  source.Deallocate(slab, 64 * 1024, alignof(std::max_align_t));
}

TEST(ArenaTest, GrowsIntoHugePageSlabsAndKeepsEveryAllocation) {
  Arena arena;
  // 16 MiB in 1 KiB pieces: past the small slabs, into 2 MiB ones.
  constexpr size_t piece = 1024, count = 16 * 1024;
  std::vector<unsigned char *> pieces;
  for (size_t i = 0; i != count; ++i) {
    auto *p = static_cast<unsigned char *>(arena.Allocate(piece, 8));
    std::memset(p, int(i & 0xff), piece);
    pieces.push_back(p);
  }
  EXPECT_GE(arena.getTotalMemory(), count * piece);
  // Every piece still holds what was written, in small and large slabs.
  for (size_t i = 0; i < count; i += 997)
    EXPECT_EQ(pieces[i][piece - 1], (unsigned char)(i & 0xff)) << i;
}

TEST(ArenaTest, ContextCountsWhatItsArenaHandsOut) {
  IRContext ctx;
  size_t before = ctx.arenaBytes();
  ctx.newVar("x", ctx.scalarType(DType::INDEX));
  size_t afterVar = ctx.arenaBytes();
  EXPECT_GT(afterVar, before);
  ctx.intern("a_string_never_seen_before");
  EXPECT_GT(ctx.arenaBytes(), afterVar);
}

} // namespace
