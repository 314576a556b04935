# A directory given as the input file.
# RUN: rm -rf %t.dir && mkdir -p %t.dir
# RUN: %plc-rejects %t.dir | FileCheck %s -DDIR=%t.dir
# CHECK: {{^}}[[DIR]]: error: cannot open input file: Is a directory
