# RUN: %plc %s --passes=convert-to-ssa,outline-incore-scopes --emit=ir | FileCheck %s
# RUN: %plc %s --passes=convert-to-ssa,outline-incore-scopes --emit=ir > %t.pl && %plc %t.pl --check-roundtrip

# Check names (`main_incore_<n>` counting every scope, a free name_hint, a
# repeated hint suffixed `_0`, the same hint in another function qualified),
# parameters in first-use order with their directions, store targets
# returned as the parameter itself, which scopes become Submits, and the
# Opaque parent becoming Orchestration.

import pypto.language as pl

@pl.program
class Outline:
    @pl.function
    def main(self, a: pl.Tensor[[128, 128], pl.FP32],
             x: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
             y: pl.InOut[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t: pl.Tile[[128, 128], pl.FP32] = pl.load(a, [0, 0], [128, 128])
            x = pl.store(t, [0, 0], x)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="dup"):
            u: pl.Tile[[128, 128], pl.FP32] = pl.load(y, [0, 0], [128, 128])
            y = pl.store(u, [0, 0], y)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="dup") as tid:
            v: pl.Tile[[128, 128], pl.FP32] = pl.load(x, [0, 0], [128, 128])
            y = pl.store(v, [0, 0], y)
        with pl.at(level=pl.Level.CORE_GROUP, deps=[tid]):
            x = pl.store(t, [0, 0], x)
        with pl.at(level=pl.Level.CORE_GROUP, allow_early_resolve=True):
            y = pl.store(t, [0, 0], y)
        return x

    @pl.function(type=pl.FunctionType.Orchestration)
    def fn_b(self, z: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="dup"):
            w: pl.Tile[[128, 128], pl.FP32] = pl.tile.full([128, 128], dtype=pl.FP32, value=1.0)
            z = pl.store(w, [0, 0], z)
        return z

# CHECK-LABEL: def main_incore_0(self, a: pl.Tensor{{.*}}, x: pl.Out[pl.Tensor{{.*}}]) -> tuple[pl.Tile{{.*}}, pl.Tensor{{.*}}]:
# CHECK:         return t, x
# CHECK-LABEL: def dup(self, y: pl.InOut[pl.Tensor{{.*}}]) -> pl.Tensor{{.*}}:
# CHECK:         return y
# CHECK-LABEL: def dup_0(self, x: pl.Tensor{{.*}}, y: pl.Out[pl.Tensor{{.*}}]) -> pl.Tensor{{.*}}:
# CHECK:         return y
# CHECK-LABEL: def main_incore_3(self, t: pl.Tile{{.*}}, x: pl.Out[pl.Tensor{{.*}}])
# CHECK-LABEL: def main_incore_4(self, t: pl.Tile{{.*}}, y: pl.Out[pl.Tensor{{.*}}])
# CHECK:       @pl.function(type=pl.FunctionType.Orchestration
# CHECK-NEXT:  def main(
# CHECK-NEXT:    [[R0:ret]]: pl.Tuple{{.*}} = self.main_incore_0(a, x)
# CHECK-NEXT:    [[T1:t]]: {{.*}} = [[R0]][0]
# CHECK-NEXT:    [[X1:x_1]]: {{.*}} = [[R0]][1]
# CHECK-NEXT:    [[Y1:y_1]]: {{.*}} = self.dup(y)
# CHECK-NEXT:    [[S2:_submit_tmp]]: {{.*}} = pl.submit(self.dup_0, [[X1]], [[Y1]])
# CHECK-NEXT:    [[Y2:y_2]]: {{.*}} = [[S2]][0]
# CHECK-NEXT:    [[TID:tid]]: pl.Scalar[pl.TASK_ID] = [[S2]][1]
# CHECK-NEXT:    [[S3:_submit_tmp_1]]: {{.*}} = pl.submit(self.main_incore_3, [[T1]], [[X1]], deps=[[[TID]]])
# CHECK-NEXT:    [[X2:x_2]]: {{.*}} = [[S3]][0]
# CHECK-NEXT:    tid_1: pl.Scalar[pl.TASK_ID] = [[S3]][1]
# CHECK-NEXT:    [[S4:_submit_tmp_2]]: {{.*}} = pl.submit(self.main_incore_4, [[T1]], [[Y2]], allow_early_resolve=True)
# CHECK:         return [[X2]]
# CHECK-LABEL: def fn_b_dup(self, z: pl.Out[pl.Tensor{{.*}}])
# CHECK-LABEL: def fn_b(
# CHECK-NEXT:    z_1: {{.*}} = self.fn_b_dup(z)
