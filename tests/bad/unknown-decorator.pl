# A class decorated with something other than @pl.program.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}unknown-decorator.pl:6:2: error: unknown class decorator; expected @pl.program
import pypto.language as pl

@pl.kernel
class P:
    pass
