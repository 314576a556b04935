# RUN: %plc %s --passes=convert-to-ssa,simplify --emit=ir | FileCheck %s
# RUN: %plc %s --passes=convert-to-ssa,simplify --emit=ir > %t.pl && %plc %t.pl --check-roundtrip

# Check that `idx = i + 1`, read only by a predicate, survives; that dead
# scalar code goes; that constants fold into a launch spec; and that a
# submit whose results are unused, its TaskId extraction and a store stay.

import pypto.language as pl

@pl.program
class Simplify:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        t: pl.Tile[[128, 128], pl.FP32] = pl.tile.full([128, 128], dtype=pl.FP32, value=1.0)
        return pl.store(t, [0, 0], x)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, rc: pl.Tensor[[128, 128], pl.INT32],
             x: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
             i: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 128], pl.FP32]:
        idx = i + 1
        dead = i * 2
        unused = dead + 7
        blocks = 2 + 3
        y, tid = pl.spmd_submit(self.k, x, core_num=blocks)
        with pl.at(level=pl.Level.CORE_GROUP, predicate=(rc[idx, 0] > 0)) as t:
            p: pl.Tile[[128, 128], pl.FP32] = pl.tile.full([128, 128], dtype=pl.FP32, value=2.0)
            out = pl.store(p, [0, 0], out)
        return out

# CHECK-LABEL: def main(
# CHECK-NEXT:    [[IDX:idx]]: pl.Scalar[pl.INDEX] = i + 1
# CHECK-NOT:     dead
# CHECK-NOT:     unused
# CHECK-NOT:     blocks
# CHECK-NEXT:    [[S:_submit_tmp]]: {{.*}} = pl.spmd_submit(self.k, x, core_num=5)
# CHECK-NEXT:    y: {{.*}} = [[S]][0]
# CHECK-NEXT:    tid: pl.Scalar[pl.TASK_ID] = [[S]][1]
# CHECK-NEXT:    with pl.at(level=pl.Level.CORE_GROUP, predicate=(pl.cast(pl.tensor.read(rc, [[[IDX]], 0]), pl.INDEX) > 0)) as t:
# CHECK-NEXT:      p: pl.Tile
# CHECK-NEXT:      out_1: {{.*}} = pl.tile.store(p, [0, 0], out)
# CHECK-NEXT:    return out_1
