# pl.store with four arguments.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-store-too-many.pl:11:16: error: 'pl.store' takes 3 positional arguments, got 4
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out, out)
