# An empty file has no program: the error points at its start.
# RUN: printf '' > %t.pl
# RUN: %plc-rejects %t.pl | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:1:1: error: no @pl.program class in the file
