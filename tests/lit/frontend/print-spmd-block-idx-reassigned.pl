# `b = pl.tile.get_block_idx()` in two `with pl.spmd` bodies is one Var
# defined twice, so it prints as written (with the synthesized carrier made
# explicit), not as the for-form, whose loop variable would be a fresh Var
# on reparse. A for-form loop variable, defined once, keeps the for-form.
# RUN: %plc --emit=ir %s | FileCheck %s
# RUN: %plc --emit=ir %s > %t.pl && %plc --emit=ir %t.pl | diff %t.pl -
import pypto.language as pl

@pl.program
class M:
    @pl.function
    def main(self, x: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        # CHECK: with pl.spmd(2):
        # CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP):
        # CHECK-NEXT: b: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        with pl.spmd(2):
            b = pl.tile.get_block_idx()
            out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        # CHECK: with pl.spmd(2):
        # CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP):
        # CHECK-NEXT: b: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()
        with pl.spmd(2):
            b = pl.tile.get_block_idx()
            out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        # CHECK: for i in pl.spmd(2):
        for i in pl.spmd(2):
            out = pl.store(pl.load(x, [i, 0], [4, 4]), [i, 0], out)
        return out
