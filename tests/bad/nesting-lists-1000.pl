# A list nested 1,000 deep: the bracket limit applies to `[` as to `(`.
# RUN: %python %S/Inputs/make_input.py lists 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:269: error: nesting too deep: more than 256 nested brackets
