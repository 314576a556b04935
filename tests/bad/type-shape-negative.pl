# A negative tensor dimension.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-shape-negative.pl:9:31: error: a shape dimension must be positive, got -4
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[-4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
