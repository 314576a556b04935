# pl.Tensor without a dtype.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-tensor-no-dtype.pl:9:30: error: pl.Tensor[...] takes a shape and a dtype
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4]], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
