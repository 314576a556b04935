# A parameter with a default value.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-param-default.pl:9:47: error: parameters cannot have default values
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32] = None, out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
