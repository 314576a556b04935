# A pl.cluster() holds one pl.spmd (its core_num is the Group's launch), in
# either form; a second is rejected at the second, pointing at the first.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}cluster-two-spmd.pl:22:18: error: a `pl.cluster()` can hold only one `pl.spmd()`: its core_num becomes the launch of the cluster's Group function
# CHECK: {{^}}{{.*}}cluster-two-spmd.pl:20:18: note: the first pl.spmd in this cluster is here
# CHECK: note: Give the second pl.spmd a pl.cluster() of its own, or move it out to the orchestration body.
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
            with pl.spmd(2):
                out = self.k(x, out)
        return out
