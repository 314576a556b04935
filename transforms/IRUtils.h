//===- IRUtils.h - Small helpers shared by the passes -----------*- C++ -*-===//
///
/// \file
/// Program rebuilding, recognisers for the few builtins passes care about,
/// a scoped Var map with an undo log, and UseOrder: the per-function index
/// that answers "is this Var used after that statement?" in O(1), so no pass
/// rescans a function per statement.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_IRUTILS_H
#define PLC_TRANSFORMS_IRUTILS_H

#include "ir/FunctionIndex.h"
#include "ir/IR.h"
#include "ir/PositionIndex.h"
#include "ir/VarMap.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <utility>
#include <vector>

namespace plc::transforms {

/// `program` with its function list replaced.
const ir::Program *withFunctions(ir::IRContext &ctx, const ir::Program &program,
                                 llvm::ArrayRef<const ir::Function *> fns);

/// `fn` with a new body (and optionally new fields).
const ir::Function *withBody(ir::IRContext &ctx, const ir::Function &fn,
                             const ir::Stmt *body,
                             const ir::Function::Fields *fields = nullptr);

/// `pl.tile.store(tile, offsets, target)`: the Var written, or null.
const ir::Var *storeTarget(const ir::Expr *expr);
bool isStoreCall(const ir::Expr *expr);
/// The parser's `tid = pl.system.task_invalid()` placeholder value.
bool isTaskInvalidCall(const ir::Expr *expr);

/// `body` with `values` appended to its trailing Yield (or a new Yield).
const ir::Stmt *appendYield(ir::IRContext &ctx, const ir::Stmt *body,
                            llvm::ArrayRef<const ir::Expr *> values, Span span);

/// `node` rebuilt from `mutateOne(stmt)` of each of its statements, for
/// mutators that replace a scope by the statements of its call site: a null
/// result drops the statement, and a SeqStmt that replaced a ScopeStmt is
/// spliced in its place. Returns `node` itself when nothing changed.
template <typename MutateOne>
const ir::Stmt *mutateSplicingScopes(ir::IRContext &ctx,
                                     const ir::SeqStmt *node,
                                     MutateOne mutateOne) {
  llvm::SmallVector<const ir::Stmt *, 16> stmts;
  stmts.reserve(node->stmts.size());
  bool changed = false;
  for (const ir::Stmt *stmt : node->stmts) {
    const ir::Stmt *mutated = mutateOne(stmt);
    changed |= mutated != stmt;
    if (!mutated)
      continue;
    const auto *seq = llvm::dyn_cast<ir::SeqStmt>(mutated);
    if (seq && mutated != stmt && llvm::isa<ir::ScopeStmt>(stmt))
      stmts.append(seq->stmts.begin(), seq->stmts.end());
    else
      stmts.push_back(mutated);
  }
  if (!changed)
    return node;
  return ctx.create<ir::SeqStmt>(ctx.copy(stmts), node->span());
}

/// A map whose changes can be rolled back to a mark: entering a loop body
/// or branch takes a mark, leaving it restores. Keys and values are pointers.
/// Only changes made while a mark is open are logged: a function's top
/// level, where most definitions are, is never rolled back, and logging it
/// would grow a log as long as the function.
template <typename K, typename V, typename Map = llvm::DenseMap<K, V>>
class ScopedMap {
public:
  V lookup(K key) const { return map.lookup(key); }
  bool contains(K key) const { return map.count(key); }
  bool empty() const { return map.empty(); }
  void set(K key, V value) {
    if (openMarks != 0)
      log.push_back({key, map.lookup(key)});
    map[key] = value;
  }
  /// Opens a mark; every mark is closed by one restore().
  size_t mark() {
    ++openMarks;
    return log.size();
  }
  /// Undoes the changes since `mark` and closes it.
  void restore(size_t mark) {
    assert(openMarks != 0 && "restore without a mark");
    --openMarks;
    while (log.size() > mark) {
      auto [key, old] = log.pop_back_val();
      if (old)
        map[key] = old;
      else
        map.erase(key);
    }
  }

private:
  Map map;
  llvm::SmallVector<std::pair<K, V>, 32> log;
  unsigned openMarks = 0;
};
using ScopedVarMap =
    ScopedMap<const ir::Var *, const ir::Var *, ir::VarMap<const ir::Var *>>;

/// Numbers the statements of one function in program order (pre-order) and
/// records the number of the last statement using each Var. Uses in a
/// statement's own operands (a scope's dispatch fields, a loop's bounds)
/// count at that statement's number. Built once per function in linear time.
/// Only the statements `indexed` accepts get a range. They are kept in
/// program order, and the passes query them in that order too, so a query
/// tries the statement at and after the last one found before a hash table:
/// a table of every scope of a function of a hundred thousand of them,
/// probed at random, costs a cache miss per query.
class UseOrder {
public:
  UseOrder(const ir::Stmt *body,
           llvm::function_ref<bool(const ir::Stmt *)> indexed);

  struct Range {
    unsigned begin = 0; ///< the statement's own number
    unsigned end = 0;   ///< the last number inside it
  };
  /// The range of a statement the index accepted.
  Range range(const ir::Stmt *stmt) const;
  /// Whether `var` is used by a statement numbered after `stmt` ends. In SSA
  /// form, for a Var defined inside `stmt`, this is "used after it".
  bool usedAfter(const ir::Var *var, const ir::Stmt *stmt) const {
    const unsigned *last = lastUse.find(var);
    return last && *last > range(stmt).end;
  }

private:
  friend class UseOrderBuilder;
  /// The indexed statements in program order, and their ranges.
  std::vector<const ir::Stmt *> stmts;
  std::vector<Range> ranges;
  ir::PositionIndex<const ir::Stmt *> positions;
  ir::VarMap<unsigned> lastUse;
};

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_IRUTILS_H
