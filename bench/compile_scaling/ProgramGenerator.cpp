//===- ProgramGenerator.cpp - Large .pl programs for benchmarks ------------===//

#include "ProgramGenerator.h"

#include <fmt/format.h>

#include <cassert>
#include <cstdint>

using namespace plc::bench;

static const char *const header = R"(import pypto.language as pl

S = 16

@pl.program
class Scaling:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[S, S], pl.FP32],
             out: pl.Out[pl.Tensor[[S, S], pl.FP32]]) -> pl.Tensor[[S, S], pl.FP32]:
        t: pl.Tile[[S, S], pl.FP32] = pl.load(x, [0, 0], [S, S])
        return pl.store(t, [0, 0], out)
)";

static const char *const orchestration = R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def {}(self, a: pl.Tensor[[S, S], pl.FP32],
             b: pl.Out[pl.Tensor[[S, S], pl.FP32]],
             gate: pl.Tensor[[S, S], pl.INT32]) -> pl.Tensor[[S, S], pl.FP32]:
)";

std::string plc::bench::generateScopeProgram(unsigned numScopes,
                                             unsigned numFunctions) {
  assert(numFunctions >= 1 && numFunctions <= numScopes &&
         "every function gets a scope");
  fmt::memory_buffer out;
  fmt::format_to(std::back_inserter(out), "{}", header);
  unsigned function = 0;
  unsigned begin = 0, end = 0; // the scopes of the current function
  for (unsigned i = 0; i != numScopes; ++i) {
    if (i == end) {
      if (i != 0)
        fmt::format_to(std::back_inserter(out), "        return b\n");
      std::string name =
          function == 0 ? "main" : fmt::format("main_{}", function);
      fmt::format_to(std::back_inserter(out), fmt::runtime(orchestration),
                     name);
      ++function;
      begin = i;
      end =
          static_cast<unsigned>(uint64_t(numScopes) * function / numFunctions);
    }
    std::string deps = i == begin ? "" : fmt::format(", deps=[t{}]", i - 1);
    std::string predicate = i % 4 == 3 ? ", predicate=(gate[0, 0] > 0)" : "";
    switch (i % 3) {
    case 0:
      fmt::format_to(std::back_inserter(out),
                     "        with pl.at(level=pl.Level.CORE_GROUP{}{}) as t{}:\n"
                     "            v{}: pl.Tile[[S, S], pl.FP32] = pl.load(a, [0, 0], [S, S])\n"
                     "            b = pl.store(v{}, [0, 0], b)\n",
                     deps, predicate, i, i, i);
      break;
    case 1:
      fmt::format_to(std::back_inserter(out),
                     "        with pl.spmd(4{}{}) as t{}:\n"
                     "            b = self.copy(a, b)\n",
                     deps, predicate, i);
      break;
    default:
      fmt::format_to(std::back_inserter(out),
                     "        b, t{} = pl.submit(self.copy, a, b{}{})\n", i,
                     deps, predicate);
      break;
    }
  }
  fmt::format_to(std::back_inserter(out), "        return b\n");
  return fmt::to_string(out);
}
