# An unknown pl.ScopeMode.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-scope-mode.pl:17:28: error: expected pl.ScopeMode.AUTO or pl.ScopeMode.MANUAL
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
        with pl.scope(mode=pl.ScopeMode.LAZY):
            t = pl.add(x, x)
        return out
