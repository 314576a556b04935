# An input beyond the program-size limit (64 MiB) is refused before it is
# parsed; one just below the limit compiles.
# RUN: %python %S/Inputs/make_input.py size 65 > %t.big.pl
# RUN: %plc-rejects %t.big.pl | FileCheck %s -DFILE=%t.big.pl
# CHECK: {{^}}[[FILE]]: error: input is {{[0-9]+}} bytes; the limit is 67108864 bytes (64 MiB)
# RUN: %python %S/Inputs/make_input.py size 60 > %t.ok.pl
# RUN: %plc %t.ok.pl | FileCheck %s --check-prefix=OK
# OK: class Big:
# RUN: rm -f %t.big.pl %t.ok.pl
