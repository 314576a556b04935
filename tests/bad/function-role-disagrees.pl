# An explicit role= that disagrees with the function type (LANGUAGE.md 2).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}function-role-disagrees.pl:8:59: error: role=pl.Role.SubWorker disagrees with function type Orchestration, whose role is pl.Role.Orchestrator
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
        return x
