# An unknown keyword of @pl.function.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-kwarg-function.pl:8:18: error: unknown keyword argument 'kind' in @pl.function
import pypto.language as pl

@pl.program
class P:
    @pl.function(kind=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
        return x
