# A Group function given role=Orchestrator (LANGUAGE.md 2: its role is
# SubWorker).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}function-role-disagrees-group.pl:9:51: error: role=pl.Role.Orchestrator disagrees with function type Group, whose role is pl.Role.SubWorker
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Group, role=pl.Role.Orchestrator)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
        return x
