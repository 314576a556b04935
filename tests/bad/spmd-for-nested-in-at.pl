# A `for ... in pl.spmd(...)` loop inside a CORE_GROUP pl.at.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}spmd-for-nested-in-at.pl:12:22: error: `pl.spmd()` cannot be nested inside `pl.at(level=pl.Level.CORE_GROUP)`
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            for b in pl.spmd(2):
                out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        return out
