//===- Simplify.cpp - Constant folding and dead-code elimination ----------===//
//
// simplify. Requires SSAForm; keeps it.
//
// Folding: a forward walk folds Binary/Unary/Cast nodes whose operands are
// constants (integers wrap to their dtype's width; division or modulo by
// zero, out-of-range shifts and non-FP32 float arithmetic are left alone)
// and, SSA making it sound, replaces uses of a Var assigned a constant with
// the constant. Predicates are not touched: they are never evaluated by the
// compiler, and the frontend's checks and codegen's operand extraction see
// them exactly as written.
//
// DCE: an assignment is removable when its Var is a scalar other than a
// TaskId and its value is pure (no Submit, no store, no call of a program
// function). Liveness starts from every Var used outside removable
// assignments — by the generic visitor, so every scope dispatch field,
// predicate, deps entry and launch spec counts — and propagates through the
// removable assignments' values with a worklist, each visited once. Dead
// removable assignments are dropped. Submits, stores and TaskId extractions
// are never removable. Liveness runs only when folding met a removable
// assignment, and removal only when one is dead: most orchestration code has
// no scalar arithmetic at all, and each of the two is a walk of the whole
// function. For the same reason a function whose body holds neither
// Arithmetic nor ScalarAssign (ir/Expr.h) is not walked at all: without
// them there is nothing to fold, no constant to propagate and nothing
// removable.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "ir/VarMap.h"
#include "transforms/IRUtils.h"

#include <cmath>
#include <optional>

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

