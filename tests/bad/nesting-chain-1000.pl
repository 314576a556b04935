# `a = 1 + 1 + ... + 1` with 1,000 operators is within the operator limit of
# a statement: it compiles through the default pipeline.
# RUN: %python %S/Inputs/make_input.py chain 1000 > %t.pl
# RUN: %plc %t.pl --passes=default | FileCheck %s
# CHECK: def main(
