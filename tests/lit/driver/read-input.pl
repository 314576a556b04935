# With no --emit, plc prints the canonical IR of its input, whether the input
# comes from a file or from stdin (`-`), and the two are identical.
# RUN: %plc %examples/predicated_chain_submit.pl > %t.file.pl
# RUN: %plc - < %examples/predicated_chain_submit.pl > %t.stdin.pl
# RUN: cmp %t.file.pl %t.stdin.pl
# RUN: FileCheck %s < %t.file.pl
# RUN: cat %examples/predicated_chain_at.pl | %plc - | FileCheck %s --check-prefix=AT

# CHECK: # pypto.program: PredicatedChain
# CHECK-NEXT: import pypto.language as pl
# AT: # pypto.program: AtPredicatedChain
