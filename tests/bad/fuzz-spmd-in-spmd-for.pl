# Fuzzer finding: a pl.spmd scope inside a for-form pl.spmd body reached
# outline-cluster-scopes and failed its verifier (an internal error).
# RUN: %plc-rejects --emit=cpp -o %t %s | FileCheck %s
# CHECK: {{^}}{{.*}}fuzz-spmd-in-spmd-for.pl:32:18: error: `pl.spmd()` cannot be nested inside `pl.spmd()`
# CHECK-NOT: internal error
# The scope forms: pl.at atÓCORE_GROUP (InCore) and at other levels
# (Hierarchy, aliases print the primary name), `as tid` (its placeholder is
# not printed), pl.spmd in its three body forms, pl.cluster, and runtime
# scopes (pl.manual_scope() prints as pl.scope(mode=pl.ScopeMode.MANUAL)).
import pypto.language as pl

@pl.program
class Scopes:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32],
          out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        return pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)

    @pl.function
    def main(self, x: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        with pl.at(pl.Level.CORE_GROUP, name_hint="first", allow_early_resolve=True) as t0:
            out = self.k(x, out)
        with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator, deps=[t0, None]):
            out = self.k(x, out)
        with pl.at(level=pl.Level.L2CACHE, deps=[]):
            out = self.k(x, out)
        with pl.spmd(core_num=2, sync_start=True, deps=[t0]) as t1:
            out = self.k(x, out)
        for i in pl.spmd(4, name_hint="blk"):
            out = pl.store(pl.load(x, [i, 0], [4, 4]), [i, 0], out)
            with pl.spmd(2):
                b = pl.tile.get_block_idx()
                out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        with pl.manual_scope():
            out = self.k(x, out)
        with pl.scope(mode=pl.ScopeMode.AUTO):
            out = self.k(x, out)
        return out
