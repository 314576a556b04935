# pl.submit and pl.spmd_submit: unpacked through `_submit_tmp`, keywords in
# canonical order, sync_start only when true, the single-target form binding
# the whole tuple.
# RUN: %plc --emit=ir %s | FileCheck %s
# RUN: %plc --emit=ir %s > %t.pl && %plc --emit=ir %t.pl | diff %t.pl -
import pypto.language as pl

@pl.program
class Submits:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[4, 4], pl.INT32],
          out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        return pl.store(pl.load(x, [0, 0], [4, 4]), [0, 0], out)

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[4, 4], pl.INT32], n: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[4, 4], pl.INT32]]) -> pl.Tensor[[4, 4], pl.INT32]:
        # CHECK: _submit_tmp: pl.Tuple[pl.Tensor{{\[\[}}4, 4], pl.INT32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.k, x, out)
        # CHECK-NEXT: out: pl.Tensor{{\[\[}}4, 4], pl.INT32] = _submit_tmp[0]
        # CHECK-NEXT: t0: pl.Scalar[pl.TASK_ID] = _submit_tmp[1]
        out, t0 = pl.submit(self.k, x, out)
        # CHECK: pl.spmd_submit(self.k, x, out, deps=[t0], core_num=n, sync_start=True, allow_early_resolve=True)
        (out,), t1 = pl.spmd_submit(self.k, x, out, core_num=n, sync_start=True,
                                    deps=[t0], allow_early_resolve=True)
        # CHECK: pl.spmd_submit(self.k, x, out, core_num=4)
        out, t2 = pl.spmd_submit(self.k, x, out, core_num=4, sync_start=False)
        # CHECK: res: pl.Tuple[pl.Tensor{{\[\[}}4, 4], pl.INT32], pl.Scalar[pl.TASK_ID]] = pl.submit(self.k, x, out, deps=[t1, t2])
        res = pl.submit(self.k, x, out, deps=[t1, t2])
        # CHECK: pl.submit(self.k, x)
        y, t3 = pl.submit(self.k, x)
        return res[0]
