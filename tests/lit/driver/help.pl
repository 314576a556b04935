# --help lists plc's own options, not the ones LLVM's support library
# registers, and exits 0.
# RUN: %plc --help | FileCheck %s
# RUN: %plc run --help | FileCheck %s --check-prefix=RUNCMD
# RUN: %plc --help >/dev/null; test $? -eq 0

# CHECK: OVERVIEW: plc: the .pl compiler
# CHECK: USAGE: plc
# CHECK-DAG: --emit=<value>
# CHECK-DAG: =ir
# CHECK-DAG: =deps-json
# CHECK-DAG: =dot
# CHECK-DAG: =orch
# CHECK-DAG: =kernels
# CHECK-DAG: =cpp
# CHECK-DAG: -o=<file>
# CHECK-DAG: run - Compile a program and run it on the CPU
# CHECK-NOT: --tensor
# CHECK-NOT: --color

# RUNCMD: --tensor=<name=VALUE>
