# `a = 1 + 1 + ... + 1` with 20,000 operators: a left-leaning expression
# 20,000 levels deep that later stages would walk recursively. The operator
# limit of a statement (1,000) reports the 1,001st `+` (column 4015).
# RUN: %python %S/Inputs/make_input.py chain 20000 > %t.pl
# RUN: %plc-rejects %t.pl | cut -c 1-1000 | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:4015: error: statement too complex: more than 1000 operators
