# A tensor dimension beyond 64 bits.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}int-too-large-shape.pl:9:31: error: integer literal is too large
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[100000000000000000000, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
