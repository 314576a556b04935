# The first line of the file is indented.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}indent-first-line.pl:4:3: error: unexpected indent
  import pypto.language as pl
