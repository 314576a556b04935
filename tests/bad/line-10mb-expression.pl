# A 10 MB line `a = 1 + 1 + ...` (2.6 million operators in one statement).
# The operator limit of a statement (1,000) stops it at the 1,001st `+`
# (column 4015), long before the parser would build an expression millions
# of levels deep.
# RUN: %python %S/Inputs/make_input.py line-chain 10 > %t.pl
# RUN: %plc-rejects %t.pl | cut -c 1-1000 | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:4015: error: statement too complex: more than 1000 operators
