//===- Literals.h - Values of numeric literal tokens ------------*- C++ -*-===//
///
/// \file
/// The value of an INT or FLOAT token's text as the scanner accepted it:
/// digits with optional `_` separators, and for integers a `0x`, `0o` or
/// `0b` prefix.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_LITERALS_H
#define PLC_FRONTEND_LITERALS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace plc::frontend {

/// False when the value does not fit in a signed 64-bit integer.
bool parseIntLiteral(llvm::StringRef text, int64_t &value);

double parseFloatLiteral(llvm::StringRef text);

} // namespace plc::frontend

#endif // PLC_FRONTEND_LITERALS_H
