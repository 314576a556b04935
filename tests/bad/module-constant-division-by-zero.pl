# A module constant divided by zero.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}module-constant-division-by-zero.pl:6:7: error: division by zero in a module constant
import pypto.language as pl

R = 4 // 0
