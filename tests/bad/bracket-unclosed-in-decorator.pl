# An unclosed decorator call swallows the next line.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}bracket-unclosed-in-decorator.pl:8:17: error: '(' was never closed
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore
