# A method whose body is not indented.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}indent-method-body.pl:10:5: error: expected an indented block, found 
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
    return x
