# On a plain pl.spmd the hint captures the TaskId instead.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: producer-spmd-plain.pl:23:35: error: {{.*}}'pl.spmd()' predicate reads 'rc', which is produced by the task bound to 'g_tid', but 'g_tid' is not in deps=
# CHECK: note: This form does not accept deps=. Capture the TaskId instead: `with pl.spmd(n, deps=[g_tid], predicate=...) as tid:`. Without it the scheduler may evaluate the predicate before the producing task has written the tensor.

import pypto.language as pl

@pl.program
class T:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32],
          out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        t: pl.Tile[[4, 4], pl.INT32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32],
             u: pl.Tensor[[4, 4], pl.UINT32],
             f: pl.Tensor[[4, 4], pl.FP32],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        with pl.at(level=pl.Level.CORE_GROUP) as g_tid:
            rc = pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)
        with pl.spmd(2, predicate=(rc[0, 0] > 0)):
            out = self.k(x, out)
        return out
