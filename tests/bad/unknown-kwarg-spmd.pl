# pl.spmd has no `level=` keyword.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-kwarg-spmd.pl:17:25: error: unknown keyword argument 'level' in pl.spmd()
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.FP32], g: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        with pl.spmd(2, level=pl.Level.CORE_GROUP):
            t = pl.add(x, x)
        return out
