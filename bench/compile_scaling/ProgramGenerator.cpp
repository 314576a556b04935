//===- ProgramGenerator.cpp - Large .pl programs for benchmarks ------------===//

#include "ProgramGenerator.h"

#include <fmt/format.h>

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

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[S, S], pl.FP32],
             b: pl.Out[pl.Tensor[[S, S], pl.FP32]],
             gate: pl.Tensor[[S, S], pl.INT32]) -> pl.Tensor[[S, S], pl.FP32]:
)";

std::string plc::bench::generateScopeProgram(unsigned numScopes) {
  fmt::memory_buffer out;
  fmt::format_to(std::back_inserter(out), "{}", header);
  for (unsigned i = 0; i != numScopes; ++i) {
    std::string deps = i == 0 ? "" : fmt::format(", deps=[t{}]", i - 1);
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
