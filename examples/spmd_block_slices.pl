# One SPMD task of four blocks. Block i writes only its own 32-row slice of
# out, rows [32 * i, 32 * i + 32), with the value 1 + (i + 1) = i + 2:
# together the blocks cover out exactly once (min 2, max 5,
# sum 32 * 128 * (2 + 3 + 4 + 5) = 57344).
import pypto.language as pl

R = 128
C = 128
B = 32

@pl.program
class SpmdBlockSlices:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        for i in pl.spmd(4):
            ones: pl.Tile[[B, C], pl.FP32] = pl.tile.full([B, C], dtype=pl.FP32, value=1.0)
            t: pl.Tile[[B, C], pl.FP32] = pl.add(ones, pl.cast(i + 1, pl.FP32))
            out = pl.store(t, [i * B, 0], out)
        return out
