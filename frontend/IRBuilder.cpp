//===- IRBuilder.cpp - Module, class, functions and names
//------------------===//
//
// Requires: the pieces of one file, in source order, from the ParseDriver.
// Guarantees: a Program whose functions appear in source order, each body a
// SeqStmt of its statements; module constants folded into the IR as
// constants; every user error reported once, at the offending construct.
//
//===----------------------------------------------------------------------===//

#include "frontend/IRBuilder.h"

#include "frontend/Lexer.h"
#include "frontend/Literals.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>

using namespace plc;
using namespace plc::frontend;
namespace ir = plc::ir;

IRBuilder::IRBuilder(DiagnosticEngine &diags, ir::IRContext &ctx)
    : diags(diags), ctx(ctx) {}

IRBuilder::~IRBuilder() = default;

//===----------------------------------------------------------------------===//
// Diagnostics and spans
//===----------------------------------------------------------------------===//

Span IRBuilder::spanOf(antlr4::Token *tok) {
  return static_cast<Token *>(tok)->span();
}

Span IRBuilder::spanOf(antlr4::tree::TerminalNode *node) {
  return spanOf(node->getSymbol());
}

Span IRBuilder::spanOf(antlr4::ParserRuleContext *ctx) {
  auto *start = static_cast<Token *>(ctx->getStart());
  auto *stop = static_cast<Token *>(ctx->getStop());
  if (!stop || stop->getTokenIndex() < start->getTokenIndex())
    return start->span();
  return Span{start->loc(), stop->span().end};
}

InFlightDiagnostic IRBuilder::error(Span at, const llvm::Twine &message) {
  return diags.error(at, message);
}
InFlightDiagnostic IRBuilder::error(antlr4::ParserRuleContext *at,
                                    const llvm::Twine &message) {
  return diags.error(spanOf(at), message);
}
InFlightDiagnostic IRBuilder::error(antlr4::tree::TerminalNode *at,
                                    const llvm::Twine &message) {
  return diags.error(spanOf(at), message);
}
InFlightDiagnostic IRBuilder::error(antlr4::Token *at,
                                    const llvm::Twine &message) {
  return diags.error(spanOf(at), message);
}

//===----------------------------------------------------------------------===//
// Parse-tree shapes
//===----------------------------------------------------------------------===//

P::AtomExprContext *IRBuilder::asAtomExpr(P::ExprContext *e) {
  // Down expr -> binary -> unary -> atomExpr; a level with more than one
  // child has an operator.
  if (!e || e->children.size() != 1)
    return nullptr;
  auto *b = child<P::BinaryContext>(e, 0);
  if (b->children.size() != 1)
    return nullptr;
  auto *u = child<P::UnaryContext>(b, 0);
  if (u->children.size() != 1)
    return nullptr;
  return child<P::AtomExprContext>(u, 0);
}

std::optional<llvm::SmallVector<llvm::StringRef, 4>>
IRBuilder::dottedName(P::ExprContext *e) {
  P::AtomExprContext *a = asAtomExpr(e);
  if (!a)
    return std::nullopt;
  auto *name = alt<P::NameAtomContext>(atomOf(a), P::NAME);
  if (!name)
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 4> parts;
  parts.push_back(static_cast<Token *>(tokenOf(name->children[0]))->text());
  for (P::TrailerContext *t : trailersOf(a)) {
    auto *attr = alt<P::AttrTrailerContext>(t, P::DOT); // '.' NAME
    if (!attr)
      return std::nullopt;
    parts.push_back(static_cast<Token *>(tokenOf(attr->children[1]))->text());
  }
  return parts;
}

std::optional<llvm::StringRef> IRBuilder::bareName(P::ExprContext *e) {
  auto parts = dottedName(e);
  if (!parts || parts->size() != 1)
    return std::nullopt;
  return (*parts)[0];
}

std::optional<llvm::StringRef> IRBuilder::enumMember(P::ExprContext *e,
                                                     llvm::StringRef enumName) {
  auto parts = dottedName(e);
  size_t want = enumName.empty() ? 2 : 3;
  if (!parts || parts->size() != want || (*parts)[0] != plAlias ||
      (!enumName.empty() && (*parts)[1] != enumName))
    return std::nullopt;
  return parts->back();
}

