# pl.add of a tile and a tensor.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-add-tile-tensor.pl:11:23: error: the second operand of 'pl.add' must be a scalar or pl.Tile
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        u = pl.add(t, x)
        return pl.store(t, [0, 0], out)
