# Two runs give identical bytes.
# RUN: %plc --emit=orch %examples/predicated_chain_at.pl > %t.orch1
# RUN: %plc --emit=orch %examples/predicated_chain_at.pl > %t.orch2
# RUN: diff %t.orch1 %t.orch2
# RUN: %plc --emit=kernels %examples/predicated_chain_at.pl > %t.k1
# RUN: %plc --emit=kernels %examples/predicated_chain_at.pl > %t.k2
# RUN: diff %t.k1 %t.k2
