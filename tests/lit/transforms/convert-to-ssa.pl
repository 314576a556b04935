# RUN: %plc %s --passes=convert-to-ssa --emit=ir | FileCheck %s
# RUN: %plc %s --passes=convert-to-ssa --emit=ir > %t.pl && %plc %t.pl --check-roundtrip

# Check that a scope's deps and predicate are versioned at scope entry: the
# deps name the previous `t` although `as t` rebinds it, the predicate reads
# the version of rc the first scope stored (rc_1) and the i of before the
# body (not the body's i_1); that a definition inside a scope (y) stays
# visible after it; and that a Spmd scope's core_num is substituted.

import pypto.language as pl

@pl.program
class Ssa:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, rc: pl.Out[pl.Tensor[[128, 128], pl.INT32]],
             out: pl.Out[pl.Tensor[[128, 128], pl.FP32]],
             n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[128, 128], pl.FP32]:
        i = 0
        with pl.at(level=pl.Level.CORE_GROUP) as t:
            rc = pl.store(pl.load(rc, [0, 0], [128, 128]), [0, 0], rc)
        with pl.at(level=pl.Level.CORE_GROUP, deps=[t], predicate=(rc[i, 0] > 0)) as t:
            i = 1
            y: pl.Tile[[128, 128], pl.FP32] = pl.tile.full([128, 128], dtype=pl.FP32, value=2.0)
        m = n + 1
        m = m * 2
        with pl.spmd(m, deps=[t]) as t:
            b = pl.tile.get_block_idx()
            out = pl.store(y, [b, 0], out)
        return out

# CHECK-LABEL: def main(
# CHECK:         [[I0:i]]: pl.Scalar[pl.INDEX] = 0
# CHECK-NEXT:    with pl.at(level=pl.Level.CORE_GROUP) as [[T0:t]]:
# CHECK-NEXT:      [[RC1:rc_1]]: {{.*}} = pl.tile.store(pl.tile.load(rc, [0, 0], [128, 128]), [0, 0], rc)
# CHECK-NEXT:    with pl.at(level=pl.Level.CORE_GROUP, deps=[[[T0]]], predicate=(pl.cast(pl.tensor.read([[RC1]], [[[I0]], 0]), pl.INDEX) > 0)) as [[T1:t_1]]:
# CHECK-NEXT:      i_1: pl.Scalar[pl.INDEX] = 1
# CHECK-NEXT:      [[Y:y]]: pl.Tile
# CHECK-NEXT:    [[M0:m]]: pl.Scalar[pl.INDEX] = n + 1
# CHECK-NEXT:    [[M1:m_1]]: pl.Scalar[pl.INDEX] = [[M0]] * 2
# CHECK-NEXT:    with pl.spmd([[M1]], deps=[[[T1]]]) as t_2:
# CHECK:           [[OUT1:out_1]]: {{.*}} = pl.tile.store([[Y]], [b, 0], out)
# CHECK-NEXT:    return [[OUT1]]
