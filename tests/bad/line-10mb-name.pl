# A 10 MB line holding one undefined name: reported at its start, quickly
# (the source line and its underline are echoed in full).
# RUN: %python %S/Inputs/make_input.py line-name 10 > %t.pl
# RUN: %plc-rejects %t.pl | cut -c 1-1000 | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:13: error: name 'vvvvvvvvvv{{v*}}
