# Check that in a manual scope the user owns the ordering: the spmd_submit
# chain keeps exactly its two ORDERED edges and no inferred data edge.
# RUN: %plc %examples/predicated_chain_submit.pl --emit=deps-json | FileCheck %s

# CHECK:      "has_control_deps": true,
# CHECK:      "tasks": [{"name": "x_producer#0"}, {"name": "clobber#1", "predicate": "pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0"}, {"name": "consumer#2"}],
# CHECK-NEXT: "edges": [{"kind": "ORDERED", "src": "x_producer#0", "dst": "clobber#1"}, {"kind": "ORDERED", "src": "clobber#1", "dst": "consumer#2"}],
# CHECK-NEXT: "lowered": [{"kind": "ORDERED", "src": "x_producer#0", "dst": "clobber#1"}, {"kind": "ORDERED", "src": "clobber#1", "dst": "consumer#2"}]
