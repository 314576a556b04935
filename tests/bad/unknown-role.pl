# An unknown pl.Role.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-role.pl:17:46: error: expected pl.Role.Orchestrator or pl.Role.SubWorker
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
        with pl.at(level=pl.Level.HOST, role=pl.Role.Boss):
            t = pl.add(x, x)
        return out
