# A declaration whose annotation disagrees with its value.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-annotation-mismatch.pl:10:9: error: 't' is annotated pl.Tile
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.INT32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)
