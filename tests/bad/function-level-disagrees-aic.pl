# An AIC function given level=CHIP (LANGUAGE.md 2: its level is AIC).
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}function-level-disagrees-aic.pl:8:50: error: level=pl.Level.CHIP disagrees with function type AIC, whose level is pl.Level.AIC
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC, level=pl.Level.CHIP)
    def k(self, x: pl.Tensor[[4, 4], pl.FP32]) -> pl.Tensor[[4, 4], pl.FP32]:
        return x
