# pl.add with one operand.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-add-one.pl:11:13: error: 'pl.add' takes 2 positional arguments, got 1
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        u = pl.add(t)
        return pl.store(t, [0, 0], out)
