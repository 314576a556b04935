# pl.tile.full without dtype=.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-tile-full-no-dtype.pl:10:39: error: 'pl.tile.full' requires dtype=
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.tile.full([4, 4], value=1.0)
        return pl.store(t, [0, 0], out)
