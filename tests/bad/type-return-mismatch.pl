# A function returning a tile where its annotation says tensor.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-return-mismatch.pl:11:16: error: return value has type pl.Tile
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return t
