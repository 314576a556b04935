//===- StructuralEqual.h - Structural equality and hashing ------*- C++ -*-===//
///
/// \file
/// Two pieces of IR are structurally equal when they are the same program up
/// to the identity and names of their Vars:
///  * ignored: spans, Var names, the name of a compared Function (and of the
///    Program), Program::fields (source locations and the has-control-deps
///    stamp);
///  * Vars are matched by a bijection built as the walk meets them: the first
///    occurrence of a Var (normally its definition: a parameter, an assign
///    target, a loop variable, an iter arg, a For/If result) pairs it with
///    the Var at the same place on the other side, and every later
///    occurrence must meet its partner; paired Vars must have equal types;
///  * types compare structurally, so IR from two IRContexts can be compared;
///  * blocks compare flattened (nested SeqStmts do not count) and an empty
///    `else` equals no `else`;
///  * a Function's level and role compare as printed: the type's derived
///    value when it has one;
///  * scope fields compare by field, for the fields the scope kind has
///    (level/role: InCore and Hierarchy; core_num/sync_start: Spmd; manual:
///    Runtime) plus the dispatch fields of every kind: deps (in order),
///    task id, predicate, allow_early_resolve, name_hint;
///  * call keyword arguments compare by keyword, in any order;
///  * a Submit never equals a Call; callee names are significant;
///  * Programs match their functions by name, in any order.
///
/// structuralHash is consistent with structuralEqual: equal IR hashes
/// equal. Hashes are deterministic across runs and contexts.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_STRUCTURALEQUAL_H
#define PLC_IR_STRUCTURALEQUAL_H

#include "ir/Function.h"

#include <cstdint>
#include <string>

namespace plc::ir {

/// On inequality, `whyNot` (when given) receives a short path to the first
/// difference and what differs, e.g.
/// `@main.body[3].value.args[1]: int constant 3 vs 4`.
bool structuralEqual(const Program &a, const Program &b,
                     std::string *whyNot = nullptr);
bool structuralEqual(const Function &a, const Function &b,
                     std::string *whyNot = nullptr);
/// A statement compares as the block it flattens to. Vars free in the
/// compared IR are paired like definitions, at their first occurrence.
bool structuralEqual(const Stmt *a, const Stmt *b,
                     std::string *whyNot = nullptr);
bool structuralEqual(const Expr *a, const Expr *b,
                     std::string *whyNot = nullptr);
bool structuralEqual(const Type *a, const Type *b);

uint64_t structuralHash(const Program &program);
uint64_t structuralHash(const Function &fn);
uint64_t structuralHash(const Stmt *stmt);
uint64_t structuralHash(const Expr *expr);
uint64_t structuralHash(const Type *type);

} // namespace plc::ir

#endif // PLC_IR_STRUCTURALEQUAL_H
