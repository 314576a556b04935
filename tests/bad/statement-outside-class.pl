# A statement other than a constant at module level.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}statement-outside-class.pl:6:1: error: only imports and constant definitions may appear outside the program class
import pypto.language as pl

pl.add(1, 2)
