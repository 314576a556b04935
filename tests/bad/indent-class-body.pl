# A class whose methods are not indented.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}indent-class-body.pl:8:1: error: expected an indented block, found 
import pypto.language as pl

@pl.program
class P:
@pl.function
