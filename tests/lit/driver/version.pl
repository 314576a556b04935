# --version prints the project version from CMake and nothing about LLVM.
# RUN: %plc --version | FileCheck %s -DVERSION=%plc-version
# RUN: %plc --version; test $? -eq 0

# CHECK: {{^}}plc version [[VERSION]]{{$}}
# CHECK-NOT: LLVM
