//===- Literals.cpp - Values of numeric literal tokens --------------------===//

#include "frontend/Literals.h"

#include <cstdlib>
#include <string>

using namespace plc::frontend;

static std::string withoutSeparators(llvm::StringRef text) {
  std::string digits;
  digits.reserve(text.size());
  for (char c : text)
    if (c != '_')
      digits += c;
  return digits;
}

bool plc::frontend::parseIntLiteral(llvm::StringRef text, int64_t &value) {
  std::string digits = withoutSeparators(text);
  llvm::StringRef s(digits);
  unsigned radix = 10;
  if (s.size() > 1 && s[0] == '0') {
    char base = s[1] | 0x20;
    if (base == 'x' || base == 'o' || base == 'b') {
      radix = base == 'x' ? 16 : base == 'o' ? 8 : 2;
      s = s.drop_front(2);
    }
  }
  uint64_t v;
  if (s.getAsInteger(radix, v) || v > uint64_t(INT64_MAX))
    return false;
  value = static_cast<int64_t>(v);
  return true;
}

double plc::frontend::parseFloatLiteral(llvm::StringRef text) {
  return std::strtod(withoutSeparators(text).c_str(), nullptr);
}
