# 1,000 nested `with pl.at(...)` scopes: the class and method bodies take
# two indentation levels, so the 100th scope (line 107, indented by 404
# spaces) opens the 101st level, one beyond the limit of 100.
# RUN: %python %S/Inputs/make_input.py scopes 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:107:405: error: nesting too deep: more than 100 indentation levels
