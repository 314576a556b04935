# An explicit level= that disagrees with the function type (LANGUAGE.md 2).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}function-level-disagrees.pl:8:53: error: level=pl.Level.HOST disagrees with function type InCore, whose level is pl.Level.CHIP_DIE
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.HOST)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
        return x
