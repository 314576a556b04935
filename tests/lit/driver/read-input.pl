# With no --emit, plc checks its input and prints nothing, whether the input
# comes from a file or from stdin (`-`).
# RUN: %plc %examples/predicated_chain_submit.pl 2>&1 | count 0
# RUN: %plc - < %examples/predicated_chain_submit.pl 2>&1 | count 0
# RUN: cat %examples/predicated_chain_at.pl | %plc - 2>&1 | count 0
