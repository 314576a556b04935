# The predicated chain: x := 42, then x := 999 only if gate[0, 0] > 0, then
# out := x.
import pypto.language as pl

R = 64
C = 64

@pl.program
class Chain:
    @pl.function(type=pl.FunctionType.InCore)
    def x_producer(self, x: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        t: pl.Tile[[R, C], pl.FP32] = pl.tile.full([R, C], dtype=pl.FP32, value=42.0)
        return pl.store(t, [0, 0], x)

    @pl.function(type=pl.FunctionType.InCore)
    def clobber(self, x: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        t: pl.Tile[[R, C], pl.FP32] = pl.tile.full([R, C], dtype=pl.FP32, value=999.0)
        return pl.store(t, [0, 0], x)

    @pl.function(type=pl.FunctionType.InCore)
    def consumer(self, x: pl.Tensor[[R, C], pl.FP32],
                 out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        t: pl.Tile[[R, C], pl.FP32] = pl.load(x, [0, 0], [R, C])
        return pl.store(t, [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Out[pl.Tensor[[R, C], pl.FP32]],
             gate: pl.Tensor[[R, C], pl.INT32],
             out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        with pl.manual_scope():
            x, xp_tid = pl.submit(self.x_producer, x)
            x, clobber_tid = pl.submit(self.clobber, x, deps=[xp_tid],
                                       predicate=(gate[0, 0] > 0))
            out, _ = pl.submit(self.consumer, x, out, deps=[clobber_tid])
        return out
