# A cluster whose body is a two-block SPMD scope. The outliner turns the
# cluster into one Group function and the SPMD launch spec (two blocks) rides
# the Group's dispatch. Each block doubles its own half of x into out, using
# pl.tile.get_block_idx() to pick the half.
import pypto.language as pl

R = 128
C = 128
H = 64

@pl.program
class ClusterSpmd:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[R, C], pl.FP32],
             out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        with pl.cluster(name_hint="halves"):
            with pl.spmd(2):
                b = pl.tile.get_block_idx()
                t: pl.Tile[[H, C], pl.FP32] = pl.load(x, [b * H, 0], [H, C])
                d: pl.Tile[[H, C], pl.FP32] = pl.mul(t, 2.0)
                out = pl.store(d, [b * H, 0], out)
        return out
