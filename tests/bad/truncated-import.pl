# A file that stops after the import line has no program.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}truncated-import.pl:1:1: error: no @pl.program class in the file
import pypto.language as pl
