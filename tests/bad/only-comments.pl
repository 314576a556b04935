# A file of comments and blank lines has no program.
# RUN: %plc-rejects %s | FileCheck %s
# CHECK: {{^}}{{.*}}only-comments.pl:1:1: error: no @pl.program class in the file
# nothing here

# still nothing
