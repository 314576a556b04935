# Predicates in every legal placement: the IR keeps the comparison as
# written (a mirrored `0 < t[...]` stays `<`), with its promotion Cast; the
# producer contract passes when the producing task is in deps=, and for
# parameters and aliases, which have no recorded producer.
# RUN: %plc --emit=ir %s | FileCheck %s
# RUN: %plc --emit=ir %s > %t.pl && %plc --emit=ir %t.pl | diff %t.pl -
import pypto.language as pl

@pl.program
class Preds:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32],
          out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        return pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32], w: pl.Tensor[[4, 4], pl.INT64],
             g: pl.Tensor[[8], pl.INT8],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        with pl.at(level=pl.Level.CORE_GROUP) as g_tid:
            rc = pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)
        # CHECK: with pl.at(level=pl.Level.CORE_GROUP, deps=[g_tid], predicate=(pl.cast(pl.tensor.read(rc, [0, 0]), pl.INDEX) > 0)):
        with pl.at(level=pl.Level.CORE_GROUP, deps=[g_tid], predicate=(rc[0, 0] > 0)):
            out = self.k(x, out)
        # CHECK: with pl.spmd(2, predicate=(-1 < pl.tensor.read(w, [1, 3]))):
        with pl.spmd(2, predicate=(-1 < w[1, 3])):
            out = self.k(x, out)
        # CHECK: for i in pl.spmd(2, predicate=(pl.cast(pl.tensor.read(g, [7]), pl.INDEX) != 0)):
        for i in pl.spmd(2, predicate=(g[7] != 0)):
            out = pl.store(pl.load(x, [i, 0], [4, 4]), [i, 0], out)
        alias = rc
        # CHECK: pl.submit(self.k, x, out, predicate=(pl.cast(pl.tensor.read(alias, [0, 0]), pl.INDEX) == 1))
        out, t1 = pl.submit(self.k, x, out, predicate=(alias[0, 0] == 1))
        # CHECK: pl.submit(self.k, x, out, deps=[t1], predicate=(pl.cast(pl.tensor.read(out, [2, 2]), pl.INDEX) >= 3))
        out, t2 = pl.submit(self.k, x, out, deps=[t1], predicate=(out[2, 2] >= 3))
        return out
