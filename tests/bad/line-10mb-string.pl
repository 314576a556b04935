# A 10 MB string literal as a name hint that is no identifier.
# RUN: %python %S/Inputs/make_input.py line-string 10 > %t.pl
# RUN: %plc-rejects %t.pl | cut -c 1-1000 | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:35: error: name_hint must be a valid identifier, got 's s s s
