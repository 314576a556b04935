//===- IRBuilder.h - Parse tree to IR, statement by statement ---*- C++ -*-===//
///
/// \file
/// Converts the pieces the ParseDriver hands over into IR as they arrive:
/// module constants are folded, each function is built statement by
/// statement, and every check of LANGUAGE.md sections 3-5 runs while its
/// construct is built, in the order the language reference states them. The
/// first error stops the build (the parse stops with it).
///
/// The implementation is split by concern: IRBuilder.cpp (module, class,
/// functions, names), Types.cpp (annotations), Exprs.cpp (expressions,
/// typing, promotion, the op set), Stmts.cpp (statements, submits),
/// Scopes.cpp (the `with` forms) and Predicates.cpp (predicate shape,
/// placement and the producer-in-deps contract).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_IRBUILDER_H
#define PLC_FRONTEND_IRBUILDER_H

#include "frontend/ParseDriver.h"

#include "ir/IR.h"
#include "ir/VarMap.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace plc {
namespace frontend {

using P = grammar::PLParser;

/// The labeled alternative `T` of `ctx` when the alternative starts with
/// token `first`, else null. Every labeled alternative of the grammar starts
/// with its own token, so this replaces a dynamic_cast (which dominated the
/// profile) with one comparison.
template <typename T> T *alt(antlr4::ParserRuleContext *ctx, size_t first) {
  return ctx && ctx->getStart()->getType() == first ? static_cast<T *>(ctx)
                                                    : nullptr;
}

/// Child `i` of a rule context, which the grammar guarantees to be a T.
template <typename T> T *child(antlr4::ParserRuleContext *ctx, size_t i) {
  return static_cast<T *>(ctx->children[i]);
}

/// `atom trailer*`, read off the children without the generated accessors'
/// dynamic_casts.
inline P::AtomContext *atomOf(P::AtomExprContext *a) {
  return child<P::AtomContext>(a, 0);
}
inline llvm::SmallVector<P::TrailerContext *, 4>
trailersOf(P::AtomExprContext *a) {
  llvm::SmallVector<P::TrailerContext *, 4> out;
  for (size_t i = 1; i < a->children.size(); ++i)
    out.push_back(child<P::TrailerContext>(a, i));
  return out;
}

/// Whether a child of a rule context is a token. Every rule of the grammar
/// matches at least one token, so a rule child always has children.
inline bool isToken(antlr4::tree::ParseTree *node) {
  return node->children.empty();
}
inline antlr4::Token *tokenOf(antlr4::tree::ParseTree *node) {
  return static_cast<antlr4::tree::TerminalNode *>(node)->getSymbol();
}

/// The rule children of `ctx` in order, tokens skipped: the elements of a
/// list rule (`exprList`, `argList`, ...) without the generated accessors'
/// dynamic_cast of every child.
template <typename T>
llvm::SmallVector<T *, 4> rulesOf(antlr4::ParserRuleContext *ctx) {
  llvm::SmallVector<T *, 4> out;
  for (antlr4::tree::ParseTree *c : ctx->children)
    if (!isToken(c))
      out.push_back(static_cast<T *>(c));
  return out;
}

/// `exprList : expr (',' expr)* ','?` of one expression and no comma.
inline bool isSingle(P::ExprListContext *list) {
  return list->children.size() == 1;
}

/// `argument : NAME '=' expr | expr`.
inline antlr4::Token *keywordOf(P::ArgumentContext *arg) {
  return arg->children.size() == 3 ? tokenOf(arg->children[0]) : nullptr;
}
inline P::ExprContext *valueOf(P::ArgumentContext *arg) {
  return child<P::ExprContext>(arg, arg->children.size() - 1);
}

/// The block of a compound statement that ends with one (`with`, `for`,
/// `if`, `elif`, `else`).
inline P::BlockContext *blockOf(antlr4::ParserRuleContext *s) {
  return child<P::BlockContext>(s, s->children.size() - 1);
}
/// `withStmt : 'with' withItem (',' withItem)* ':' block`.
inline size_t numItems(P::WithStmtContext *s) {
  return (s->children.size() - 2) / 2;
}
inline P::WithItemContext *itemOf(P::WithStmtContext *s, size_t i) {
  return child<P::WithItemContext>(s, 1 + 2 * i);
}

/// The only child of an alternatives-only rule (`stmt`, `smallStmt`) when
/// it is the rule `ruleIndex`, else null.
template <typename T>
T *alternativeOf(antlr4::ParserRuleContext *ctx, size_t ruleIndex) {
  auto *only = child<antlr4::ParserRuleContext>(ctx, 0);
  return only->getRuleIndex() == ruleIndex ? static_cast<T *>(only) : nullptr;
}

/// `binary : unary (op unary)*`: operand i is child 2i, operator i (between
/// operands i and i+1) is the token of child 2i+1.
inline size_t numOperands(P::BinaryContext *b) {
  return (b->children.size() + 1) / 2;
}
inline P::UnaryContext *operandOf(P::BinaryContext *b, size_t i) {
  return child<P::UnaryContext>(b, 2 * i);
}
inline antlr4::Token *operatorOf(P::BinaryContext *b, size_t i) {
  return tokenOf(b->children[2 * i + 1]);
}

/// `unary : ('+' | '-' | '~')* atomExpr ('**' unary)?`: the number of prefix
/// operators, which is also the index of the atomExpr child.
inline size_t numPrefixes(P::UnaryContext *u) {
  size_t i = 0;
  while (isToken(u->children[i]))
    ++i;
  return i;
}

/// The binding strength of a binary operator of `binary`, weakest first, as
/// in Python. `and`/`or` bind weaker still and live in `expr`.
enum class Precedence {
  Comparison,
  BitOr,
  BitXor,
  BitAnd,
  Shift,
  Additive,
  Multiplicative
};
Precedence precedenceOf(size_t tokenKind);

/// A folded module constant.
struct ConstValue {
  bool isFloat = false;
  int64_t i = 0;
  double f = 0;
};

/// Call arguments split into positional and keyword ones.
struct CallArgs {
  llvm::SmallVector<P::ExprContext *, 4> positional;
  struct Keyword {
    llvm::StringRef name;
    P::ExprContext *value;
    Span nameSpan;
  };
  llvm::SmallVector<Keyword, 4> keywords;

