# A file cut off after a method decorator.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}truncated-decorator.pl:9:1: error: expected 
import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
