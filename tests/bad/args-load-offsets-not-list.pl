# pl.load offsets that are not a list.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}args-load-offsets-not-list.pl:10:50: error: offsets must be a list such as [0, 0]
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, 0, [4, 4])
        return pl.store(t, [0, 0], out)