  const Keyword *find(llvm::StringRef name) const {
    for (const Keyword &k : keywords)
      if (k.name == name)
        return &k;
    return nullptr;
  }
};

/// The `with` form enclosing the statement being built.
struct EnclosingScope {
  ir::ScopeKind kind;
  bool manual = false;
  Span span;
  /// In a Cluster scope: the pl.spmd nested in it so far, if any (its
  /// core_num becomes the Group's launch spec, so there is room for one).
  Span nestedSpmd = {};
};

/// Who wrote a tensor: the task bound to `taskId`, as of its `generation`.
struct Producer {
  const ir::Var *taskId;
  unsigned generation;
};

/// The dispatch site a predicate belongs to, for its messages.
struct PredicateSite {
  /// `'k'`, `'pl.spmd()'` or `'pl.at()'` in messages.
  std::string method;
  /// Whether `deps=` is legal on this form (decides the hint).
  bool acceptsDeps = true;
};

class IRBuilder final : public ParseConsumer {
public:
  IRBuilder(DiagnosticEngine &diags, ir::IRContext &ctx);
  ~IRBuilder() override;

  /// The program, once the whole file has been consumed; null on error.
  /// `fileStart` locates errors about the file as a whole.
  const ir::Program *finish(Loc fileStart);

  /// The atomExpr an expression consists of, when it has no operators.
  static P::AtomExprContext *asAtomExpr(P::ExprContext *e);

