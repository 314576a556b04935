# A file cut off after the class line.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}truncated-class.pl:8:1: error: expected an indented block, found end of file
import pypto.language as pl

@pl.program
class P:
