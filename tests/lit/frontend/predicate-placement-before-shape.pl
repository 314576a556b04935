# Placement is checked before the shape rules.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: predicate-placement-before-shape.pl:20:41: error: {{.*}}only supported with level=pl.Level.CORE_GROUP

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
        with pl.at(level=pl.Level.HOST, predicate=(x[0] % 2)):
            out = self.k(x, out)
        return out
