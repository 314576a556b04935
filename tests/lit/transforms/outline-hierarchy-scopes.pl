# RUN: %plc %s --passes=convert-to-ssa,outline-hierarchy-scopes --emit=ir | FileCheck %s

# Check hierarchy names (`<parent>_<level>[_orch|_sub_worker]_<n>`, the
# counter counting every scope), that a nested scope is outlined from its
# outlined parent and named after it, that the outlined functions carry
# level and role, that a store target is not exported (its parameter stays
# In), and that `as tid` still makes a Submit.

import pypto.language as pl

@pl.program
class Hier:
    @pl.function
    def main(self, x: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.GLOBAL, role=pl.Role.Orchestrator):
            with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator):
                t: pl.Tile[[128, 128], pl.FP32] = pl.tile.full([128, 128], dtype=pl.FP32, value=1.0)
        with pl.at(level=pl.Level.CHIP, role=pl.Role.SubWorker) as tid:
            x = pl.store(t, [0, 0], x)
        return x

# CHECK:       @pl.function(level=pl.Level.HOST, role=pl.Role.Orchestrator)
# CHECK-NEXT:  def main_global_orch_0_host_orch_0(self) -> pl.Tile
# CHECK:       @pl.function(level=pl.Level.GLOBAL, role=pl.Role.Orchestrator)
# CHECK-NEXT:  def main_global_orch_0(self) -> pl.Tile
# CHECK-NEXT:    t: {{.*}} = self.main_global_orch_0_host_orch_0()
# CHECK:       @pl.function(level=pl.Level.CHIP, role=pl.Role.SubWorker)
# CHECK-NEXT:  def main_chip_sub_worker_1(self, t: pl.Tile{{.*}}, x: pl.Tensor{{.*}}) -> pl.Tensor
# CHECK:       @pl.function
# CHECK-NEXT:  def main(
# CHECK-NEXT:    [[T:t]]: {{.*}} = self.main_global_orch_0()
# CHECK-NEXT:    [[S:_submit_tmp]]: {{.*}} = pl.submit(self.main_chip_sub_worker_1, [[T]], x)
# CHECK-NEXT:    [[X:x_1]]: {{.*}} = [[S]][0]
# CHECK-NEXT:    tid: pl.Scalar[pl.TASK_ID] = [[S]][1]
# CHECK-NEXT:    return [[X]]
