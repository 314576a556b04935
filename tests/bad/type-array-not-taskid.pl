# pl.Array of anything but TASK_ID.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-array-not-taskid.pl:9:32: error: only arrays of pl.TASK_ID are supported
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Array[4, pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
