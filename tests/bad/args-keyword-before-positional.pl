# A positional argument after a keyword argument.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-keyword-before-positional.pl:10:67: error: positional argument follows keyword argument
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.tile.full(dtype=pl.FP32, [4, 4], value=1.0)
        return pl.store(t, [0, 0], out)
