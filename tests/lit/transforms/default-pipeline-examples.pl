# Every shipped example goes through the default pipeline with verification
# after each pass, and the printed result parses again to the same program.
# RUN: %plc %examples/predicated_chain_at.pl --passes=default --emit=ir > %t.at.pl
# RUN: %plc %t.at.pl --check-roundtrip
# RUN: %plc %examples/predicated_chain_submit.pl --passes=default --emit=ir > %t.submit.pl
# RUN: %plc %t.submit.pl --check-roundtrip
# RUN: %plc %examples/store_produced_predicate.pl --passes=default --emit=ir > %t.store.pl
# RUN: %plc %t.store.pl --check-roundtrip
# RUN: %plc %examples/mirrored_predicate.pl --passes=default --emit=ir > %t.mirror.pl
# RUN: %plc %t.mirror.pl --check-roundtrip

# Check rename-aware predicate rebinding: the predicate of the second task
# reads the call-site result of the first task (which stored rc), never the
# rc version that now lives only inside main_incore_0.
# RUN: FileCheck %s --check-prefix=STORE < %t.store.pl
# STORE-LABEL: def main(
# STORE-NEXT:    [[S0:_submit_tmp]]: {{.*}} = pl.submit(self.main_incore_0, rc)
# STORE-NEXT:    [[RC:rc_[0-9]+]]: {{.*}} = [[S0]][0]
# STORE-NEXT:    [[G:g_tid]]: pl.Scalar[pl.TASK_ID] = [[S0]][1]
# STORE-NEXT:    {{.*}} = pl.submit(self.main_incore_1, x, out, deps=[[[G]]], predicate=(pl.cast(pl.tensor.read([[RC]], [0, 0]), pl.INDEX) > 0))

# Check the same for the chain written with pl.at: clobber writes the
# producer's result and is predicated on gate; the consumer reads clobber's
# result.
# RUN: FileCheck %s --check-prefix=AT < %t.at.pl
# AT-LABEL: def main(
# AT-NEXT:    [[S0:_submit_tmp]]: {{.*}} = pl.submit(self.main_incore_0, x)
# AT-NEXT:    [[X1:x_[0-9]+]]: {{.*}} = [[S0]][0]
# AT-NEXT:    [[XP:xp_tid]]: pl.Scalar[pl.TASK_ID] = [[S0]][1]
# AT-NEXT:    [[S1:_submit_tmp_1]]: {{.*}} = pl.submit(self.main_incore_1, [[X1]], deps=[[[XP]]], predicate=(pl.cast(pl.tensor.read(gate, [0, 0]), pl.INDEX) > 0))
# AT-NEXT:    [[X2:x_[0-9]+]]: {{.*}} = [[S1]][0]
# AT-NEXT:    [[CL:clobber_tid]]: pl.Scalar[pl.TASK_ID] = [[S1]][1]
# AT-NEXT:    {{.*}} = pl.submit(self.main_incore_2, [[X2]], out, deps=[[[CL]]])
