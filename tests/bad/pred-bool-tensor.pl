# A predicate over a BOOL tensor (LANGUAGE.md 5 check 4).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}pred-bool-tensor.pl:22:58: error: operator '==' does not accept bool dtype
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def w(self, out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        t: pl.Tile[[4, 4], pl.INT32] = pl.tile.full([4, 4], dtype=pl.INT32, value=1)
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.FP32], h: pl.Tensor[[4, 4], pl.BOOL],
             out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, predicate=(h[0, 0] == 1)):
            out = pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)
        return out
