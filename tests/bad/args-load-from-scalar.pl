# pl.load from a scalar.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-load-from-scalar.pl:11:47: error: 'pl.load' loads from a tensor, got pl.Scalar[pl.INDEX]
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        a = 1
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(a, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)