  // ParseConsumer.
  bool moduleStmt(P::SimpleStmtContext *stmt) override;
  bool classBegin(P::ClassHeadContext *head) override;
  bool classStmt(P::SimpleStmtContext *stmt) override;
  bool classEnd() override;
  bool functionBegin(P::FuncHeadContext *head) override;
  bool functionStmt(P::StmtContext *stmt) override;
  bool functionEnd() override;

private:
  using StmtList = llvm::SmallVectorImpl<const ir::Stmt *>;

  //===--- Diagnostics and spans (IRBuilder.cpp)
  //---------------------------===//
  InFlightDiagnostic error(Span at, const llvm::Twine &message);
  InFlightDiagnostic error(antlr4::ParserRuleContext *at,
                           const llvm::Twine &message);
  InFlightDiagnostic error(antlr4::Token *at, const llvm::Twine &message);
  InFlightDiagnostic error(antlr4::tree::TerminalNode *at,
                           const llvm::Twine &message);
  static Span spanOf(antlr4::ParserRuleContext *ctx);
  static Span spanOf(antlr4::Token *tok);
  static Span spanOf(antlr4::tree::TerminalNode *node);

  //===--- Parse-tree shapes (IRBuilder.cpp)
  //-------------------------------===//
  /// `a.b.c` as its parts, when `e` is nothing but a dotted name.
  static std::optional<llvm::SmallVector<llvm::StringRef, 4>>
  dottedName(P::ExprContext *e);
  /// The name, when `e` is a bare identifier.
  static std::optional<llvm::StringRef> bareName(P::ExprContext *e);
  /// `pl.Enum.MEMBER` (or `pl.MEMBER` with an empty `enumName`): MEMBER.
  std::optional<llvm::StringRef> enumMember(P::ExprContext *e,
                                            llvm::StringRef enumName);
  bool splitArgs(P::ArgListContext *list, CallArgs &out);
  /// Rejects keywords other than `allowed`.
  bool checkKeywords(const CallArgs &args,
                     llvm::ArrayRef<llvm::StringRef> allowed,
                     llvm::StringRef callName);
  /// A literal True/False keyword value.
  std::optional<bool> boolLiteral(const CallArgs::Keyword &kw);
  /// A string literal's value (escapes decoded); nullopt after an error.
  std::optional<std::string> stringLiteral(P::ExprContext *e);

  //===--- Module level (IRBuilder.cpp)
  //------------------------------------===//
  std::optional<ConstValue> evalConst(P::ExprContext *e);
  std::optional<int64_t> evalConstInt(P::ExprContext *e, llvm::StringRef what);

  //===--- Names (IRBuilder.cpp)
  //-------------------------------------------===//
  /// Binds `name` to a Var of `type`: the existing one when it has that
  /// type (a rebinding), else a new one. `fresh` always makes a new Var.
  const ir::Var *bind(llvm::StringRef name, const ir::Type *type, Span span,
                      bool fresh = false);
  const ir::Var *lookup(llvm::StringRef name) const;

  //===--- Types (Types.cpp)
  //-----------------------------------------------===//
  const ir::Type *buildType(P::ExprContext *e);
  std::optional<ir::DType> buildDType(P::ExprContext *e);
  bool buildShape(P::ExprContext *e, llvm::SmallVectorImpl<int64_t> &shape);
  /// A parameter annotation, with its `pl.Out[...]`/`pl.InOut[...]` wrapper.
  const ir::Type *buildParamType(P::ExprContext *e, ir::ParamDirection &dir);
  bool buildReturnTypes(P::ExprContext *e,
                        llvm::SmallVectorImpl<const ir::Type *> &out);

