//===- ReturnAliases.h - Which parameter a result names ---------*- C++ -*-===//
///
/// \file
/// An outlined callee returns a tensor it wrote with `pl.store` as the
/// parameter itself, so at the call site the result names the same buffer as
/// that argument. ReturnAliases answers, per function and result index, which
/// parameter (if any) the result is; it looks through tile.store targets,
/// plain Var copies, loop-carried values and nested calls. The task graph
/// and codegen use it to resolve every tensor Var of an orchestration
/// function to the parameter or locally created tensor that holds its data.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_RETURNALIASES_H
#define PLC_IR_RETURNALIASES_H

#include "ir/Function.h"
#include "ir/FunctionIndex.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace plc::ir {

class ReturnAliases {
public:
  explicit ReturnAliases(const Program &program);

  const Function *lookup(llvm::StringRef name) const {
    return functions.lookup(name);
  }
  /// The parameter index that result `index` of `callee` is, or -1 when the
  /// result is a value the callee made (or `callee` is unknown).
  int aliasedParam(llvm::StringRef callee, unsigned index);

private:
  /// The aliases of every result of `callee`; valid until the next call.
  const llvm::SmallVector<int, 2> &compute(llvm::StringRef callee);

  FunctionIndex functions;
  /// The aliases of each function, by position; only valid where `traced`.
  /// Callees are looked up in about the order they were outlined, so a
  /// vector is walked where a table keyed by function would be probed at
  /// random.
  std::vector<llvm::SmallVector<int, 2>> cache;
  std::vector<bool> traced;
};

/// The callee, arguments and TaskId index of a dispatch expression (a Submit
/// or a Call of a program function).
struct DispatchView {
  llvm::StringRef callee;
  llvm::ArrayRef<const Expr *> args;
  const Submit *submit = nullptr;  ///< null for a plain Call
};
/// The view of `expr`, or none (callee empty) when it is no dispatch.
DispatchView viewDispatch(const Expr *expr);

} // namespace plc::ir

#endif // PLC_IR_RETURNALIASES_H
