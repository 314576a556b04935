# On the for-form pl.spmd the hint captures the TaskId instead.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: producer-spmd-for.pl:23:39: error: {{.*}}'pl.spmd()' predicate reads 'rc'
# CHECK: note: This form does not accept deps=. Capture the TaskId instead

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
        for i in pl.spmd(2, predicate=(rc[0, 0] > 0)):
            out = pl.store(pl.load(x, [i, 0], [4, 4]), [i, 0], out)
        return out
