# Output kinds whose stages do not exist yet fail loudly with exit 2 and write
# no output file. Remove a line here when its stage lands.
# RUN: rm -f %t.out
# RUN: not %plc --emit=ir -o %t.out %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=IR
# RUN: test ! -e %t.out
# RUN: not %plc --emit=deps-json %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=DEPS
# RUN: not %plc --emit=dot %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=DOT
# RUN: not %plc --emit=orch %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=ORCH
# RUN: not %plc --emit=kernels %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=KERNELS
# RUN: not %plc --emit=cpp %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=CPP
# RUN: %plc --emit=dot %examples/predicated_chain_submit.pl 2>/dev/null; test $? -eq 2

# IR: plc: error: --emit=ir is not implemented yet
# DEPS: plc: error: --emit=deps-json is not implemented yet
# DOT: plc: error: --emit=dot is not implemented yet
# ORCH: plc: error: --emit=orch is not implemented yet
# KERNELS: plc: error: --emit=kernels is not implemented yet
# CPP: plc: error: --emit=cpp is not implemented yet
