//===- IRUtils.cpp - Small helpers shared by the passes -------------------===//

#include "transforms/IRUtils.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

const Program *
plc::transforms::withFunctions(IRContext &ctx, const Program &program,
                               llvm::ArrayRef<const Function *> fns) {
  return ctx.create<Program>(program.fields, ctx.copy(fns));
}

const Function *plc::transforms::withBody(IRContext &ctx, const Function &fn,
                                          const Stmt *body,
                                          const Function::Fields *fields) {
  return ctx.create<Function>(fields ? *fields : fn.fields, fn.params,
                              fn.returnTypes, body, fn.span);
}

const Var *plc::transforms::storeTarget(const Expr *expr) {
  const auto *call = llvm::dyn_cast<Call>(expr);
  if (!call || !call->isOp(OpKind::TileStore) || call->args.size() < 3)
    return nullptr;
  return llvm::dyn_cast<Var>(call->args[2]);
}

bool plc::transforms::isStoreCall(const Expr *expr) {
  const auto *call = llvm::dyn_cast<Call>(expr);
  return call && call->isOp(OpKind::TileStore);
}

bool plc::transforms::isTaskInvalidCall(const Expr *expr) {
  const auto *call = llvm::dyn_cast<Call>(expr);
  return call && call->isOp(OpKind::SystemTaskInvalid);
}

const Stmt *plc::transforms::appendYield(IRContext &ctx, const Stmt *body,
                                         llvm::ArrayRef<const Expr *> values,
                                         Span span) {
  llvm::SmallVector<const Stmt *, 16> stmts;
  if (const auto *seq = llvm::dyn_cast<SeqStmt>(body))
    stmts.append(seq->stmts.begin(), seq->stmts.end());
  else
    stmts.push_back(body);
  llvm::SmallVector<const Expr *, 8> yielded;
  if (!stmts.empty())
    if (const auto *yield = llvm::dyn_cast<YieldStmt>(stmts.back())) {
      yielded.append(yield->values.begin(), yield->values.end());
      span = yield->span();
      stmts.pop_back();
    }
  yielded.append(values.begin(), values.end());
  stmts.push_back(ctx.create<YieldStmt>(ctx.copy(yielded), span));
  return ctx.create<SeqStmt>(ctx.copy(stmts), body->span());
}

namespace plc::transforms {

class UseOrderBuilder : public IRVisitor {
public:
  UseOrderBuilder(UseOrder &index,
                  llvm::function_ref<bool(const Stmt *)> indexed)
      : index(index), indexed(indexed) {}

  void visitVar(const Var *var) override { index.lastUse[var] = current; }

#define PLC_STMT(Name)                                                         \
  void visit##Name##Stmt(const Name##Stmt *node) override {                    \
    unsigned entry = enter(node);                                              \
    IRVisitor::visit##Name##Stmt(node);                                        \
    leave(entry);                                                              \
  }
#include "ir/Nodes.def"

private:
  static constexpr unsigned NotIndexed = ~0u;

  /// Numbers `node`; returns its entry, or NotIndexed.
  unsigned enter(const Stmt *node) {
    current = next++;
    if (!indexed(node))
      return NotIndexed;
    index.stmts.push_back(node);
    index.ranges.push_back(UseOrder::Range{current, current});
    return static_cast<unsigned>(index.ranges.size() - 1);
  }
  void leave(unsigned entry) {
    if (entry != NotIndexed)
      index.ranges[entry].end = next - 1;
  }

  UseOrder &index;
  llvm::function_ref<bool(const Stmt *)> indexed;
  unsigned next = 0;
  unsigned current = 0;
};

} // namespace plc::transforms

UseOrder::UseOrder(const Stmt *body,
                   llvm::function_ref<bool(const Stmt *)> indexed) {
  UseOrderBuilder builder(*this, indexed);
  builder.visit(body);
}

UseOrder::Range UseOrder::range(const Stmt *stmt) const {
  int position = positions.find(stmts, stmt);
  assert(position >= 0 && "statement not indexed");
  return ranges[position];
}
