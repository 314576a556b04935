# Inside pl.cluster() a submit carries no per-task metadata.
# RUN: not %plc %s 2>&1 | FileCheck %s
# CHECK: submit-cluster-metadata.pl:23:50: error: {{.*}}cannot carry per-task dispatch metadata (deps=)

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
        with pl.at(level=pl.Level.CORE_GROUP) as t0:
            out = self.k(x, out)
        with pl.cluster():
            out, tid = pl.submit(self.k, x, out, deps=[t0])
        return out
