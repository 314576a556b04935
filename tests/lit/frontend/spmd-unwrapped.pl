# Check that `spmd_unwrapped=True` is accepted on a Group function (the mark
# outline-cluster-scopes prints) and rejected elsewhere.
# RUN: not %plc %s 2>&1 | FileCheck %s
import pypto.language as pl

@pl.program
class Marked:
    @pl.function(type=pl.FunctionType.InCore, spmd_unwrapped=True)
    def k(self, x: pl.Out[pl.Tensor[[8, 8], pl.FP32]]) -> pl.Tensor[[8, 8], pl.FP32]:
        return x

# CHECK: spmd-unwrapped.pl:8:62: error: spmd_unwrapped=True marks a Group function that absorbed a pl.spmd; this function is InCore
