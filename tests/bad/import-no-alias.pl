# pypto.language imported without an alias.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}import-no-alias.pl:4:1: error: import pypto.language with an alias: 'import pypto.language as pl'
import pypto.language
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)
