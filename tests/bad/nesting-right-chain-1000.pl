# `1 + (1 + (1 + ...))` 1,000 deep: each level opens a bracket.
# RUN: %python %S/Inputs/make_input.py right-chain 1000 > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:1297: error: nesting too deep: more than 256 nested brackets
