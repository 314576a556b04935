# core_num is an integer scalar expression.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: scope-core-num-integer.pl:20:22: error: {{.*}}core_num must be an integer scalar expression

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
        with pl.spmd(2.0):
            out = self.k(x, out)
        return out
