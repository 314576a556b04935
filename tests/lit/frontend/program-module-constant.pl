# Module constants are int or float expressions.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: program-module-constant.pl:6:5: error: {{.*}}a module constant must be an integer or float expression

import pypto.language as pl
R = pl.dynamic("R")

@pl.program
class T:
    @pl.function
    def k(self, x: pl.Tensor[[4, 4], pl.INT32]) -> pl.Tensor[[4, 4], pl.INT32]:
        return x
