# A directory given as input is reported like any unreadable file (exit 1).
# RUN: rm -rf %t.dir && mkdir -p %t.dir
# RUN: not %plc %t.dir 2>&1 | FileCheck %s -DDIR=%t.dir
# RUN: %plc %t.dir 2>/dev/null; test $? -eq 1

# CHECK: [[DIR]]: error: cannot open input file: Is a directory