  //===--- Expressions (Exprs.cpp)
  //-----------------------------------------===//
  /// A value. `allowView` admits a partial tensor subscript (a view), which
  /// only an operand check may see: it never reaches the IR.
  const ir::Expr *buildExpr(P::ExprContext *e, bool allowView = false);
  template <typename BuildFn, typename SpanFn, typename OpFn>
  const ir::Expr *buildChain(size_t numOperands, bool allowView, BuildFn build,
                             SpanFn operandSpan, OpFn operatorAt);
  const ir::Expr *buildBinaryOperands(P::BinaryContext *b, size_t first,
                                      size_t last, Precedence level,
                                      bool allowView);
  const ir::Expr *buildUnary(P::UnaryContext *u, bool allowView);
  const ir::Expr *buildAtomExpr(P::AtomExprContext *e, bool allowView);
  const ir::Expr *buildAtom(P::AtomContext *e);
  const ir::Expr *buildList(P::ExprListContext *list, Span span);
  const ir::Expr *buildSubscript(const ir::Expr *base,
                                 P::SubscriptTrailerContext *t, Span span,
                                 bool allowView);
  const ir::Expr *buildOpCall(llvm::ArrayRef<llvm::StringRef> path,
                              P::CallTrailerContext *call, Span span);
  const ir::Expr *buildSelfCall(llvm::StringRef callee,
                                P::CallTrailerContext *call, Span span);
  /// `[a, b]` as a MakeTuple of INDEX scalars (offsets, indices).
  const ir::Expr *buildIndexList(P::ExprContext *e, llvm::StringRef what);
  const ir::Expr *buildBinary(ir::BinaryOp op, const ir::Expr *lhs,
                              const ir::Expr *rhs, Span lhsSpan, Span rhsSpan,
                              Span span, antlr4::Token *opTok);
  /// The operand check of scalar operators.
  bool requireScalar(const ir::Expr *e, Span at);
  /// Integer promotion: casts the narrower operand to the wider dtype.
  bool promote(const ir::Expr *&lhs, const ir::Expr *&rhs, Span rhsSpan,
               llvm::StringRef opSpelling);
  bool isView(const ir::Expr *e) const { return views.count(e) != 0; }
  const ir::Expr *castTo(const ir::Expr *e, ir::DType dtype);

  //===--- Statements (Stmts.cpp)
  //------------------------------------------===//
  bool buildStmt(P::StmtContext *s, StmtList &out);
  bool buildSimpleStmt(P::SimpleStmtContext *s, StmtList &out);
  bool buildSmallStmt(P::SmallStmtContext *s, StmtList &out);
  bool buildExprStmt(P::ExprStmtContext *s, StmtList &out);
  bool buildAssign(P::ExprStmtContext *s, StmtList &out);
  /// Binds `target` (a name or a tuple of names) to `value`.
  bool assignTarget(P::ExprContext *target, const ir::Expr *value,
                    const ir::Type *annotated, Span span, StmtList &out);
  bool buildReturn(P::ReturnStmtContext *s, StmtList &out);
  bool buildIf(P::IfStmtContext *s, StmtList &out);
  bool buildFor(P::ForStmtContext *s, StmtList &out);
  const ir::Stmt *buildBlock(P::BlockContext *b);
  /// The names bound by the top-level assignments of a block.
  void topLevelTargets(P::BlockContext *b,
                       llvm::SmallVectorImpl<llvm::StringRef> &names);
  bool buildSubmit(P::ExprStmtContext *s, P::AtomExprContext *call,
                   bool spmdSubmit, StmtList &out);
  /// `deps=[...]`: TaskId and Array[N, TASK_ID] Vars; None dropped.
  bool buildDeps(const CallArgs::Keyword &kw,
                 llvm::SmallVectorImpl<const ir::Expr *> &deps);
  /// Records the explicit edges of `deps` ending at the dispatch at `site`.
  void recordControlDeps(llvm::ArrayRef<const ir::Expr *> deps, Loc site);
  /// `core_num=`: an integer scalar expression, positive when constant.
  const ir::Expr *buildCoreNum(P::ExprContext *e);

