# `plc run` checks its command line and input, then reports that running
# programs is not implemented yet (exit 2).
# RUN: not %plc run %examples/predicated_chain_submit.pl --tensor gate=1 2>&1 | FileCheck %s --check-prefix=PENDING
# RUN: %plc run %examples/predicated_chain_submit.pl --tensor gate=1 2>/dev/null; test $? -eq 2
# PENDING: plc: error: plc run is not implemented yet

# RUN: not %plc run %examples/predicated_chain_submit.pl --tensor gate 2>&1 | FileCheck %s --check-prefix=MALFORMED
# RUN: not %plc run %examples/predicated_chain_submit.pl --tensor 1x=2 2>&1 | FileCheck %s --check-prefix=MALFORMED
# RUN: %plc run %examples/predicated_chain_submit.pl --tensor gate=abc 2>/dev/null; test $? -eq 2
# MALFORMED: plc: error: malformed --tensor '{{.*}}': expected NAME=NUMBER
# MALFORMED-NEXT: plc: note: for example --tensor gate=1
