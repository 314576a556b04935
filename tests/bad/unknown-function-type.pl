# An unknown pl.FunctionType.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-function-type.pl:8:23: error: expected pl.FunctionType.<Opaque, Orchestration, InCore, AIC, AIV, Group or Spmd>
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Kernel)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
        return x
