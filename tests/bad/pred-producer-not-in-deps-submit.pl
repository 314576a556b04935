# A predicate reads a tensor produced by a submit whose TaskId is not in deps=
# (LANGUAGE.md 5 producer contract).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}pred-producer-not-in-deps-submit.pl:26:55: error: 'k' predicate reads 'rc', which is produced by the task bound to 'g_tid', but 'g_tid' is not in deps=
# CHECK: {{^}}plc: note: Add the producer to the dependency list: deps=[g_tid]. Without it the scheduler may evaluate the predicate before the producing task has written the tensor.
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.InCore)
    def w(self, out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        t: pl.Tile[[4, 4], pl.INT32] = pl.tile.full([4, 4], dtype=pl.INT32, value=1)
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.FP32], g: pl.Tensor[[4, 4], pl.INT32], rc: pl.Out[pl.Tensor[[4, 4], pl.INT32]],
             f: pl.Tensor[[4, 4], pl.FP32], u: pl.Tensor[[4, 4], pl.UINT8], g1: pl.Tensor[[4], pl.INT8], n: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        rc, g_tid = pl.submit(self.w, rc)
        out, t2 = pl.submit(self.k, x, out, predicate=(rc[0, 0] > 0))
        return out
