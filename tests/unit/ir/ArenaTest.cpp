//===- ArenaTest.cpp - The bump allocator of IR arenas --------------------===//

#include "ir/Arena.h"
#include "ir/IRContext.h"

#include "gtest/gtest.h"

#include <malloc.h>

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
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

// Check that once the compile asks for it, a block of 64 MiB, above every
// threshold glibc accepts for mapping blocks on their own, is served from
// the heap (reusable after free), and that freeing it hands nothing back to
// the kernel.
TEST(ArenaTest, FreedMemoryStaysInProcess) {
  prepareHeapForCompile();
  constexpr size_t kBytes = size_t(64) << 20;
  size_t mappedBefore = mallinfo2().hblkhd;
  void *block = malloc(kBytes);
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kBytes);
  EXPECT_EQ(mallinfo2().hblkhd, mappedBefore);
  size_t heapBefore = mallinfo2().arena;
  free(block);
  EXPECT_EQ(mallinfo2().arena, heapBefore);
}

/// The value of `field` ("THPeligible:") in the /proc/self/smaps entry of
/// the mapping that holds `ptr`, or -1.
long smapsField(const void *ptr, const std::string &field) {
  std::ifstream smaps("/proc/self/smaps");
  auto address = reinterpret_cast<uintptr_t>(ptr);
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t begin = 0, end = 0;
    // A mapping's first line reads "begin-end perms ...".
    if (std::sscanf(line.c_str(), "%" SCNxPTR "-%" SCNxPTR, &begin, &end) ==
        2) {
      inside = begin <= address && address < end;
      continue;
    }
    if (inside && line.rfind(field, 0) == 0)
      return std::stol(line.substr(field.size()));
  }
  return -1;
}

bool transparentHugePagesOff() {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text;
  std::getline(setting, text);
  return text.empty() || text.find("[never]") != std::string::npos;
}

// Check that heap blocks of a prepared compile lie where the kernel may back
// them with transparent huge pages.
TEST(ArenaTest, PreparedHeapIsEligibleForHugePages) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a sanitizer's allocator does not use the heap";
#endif
  if (transparentHugePagesOff())
    GTEST_SKIP() << "transparent huge pages are off on this machine";
  prepareHeapForCompile();
  constexpr size_t kBytes = size_t(16) << 20;
  auto *block = static_cast<char *>(malloc(kBytes));
  ASSERT_NE(block, nullptr);
  std::memset(block, 1, kBytes);
  EXPECT_EQ(smapsField(block + kBytes / 2, "THPeligible:"), 1);
  free(block);
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
