# An input file that does not exist.
# RUN: rm -f %t.missing.pl
# RUN: %plc-rejects %t.missing.pl | FileCheck %s -DFILE=%t.missing.pl
# CHECK: {{^}}[[FILE]]: error: cannot open input file: No such file or directory
