# Operators group by Python's precedence (the grammar keeps operator chains
# flat and the front end groups them): the printer adds parentheses only
# where the grouping needs them, and folding gives Python's values.
# RUN: %plc %s | FileCheck %s
# RUN: %plc %s --passes=simplify | FileCheck %s --check-prefix=FOLD
# CHECK: x: pl.Scalar[pl.INDEX] = a + b * c - a // b % c
# CHECK: y: pl.Scalar[pl.INDEX] = (a + b) * (c - a)
# CHECK: z: pl.Scalar[pl.BOOL] = not p and q or not not a < b + 14
# CHECK: w: pl.Scalar[pl.INDEX] = --a * -b + c
# CHECK: return not (z or p) and x > y
# FOLD: return a + 23

import pypto.language as pl
N = 2 + 3 * 4 - -1 - 10 // 3 % 2

@pl.program
class T:
    @pl.function
    def k(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX],
          c: pl.Scalar[pl.INDEX], p: pl.Scalar[pl.BOOL],
          q: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.BOOL]:
        x = a + b * c - a // b % c
        y = (a + b) * (c - a)
        z = not p and q or not not a < b + N
        w = - - a * -b + +c
        return not (z or p) and x > y

    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        x = 2 + 3 * 4 - 10 // 3 % 2 * 5 + N
        return a + x
