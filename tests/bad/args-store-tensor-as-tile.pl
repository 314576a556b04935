# pl.store of a tensor where a tile is expected.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-store-tensor-as-tile.pl:10:25: error: 'pl.store' stores a tile, got pl.Tensor
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return pl.store(x, [0, 0], out)
