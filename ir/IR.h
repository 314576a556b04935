//===- IR.h - The whole IR --------------------------------------*- C++ -*-===//
///
/// \file
/// Umbrella header: types, expressions, statements, functions, the arena,
/// and the visitor and mutator.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_IR_H
#define PLC_IR_IR_H

#include "ir/Expr.h"
#include "ir/Function.h"
#include "ir/IRContext.h"
#include "ir/Mutator.h"
#include "ir/Stmt.h"
#include "ir/Type.h"
#include "ir/Visitor.h"

#endif // PLC_IR_IR_H
