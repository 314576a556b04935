# Every shipped example is accepted by the driver.
# RUN: %plc %examples/predicated_chain_at.pl
# RUN: %plc %examples/predicated_chain_spmd.pl
# RUN: %plc %examples/predicated_chain_submit.pl
# RUN: %plc %examples/store_produced_predicate.pl
