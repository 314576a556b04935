# 1,000 `not`s: the 65th exceeds the limit of 64 prefix operators.
# RUN: %python %S/Inputs/make_input.py nots 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:269: error: nesting too deep: more than 64 prefix operators before an operand
