# pl.InOut on a scalar parameter is rejected.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: program-inout-scalar.pl:10:52: error: {{.*}}pl.InOut is not allowed on a scalar parameter

import pypto.language as pl

@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32], n: pl.InOut[pl.Scalar[pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        return x
