//===- ScopeOutliner.cpp - The engine behind the outline passes -----------===//

#include "transforms/ScopeOutliner.h"

#include "ir/VarMap.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"

using namespace plc;
using namespace plc::ir;
using namespace plc::transforms;

OutlinePolicy::~OutlinePolicy() = default;

namespace {

//===----------------------------------------------------------------------===//
// Naming
//===----------------------------------------------------------------------===//

/// Program-wide function names. A scope takes its `name_hint` when free; a
/// hint its own parent already used gets `_0`, `_1`, ...; a hint taken
/// elsewhere becomes `<parent>_<hint>`. Without a hint the name is
/// `<parent><suffix><counter>`, the counter counting every target scope of
/// the parent (hinted or not).
class Namer {
public:
  explicit Namer(const Program &program) {
    for (const Function *fn : program.functions)
      taken.insert(fn->name());
  }

  std::string name(llvm::StringRef parent, llvm::StringRef hint,
                   llvm::StringRef suffix, unsigned counter) {
    if (!hint.empty()) {
      if (claim(hint)) {
        hintOwner[hint] = parent.str();
        return hint.str();
      }
      auto owner = hintOwner.find(hint);
      if (owner != hintOwner.end() && owner->second == parent)
        return uniquify(hint.str());
      std::string qualified = (parent + "_" + hint).str();
      return claim(qualified) ? qualified : uniquify(qualified);
    }
    std::string plain = (parent + suffix + llvm::Twine(counter)).str();
    return claim(plain) ? plain : uniquify(plain);
  }

private:
  /// Takes `name` unless it is taken; one probe of the set either way.
  bool claim(llvm::StringRef name) { return taken.insert(name).second; }
  std::string uniquify(const std::string &base) {
    unsigned &next = nextSuffix[base];
    for (;; ++next) {
      std::string candidate = base + "_" + std::to_string(next);
      if (claim(candidate)) {
        ++next;
        return candidate;
      }
    }
  }

  llvm::StringSet<llvm::BumpPtrAllocator> taken;
  llvm::StringMap<std::string> hintOwner;
  llvm::StringMap<unsigned> nextSuffix;
};

//===----------------------------------------------------------------------===//
// Body analysis
//===----------------------------------------------------------------------===//

/// One pass over a scope body: definitions, live-ins in first-use order with
/// the direction each use implies, store targets and their post-store
/// aliases, and the order in which definitions and stores occur.
class BodyAnalysis : public IRVisitor {
public:
  BodyAnalysis(const FunctionIndex &functions, const OutlinePolicy &policy)
      : functions(functions), storesWrite(policy.exportsStoreTargets()) {}

  struct Event {
    const Var *var;
    bool isStore; ///< a store into `var`; otherwise a definition of it
  };

  void visitDef(const Var *var) override {
    defs.insert(var);
    events.push_back({var, false});
  }
  void visitVar(const Var *var) override { use(var, ParamDirection::In); }

  void visitCall(const Call *node) override {
    if (node->isOp(OpKind::TileStore) && node->args.size() >= 3) {
      if (const auto *target = llvm::dyn_cast<Var>(node->args[2])) {
        visit(node->args[0]);
        visit(node->args[1]);
        for (size_t i = 3; i < node->args.size(); ++i)
          visit(node->args[i]);
        for (const Kwarg &kwarg : node->kwargs)
          visit(kwarg.value);
        use(target, storesWrite ? ParamDirection::Out : ParamDirection::In);
        events.push_back({target, true});
        return;
      }
    }
    if (!node->isOp()) {
      visitCalleeArgs(node->callee, node->args);
      return;
    }
    IRVisitor::visitCall(node);
  }

  void visitSubmit(const Submit *node) override {
    visitCalleeArgs(node->callee, node->args);
    for (const Expr *dep : node->deps)
      visit(dep);
    if (node->coreNum)
      visit(node->coreNum);
    if (node->predicate)
      visit(node->predicate);
  }

  void visitAssignStmt(const AssignStmt *node) override {
    visit(node->value);
    // A store's result (or a copy of an alias) names the stored tensor.
    const Var *root = nullptr;
    if (const Var *target = storeTarget(node->value))
      root = target;
    else if (const auto *copy = llvm::dyn_cast<Var>(node->value))
      root = aliasRoot.lookup(copy);
    if (root) {
      if (const Var *outer = aliasRoot.lookup(root))
        root = outer;
      aliasRoot[node->var] = root;
    }
    visitDef(node->var);
  }

  /// The tensor `var` aliases after a store, or null.
  const Var *rootOf(const Var *var) const { return aliasRoot.lookup(var); }

