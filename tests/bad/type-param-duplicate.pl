# Two parameters with the same name.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-param-duplicate.pl:9:50: error: duplicate parameter 'out'
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, out: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
