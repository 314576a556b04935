//===- ReturnAliases.cpp - Which parameter a result names -----------------===//

#include "ir/ReturnAliases.h"

#include "ir/IR.h"

#include "llvm/ADT/DenseMap.h"

using namespace plc;
using namespace plc::ir;

DispatchView plc::ir::viewDispatch(const Expr *expr) {
  DispatchView view;
  if (auto *submit = llvm::dyn_cast<Submit>(expr)) {
    view.callee = submit->callee;
    view.args = submit->args;
    view.submit = submit;
  } else if (auto *call = llvm::dyn_cast<Call>(expr)) {
    if (!call->isOp()) {
      view.callee = call->callee;
      view.args = call->args;
    }
  }
  return view;
}

ReturnAliases::ReturnAliases(const Program &program)
    : functions(program), cache(functions.size()),
      traced(functions.size(), false) {}

int ReturnAliases::aliasedParam(llvm::StringRef callee, unsigned index) {
  const llvm::SmallVector<int, 2> &aliases = compute(callee);
  return index < aliases.size() ? aliases[index] : -1;
}

namespace {

/// Traces the Vars of one function body back to parameter indices.
class ParamTracer : public IRVisitor {
public:
  ParamTracer(const Function &fn, ReturnAliases &aliases) : aliases(aliases) {
    for (unsigned i = 0; i != fn.params.size(); ++i)
      root[fn.params[i].var] = static_cast<int>(i);
  }

  int rootOf(const Expr *expr) {
    while (auto *cast = llvm::dyn_cast<Cast>(expr))
      expr = cast->operand;
    if (auto *var = llvm::dyn_cast<Var>(expr)) {
      auto it = root.find(var);
      return it == root.end() ? -1 : it->second;
    }
    // A value returned directly: `return pl.store(t, offsets, x)`.
    if (llvm::isa<Call>(expr))
      return valueRoot(expr);
    return -1;
  }

  void visitAssignStmt(const AssignStmt *node) override {
    DispatchView view = viewDispatch(node->value);
    if (!view.callee.empty())
      tupleDefs[node->var] = node->value;
    root[node->var] = valueRoot(node->value);
  }

  void visitForStmt(const ForStmt *node) override {
    for (unsigned i = 0; i != node->iterArgs.size(); ++i) {
      root[node->iterArgs[i]] = rootOf(node->inits[i]);
      root[node->results[i]] = rootOf(node->inits[i]);
    }
    visit(node->body);
  }

  void visitReturnStmt(const ReturnStmt *node) override { returned = node; }

  const ReturnStmt *returned = nullptr;

private:
  int valueRoot(const Expr *value) {
    if (auto *call = llvm::dyn_cast<Call>(value)) {
      if (call->isOp(OpKind::TileStore) && call->args.size() == 3)
        return rootOf(call->args[2]);
      if (!call->isOp() && !llvm::isa<TupleType>(call->type()))
        return resultRoot(viewDispatch(call), 0);
      return -1;
    }
    if (auto *get = llvm::dyn_cast<TupleGetItem>(value)) {
      auto *tuple = llvm::dyn_cast<Var>(get->tuple);
      const Expr *def = tuple ? tupleDefs.lookup(tuple) : nullptr;
      return def ? resultRoot(viewDispatch(def), get->index) : -1;
    }
    return rootOf(value);
  }

  int resultRoot(const DispatchView &view, unsigned index) {
    int param = aliases.aliasedParam(view.callee, index);
    if (param < 0 || static_cast<unsigned>(param) >= view.args.size())
      return -1;
    return rootOf(view.args[param]);
  }

  ReturnAliases &aliases;
  // Inline buckets: an outlined callee has a handful of Vars.
  llvm::SmallDenseMap<const Var *, int, 16> root;
  llvm::SmallDenseMap<const Var *, const Expr *, 4> tupleDefs;
};

} // namespace

const llvm::SmallVector<int, 2> &ReturnAliases::compute(llvm::StringRef callee) {
  static const llvm::SmallVector<int, 2> kNoAliases;
  const FunctionIndex::Entry *entry = functions.find(callee);
  if (!entry)
    return kNoAliases;
  unsigned position = entry->position;
  if (traced[position])
    return cache[position];
  // Outlined IR has no recursion; for a malformed input, the empty entry
  // answers a recursive query with no aliases and keeps the trace finite.
  traced[position] = true;
  llvm::SmallVector<int, 2> result;
  ParamTracer tracer(*entry->fn, *this);
  tracer.visitFunction(entry->fn);
  if (tracer.returned)
    for (const Expr *value : tracer.returned->values)
      result.push_back(tracer.rootOf(value));
  return cache[position] = std::move(result);
}
