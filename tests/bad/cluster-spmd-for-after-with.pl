# The for form of pl.spmd counts as well: a cluster that already holds a
# `with pl.spmd` cannot take a `for b in pl.spmd(...)`.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}cluster-spmd-for-after-with.pl:21:22: error: a `pl.cluster()` can hold only one `pl.spmd()`
# CHECK: {{^}}{{.*}}cluster-spmd-for-after-with.pl:19:18: note: the first pl.spmd in this cluster is here
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.FP32], out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        with pl.cluster():
            with pl.spmd(2):
                out = self.k(x, out)
            for b in pl.spmd(2):
                out = self.k(x, out)
        return out
