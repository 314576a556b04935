# pl.tile.full has no `fill=` keyword.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-kwarg-tile-full.pl:10:75: error: unknown keyword argument 'fill' in 'pl.tile.full'
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.tile.full([4, 4], dtype=pl.FP32, fill=1.0)
        return pl.store(t, [0, 0], out)
