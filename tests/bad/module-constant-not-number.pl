# A module constant bound to a string.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}module-constant-not-number.pl:6:5: error: a module constant must be an integer or float expression
import pypto.language as pl

R = "abc"
