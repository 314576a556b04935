# A pl.spmd scope two levels inside another: the innermost kernel scope
# is named, through a runtime scope in between.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}spmd-nested-in-spmd.pl:14:22: error: `pl.spmd()` cannot be nested inside `pl.spmd()`
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        with pl.spmd(4):
            with pl.scope():
                with pl.spmd(2):
                    b = pl.tile.get_block_idx()
                    out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        return out
