# RUN: not %plc %s --passes=convert-to-ssa,bogus --emit=ir 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: error: unknown pass 'bogus' in pipeline 'convert-to-ssa,bogus'
# UNKNOWN: note: known passes: default, convert-to-ssa, simplify, outline-hierarchy-scopes, outline-incore-scopes, outline-cluster-scopes, assert-no-inner-dispatch-predicate

# A pass whose requirement does not hold is refused, naming the pass that
# would establish it.
# RUN: not %plc %s --passes=simplify --emit=ir 2>&1 | FileCheck %s --check-prefix=NEEDS
# NEEDS: error: pass 'simplify' requires ssa-form, which does not hold: 'x' is defined more than once in function 'main'
# NEEDS: note: run 'convert-to-ssa' before 'simplify'

# RUN: %plc %s --passes=convert-to-ssa,simplify --print-ir-after=convert-to-ssa --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
# AFTER: # IR after convert-to-ssa
# AFTER-NEXT: # pypto.program: Flags
# AFTER-NOT: # IR after simplify

# RUN: %plc %s --passes=default --print-ir-after-all --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
# ALL: # IR after convert-to-ssa
# ALL: # IR after simplify
# ALL: # IR after outline-hierarchy-scopes
# ALL: # IR after outline-incore-scopes
# ALL: # IR after outline-cluster-scopes
# ALL: # IR after assert-no-inner-dispatch-predicate

# RUN: %plc %s --passes=default --time-passes --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=TIME
# TIME: Pass execution timing report
# TIME: ---Wall Time---  -System-  --- Name ---
# TIME: convert-to-ssa
# TIME: outline-incore-scopes
# TIME: (verify-each)

# As a user runs it, the verifiers run once, on the output of the pipeline.
# RUN: %plc-user %s --passes=default --time-passes --emit=ir 2>&1 >/dev/null | FileCheck %s --check-prefix=USER
# USER: Pass execution timing report
# USER-NOT: (verify-each)
# USER: (verify)

import pypto.language as pl

@pl.program
class Flags:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Out[pl.Tensor[[128, 128], pl.FP32]]) -> pl.Tensor[[128, 128], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t: pl.Tile[[128, 128], pl.FP32] = pl.tile.full([128, 128], dtype=pl.FP32, value=1.0)
            x = pl.store(t, [0, 0], x)
        with pl.at(level=pl.Level.CORE_GROUP):
            x = pl.store(t, [0, 0], x)
        return x
