# A valid program with a 10 MB comment line compiles (exit 0) and prints
# without the comment.
# RUN: %python %S/Inputs/make_input.py line-comment 10 > %t.pl
# RUN: %plc %t.pl | FileCheck %s
# CHECK: class Big:
# CHECK: return out
# CHECK-NOT: cccc
