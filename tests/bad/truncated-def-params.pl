# A file cut off inside a parameter list.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}truncated-def-params.pl:9:10: error: '(' was never closed
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]