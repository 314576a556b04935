//===- LiteralsTest.cpp - Values of numeric literal tokens ----------------===//

#include "frontend/Literals.h"

#include "gtest/gtest.h"

#include <limits>

using namespace plc::frontend;

namespace {

int64_t intValue(llvm::StringRef text) {
  int64_t value = -1;
  EXPECT_TRUE(parseIntLiteral(text, value)) << text.str();
  return value;
}

TEST(LiteralsTest, IntegersInEveryRadixWithSeparators) {
  EXPECT_EQ(intValue("0"), 0);
  EXPECT_EQ(intValue("1_000_000"), 1000000);
  EXPECT_EQ(intValue("0x_ff"), 255);
  EXPECT_EQ(intValue("0XFF"), 255);
  EXPECT_EQ(intValue("0o17"), 15);
  EXPECT_EQ(intValue("0b1010"), 10);
  EXPECT_EQ(intValue("9223372036854775807"),
            std::numeric_limits<int64_t>::max());
}

TEST(LiteralsTest, IntegersBeyondInt64AreRejected) {
  int64_t value = 7;
  EXPECT_FALSE(parseIntLiteral("9223372036854775808", value));
  EXPECT_FALSE(parseIntLiteral("0x1_0000_0000_0000_0000", value));
  EXPECT_EQ(value, 7) << "a rejected literal leaves the value alone";
}

TEST(LiteralsTest, FloatsWithSeparatorsAndExponents) {
  EXPECT_DOUBLE_EQ(parseFloatLiteral("1_000.5"), 1000.5);
  EXPECT_DOUBLE_EQ(parseFloatLiteral("2.5e-3"), 0.0025);
  EXPECT_DOUBLE_EQ(parseFloatLiteral(".5"), 0.5);
}

} // namespace
