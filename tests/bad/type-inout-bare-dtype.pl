# pl.InOut on a bare-dtype scalar parameter (LANGUAGE.md 2).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-inout-bare-dtype.pl:9:20: error: pl.InOut is not allowed on a scalar parameter
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.InOut[pl.INT64], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
