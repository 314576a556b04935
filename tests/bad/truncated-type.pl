# A file cut off inside a type annotation.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}truncated-type.pl:9:69: error: '[' was never closed
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32