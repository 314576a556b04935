# The examples whose outlined form dispatches a Spmd function
# (`pl.spmd_submit(self.main_spmd_0, ...)`) or a Group function that absorbed
# a pl.spmd (spmd_unwrapped): the default pipeline with verification after
# each pass, then the printed result parses again to the same program.
# RUN: %plc %examples/predicated_chain_spmd.pl --passes=default --emit=ir > %t.spmd.pl
# RUN: %plc %t.spmd.pl --check-roundtrip
# RUN: %plc %examples/spmd_block_slices.pl --passes=default --emit=ir > %t.slices.pl
# RUN: %plc %t.slices.pl --check-roundtrip
# RUN: %plc %examples/cluster_spmd.pl --passes=default --emit=ir > %t.cluster.pl
# RUN: %plc %t.cluster.pl --check-roundtrip

# Check that the launch spec rides the dispatch of the Spmd function.
# RUN: FileCheck %s --check-prefix=SPMD < %t.spmd.pl
# SPMD-LABEL: def main(
# SPMD-NEXT:    [[S0:_submit_tmp]]: {{.*}} = pl.spmd_submit(self.main_spmd_0, x, core_num=1)
# SPMD-NEXT:    [[X1:x_[0-9]+]]: {{.*}} = [[S0]][0]
# SPMD-NEXT:    [[XP:xp_tid]]: pl.Scalar[pl.TASK_ID] = [[S0]][1]
# SPMD-NEXT:    {{.*}} = pl.spmd_submit(self.main_spmd_1, [[X1]], deps=[[[XP]]], core_num=1, predicate=(pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0))
