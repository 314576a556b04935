# Expression typing: integer promotion inserts a real Cast to the wider
# dtype, INDEX and INT64 mix without one, negative literals fold, and the
# canonical text reparses to itself.
# RUN: %plc --emit=ir %s | FileCheck %s
# RUN: %plc --emit=ir %s > %t.pl && %plc --emit=ir %t.pl | diff %t.pl -
import pypto.language as pl

@pl.program
class Exprs:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32], w: pl.Tensor[[4, 4], pl.INT64],
             h: pl.Tensor[[4, 4], pl.INT16]) -> pl.Scalar[pl.INDEX]:
        # CHECK: a: pl.Scalar[pl.INDEX] = pl.cast(pl.tensor.read(x, [0, 1]), pl.INDEX) + 1
        a = x[0, 1] + 1
        # CHECK-NEXT: b: pl.Scalar[pl.INT64] = pl.tensor.read(w, [0, 0]) + 1
        b = w[0, 0] + 1
        # CHECK-NEXT: c: pl.Scalar[pl.INT32] = pl.cast(pl.tensor.read(h, [0, 0]), pl.INT32) * pl.tensor.read(x, [1, 1])
        c = h[0, 0] * x[1, 1]
        # CHECK-NEXT: d: pl.Scalar[pl.INDEX] = -5
        d = -5
        # CHECK-NEXT: e: pl.Scalar[pl.INT32] = pl.const(7, pl.INT32)
        e = pl.const(7, pl.INT32)
        # CHECK-NEXT: g: pl.Scalar[pl.FP32] = pl.cast(a, pl.FP32) / 2.0
        g = pl.cast(a, pl.FP32) / 2.0
        # CHECK-NEXT: k: pl.Scalar[pl.BOOL] = a < 3 and not b >= 2
        k = (a < 3) and not (b >= 2)
        # CHECK-NEXT: m: pl.Scalar[pl.INDEX] = a // 2 % 3 << 1 >> 1
        m = a // 2 % 3 << 1 >> 1
        return a
