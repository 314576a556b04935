# 1,000 prefix minus signs: the 65th exceeds the limit of 64.
# RUN: %python %S/Inputs/make_input.py unary 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:77: error: nesting too deep: more than 64 prefix operators before an operand
