# A module constant beyond 64 bits.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}int-too-large-constant.pl:6:5: error: integer literal is too large
import pypto.language as pl

R = 36893488147419103232