  // Small maps with inline buckets: a scope body has a handful of Vars, and
  // a hundred thousand scopes should not mean as many heap tables.
  llvm::SmallDenseSet<const Var *, 16> defs;
  llvm::SmallVector<Event, 16> events;
  llvm::SmallSetVector<const Var *, 8> uses; ///< first-use order
  llvm::SmallDenseMap<const Var *, ParamDirection, 16> directions;

private:
  void use(const Var *var, ParamDirection dir) {
    auto [it, inserted] = directions.try_emplace(var, dir);
    if (!inserted)
      it->second = mergeDirections(it->second, dir);
    uses.insert(var);
  }

  /// Arguments of a call of a program function take the direction its
  /// parameter declares.
  void visitCalleeArgs(llvm::StringRef callee,
                       llvm::ArrayRef<const Expr *> args) {
    const Function *fn = functions.lookup(callee);
    for (size_t i = 0; i < args.size(); ++i) {
      const auto *var = llvm::dyn_cast<Var>(args[i]);
      if (var && fn && i < fn->params.size())
        use(var, fn->params[i].direction);
      else
        visit(args[i]);
    }
  }

  const FunctionIndex &functions;
  bool storesWrite;
  llvm::SmallDenseMap<const Var *, const Var *, 8> aliasRoot;
};

//===----------------------------------------------------------------------===//
// The engine
//===----------------------------------------------------------------------===//

class Engine {
public:
  Engine(const Program &program, const OutlinePolicy &policy, PassContext &pc)
      : policy(policy), pc(pc), namer(program), functions(program) {}

  /// Processes `fn` (and the functions outlined from it, recursively) and
  /// appends the results callee-first to `out`.
  bool outlineFunction(const Function *fn, bool isNew,
                       llvm::SmallVectorImpl<const Function *> &out);

  const OutlinePolicy &policy;
  PassContext &pc;
  Namer namer;
  FunctionIndex functions;
};

class FunctionOutliner : public IRMutator {
public:
  FunctionOutliner(Engine &engine, const Function &fn)
      : IRMutator(engine.pc.ir), engine(engine), fn(fn),
        order(fn.body, [&](const Stmt *stmt) { return indexScope(stmt); }) {}

  /// The outlined callees; one with a target scope nested in it is
  /// outlined in turn.
  llvm::SmallVector<const Function *, 4> created;
  bool failed = false;

  const Expr *mutateVar(const Var *var) override {
    if (const Var *renamed = renames.lookup(var))
      return renamed;
    return var;
  }

  const Stmt *mutateAssignStmt(const AssignStmt *node) override {
    if (placeholders.count(node->var) && isTaskInvalidCall(node->value))
      return nullptr; // the Submit's TaskId result defines it now
    return IRMutator::mutateAssignStmt(node);
  }

  const Stmt *mutateSeqStmt(const SeqStmt *node) override {
    return mutateSplicingScopes(ctx, node, [&](const Stmt *stmt) {
      return keptAsIs(stmt) ? stmt : mutate(stmt);
    });
  }

  // A scope in a branch or loop body renames only within it.
  void enterRegion() override { marks.push_back(renames.mark()); }
  void exitRegion() override { renames.restore(marks.pop_back_val()); }

  const Stmt *mutateScopeStmt(const ScopeStmt *node) override {
    if (!engine.policy.isTarget(*node))
      return IRMutator::mutateScopeStmt(node);
    return outline(node);
  }

private:
  const Stmt *outline(const ScopeStmt *scope);

  /// Whether the walk would return `stmt` unchanged: nothing is renamed
  /// yet, and it holds no scope to outline and defines no placeholder.
  bool keptAsIs(const Stmt *stmt) const {
    if (!renames.empty() || stmt->containsScope(engine.policy.targetKind()))
      return false;
    const auto *assign = llvm::dyn_cast<AssignStmt>(stmt);
    return !assign || !placeholders.count(assign->var);
  }

  /// Whether `stmt` is a scope to outline; collects its `as tid` Var.
  bool indexScope(const Stmt *stmt) {
    const auto *scope = llvm::dyn_cast<ScopeStmt>(stmt);
    if (!scope || !engine.policy.isTarget(*scope))
      return false;
    if (const Var *taskId = scope->dispatch().taskId)
      placeholders.insert(taskId);
    return true;
  }

