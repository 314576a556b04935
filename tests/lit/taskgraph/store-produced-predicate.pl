# Check that a predicate over a tensor an earlier task wrote with pl.store
# gets a FLOW edge from that writer (besides the ORDERED one from deps=).
# RUN: %plc %examples/store_produced_predicate.pl --emit=deps-json | FileCheck %s

# CHECK:      "tasks": [{"name": "main_incore_0#0"}, {"name": "main_incore_1#1", "predicate": "pl.cast(pl.tensor.read(rc, [0, 0]), pl.INDEX) > 0"}],
# CHECK-NEXT: "edges": [{"kind": "ORDERED", "src": "main_incore_0#0", "dst": "main_incore_1#1"}, {"kind": "FLOW", "src": "main_incore_0#0", "dst": "main_incore_1#1"}],
# CHECK-NEXT: "lowered": [{"kind": "FLOW", "src": "main_incore_0#0", "dst": "main_incore_1#1"}]
