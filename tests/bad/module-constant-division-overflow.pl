# Floor-dividing the smallest 64-bit integer by -1 leaves 64 bits.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}module-constant-division-overflow.pl:7:7: error: integer overflow in a module constant: the result does not fit in 64 bits
import pypto.language as pl

M = -9223372036854775807 - 1
R = M // -1
