# Types name one of the supported dtypes.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: program-unknown-dtype.pl:10:38: error: {{.*}}expected a dtype

import pypto.language as pl

@pl.program
class T:
    @pl.function
    def k(self, x: pl.Tensor[[4, 4], pl.FP8]) -> pl.Tensor[[4, 4], pl.INT32]:
        return x