bool IRBuilder::splitArgs(P::ArgListContext *list, CallArgs &out) {
  if (!list)
    return true;
  for (P::ArgumentContext *arg : rulesOf<P::ArgumentContext>(list)) {
    if (antlr4::Token *keyword = keywordOf(arg)) {
      llvm::StringRef name = static_cast<Token *>(keyword)->text();
      if (out.find(name))
        return error(keyword,
                     "keyword argument '" + name + "' is given more than once");
      out.keywords.push_back({name, valueOf(arg), spanOf(keyword)});
      continue;
    }
    if (!out.keywords.empty())
      return error(arg, "positional argument follows keyword argument");
    out.positional.push_back(valueOf(arg));
  }
  return true;
}

bool IRBuilder::checkKeywords(const CallArgs &args,
                              llvm::ArrayRef<llvm::StringRef> allowed,
                              llvm::StringRef callName) {
  for (const CallArgs::Keyword &kw : args.keywords)
    if (!llvm::is_contained(allowed, kw.name))
      return error(kw.nameSpan,
                   "unknown keyword argument '" + kw.name + "' in " + callName);
  return true;
}

std::optional<bool> IRBuilder::boolLiteral(const CallArgs::Keyword &kw) {
  if (P::AtomExprContext *a = asAtomExpr(kw.value)) {
    if ((a->children.size() == 1)) {
      if (alt<P::TrueAtomContext>(atomOf(a), P::TRUE))
        return true;
      if (alt<P::FalseAtomContext>(atomOf(a), P::FALSE))
        return false;
    }
  }
  error(kw.value,
        "'" + kw.name + "' must be a boolean literal (True or False)");
  return std::nullopt;
}

