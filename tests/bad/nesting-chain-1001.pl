# One operator more than the limit of a statement (1,000): the 1,001st `+`
# is reported.
# RUN: %python %S/Inputs/make_input.py chain 1001 > %t.pl
# RUN: %plc-rejects %t.pl | cut -c 1-1000 | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:4015: error: statement too complex: more than 1000 operators
