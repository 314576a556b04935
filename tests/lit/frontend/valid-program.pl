# Module constants fold into types; @pl.function bare or with agreeing
# level/role; `self` may be missing; parameter directions, scalar, TaskId,
# Array and tuple-returning signatures.
# RUN: %plc --emit=ir %s | FileCheck %s
# RUN: %plc --emit=ir %s > %t.pl && %plc --emit=ir %t.pl | diff %t.pl -
import pypto.language as pl

R = 2 * 64
C = R // 2

@pl.program
class Prog:
    """A docstring is allowed."""

    # CHECK: @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    # CHECK-NEXT: def k(self, x: pl.Tensor{{\[\[}}128, 64], pl.FP32], out: pl.Out[pl.Tensor{{\[\[}}128, 64], pl.FP32]]) -> pl.Tensor{{\[\[}}128, 64], pl.FP32]:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tensor[[R, C], pl.FP32],
          out: pl.Out[pl.Tensor[[R, C], pl.FP32]]) -> pl.Tensor[[R, C], pl.FP32]:
        t: pl.Tile[[R, C], pl.FP32] = pl.load(x, [0, 0], [R, C])
        return pl.store(pl.exp(t), [0, 0], out)

    # CHECK: @pl.function
    # CHECK-NEXT: def o(self, n: pl.Scalar[pl.INT32], t: pl.Scalar[pl.TASK_ID], a: pl.Array[4, pl.TASK_ID], io: pl.InOut[pl.Tensor{{\[\[}}4], pl.INT8]]) -> tuple[pl.Scalar[pl.INT32], pl.Tensor{{\[\[}}4], pl.INT8]]:
    @pl.function
    def o(self, n: pl.INT32, t: pl.TaskId, a: pl.Array[4, pl.TASK_ID],
          io: pl.InOut[pl.Tensor[[4], pl.INT8]]) -> tuple[pl.Scalar[pl.INT32], pl.Tensor[[4], pl.INT8]]:
        return n, io
