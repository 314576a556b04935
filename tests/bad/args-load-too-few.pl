# pl.load with two arguments instead of three.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-load-too-few.pl:10:39: error: 'pl.load' takes 3 positional arguments, got 2
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0])
        return pl.store(t, [0, 0], out)
