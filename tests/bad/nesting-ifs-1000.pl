# 1,000 nested `if`s: the indentation limit (100 levels) stops them.
# RUN: %python %S/Inputs/make_input.py ifs 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:107:405: error: nesting too deep: more than 100 indentation levels
