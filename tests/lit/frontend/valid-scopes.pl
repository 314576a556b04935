# The scope forms: pl.at at CORE_GROUP (InCore) and at other levels
# (Hierarchy, aliases print the primary name), `as tid` (its placeholder is
# not printed), pl.spmd in its three body forms, pl.cluster, and runtime
# scopes (pl.manual_scope() prints as pl.scope(mode=pl.ScopeMode.MANUAL)).
# RUN: %plc --emit=ir %s | FileCheck %s
# RUN: %plc --emit=ir %s > %t.pl && %plc --emit=ir %t.pl | diff %t.pl -
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
        # CHECK-NOT: task_invalid
        # CHECK: with pl.at(level=pl.Level.CORE_GROUP, name_hint="first", allow_early_resolve=True) as t0:
        with pl.at(pl.Level.CORE_GROUP, name_hint="first", allow_early_resolve=True) as t0:
            out = self.k(x, out)
        # CHECK: with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator, deps=[t0]):
        with pl.at(level=pl.Level.HOST, role=pl.Role.Orchestrator, deps=[t0, None]):
            out = self.k(x, out)
        # CHECK: with pl.at(level=pl.Level.CHIP_DIE):
        with pl.at(level=pl.Level.L2CACHE, deps=[]):
            out = self.k(x, out)
        # CHECK: with pl.spmd(2, sync_start=True, deps=[t0]) as t1:
        with pl.spmd(core_num=2, sync_start=True, deps=[t0]) as t1:
            out = self.k(x, out)
        # CHECK: for i in pl.spmd(4, name_hint="blk_spmd"):
        for i in pl.spmd(4, name_hint="blk"):
            out = pl.store(pl.load(x, [i, 0], [4, 4]), [i, 0], out)
        # CHECK: with pl.spmd(2):
        # CHECK-NEXT: with pl.at(level=pl.Level.CORE_GROUP):
        with pl.spmd(2):
            with pl.at(level=pl.Level.CORE_GROUP):
                out = self.k(x, out)
        # CHECK: with pl.cluster(name_hint="grp"):
        with pl.cluster(name_hint="grp"):
            with pl.spmd(2):
                b = pl.tile.get_block_idx()
                out = pl.store(pl.load(x, [b, 0], [4, 4]), [b, 0], out)
        # CHECK: with pl.scope(mode=pl.ScopeMode.MANUAL):
        with pl.manual_scope():
            out = self.k(x, out)
        # CHECK: with pl.scope():
        with pl.scope(mode=pl.ScopeMode.AUTO):
            out = self.k(x, out)
        return out
