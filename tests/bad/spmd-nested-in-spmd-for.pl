# A pl.spmd scope inside the body of a `for ... in pl.spmd(...)` loop.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}spmd-nested-in-spmd-for.pl:13:18: error: `pl.spmd()` cannot be nested inside `pl.spmd()`
# CHECK: {{^}}{{.*}}spmd-nested-in-spmd-for.pl:12:9: note: Move the pl.spmd scope out
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        for i in pl.spmd(4):
            with pl.spmd(2):
                b = pl.tile.get_block_idx()
                out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        return out
