# A 10 MB list literal `[0, 0, ...]`: 7 million tokens in one statement and
# no operator. The token limit of a statement (100,000) stops it at the
# 100,001st token instead of holding millions of tokens and tree nodes.
# RUN: %python %S/Inputs/make_input.py line-list 10 > %t.pl
# RUN: %plc-rejects %t.pl | cut -c 1-1000 | FileCheck %s
# CHECK: {{^}}{{.*}}.pl:8:{{[0-9]+}}: error: statement too long: more than 100000 tokens
