# An explicit role that disagrees with the function type.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: program-role-disagrees.pl:9:59: error: {{.*}}disagrees with function type Orchestration

import pypto.language as pl

@pl.program
class T:
    @pl.function(type=pl.FunctionType.Orchestration, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32]) -> pl.Tensor[[4, 4], pl.INT32]:
        return x
