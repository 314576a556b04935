# Check that the pl.at form of the predicated chain lowers to exactly
# producer->clobber (OUTPUT, from ORDERED+OUTPUT) and clobber->consumer (FLOW,
# from ORDERED+FLOW), with the predicate on the clobber.
# RUN: %plc %examples/predicated_chain_at.pl --emit=deps-json | FileCheck %s

# CHECK:      "has_control_deps": true,
# CHECK:      "name": "main",
# CHECK-NEXT: "tasks": [{"name": "main_incore_0#0"}, {"name": "main_incore_1#1", "predicate": "pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0"}, {"name": "main_incore_2#2"}],
# CHECK-NEXT: "edges": [{"kind": "ORDERED", "src": "main_incore_0#0", "dst": "main_incore_1#1"}, {"kind": "OUTPUT", "src": "main_incore_0#0", "dst": "main_incore_1#1"}, {"kind": "ORDERED", "src": "main_incore_1#1", "dst": "main_incore_2#2"}, {"kind": "FLOW", "src": "main_incore_1#1", "dst": "main_incore_2#2"}],
# CHECK-NEXT: "lowered": [{"kind": "OUTPUT", "src": "main_incore_0#0", "dst": "main_incore_1#1"}, {"kind": "FLOW", "src": "main_incore_1#1", "dst": "main_incore_2#2"}]
