# RUN: %plc %s --passes=convert-to-ssa,outline-incore-scopes,outline-cluster-scopes --emit=ir | FileCheck %s
# RUN: %plc %s --passes=convert-to-ssa,outline-incore-scopes,outline-cluster-scopes --emit=ir > %t.pl && %plc %t.pl --check-roundtrip

# A scope in one branch renames the tensor it stores for the code after it
# in that branch only: the other branch, the code after the if and the
# next loop iteration still read the name the branch started from.

import pypto.language as pl

@pl.program
class Branches:
    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, x: pl.Tensor[[16, 16], pl.FP32],
             out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t: pl.Tile[[16, 16], pl.FP32] = pl.load(x, [0, 0], [16, 16])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32],
             b: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
             n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        if n < 5:
            with pl.at(level=pl.Level.CORE_GROUP):
                v: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
                b = pl.store(v, [0, 0], b)
        else:
            with pl.at(level=pl.Level.CORE_GROUP):
                w: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
                b = pl.store(w, [0, 0], b)
        for i in pl.range(4):
            with pl.spmd(4):
                b = self.copy(a, b)
            with pl.at(level=pl.Level.CORE_GROUP):
                u: pl.Tile[[16, 16], pl.FP32] = pl.load(a, [0, 0], [16, 16])
                pl.store(u, [0, 0], b)
        with pl.at(level=pl.Level.CORE_GROUP):
            z: pl.Tile[[16, 16], pl.FP32] = pl.load(b, [0, 0], [16, 16])
            b = pl.store(z, [0, 0], b)
        return b

# CHECK-LABEL: def main(
# CHECK-NEXT:    if n < 5:
# CHECK-NEXT:      [[B1:b_[0-9]+]]: {{.*}} = self.main_incore_0(a, b)
# CHECK-NEXT:      [[B2:b_[0-9]+]] = pl.yield_([[B1]])
# CHECK-NEXT:    else:
# CHECK-NEXT:      [[B3:b_[0-9]+]]: {{.*}} = self.main_incore_1(a, b)
# CHECK-NEXT:      [[B2]] = pl.yield_([[B3]])
# CHECK-NEXT:    for i, ([[IT:b_[0-9]+]],) in pl.range(4, init_values=([[B2]],)):
# CHECK-NEXT:      [[S:_submit_tmp]]: {{.*}} = pl.spmd_submit(self.main_spmd_0, a, [[IT]], core_num=4)
# CHECK-NEXT:      [[B5:b_[0-9]+]]: {{.*}} = [[S]][0]
# CHECK-NEXT:      tid: {{.*}} = [[S]][1]
# CHECK-NEXT:      [[B6:b_[0-9]+]]: {{.*}} = self.main_incore_2(a, [[B5]])
# CHECK-NEXT:      [[B7:b_[0-9]+]] = pl.yield_([[B6]])
# CHECK-NEXT:    [[B8:b_[0-9]+]]: {{.*}} = self.main_incore_3([[B7]])
# CHECK-NEXT:    return [[B8]]
