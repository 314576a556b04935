# The exit status contract: 0 success, 1 bad input, 2 bad command line or an
# internal failure (which includes features that do not exist yet).

# RUN: %plc %examples/predicated_chain_submit.pl; test $? -eq 0

# RUN: %plc %t.does-not-exist 2>/dev/null; test $? -eq 1

# RUN: %plc 2>/dev/null; test $? -eq 2
# RUN: %plc --no-such-option %examples/predicated_chain_submit.pl 2>/dev/null; test $? -eq 2
# RUN: %plc --emit=bogus %examples/predicated_chain_submit.pl 2>/dev/null; test $? -eq 2
# RUN: %plc a.pl b.pl 2>/dev/null; test $? -eq 2
# RUN: %plc run 2>/dev/null; test $? -eq 2

# Usage errors name the problem.
# RUN: not %plc --emit=bogus %examples/predicated_chain_submit.pl 2>&1 | FileCheck %s --check-prefix=BAD-EMIT
# BAD-EMIT: Cannot find option named 'bogus'
# RUN: not %plc 2>&1 | FileCheck %s --check-prefix=NO-INPUT
# NO-INPUT: Not enough positional command line arguments