  Engine &engine;
  const Function &fn;
  /// The Vars bound by `as tid` of the scopes to be outlined: their
  /// placeholder definitions disappear with the scopes. (Those of scopes
  /// nested in one are collected too, and never met: the walk does not
  /// enter a scope it outlines.) Filled while `order` is built.
  VarSet placeholders;
  UseOrder order;
  /// Original Var -> the call-site Var holding its value now: one entry per
  /// Var, overwritten by a later scope that writes it again, and undone at
  /// the end of the branch or loop body that made it.
  ScopedVarMap renames;
  llvm::SmallVector<size_t, 4> marks;
  unsigned counter = 0;
};

const Stmt *FunctionOutliner::outline(const ScopeStmt *scope) {
  unsigned index = counter++;
  PassContext &pc = engine.pc;
  const OutlinePolicy &policy = engine.policy;

  // 1. Every dispatch field, renamed as of this point — the same hook that
  //    renames the call arguments below.
  bool unused = false;
  ScopeStmt::Fields fields = mutateScopeFields(scope->fields, unused);
  if (scope->scopeKind() == ScopeKind::Hierarchy && fields.dispatch.predicate) {
    reportMisplacedPredicate(pc, fn.name(), "a Hierarchy scope",
                             fields.dispatch.predicate);
    failed = true;
    return scope;
  }
  PreparedScope prepared;
  if (!policy.prepare(*scope, fn, prepared, pc)) {
    failed = true;
    return scope;
  }
  const Expr *coreNum = prepared.coreNum ? mutate(prepared.coreNum) : nullptr;

  // 2. Parameters and outputs.
  BodyAnalysis body(engine.functions, policy);
  body.visit(prepared.body);
  llvm::SmallVector<const Var *, 8> liveIns;
  for (const Var *var : body.uses)
    if (!body.defs.count(var))
      liveIns.push_back(var);

  struct Output {
    const Var *var; ///< the definition, or the stored parameter's source
    bool isStore;   ///< exported store target
    llvm::SmallVector<const Var *, 2> aliases; ///< renamed with it
  };
  llvm::SmallVector<Output, 4> outputs;
  llvm::SmallDenseMap<const Var *, unsigned, 4> storeOutput;
  auto exportStore = [&](const Var *root) -> Output & {
    auto [it, inserted] = storeOutput.try_emplace(root, outputs.size());
    if (inserted)
      outputs.push_back({root, true, {}});
    return outputs[it->second];
  };
  bool exports = policy.exportsStoreTargets();
  for (const BodyAnalysis::Event &event : body.events) {
    if (event.isStore) {
      const Var *root = body.rootOf(event.var);
      root = root ? root : event.var;
      if (exports && !body.defs.count(root))
        exportStore(root);
      continue;
    }
    const Var *root = body.rootOf(event.var);
    if (exports && root && !body.defs.count(root)) {
      exportStore(root).aliases.push_back(event.var);
      continue;
    }
    if (order.usedAfter(event.var, scope))
      outputs.push_back({event.var, false, {}});
  }

  // 3. The callee. Vars are bound per function, so its parameters are the
  //    live-in Vars themselves and its body is the scope's body, unchanged.
  llvm::SmallVector<Param, 8> params;
  for (const Var *var : liveIns)
    params.push_back(Param{var, body.directions.lookup(var)});
  llvm::SmallVector<const Stmt *, 16> calleeStmts;
  if (const auto *seq = llvm::dyn_cast<SeqStmt>(prepared.body))
    calleeStmts.append(seq->stmts.begin(), seq->stmts.end());
  else
    calleeStmts.push_back(prepared.body);
  llvm::SmallVector<const Expr *, 4> returned;
  llvm::SmallVector<const Type *, 4> outTypes;
  for (const Output &output : outputs) {
    returned.push_back(output.var);
    outTypes.push_back(output.var->type());
  }
  if (!returned.empty())
    calleeStmts.push_back(
        ctx.create<ReturnStmt>(ctx.copy(returned), scope->span()));

  Function::Fields calleeFields = policy.calleeFields(*scope);
  std::string name = engine.namer.name(fn.name(), fields.dispatch.nameHint,
                                       policy.suffix(*scope), index);
  calleeFields.name = ctx.intern(name);
  calleeFields.spmdUnwrapped = prepared.spmdUnwrapped;
  const Function *callee = ctx.create<Function>(
      calleeFields, ctx.copy(params), ctx.copy(outTypes),
      ctx.create<SeqStmt>(ctx.copy(calleeStmts), scope->span()), scope->span());
  engine.functions.add(callee);
  created.push_back(callee);

  // 4. The call site: arguments are the live-ins' current values. Results
  //    keep the body's Vars where they can, so later uses need no rename: a
  //    definition's value is bound to its own Var, a stored tensor to its
  //    last alias (the name the caller reads it by after the scope).
  llvm::SmallVector<const Expr *, 8> args;
  for (const Var *var : liveIns)
    args.push_back(mutate(var));
  Span span = scope->span();
  auto resultVar = [&](size_t i) -> const Var * {
    const Output &output = outputs[i];
    if (!output.isStore)
      return output.var;
    if (!output.aliases.empty() && output.aliases.back()->type() == outTypes[i])
      return output.aliases.back();
    return ctx.newVar(output.var->name, outTypes[i], span);
  };
  llvm::SmallVector<const Stmt *, 8> site;
  llvm::SmallVector<const Var *, 4> results;
  auto bindResults = [&](const Var *tuple) {
    for (size_t i = 0; i < outputs.size(); ++i) {
      const Var *result = resultVar(i);
      site.push_back(ctx.create<AssignStmt>(
          result, ctx.create<TupleGetItem>(tuple, i, outTypes[i], span), span));
      results.push_back(result);
    }
  };
  if (fields.dispatch.forcesSubmit() || coreNum) {
    const Var *taskId = fields.dispatch.taskId;
    if (!taskId)
      taskId = ctx.newVar("tid", ctx.taskIdType(), span);
    llvm::SmallVector<const Type *, 4> types(outTypes.begin(), outTypes.end());
    types.push_back(ctx.taskIdType());
    const Type *tupleType = ctx.tupleType(types);
    const Expr *submit = ctx.create<Submit>(
        callee->name(), ctx.copy(args), fields.dispatch.deps, coreNum,
        coreNum && prepared.syncStart, fields.dispatch.allowEarlyResolve,
        fields.dispatch.predicate, tupleType, span);
    const Var *tuple = ctx.newVar("_submit_tmp", tupleType, span);
    site.push_back(ctx.create<AssignStmt>(tuple, submit, span));
    bindResults(tuple);
    site.push_back(ctx.create<AssignStmt>(
        taskId,
        ctx.create<TupleGetItem>(tuple, outputs.size(), ctx.taskIdType(), span),
        span));
  } else if (outputs.empty()) {
    const Expr *call = ctx.create<Call>(callee->name(), ctx.copy(args),
                                        ctx.tupleType({}), span);
    site.push_back(ctx.create<EvalStmt>(call, span));
  } else if (outputs.size() == 1) {
    const Var *result = resultVar(0);
    const Expr *call =
        ctx.create<Call>(callee->name(), ctx.copy(args), outTypes[0], span);
    site.push_back(ctx.create<AssignStmt>(result, call, span));
    results.push_back(result);
  } else {
    const Type *tupleType = ctx.tupleType(outTypes);
    const Expr *call =
        ctx.create<Call>(callee->name(), ctx.copy(args), tupleType, span);
    const Var *tuple = ctx.newVar("ret", tupleType, span);
    site.push_back(ctx.create<AssignStmt>(tuple, call, span));
    bindResults(tuple);
  }

  // 5. Later uses of a stored tensor, by any of its other names, read the
  //    result. A name nothing reads after the scope needs no entry, and
  //    while the map is empty the rest of the walk can skip statements.
  auto renameIfUsedAfter = [&](const Var *from, const Var *to) {
    if (from != to && order.usedAfter(from, scope))
      renames.set(from, to);
  };
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (!outputs[i].isStore)
      continue;
    renameIfUsedAfter(outputs[i].var, results[i]);
    for (const Var *alias : outputs[i].aliases)
      renameIfUsedAfter(alias, results[i]);
  }
  return ctx.create<SeqStmt>(ctx.copy(site), span);
}

