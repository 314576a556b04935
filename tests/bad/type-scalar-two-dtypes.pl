# pl.Scalar with two dtypes (LANGUAGE.md 2).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}type-scalar-two-dtypes.pl:9:30: error: pl.Scalar[...] takes one dtype
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, n: pl.Scalar[pl.INT32, pl.INT64], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        return out
