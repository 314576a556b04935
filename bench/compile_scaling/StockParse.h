//===- StockParse.h - The stock ANTLR parse of a file, as a floor -*- C++ -*-===//
///
/// \file
/// Parses a `.pl` buffer the way the ANTLR 4.9 C++ runtime does out of the
/// box, with our grammar and nothing of plc's front end: the generated
/// PLLexer over an ANTLRInputStream, a small layout filter that turns its
/// NEWLINE tokens into the NEWLINE, INDENT and DEDENT tokens the parser
/// expects (as Python grammars for ANTLR do), a CommonTokenStream, and the
/// generated PLParser in SLL mode parsing rule `file` into one parse tree
/// for the whole file. This is the floor compile_scaling compares against.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_BENCH_COMPILESCALING_STOCKPARSE_H
#define PLC_BENCH_COMPILESCALING_STOCKPARSE_H

#include "transforms/StageUsage.h"

#include "llvm/ADT/StringRef.h"

#include <cstddef>

namespace plc {
namespace bench {

struct StockParseResult {
  bool ok = false;       ///< no lexical or syntax error
  size_t tokens = 0;     ///< tokens the parser saw, layout tokens included
  transforms::StageUsage lex; ///< the whole file into the token stream
  transforms::StageUsage parse;
};

/// Lexes all of `buffer`, then parses it; the tree lives until return.
StockParseResult stockParse(llvm::StringRef buffer);

} // namespace bench
} // namespace plc

#endif // PLC_BENCH_COMPILESCALING_STOCKPARSE_H