bool Engine::outlineFunction(const Function *fn, bool isNew,
                             llvm::SmallVectorImpl<const Function *> &out) {
  if (!isNew && !policy.processes(*fn)) {
    out.push_back(fn);
    return true;
  }
  // Most functions have no scope to outline. Their bodies say so without a
  // walk; that spares them the walk, the use-order analysis and the rewrite.
  if (!fn->body->containsScope(policy.targetKind())) {
    out.push_back(fn);
    return true;
  }
  FunctionOutliner outliner(*this, *fn);
  const Stmt *body = outliner.mutate(fn->body);
  if (outliner.failed)
    return false;
  for (const Function *callee : outliner.created)
    if (!outlineFunction(callee, /*isNew=*/true, out))
      return false;
  if (body == fn->body) {
    out.push_back(fn);
    return true;
  }
  Function::Fields fields = fn->fields;
  if (!outliner.created.empty())
    if (std::optional<FunctionType> type = policy.promotedParentType(*fn)) {
      fields.type = *type;
      // The printer writes the derived level and role of the new type.
      fields.level = std::nullopt;
      fields.role = std::nullopt;
    }
  const Function *result = withBody(pc.ir, *fn, body, &fields);
  functions.add(result);
  out.push_back(result);
  return true;
}

} // namespace

const Program *plc::transforms::outlineScopes(const Program &program,
                                              const OutlinePolicy &policy,
                                              PassContext &pc) {
  Engine engine(program, policy, pc);
  llvm::SmallVector<const Function *, 16> fns;
  for (const Function *fn : program.functions)
    if (!engine.outlineFunction(fn, /*isNew=*/false, fns))
      return nullptr;
  if (llvm::equal(fns, program.functions))
    return &program;
  return withFunctions(pc.ir, program, fns);
}
