# A zero tensor dimension.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-shape-zero.pl:9:34: error: a shape dimension must be positive, got 0
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 0], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
