# On a submit the message names the kernel.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: producer-submit.pl:22:55: error: {{.*}}'k' predicate reads 'rc', which is produced by the task bound to 'g_tid', but 'g_tid' is not in deps=
# CHECK: note: Add the producer to the dependency list: deps=[g_tid].

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
        rc, g_tid = pl.submit(self.k, x, out)
        out, t1 = pl.submit(self.k, x, out, predicate=(rc[0, 0] > 0))
        return out
