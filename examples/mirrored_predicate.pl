# The predicated chain with the predicate written mirrored: the constant on
# the left, `0 < gate[1, 2]`. The IR keeps it as written; codegen flips the
# operator (GT) because the runtime compares element OP target.
# gate = 1 -> out is all 999.0; gate = 0 or gate = -1 -> out is all 42.0.
import pypto.language as pl

R = 64
C = 64

@pl.program
class MirroredPredicate:
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
             gate: pl.Tensor[[4, 4], pl.INT32],
             out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        x, xp_tid = pl.submit(self.x_producer, x)
        x, clobber_tid = pl.submit(self.clobber, x, deps=[xp_tid],
                                   predicate=(0 < gate[1, 2]))
        out, _ = pl.submit(self.consumer, x, out, deps=[clobber_tid])
        return out