std::optional<std::string> IRBuilder::stringLiteral(P::ExprContext *e) {
  P::AtomExprContext *a = asAtomExpr(e);
  auto *str = a && (a->children.size() == 1)
                  ? alt<P::StringAtomContext>(atomOf(a), P::STRING)
                  : nullptr;
  if (!str) {
    error(e, "expected a string literal");
    return std::nullopt;
  }
  std::string out;
  for (antlr4::tree::TerminalNode *node : str->STRING()) {
    llvm::StringRef text = static_cast<Token *>(node->getSymbol())->text();
    size_t quote = text.startswith("\"\"\"") || text.startswith("'''") ? 3 : 1;
    text = text.drop_front(quote).drop_back(quote);
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if (c != '\\' || i + 1 == text.size()) {
        out += c;
        continue;
      }
      char n = text[++i];
      switch (n) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case '0':
        out += '\0';
        break;
      case '\n':
        break;
      case '\\':
      case '\'':
      case '"':
        out += n;
        break;
      default:
        out += '\\';
        out += n;
        break;
      }
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Module level
//===----------------------------------------------------------------------===//

std::optional<ConstValue> IRBuilder::evalConst(P::ExprContext *e) {
  // Module constants are plain arithmetic (+ - * / // % and signs) over
  // literals and earlier constants; anything else is reported at the first
  // offending part.
  P::BinaryContext *b =
      e->children.size() == 1 ? child<P::BinaryContext>(e, 0) : nullptr;
  for (size_t i = 0; b && i + 1 < numOperands(b); ++i)
    if (precedenceOf(operatorOf(b, i)->getType()) < Precedence::Additive)
      b = nullptr;
  auto overflow = [&](antlr4::Token *at) {
    error(at, "integer overflow in a module constant: the result does not "
              "fit in 64 bits");
  };
  if (!b) {
    error(e, "a module constant must be an integer or float expression");
    return std::nullopt;
  }

  auto atomValue = [&](P::AtomExprContext *a) -> std::optional<ConstValue> {
    if (a->children.size() != 1) {
      error(a, "a module constant must be an integer or float expression");
      return std::nullopt;
    }
    P::AtomContext *atom = atomOf(a);
    if (auto *i = alt<P::IntAtomContext>(atom, P::INT)) {
      ConstValue v;
      if (!parseIntLiteral(static_cast<Token *>(i->INT()->getSymbol())->text(),
                           v.i)) {
        error(i, "integer literal is too large");
        return std::nullopt;
      }
      return v;
    }
    if (auto *f = alt<P::FloatAtomContext>(atom, P::FLOAT)) {
      ConstValue v;
      v.isFloat = true;
      v.f = parseFloatLiteral(
          static_cast<Token *>(f->FLOAT()->getSymbol())->text());
      return v;
    }
    if (auto *n = alt<P::NameAtomContext>(atom, P::NAME)) {
      llvm::StringRef name =
          static_cast<Token *>(n->NAME()->getSymbol())->text();
      auto it = constants.find(name);
      if (it == constants.end()) {
        error(n, "name '" + name + "' is not a module constant");
        return std::nullopt;
      }
      return it->second;
    }
    if (auto *p = alt<P::ParenAtomContext>(atom, P::LPAR)) {
      if (p->exprList() && isSingle(p->exprList()))
        return evalConst(p->exprList()->expr(0));
    }
    error(a, "a module constant must be an integer or float expression");
    return std::nullopt;
  };

  auto unaryValue = [&](P::UnaryContext *u) -> std::optional<ConstValue> {
    size_t numPrefix = numPrefixes(u);
    if (u->children.size() > numPrefix + 1) {
      error(tokenOf(u->children[numPrefix + 1]),
            "operator '**' is not supported");
      return std::nullopt;
    }
    std::optional<ConstValue> v =
        atomValue(child<P::AtomExprContext>(u, numPrefix));
    for (size_t i = numPrefix; v && i-- > 0;) {
      antlr4::Token *op = tokenOf(u->children[i]);
      if (op->getType() == P::TILDE) {
        error(op, "operator '~' is not supported");
        return std::nullopt;
      }
      if (op->getType() == P::MINUS) {
        if (!v->isFloat && __builtin_sub_overflow(int64_t(0), v->i, &v->i)) {
          overflow(op);
          return std::nullopt;
        }
        v->f = -v->f;
      }
    }
    return v;
  };

  auto combine = [&](ConstValue a, ConstValue b,
                     antlr4::Token *at) -> std::optional<ConstValue> {
    size_t op = at->getType();
    ConstValue r;
    if (a.isFloat || b.isFloat) {
      double x = a.isFloat ? a.f : double(a.i),
             y = b.isFloat ? b.f : double(b.i);
      r.isFloat = true;
      switch (op) {
      case P::PLUS:
        r.f = x + y;
        break;
      case P::MINUS:
        r.f = x - y;
        break;
      case P::STAR:
        r.f = x * y;
        break;
      case P::SLASH:
        r.f = x / y;
        break;
      case P::DSLASH:
        r.f = std::floor(x / y);
        break;
      case P::PERCENT:
        r.f = x - y * std::floor(x / y);
        break;
      }
      return r;
    }
    bool overflowed = false;
    switch (op) {
    case P::PLUS:
      overflowed = __builtin_add_overflow(a.i, b.i, &r.i);
      break;
    case P::MINUS:
      overflowed = __builtin_sub_overflow(a.i, b.i, &r.i);
      break;
    case P::STAR:
      overflowed = __builtin_mul_overflow(a.i, b.i, &r.i);
      break;
    case P::SLASH:
      r.isFloat = true;
      r.f = double(a.i) / double(b.i);
      break;
    case P::DSLASH:
    case P::PERCENT: {
      if (b.i == 0) {
        error(at, "division by zero in a module constant");
        return std::nullopt;
      }
      if (a.i == std::numeric_limits<int64_t>::min() && b.i == -1) {
        overflowed = op == P::DSLASH; // the remainder is 0
        r.i = 0;
        break;
      }
      int64_t q = a.i / b.i;
      if ((a.i % b.i != 0) && ((a.i < 0) != (b.i < 0)))
        --q; // floor division, as Python
      r.i = op == P::DSLASH ? q : a.i - q * b.i;
      break;
    }
    }
    if (overflowed) {
      overflow(at);
      return std::nullopt;
    }
    return r;
  };

  // Products first, then their sum, both left to right.
  auto product = [&](size_t &i) -> std::optional<ConstValue> {
    std::optional<ConstValue> acc = unaryValue(operandOf(b, i));
    while (acc && i + 1 < numOperands(b) &&
           precedenceOf(operatorOf(b, i)->getType()) ==
               Precedence::Multiplicative) {
      std::optional<ConstValue> rhs = unaryValue(operandOf(b, i + 1));
      if (!rhs)
        return std::nullopt;
      acc = combine(*acc, *rhs, operatorOf(b, i));
      ++i;
    }
    return acc;
  };
  size_t i = 0;
  std::optional<ConstValue> acc = product(i);
  while (acc && i + 1 < numOperands(b)) {
    antlr4::Token *op = operatorOf(b, i);
    ++i;
    std::optional<ConstValue> rhs = product(i);
    if (!rhs)
      return std::nullopt;
    acc = combine(*acc, *rhs, op);
  }
  return acc;
}

std::optional<int64_t> IRBuilder::evalConstInt(P::ExprContext *e,
                                               llvm::StringRef what) {
  std::optional<ConstValue> v = evalConst(e);
  if (!v)
    return std::nullopt;
  if (v->isFloat) {
    error(e, what + " must be an integer");
    return std::nullopt;
  }
  return v->i;
}

bool IRBuilder::moduleStmt(P::SimpleStmtContext *stmt) {
  for (P::SmallStmtContext *s : stmt->smallStmt()) {
    if (P::ImportStmtContext *imp = s->importStmt()) {
      std::string module = imp->dottedName()->getText();
      if (module != "pypto.language")
        return error(imp->dottedName(),
                     "only 'pypto.language' can be imported, not '" + module +
                         "'");
      if (!imp->NAME())
        return error(imp, "import pypto.language with an alias: "
                          "'import pypto.language as pl'");
      plAlias =
          ctx.intern(static_cast<Token *>(imp->NAME()->getSymbol())->text());
      continue;
    }
    if (s->passStmt())
      continue;
    P::ExprStmtContext *es = s->exprStmt();
    if (es && es->value && isSingle(es->targets) && !es->annotation) {
      std::optional<llvm::StringRef> name = bareName(es->targets->expr(0));
      if (!name)
        return error(es->targets, "a module constant must be a plain name");
      if (!isSingle(es->value))
        return error(
            es->value,
            "a module constant must be an integer or float expression");
      std::optional<ConstValue> v = evalConst(es->value->expr(0));
      if (!v)
        return false;
      constants[*name] = *v;
      continue;
    }
    // A docstring.
    if (es && !es->value && !es->annotation &&
        es->targets->expr().size() == 1) {
      P::AtomExprContext *a = asAtomExpr(es->targets->expr(0));
      if (a && (a->children.size() == 1) &&
          alt<P::StringAtomContext>(atomOf(a), P::STRING))
        continue;
    }
    return error(s, "only imports and constant definitions may appear outside "
                    "the program class");
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Class
//===----------------------------------------------------------------------===//

bool IRBuilder::classBegin(P::ClassHeadContext *head) {
  if (sawClass)
    return error(head->NAME(), "a file holds one @pl.program class");
  sawClass = true;
  bool isProgram = false;
  for (P::DecoratorContext *d : head->decorator()) {
    auto parts = dottedName(d->expr());
    if (parts && parts->size() == 2 && (*parts)[0] == plAlias &&
        (*parts)[1] == "program") {
      isProgram = true;
      continue;
    }
    return error(d->expr(), "unknown class decorator; expected @pl.program");
  }
  if (plAlias.empty())
    return error(head, "'import pypto.language as pl' must come before the "
                       "program");
  if (!isProgram)
    return error(head->NAME(), "the program class needs the @pl.program "
                               "decorator");
  if (head->LPAR())
    return error(head->LPAR(), "the program class takes no base classes");
  programName =
      ctx.intern(static_cast<Token *>(head->NAME()->getSymbol())->text());
  return true;
}

bool IRBuilder::classStmt(P::SimpleStmtContext *stmt) {
  for (P::SmallStmtContext *s : stmt->smallStmt()) {
    if (s->passStmt())
      continue;
    P::ExprStmtContext *es = s->exprStmt();
    if (es && !es->value && !es->annotation &&
        es->targets->expr().size() == 1) {
      P::AtomExprContext *a = asAtomExpr(es->targets->expr(0));
      if (a && (a->children.size() == 1) &&
          alt<P::StringAtomContext>(atomOf(a), P::STRING))
        continue;
    }
    return error(s, "the program class holds only @pl.function methods");
  }
  return true;
}

bool IRBuilder::classEnd() { return true; }

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

bool IRBuilder::functionBegin(P::FuncHeadContext *head) {
  fn.emplace();
  scopes.clear();
  llvm::StringRef name =
      static_cast<Token *>(head->NAME()->getSymbol())->text();
  fn->fields.name = ctx.intern(name);
  fn->span = spanOf(head->NAME());
  if (functionsByName.count(name))
    return error(head->NAME(), "function '" + name + "' is defined twice");

  // @pl.function, bare or with type=, level=, role=.
  bool decorated = false;
  std::optional<ir::Level> level;
  std::optional<ir::Role> role;
  CallArgs::Keyword levelKw{}, roleKw{}, spmdUnwrappedKw{};
  for (P::DecoratorContext *d : head->decorator()) {
    P::AtomExprContext *a = asAtomExpr(d->expr());
    auto parts = dottedName(d->expr());
    if (parts && parts->size() == 2 && (*parts)[0] == plAlias &&
        (*parts)[1] == "function") {
      decorated = true;
      continue;
    }
    P::CallTrailerContext *call =
        a && !(a->children.size() == 1)
            ? alt<P::CallTrailerContext>(
                  child<P::TrailerContext>(a, a->children.size() - 1), P::LPAR)
            : nullptr;
    auto *nameAtom = a ? alt<P::NameAtomContext>(atomOf(a), P::NAME) : nullptr;
    if (!call || !nameAtom || (a->children.size() - 1) != 2 ||
        nameAtom->getText() != plAlias ||
        child<P::TrailerContext>(a, 0 + 1)->getText() != ".function")
      return error(d->expr(), "unknown method decorator; expected "
                              "@pl.function");
    decorated = true;
    CallArgs args;
    if (!splitArgs(call->argList(), args) ||
        !checkKeywords(args, {"type", "level", "role", "spmd_unwrapped"},
                       "@pl.function"))
      return false;
    if (!args.positional.empty())
      return error(args.positional[0],
                   "@pl.function takes keyword arguments only");
    if (const CallArgs::Keyword *t = args.find("type")) {
      std::optional<llvm::StringRef> m = enumMember(t->value, "FunctionType");
      std::optional<ir::FunctionType> ft =
          m ? ir::parseFunctionType(*m) : std::nullopt;
      if (!ft)
        return error(t->value, "expected pl.FunctionType.<Opaque, "
                               "Orchestration, InCore, AIC, AIV, Group or "
                               "Spmd>");
      fn->fields.type = *ft;
    }
    if (const CallArgs::Keyword *l = args.find("level")) {
      std::optional<llvm::StringRef> m = enumMember(l->value, "Level");
      level = m ? ir::parseLevel(*m) : std::nullopt;
      if (!level)
        return error(l->value, "expected pl.Level.<level>");
      levelKw = *l;
    }
    if (const CallArgs::Keyword *u = args.find("spmd_unwrapped")) {
      std::optional<bool> b = boolLiteral(*u);
      if (!b)
        return false;
      spmdUnwrappedKw = *u;
      fn->fields.spmdUnwrapped = *b;
    }
    if (const CallArgs::Keyword *r = args.find("role")) {
      std::optional<llvm::StringRef> m = enumMember(r->value, "Role");
      role = m ? ir::parseRole(*m) : std::nullopt;
      if (!role)
        return error(r->value, "expected pl.Role.Orchestrator or "
                               "pl.Role.SubWorker");
      roleKw = *r;
    }
  }
  if (!decorated)
    return error(head->NAME(),
                 "method '" + name + "' needs the @pl.function decorator");
  if (fn->fields.spmdUnwrapped && fn->fields.type != ir::FunctionType::Group)
    return error(spmdUnwrappedKw.value,
                 "spmd_unwrapped=True marks a Group function that absorbed a "
                 "pl.spmd; this function is " +
                     ir::functionTypeName(fn->fields.type));
  std::optional<ir::Level> derivedLevel = ir::derivedLevel(fn->fields.type);
  std::optional<ir::Role> derivedRole = ir::derivedRole(fn->fields.type);
  if (level && derivedLevel && *level != *derivedLevel)
    return error(levelKw.value, "level=pl.Level." + ir::levelName(*level) +
                                    " disagrees with function type " +
                                    ir::functionTypeName(fn->fields.type) +
                                    ", whose level is pl.Level." +
                                    ir::levelName(*derivedLevel));
  if (role && derivedRole && *role != *derivedRole)
    return error(roleKw.value, "role=pl.Role." + ir::roleName(*role) +
                                   " disagrees with function type " +
                                   ir::functionTypeName(fn->fields.type) +
                                   ", whose role is pl.Role." +
                                   ir::roleName(*derivedRole));
  if (role && !derivedRole && derivedLevel)
    return error(roleKw.value, "function type " +
                                   ir::functionTypeName(fn->fields.type) +
                                   " has no role");
  fn->fields.level = derivedLevel ? derivedLevel : level;
  fn->fields.role = derivedRole ? derivedRole : role;

  // Parameters: `self` first (optional), then annotated names.
  if (P::ParamListContext *params = head->paramList()) {
    bool first = true;
    for (P::ParamContext *p : params->param()) {
      llvm::StringRef pname =
          static_cast<Token *>(p->NAME()->getSymbol())->text();
      bool isSelf = first && pname == "self" && !p->expr().size();
      first = false;
      if (isSelf)
        continue;
      if (p->ASSIGN())
        return error(p->ASSIGN(), "parameters cannot have default values");
      if (p->expr().empty())
        return error(p->NAME(),
                     "parameter '" + pname + "' needs a type annotation");
      if (fn->names.count(pname))
        return error(p->NAME(), "duplicate parameter '" + pname + "'");
      ir::ParamDirection dir = ir::ParamDirection::In;
      const ir::Type *type = buildParamType(p->expr(0), dir);
      if (!type)
        return false;
      const ir::Var *var = bind(pname, type, spanOf(p->NAME()), /*fresh=*/true);
      fn->params.push_back(ir::Param{var, dir});
    }
  }
  if (head->ARROW() && !buildReturnTypes(head->expr(), fn->returnTypes))
    return false;
  return true;
}

bool IRBuilder::functionStmt(P::StmtContext *stmt) {
  llvm::SmallVector<const ir::Stmt *, 4> out;
  if (!buildStmt(stmt, out))
    return false;
  fn->body.insert(fn->body.end(), out.begin(), out.end());
  return true;
}

bool IRBuilder::functionEnd() {
  const ir::Stmt *body = ctx.create<ir::SeqStmt>(ctx.copy(fn->body), fn->span);
  const ir::Function *f =
      ctx.create<ir::Function>(fn->fields, ctx.copy(fn->params),
                               ctx.copy(fn->returnTypes), body, fn->span);
  functions.push_back(f);
  functionsByName[f->name()] = f;
  fn.reset();
  generation.clear();
  producers.clear();
  taskSites.clear();
  views.clear();
  return true;
}

const ir::Program *IRBuilder::finish(Loc fileStart) {
  if (diags.hadError())
    return nullptr;
  if (!sawClass) {
    diags.error(fileStart, "no @pl.program class in the file");
    return nullptr;
  }
  ir::Program::Fields fields;
  fields.name = programName;
  fields.controlDeps = ctx.copy(controlDeps);
  return ctx.create<ir::Program>(fields, ctx.copy(functions));
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

const ir::Var *IRBuilder::lookup(llvm::StringRef name) const {
  if (!fn)
    return nullptr;
  auto it = fn->names.find(name);
  return it == fn->names.end() ? nullptr : it->second;
}

const ir::Var *IRBuilder::bind(llvm::StringRef name, const ir::Type *type,
                               Span span, bool fresh) {
  const ir::Var *&slot = fn->names[name];
  if (fresh || !slot || slot->type() != type)
    slot = ctx.newVar(name, type, span);
  ++generation[slot];
  producers.erase(slot);
  taskSites.erase(slot);
  return slot;
}
