//===- ArenaTest.cpp - The bump allocator of IR arenas --------------------===//

#include "ir/Arena.h"
#include "ir/IRContext.h"

#include "gtest/gtest.h"

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
