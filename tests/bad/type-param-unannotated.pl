# A parameter without a type.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-param-unannotated.pl:9:17: error: parameter 'x' needs a type annotation
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x, out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
