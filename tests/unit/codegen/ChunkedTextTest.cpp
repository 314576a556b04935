//===- ChunkedTextTest.cpp - Generated text kept in chunks ----------------===//

#include "codegen/ChunkedText.h"

#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include "gtest/gtest.h"

#include <string>

using namespace plc::codegen;

namespace {

/// Appends `lines` numbered lines, with a cut after each, to `text` and to
/// `expected`.
template <typename Buffer>
void appendLines(ChunkedText<Buffer> &text, std::string &expected,
                 unsigned lines) {
  for (unsigned i = 0; i != lines; ++i) {
    std::string line = "line " + std::to_string(i) + " " +
                       std::string(i % 97, 'x') + "\n";
    text.tail().append(line.data(), line.data() + line.size());
    text.cutIfFull();
    expected += line;
  }
}

template <typename Buffer> std::string written(const ChunkedText<Buffer> &t) {
  std::string out;
  llvm::raw_string_ostream os(out);
  t.writeTo(os);
  os.flush();
  return out;
}

TEST(ChunkedTextTest, WritesTextAcrossManyChunksInOrder) {
  // About 5 MB: several chunks.
  ChunkedText<fmt::memory_buffer> text;
  std::string expected;
  appendLines(text, expected, 80000);
  ASSERT_GT(expected.size(), size_t(3) << 20);
  EXPECT_EQ(written(text), expected);
}

TEST(ChunkedTextTest, TailIsTheSameBufferAfterACut) {
  ChunkedText<std::string> text;
  std::string &tail = text.tail();
  std::string expected;
  appendLines(text, expected, 40000);
  EXPECT_EQ(&tail, &text.tail());
  tail += "end\n";
  expected += "end\n";
  EXPECT_EQ(written(text), expected);
}

TEST(ChunkedTextTest, EmptyTextWritesNothing) {
  ChunkedText<std::string> text;
  text.cutIfFull();
  EXPECT_EQ(written(text), "");
}

} // namespace
