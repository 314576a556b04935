# An expression nested 1,000 brackets deep: the limit (256 open brackets)
# stops it at the 257th, on the first statement (line 8).
# RUN: %python %S/Inputs/make_input.py parens 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:269: error: nesting too deep: more than 256 nested brackets
