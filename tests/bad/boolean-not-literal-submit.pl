# allow_early_resolve= on a submit must be a literal (LANGUAGE.md 4).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}boolean-not-literal-submit.pl:23:66: error: 'allow_early_resolve' must be a boolean literal (True or False)
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
        out, tid = pl.submit(self.k, x, out, allow_early_resolve="yes")
        return out
