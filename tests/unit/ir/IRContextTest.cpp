//===- IRContextTest.cpp - Interned strings of an IR context ---------------===//

#include "ir/IRContext.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace plc::ir;

namespace {

std::vector<std::string> names(unsigned count) {
  std::vector<std::string> result;
  for (unsigned i = 0; i != count; ++i)
    result.push_back("name_" + std::to_string(i));
  return result;
}

// Check that a table sized up front interns like a grown one: equal strings
// share their data, different ones do not, past the reserved count too.
TEST(IRContextTest, ReservedInternTableInternsPastItsReservation) {
  IRContext ctx;
  ctx.reserveStrings(16);
  std::vector<std::string> texts = names(1000);
  std::vector<const char *> first;
  for (const std::string &text : texts)
    first.push_back(ctx.intern(text).data());
  for (size_t i = 0; i != texts.size(); ++i) {
    llvm::StringRef again = ctx.intern(texts[i]);
    EXPECT_EQ(again.data(), first[i]) << texts[i];
    EXPECT_EQ(again, texts[i]);
  }
  EXPECT_NE(first[0], first[1]);
}

// Check that a reservation after the first string is only a hint that is
// ignored: nothing interned before it is forgotten.
TEST(IRContextTest, LateReservationKeepsInternedStrings) {
  IRContext ctx;
  const char *before = ctx.intern("kept").data();
  ctx.reserveStrings(1 << 20);
  EXPECT_EQ(ctx.intern("kept").data(), before);
}

} // namespace