  //===--- Scopes (Scopes.cpp)
  //---------------------------------------------===//
  bool buildWith(P::WithStmtContext *s, StmtList &out);
  bool buildAtScope(P::WithStmtContext *s, const CallArgs &args,
                    P::ExprContext *asTarget, StmtList &out);
  bool buildSpmdScope(P::WithStmtContext *s, const CallArgs &args,
                      P::ExprContext *asTarget, StmtList &out);
  bool buildSpmdFor(P::ForStmtContext *s, const CallArgs &args, StmtList &out);
  bool buildClusterScope(P::WithStmtContext *s, const CallArgs &args,
                         P::ExprContext *asTarget, StmtList &out);
  bool buildRuntimeScope(P::WithStmtContext *s, const CallArgs &args,
                         bool manualScope, P::ExprContext *asTarget,
                         StmtList &out);
  /// `as tid`: binds the TaskId and emits its placeholder assignment.
  const ir::Var *bindTaskId(P::ExprContext *target, StmtList &out);
  /// The body of a scope, built with `frame` enclosing it.
  const ir::Stmt *buildScopeBody(P::BlockContext *b, EnclosingScope frame);
  bool insideCluster() const;
  /// A pl.spmd must not sit inside a scope that becomes one kernel (a
  /// CORE_GROUP pl.at or another pl.spmd); reports it at `at`.
  bool checkSpmdPlacement(Span at);
  /// Records the top-level assignments of a scope body as produced by `tid`.
  void recordScopeProducers(P::BlockContext *body, const ir::Var *tid);

  //===--- Predicates (Predicates.cpp)
  //-------------------------------------===//
  /// Builds and checks `predicate=`: typing, shape, producer contract.
  const ir::Expr *buildPredicate(const CallArgs::Keyword &kw,
                                 const PredicateSite &site,
                                 llvm::ArrayRef<const ir::Expr *> deps);
  bool checkPredicateShape(const ir::Expr *pred, Span at,
                           const PredicateSite &site);
  bool checkProducer(const ir::Expr *pred, Span at, const PredicateSite &site,
                     llvm::ArrayRef<const ir::Expr *> deps);

  DiagnosticEngine &diags;
  ir::IRContext &ctx;

  // Module and program.
  llvm::StringMap<ConstValue> constants;
  llvm::StringRef plAlias; ///< the name `pypto.language` is imported as
  llvm::StringRef programName;
  bool sawClass = false;
  std::vector<const ir::Function *> functions;
  llvm::StringMap<const ir::Function *> functionsByName;
  std::vector<ir::ControlDep> controlDeps;

  // The function being built.
  struct FunctionState {
    ir::Function::Fields fields;
    llvm::SmallVector<ir::Param, 4> params;
    llvm::SmallVector<const ir::Type *, 2> returnTypes;
    std::vector<const ir::Stmt *> body;
    Span span;
    llvm::StringMap<const ir::Var *> names;
  };
  std::optional<FunctionState> fn;
  llvm::SmallVector<EnclosingScope, 8> scopes;
  /// Bumped each time a Var is (re)bound.
  ir::VarMap<unsigned> generation;
  /// Tensors written by a task, by the Var they were bound to.
  ir::VarMap<Producer> producers;
  /// The dispatch that bound each TaskId Var (for control deps).
  ir::VarMap<Loc> taskSites;
  /// Partial tensor subscripts built for an operand check.
  llvm::DenseSet<const ir::Expr *> views;
  /// The targets of the last `a, b = pl.yield_(...)`, for the enclosing
  /// For or If to bind as its results.
  struct YieldInfo {
    struct Target {
      llvm::StringRef name;
      Span span;
      const ir::Type *type;
    };
    llvm::SmallVector<Target, 2> targets;
  };
  std::optional<YieldInfo> lastYield;
  /// While a predicate is built: where each operand of its MakeTuples and
  /// tensor reads was written (a Var's own span is its definition), so the
  /// predicate checks can point at the offending index or tensor.
  bool recordUseSpans = false;
  llvm::DenseMap<const ir::Expr *, llvm::SmallVector<Span, 4>> useSpans;
  Span useSpan(const ir::Expr *parent, size_t i, Span fallback) const {
    auto it = useSpans.find(parent);
    return it != useSpans.end() && i < it->second.size() ? it->second[i]
                                                         : fallback;
  }
};

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_IRBUILDER_H
