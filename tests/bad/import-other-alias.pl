# pypto.language imported as `pp`: then `pl` means nothing.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}import-other-alias.pl:6:2: error: unknown class decorator; expected @pl.program
import pypto.language as pp

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32],
          out: pl.Out[pl.Tensor[[4, 4], pl.FP32]]) -> pl.Tensor[[4, 4], pl.FP32]:
        t: pl.Tile[[4, 4], pl.FP32] = pl.load(x, [0, 0], [4, 4])
        return pl.store(t, [0, 0], out)
