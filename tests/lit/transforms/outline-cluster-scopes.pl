# RUN: %plc %s --passes=convert-to-ssa,outline-incore-scopes,outline-cluster-scopes --emit=ir | FileCheck %s
# RUN: %plc %s --passes=default --emit=ir | FileCheck %s

# Check that a pl.spmd nested in pl.cluster() is unwrapped into the Group
# function and its core_num (an expression over the caller's values) and
# sync_start ride the Group's dispatch, and that a standalone pl.spmd becomes
# a Spmd function whose launch spec and predicate ride its Submit.

import pypto.language as pl

@pl.program
class Cluster:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[128, 128], pl.FP32],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
             gate: pl.Tensor[[4, 4], pl.INT32],
             n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.cluster(name_hint="halves"):
            with pl.spmd(n * 2, sync_start=True):
                b = pl.tile.get_block_idx()
                t: pl.Tile[[64, 128], pl.FP32] = pl.load(x, [b * 64, 0], [64, 128])
                out = pl.store(t, [b * 64, 0], out)
        with pl.spmd(n + 1, predicate=(gate[0, 0] > 0)) as tid:
            c = pl.tile.get_block_idx()
            u: pl.Tile[[64, 128], pl.FP32] = pl.load(x, [c * 64, 0], [64, 128])
            out = pl.store(u, [c * 64, 0], out)
        return out

# CHECK-LABEL: def halves(self, x: pl.Tensor{{.*}}, out: pl.Out[pl.Tensor{{.*}}])
# CHECK-NEXT:    out_1: {{.*}} = self.main_incore_0(x, out)
# CHECK:       @pl.function(type=pl.FunctionType.Spmd)
# CHECK-NEXT:  def main_spmd_0(self, x: pl.Tensor{{.*}}, out: pl.Out[pl.Tensor{{.*}}])
# CHECK-NEXT:    out_1: {{.*}} = self.main_incore_1(x, out)
# CHECK-LABEL: def main(
# CHECK-NEXT:    [[S0:_submit_tmp]]: {{.*}} = pl.spmd_submit(self.halves, x, out, core_num=n * 2, sync_start=True)
# CHECK-NEXT:    [[OUT1:out_1]]: {{.*}} = [[S0]][0]
# CHECK-NEXT:    tid: pl.Scalar[pl.TASK_ID] = [[S0]][1]
# CHECK-NEXT:    [[S1:_submit_tmp_1]]: {{.*}} = pl.spmd_submit(self.main_spmd_0, x, [[OUT1]], core_num=n + 1, predicate=(pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0))
# CHECK-NEXT:    [[OUT2:out_2]]: {{.*}} = [[S1]][0]
# CHECK-NEXT:    tid_1: pl.Scalar[pl.TASK_ID] = [[S1]][1]
# CHECK-NEXT:    return [[OUT2]]
