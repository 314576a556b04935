# Check that the task graph and the IR are byte-identical across runs.
# RUN: %plc %examples/predicated_chain_at.pl --emit=deps-json > %t.a.json
# RUN: %plc %examples/predicated_chain_at.pl --emit=deps-json > %t.b.json
# RUN: cmp %t.a.json %t.b.json
# RUN: %plc %examples/predicated_chain_spmd.pl --emit=dot > %t.a.dot
# RUN: %plc %examples/predicated_chain_spmd.pl --emit=dot > %t.b.dot
# RUN: cmp %t.a.dot %t.b.dot
# RUN: %plc %examples/store_produced_predicate.pl --passes=default --emit=ir > %t.a.pl
# RUN: %plc %examples/store_produced_predicate.pl --passes=default --emit=ir > %t.b.pl
# RUN: cmp %t.a.pl %t.b.pl
