# Check the Graphviz view: a node per task named by its callee, the
# predicated task marked with its predicate, one style per edge kind.
# RUN: %plc %s --emit=dot | FileCheck %s
import pypto.language as pl

@pl.program
class Dot:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Out[pl.Tensor[[8, 8], pl.FP32]],
             gate: pl.Tensor[[8, 8], pl.INT8]) -> pl.Tensor[[8, 8], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="fill") as first:
            t: pl.Tile[[8, 8], pl.FP32] = pl.tile.full([8, 8], dtype=pl.FP32, value=1.0)
            x = pl.store(t, [0, 0], x)
        with pl.at(level=pl.Level.CORE_GROUP, name_hint="maybe", deps=[first], predicate=(gate[1, 2] != -3)):
            c: pl.Tile[[8, 8], pl.FP32] = pl.load(x, [0, 0], [8, 8])
        return x

# CHECK:      digraph "Dot" {
# CHECK:      subgraph "cluster_main" {
# CHECK:      "main/fill#0" [label="fill#0"];
# CHECK-NEXT: "main/maybe#1" [label="maybe#1\nif pl.cast(pl.tensor.read(gate, [1, 2]), pl.INDEX) != -3", style="rounded,dashed"];
# CHECK-NEXT: "main/fill#0" -> "main/maybe#1" [label=" ORDERED ", style=dotted];
# CHECK-NEXT: "main/fill#0" -> "main/maybe#1" [label=" FLOW ", style=solid, color="#2e7d32"];
