# An explicit level that disagrees with the function type.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: program-level-disagrees.pl:9:53: error: {{.*}}disagrees with function type InCore

import pypto.language as pl

@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.HOST)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32]) -> pl.Tensor[[4, 4], pl.INT32]:
        return x
