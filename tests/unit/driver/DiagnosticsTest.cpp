//===- DiagnosticsTest.cpp - The driver's diagnostic format ---------------===//
//
// The driver reports every user error through DiagnosticEngine; these tests
// pin the clang-style layout it relies on.
//
//===----------------------------------------------------------------------===//

#include "ir/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace plc;

namespace {

class DiagnosticsTest : public ::testing::Test {
protected:
  DiagnosticsTest() : os(text), diags(&os) {}

  /// Registers `source` as file `name` and returns its text.
  llvm::StringRef add(llvm::StringRef source, llvm::StringRef name) {
    return diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(source, name));
  }

  static Loc at(llvm::StringRef buffer, llvm::StringRef needle) {
    size_t offset = buffer.find(needle);
    // Compared by value: binding StringRef::npos to a reference (as EXPECT_NE
    // does) clashes with its out-of-line definition in libLLVMSupport.
    EXPECT_TRUE(offset != llvm::StringRef::npos) << needle.str();
    return Loc{llvm::SMLoc::getFromPointer(buffer.data() + offset)};
  }

  std::string printed() { return os.str(); }

  std::string text;
  llvm::raw_string_ostream os;
  DiagnosticEngine diags;
};

TEST_F(DiagnosticsTest, ErrorShowsLocationSourceLineAndCaret) {
  llvm::StringRef buf = add("x = 1\ny = z + 1\n", "prog.pl");
  diags.error(at(buf, "z"), "undefined name 'z'");
  EXPECT_EQ(printed(), "prog.pl:2:5: error: undefined name 'z'\n"
                       "y = z + 1\n"
                       "    ^\n");
  EXPECT_EQ(diags.errorCount(), 1u);
  EXPECT_TRUE(diags.hadError());
}

TEST_F(DiagnosticsTest, NotesFollowTheirError) {
  llvm::StringRef buf = add("a = 1\na = 2\n", "dup.pl");
  Loc second = at(buf, "a = 2");
  Loc first = at(buf, "a = 1");
  diags.error(second, "redefinition of 'a'")
      .note("previous definition is here", Span{first, Loc()})
      .note("names are assigned once after SSA conversion");
  EXPECT_EQ(printed(), "dup.pl:2:1: error: redefinition of 'a'\n"
                       "a = 2\n"
                       "^\n"
                       "dup.pl:1:1: note: previous definition is here\n"
                       "a = 1\n"
                       "^\n"
                       "plc: note: names are assigned once after SSA "
                       "conversion\n");
  // Notes are not errors.
  EXPECT_EQ(diags.errorCount(), 1u);
}

TEST_F(DiagnosticsTest, SpanOnOneLineIsUnderlined) {
  llvm::StringRef buf = add("out = gate[0, 0] > zero\n", "span.pl");
  Loc begin = at(buf, "gate");
  Loc end = at(buf, " > zero");
  diags.error(Span{begin, end}, "bad operand");
  EXPECT_EQ(printed(), "span.pl:1:7: error: bad operand\n"
                       "out = gate[0, 0] > zero\n"
                       "      ^~~~~~~~~~\n");
}

TEST_F(DiagnosticsTest, PackedSpanKeepsTheRangeAndAnInvalidEnd) {
  llvm::StringRef buf = add("out = gate[0, 0] > zero\n", "packed.pl");
  Loc begin = at(buf, "gate");
  Loc end = at(buf, " > zero");
  auto same = [](Loc a, Loc b) { return a.ptr == b.ptr; };

  Span range = PackedSpan(Span{begin, end}).unpack();
  EXPECT_TRUE(same(range.begin, begin));
  EXPECT_TRUE(same(range.end, end));

  // A zero-length range is not a point: its end stays valid.
  Span empty = PackedSpan(Span{begin, begin}).unpack();
  EXPECT_TRUE(same(empty.end, begin));

  Span point = PackedSpan(Span{begin, Loc()}).unpack();
  EXPECT_TRUE(same(point.begin, begin));
  EXPECT_FALSE(point.end.isValid());

  Span backwards = PackedSpan(Span{end, begin}).unpack();
  EXPECT_TRUE(same(backwards.begin, end));
  EXPECT_FALSE(backwards.end.isValid());

  Span none = PackedSpan(Span()).unpack();
  EXPECT_FALSE(none.isValid());
  EXPECT_FALSE(none.end.isValid());

  // The unpacked range prints as the original would.
  diags.error(range, "bad operand");
  EXPECT_EQ(printed(), "packed.pl:1:7: error: bad operand\n"
                       "out = gate[0, 0] > zero\n"
                       "      ^~~~~~~~~~\n");
}

TEST_F(DiagnosticsTest, FileErrorNamesOnlyTheFile) {
  diags.fileError("missing.pl", "cannot open input file: gone");
  EXPECT_EQ(printed(), "missing.pl: error: cannot open input file: gone\n");
  EXPECT_EQ(diags.errorCount(), 1u);
}

TEST_F(DiagnosticsTest, LineAndColumnAndBufferName) {
  add("first\n", "one.pl");
  llvm::StringRef buf = add("a\n  bc\n", "two.pl");
  Loc c = at(buf, "c");
  EXPECT_EQ(diags.lineAndColumn(c), std::make_pair(2u, 4u));
  EXPECT_EQ(diags.bufferName(c), "two.pl");
  EXPECT_EQ(diags.lineAndColumn(Loc()), std::make_pair(0u, 0u));
  EXPECT_EQ(printed(), "");
  EXPECT_FALSE(diags.hadError());
}

} // namespace
