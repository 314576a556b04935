# pl.Array of size zero.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-array-zero.pl:9:29: error: an array size must be positive
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Array[0, pl.TASK_ID], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