namespace {

//===----------------------------------------------------------------------===//
// Removable assignments
//===----------------------------------------------------------------------===//

/// Whether evaluating `expr` has no effect besides its value.
class PurityCheck : public IRVisitor {
public:
  bool pure = true;
  void visitSubmit(const Submit *) override { pure = false; }
  void visitCall(const Call *node) override {
    if (!node->isOp() || node->isOp(OpKind::TileStore)) {
      pure = false;
      return;
    }
    IRVisitor::visitCall(node);
  }
};

bool isRemovable(const AssignStmt *assign) {
  const auto *scalar = llvm::dyn_cast<ScalarType>(assign->var->type());
  if (!scalar || scalar->isTaskId())
    return false;
  PurityCheck check;
  check.visit(assign->value);
  return check.pure;
}

//===----------------------------------------------------------------------===//
// Folding
//===----------------------------------------------------------------------===//

/// `value` wrapped to the width and signedness of `dtype`.
int64_t wrapTo(int64_t value, DType dtype) {
  unsigned bits = dtypeBits(dtype);
  if (bits >= 64 || !isInteger(dtype))
    return value;
  uint64_t mask = (uint64_t(1) << bits) - 1;
  uint64_t raw = uint64_t(value) & mask;
  if (isSignedInteger(dtype) && (raw >> (bits - 1)))
    raw |= ~mask;
  return int64_t(raw);
}

bool isConstant(const Expr *e) {
  return llvm::isa<ConstInt, ConstFloat, ConstBool>(e);
}

std::optional<int64_t> foldInt(BinaryOp op, int64_t a, int64_t b,
                               unsigned bits) {
  uint64_t ua = uint64_t(a), ub = uint64_t(b);
  switch (op) {
  case BinaryOp::Add:
    return int64_t(ua + ub);
  case BinaryOp::Sub:
    return int64_t(ua - ub);
  case BinaryOp::Mul:
    return int64_t(ua * ub);
  case BinaryOp::FloorDiv: {
    if (b == 0 || (a == INT64_MIN && b == -1))
      return std::nullopt;
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
      --q;
    return q;
  }
  case BinaryOp::FloorMod: {
    if (b == 0 || (a == INT64_MIN && b == -1))
      return std::nullopt;
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
  case BinaryOp::Shl:
    if (b < 0 || b >= int64_t(bits))
      return std::nullopt;
    return int64_t(ua << b);
  case BinaryOp::Shr:
    if (b < 0 || b >= int64_t(bits))
      return std::nullopt;
    return a >> b;
  case BinaryOp::Eq:
    return a == b;
  case BinaryOp::Ne:
    return a != b;
  case BinaryOp::Lt:
    return a < b;
  case BinaryOp::Le:
    return a <= b;
  case BinaryOp::Gt:
    return a > b;
  case BinaryOp::Ge:
    return a >= b;
  default:
    return std::nullopt;
  }
}

std::optional<double> foldFloat(BinaryOp op, float a, float b) {
  switch (op) {
  case BinaryOp::Add:
    return double(a + b);
  case BinaryOp::Sub:
    return double(a - b);
  case BinaryOp::Mul:
    return double(a * b);
  case BinaryOp::FloatDiv:
    if (b == 0)
      return std::nullopt;
    return double(a / b);
  case BinaryOp::Eq:
    return a == b;
  case BinaryOp::Ne:
    return a != b;
  case BinaryOp::Lt:
    return a < b;
  case BinaryOp::Le:
    return a <= b;
  case BinaryOp::Gt:
    return a > b;
  case BinaryOp::Ge:
    return a >= b;
  default:
    return std::nullopt;
  }
}

class Folder : public IRMutator {
public:
  using IRMutator::IRMutator;

  const Expr *mutateVar(const Var *var) override {
    if (const Expr *value = constants.lookup(var))
      return value;
    return var;
  }

  const Stmt *mutateAssignStmt(const AssignStmt *node) override {
    const Stmt *result = IRMutator::mutateAssignStmt(node);
    const auto *assign = llvm::cast<AssignStmt>(result);
    if (isConstant(assign->value) && !isTaskIdType(assign->var->type()))
      constants[assign->var] = assign->value;
    sawRemovable = sawRemovable || isRemovable(assign);
    return result;
  }

  const Expr *mutateBinary(const Binary *node) override {
    const auto *bin = llvm::cast<Binary>(IRMutator::mutateBinary(node));
    const Type *type = bin->type();
    const auto *scalar = llvm::dyn_cast<ScalarType>(type);
    if (!scalar)
      return bin;
    auto ci = [](const Expr *e) { return llvm::dyn_cast<ConstInt>(e); };
    auto cf = [](const Expr *e) { return llvm::dyn_cast<ConstFloat>(e); };
    auto cb = [](const Expr *e) { return llvm::dyn_cast<ConstBool>(e); };
    if (isLogical(bin->op)) {
      const ConstBool *a = cb(bin->lhs), *b = cb(bin->rhs);
      if (!a || !b)
        return bin;
      bool v = bin->op == BinaryOp::And ? (a->value && b->value)
                                        : (a->value || b->value);
      return ctx.create<ConstBool>(v, type, bin->span());
    }
    if (const ConstInt *a = ci(bin->lhs))
      if (const ConstInt *b = ci(bin->rhs)) {
        DType operand = a->dtype();
        if (!isInteger(operand) || b->dtype() != operand)
          return bin;
        std::optional<int64_t> v =
            foldInt(bin->op, a->value, b->value, dtypeBits(operand));
        if (!v)
          return bin;
        if (isComparison(bin->op))
          return ctx.create<ConstBool>(*v != 0, type, bin->span());
        if (!isInteger(scalar->dtype))
          return bin;
        return ctx.create<ConstInt>(wrapTo(*v, scalar->dtype), type,
                                    bin->span());
      }
    if (const ConstFloat *a = cf(bin->lhs))
      if (const ConstFloat *b = cf(bin->rhs)) {
        if (a->dtype() != DType::FP32 || b->dtype() != DType::FP32)
          return bin;
        std::optional<double> v = foldFloat(bin->op, float(a->value),
                                            float(b->value));
        if (!v)
          return bin;
        if (isComparison(bin->op))
          return ctx.create<ConstBool>(*v != 0, type, bin->span());
        if (scalar->dtype != DType::FP32)
          return bin;
        return ctx.create<ConstFloat>(*v, type, bin->span());
      }
    return bin;
  }

  const Expr *mutateUnary(const Unary *node) override {
    const auto *un = llvm::cast<Unary>(IRMutator::mutateUnary(node));
    if (un->op == UnaryOp::Not)
      if (const auto *b = llvm::dyn_cast<ConstBool>(un->operand))
        return ctx.create<ConstBool>(!b->value, un->type(), un->span());
    if (un->op == UnaryOp::Neg) {
      if (const auto *i = llvm::dyn_cast<ConstInt>(un->operand))
        if (isInteger(i->dtype()))
          return ctx.create<ConstInt>(
              wrapTo(int64_t(0 - uint64_t(i->value)), i->dtype()), un->type(),
              un->span());
      if (const auto *f = llvm::dyn_cast<ConstFloat>(un->operand))
        return ctx.create<ConstFloat>(-f->value, un->type(), un->span());
    }
    return un;
  }

  const Expr *mutateCast(const Cast *node) override {
    const auto *cast = llvm::cast<Cast>(IRMutator::mutateCast(node));
    const auto *i = llvm::dyn_cast<ConstInt>(cast->operand);
    const auto *scalar = llvm::dyn_cast<ScalarType>(cast->type());
    if (i && scalar && isInteger(scalar->dtype))
      return ctx.create<ConstInt>(wrapTo(i->value, scalar->dtype),
                                  cast->type(), cast->span());
    return cast;
  }

  // Predicates stay exactly as written; every other operand is folded.
  const Expr *mutateSubmit(const Submit *node) override {
    bool changed = false;
    llvm::ArrayRef<const Expr *> args = mutateAll(node->args, changed);
    llvm::ArrayRef<const Expr *> deps = mutateAll(node->deps, changed);
    const Expr *coreNum = node->coreNum ? mutate(node->coreNum) : nullptr;
    changed |= coreNum != node->coreNum;
    if (!changed)
      return node;
    return ctx.create<Submit>(node->callee, args, deps, coreNum,
                              node->syncStart, node->allowEarlyResolve,
                              node->predicate, node->type(), node->span());
  }

  const Stmt *mutateScopeStmt(const ScopeStmt *node) override {
    bool changed = false;
    ScopeStmt::Fields fields = node->fields;
    fields.dispatch.predicate = nullptr;
    fields = mutateScopeFields(fields, changed);
    fields.dispatch.predicate = node->fields.dispatch.predicate;
    const Stmt *body = mutate(node->body);
    changed |= body != node->body;
    if (!changed)
      return node;
    return ctx.create<ScopeStmt>(fields, body, node->span());
  }

  /// Whether the folded function has a removable assignment: without one
  /// there is nothing for dead-code elimination to look at.
  bool sawRemovable = false;

private:
  VarMap<const Expr *> constants;
};

//===----------------------------------------------------------------------===//
// Dead-code elimination
//===----------------------------------------------------------------------===//

/// Marks live Vars: roots from everything but removable assignments, then
/// the values of removable assignments whose Var is live.
class Liveness : public IRVisitor {
public:
  void visitAssignStmt(const AssignStmt *node) override {
    if (isRemovable(node)) {
      removable[node->var] = node;
      if (live.count(node->var)) {
        ++liveRemovable;
        visit(node->value);
      }
      return;
    }
    IRVisitor::visitAssignStmt(node);
  }
  void visitVar(const Var *var) override {
    if (!live.insert(var))
      return;
    if (removable.count(var)) {
      ++liveRemovable;
      worklist.push_back(var);
    }
  }

  void run(const Function &fn) {
    visitFunction(&fn);
    while (!worklist.empty()) {
      const Var *var = worklist.pop_back_val();
      visit(removable.lookup(var)->value);
    }
  }

  /// Whether some removable assignment is dead (each removable Var is
  /// counted live once, whichever of its definition and first use comes
  /// first).
  bool hasDead() const { return liveRemovable != removable.size(); }

  VarSet live;
  VarMap<const AssignStmt *> removable;

private:
  llvm::SmallVector<const Var *, 16> worklist;
  size_t liveRemovable = 0;
};

class DeadCodeRemover : public IRMutator {
public:
  DeadCodeRemover(IRContext &ctx, const Liveness &liveness)
      : IRMutator(ctx), liveness(liveness) {}

  const Stmt *mutateAssignStmt(const AssignStmt *node) override {
    if (isDead(node))
      return ctx.create<SeqStmt>(llvm::ArrayRef<const Stmt *>(), node->span());
    return IRMutator::mutateAssignStmt(node);
  }

  const Stmt *mutateSeqStmt(const SeqStmt *node) override {
    llvm::SmallVector<const Stmt *, 16> stmts;
    bool changed = false;
    for (const Stmt *stmt : node->stmts) {
      if (const auto *assign = llvm::dyn_cast<AssignStmt>(stmt))
        if (isDead(assign)) {
          changed = true;
          continue;
        }
      const Stmt *mutated = mutate(stmt);
      changed |= mutated != stmt;
      stmts.push_back(mutated);
    }
    if (!changed)
      return node;
    return ctx.create<SeqStmt>(ctx.copy(stmts), node->span());
  }

private:
  bool isDead(const AssignStmt *assign) const {
    return liveness.removable.lookup(assign->var) == assign &&
           !liveness.live.count(assign->var);
  }
  const Liveness &liveness;
};

class SimplifyPass : public Pass {
public:
  llvm::StringRef name() const override { return "simplify"; }
  IRProperties required() const override { return {IRProperty::SSAForm}; }

  const Program *run(const Program &program, PassContext &pc) override {
    llvm::SmallVector<const Function *, 16> fns;
    bool changed = false;
    for (const Function *fn : program.functions) {
      if (!fn->bodyFeatures.hasAny(Feature::Arithmetic |
                                   Feature::ScalarAssign)) {
        fns.push_back(fn);
        continue;
      }
      Folder folder(pc.ir);
      const Function *result = folder.mutateFunction(fn);
      // Liveness and removal are whole-function walks: only when they can
      // find something.
      if (folder.sawRemovable) {
        Liveness liveness;
        liveness.run(*result);
        if (liveness.hasDead())
          result = DeadCodeRemover(pc.ir, liveness).mutateFunction(result);
      }
      changed |= result != fn;
      fns.push_back(result);
    }
    return changed ? withFunctions(pc.ir, program, fns) : &program;
  }
};

} // namespace

std::unique_ptr<Pass> plc::transforms::createSimplifyPass() {
  return std::make_unique<SimplifyPass>();
}
