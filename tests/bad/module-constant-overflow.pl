# A module constant whose integer arithmetic leaves 64 bits.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}module-constant-overflow.pl:6:20: error: integer overflow in a module constant: the result does not fit in 64 bits
import pypto.language as pl

R = 36893488147419 * 348814881474
