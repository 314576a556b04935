# Every shipped example parses, and its canonical text is a fixpoint.
# RUN: %plc --emit=ir %examples/cluster_spmd.pl > %t.1.pl && %plc --emit=ir %t.1.pl | diff %t.1.pl -
# RUN: %plc --emit=ir %examples/mirrored_predicate.pl > %t.2.pl && %plc --emit=ir %t.2.pl | diff %t.2.pl -
# RUN: %plc --emit=ir %examples/predicated_chain_at.pl > %t.3.pl && %plc --emit=ir %t.3.pl | diff %t.3.pl -
# RUN: %plc --emit=ir %examples/predicated_chain_spmd.pl > %t.4.pl && %plc --emit=ir %t.4.pl | diff %t.4.pl -
# RUN: %plc --emit=ir %examples/predicated_chain_submit.pl > %t.5.pl && %plc --emit=ir %t.5.pl | diff %t.5.pl -
# RUN: %plc --emit=ir %examples/spmd_block_slices.pl > %t.6.pl && %plc --emit=ir %t.6.pl | diff %t.6.pl -
# RUN: %plc --emit=ir %examples/store_produced_predicate.pl > %t.7.pl && %plc --emit=ir %t.7.pl | diff %t.7.pl -
# The mirrored predicate keeps its operator and operand order.
# RUN: %plc --emit=ir %examples/mirrored_predicate.pl | FileCheck %s
# CHECK: predicate=(0 < pl.cast(pl.tensor.read(gate, [1, 2]), pl.INDEX))
