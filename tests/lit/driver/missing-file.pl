# A missing input file is the user's error: one line naming the file and the
# reason, exit status 1.
# RUN: rm -f %t.missing
# RUN: not %plc %t.missing 2>&1 | FileCheck %s -DFILE=%t.missing
# RUN: %plc %t.missing 2>/dev/null; test $? -eq 1
# RUN: not %plc run %t.missing 2>&1 | FileCheck %s -DFILE=%t.missing

# CHECK: [[FILE]]: error: cannot open input file: No such file or directory
# CHECK-EMPTY:
