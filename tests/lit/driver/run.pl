# `plc run` compiles, builds and runs a program on the CPU runtime and prints
# the tensors asked for: the clobber is skipped with gate 0 and runs with 1.
# RUN: %plc run %examples/predicated_chain_submit.pl --tensor gate=0 --print out | FileCheck %s --check-prefix=GATE0
# RUN: %plc run %examples/predicated_chain_submit.pl --tensor gate=1 --print out --print x | FileCheck %s --check-prefix=GATE1
# RUN: %plc run %examples/predicated_chain_submit.pl --set 'gate[0,0]=1' --workers=0 --print out | FileCheck %s --check-prefix=GATE1
# GATE0: out: shape=[128, 128] dtype=FP32 min=42 max=42 sum=688128
# GATE1: out: shape=[128, 128] dtype=FP32 min=999 max=999 sum=1.63676e+07

# The command line is checked before anything is compiled.
# RUN: not %plc run %examples/predicated_chain_submit.pl --tensor gate 2>&1 | FileCheck %s --check-prefix=MALFORMED
# RUN: not %plc run %examples/predicated_chain_submit.pl --tensor 1x=2 2>&1 | FileCheck %s --check-prefix=MALFORMED
# RUN: %plc run %examples/predicated_chain_submit.pl --tensor gate=abc 2>/dev/null; test $? -eq 2
# MALFORMED: plc: error: malformed --tensor '{{.*}}': expected NAME=NUMBER
# MALFORMED-NEXT: plc: note: for example --tensor gate=1
