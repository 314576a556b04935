# Check that the pl.spmd form lowers to the same graph as the pl.at form, up
# to task names.
# RUN: %plc %examples/predicated_chain_spmd.pl --emit=deps-json | FileCheck %s

# CHECK:      "has_control_deps": true,
# CHECK:      "tasks": [{"name": "main_spmd_0#0"}, {"name": "main_spmd_1#1", "predicate": "pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0"}, {"name": "main_spmd_2#2"}],
# CHECK-NEXT: "edges": [{"kind": "ORDERED", "src": "main_spmd_0#0", "dst": "main_spmd_1#1"}, {"kind": "OUTPUT", "src": "main_spmd_0#0", "dst": "main_spmd_1#1"}, {"kind": "ORDERED", "src": "main_spmd_1#1", "dst": "main_spmd_2#2"}, {"kind": "FLOW", "src": "main_spmd_1#1", "dst": "main_spmd_2#2"}],
# CHECK-NEXT: "lowered": [{"kind": "OUTPUT", "src": "main_spmd_0#0", "dst": "main_spmd_1#1"}, {"kind": "FLOW", "src": "main_spmd_1#1", "dst": "main_spmd_2#2"}]
