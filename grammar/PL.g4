// The syntax of `.pl` programs (LANGUAGE.md sections 1-4): Python-shaped
// statements and expressions, read without Python.
//
// The parser rules are what the front end runs. The lexer rules define the
// token vocabulary and document the lexical syntax; at run time the tokens
// come from the hand-written scanner in frontend/Lexer.cpp, which also
// produces the layout tokens INDENT, DEDENT and NEWLINE (blank lines and
// comments produce none, and newlines inside brackets are joined).
//
// Expression rules are flat loops rather than left recursion, so a long
// chain `a + b + c + ...` is one node with many children instead of a
// left-deep tree. Every decision is LL(1) or LL(2), so SLL prediction almost
// never needs the full-LL fallback.
//
// Entry rules: `file` parses a whole program. The front end instead drives
// the same grammar piecewise (`topItem`, `classItem`, `stmt`) so that each
// statement's parse tree can be converted and freed before the next one.
grammar PL;

tokens { INDENT, DEDENT }

// The runtime (4.9) moves between a rule context and its parent with
// dynamic_cast on every rule entry and exit, which dominated the parse
// profile. Every parent here is a ParserRuleContext, so these versions, which
// hide or override the runtime's and otherwise do the same, use static_cast.
// enterRule also sizes each context's child list once.
@parser::members {
void enterRule(antlr4::ParserRuleContext *localctx, size_t state,
               size_t ruleIndex) override {
  // Room for the usual number of children up front, instead of growing
  // the vector one reallocation at a time.
  localctx->children.reserve(4);
  antlr4::Parser::enterRule(localctx, state, ruleIndex);
}

void exitRule() {
  _ctx->stop = _matchedEOF ? _input->LT(1) : _input->LT(-1);
  if (!_parseListeners.empty())
    triggerExitRuleEvent();
  setState(_ctx->invokingState);
  _ctx = static_cast<antlr4::ParserRuleContext *>(_ctx->parent);
}

void enterOuterAlt(antlr4::ParserRuleContext *localctx,
                   size_t altNum) override {
  localctx->setAltNumber(altNum);
  if (_buildParseTrees && _ctx != localctx) {
    auto *parent = static_cast<antlr4::ParserRuleContext *>(_ctx->parent);
    if (parent) {
      parent->removeLastChild();
      parent->addChild(localctx);
    }
  }
  _ctx = localctx;
}

// Every generated rule leaves through `finally([=] { exitRule(); })`. The
// runtime's finally holds the lambda in a std::function and calls it
// through that; this one, found first because it is a member, holds the
// lambda itself.
template <typename Action> struct ScopeExit {
  Action action;
  ~ScopeExit() { action(); }
};
template <typename Action> static ScopeExit<Action> finally(Action action) {
  return ScopeExit<Action>{std::move(action)};
}

// The generated rules ask for the interpreter once per decision; the
// runtime's version dynamic_casts it.
template <typename T> T *getInterpreter() const {
  return static_cast<T *>(_interpreter);
}

// The terminal node of a consumed token, from the node arena below. The
// front end never listens to the parse and never recovers from an error
// (it bails out or reports the first one), so the runtime's general path is
// needed only if that ever changes.
antlr4::Token *consume() override {
  if (!_buildParseTrees || !_parseListeners.empty() ||
      _errHandler->inErrorRecoveryMode(this))
    return antlr4::Parser::consume();
  antlr4::Token *token = getCurrentToken();
  if (token->getType() != antlr4::Token::EOF)
    getInputStream()->consume();
  _ctx->addChild(_tracker.createInstance<antlr4::tree::TerminalNodeImpl>(token));
  return token;
}

void reset() override {
  antlr4::Parser::reset();
  _tracker.reset();
}

/// Frees the trees parsed so far (the front end does so after each piece).
void releaseTrees() {
  getTreeTracker().reset();
  _tracker.reset();
}

protected:
void addContextToParseTree() override {
  if (_ctx->parent)
    static_cast<antlr4::ParserRuleContext *>(_ctx->parent)->addChild(_ctx);
}

// The runtime's tracker allocates and frees every parse-tree node on its
// own, which was a fifth of the parse. This one places nodes in slabs that
// are kept from piece to piece; reset() destroys the nodes and rewinds.
// The child lists of rule contexts are recycled too: reset() takes each
// list's storage before the node is destroyed and the next rule context
// starts with it, so a piece allocates child lists only when it is larger
// than every piece before it.
// Named `_tracker` so that the generated rules, which call
// `_tracker.createInstance<Context>(...)`, find it before the runtime's.
class NodeArena {
public:
  NodeArena() = default;
  NodeArena(const NodeArena &) = delete;
  NodeArena &operator=(const NodeArena &) = delete;
  ~NodeArena() { reset(); }

  template <typename T, typename... Args> T *createInstance(Args &&...args) {
    static_assert(sizeof(T) <= kSlabBytes, "a node must fit in a slab");
    T *node = new (allocate(sizeof(T), alignof(T)))
        T(std::forward<Args>(args)...);
    nodes.push_back(node);
    if (std::is_base_of<antlr4::ParserRuleContext, T>::value &&
        !childLists.empty() && node->children.empty()) {
      node->children.swap(childLists.back());
      childLists.pop_back();
    }
    return node;
  }

  void reset() {
    for (antlr4::tree::ParseTree *node : nodes) {
      if (node->children.capacity() != 0) {
        node->children.clear();
        childLists.push_back(std::move(node->children));
      }
      node->~ParseTree();
    }
    nodes.clear();
    slab = 0;
    used = 0;
  }

private:
  static constexpr size_t kSlabBytes = 64 * 1024;

  void *allocate(size_t size, size_t align) {
    used = (used + align - 1) & ~(align - 1);
    if (slab < slabs.size() && used + size > kSlabBytes) {
      ++slab;
      used = 0;
    }
    if (slab == slabs.size())
      slabs.emplace_back(new char[kSlabBytes]);
    void *at = slabs[slab].get() + used;
    used += size;
    return at;
  }

  std::vector<std::unique_ptr<char[]>> slabs;
  size_t slab = 0, used = 0;
  std::vector<antlr4::tree::ParseTree *> nodes;
  std::vector<std::vector<antlr4::tree::ParseTree *>> childLists;
};
NodeArena _tracker;

public:
}

// ---------------------------------------------------------------- program

file      : (simpleStmt | classDef)* EOF ;
classDef  : classHead (funcDef | simpleStmt)+ DEDENT ;
funcDef   : funcHead stmt+ DEDENT ;

// Piecewise entry points (see above).
topItem   : simpleStmt | classHead ;
classItem : funcHead | simpleStmt ;

classHead : decorator* 'class' NAME ('(' argList? ')')? ':' NEWLINE INDENT ;
funcHead  : decorator* 'def' NAME '(' paramList? ')' ('->' expr)? ':' NEWLINE INDENT ;
decorator : '@' expr NEWLINE ;
paramList : param (',' param)* ','? ;
param     : NAME (':' expr)? ('=' expr)? ;

// ------------------------------------------------------------- statements

stmt         : simpleStmt | compoundStmt ;
simpleStmt   : smallStmt (';' smallStmt)* ';'? NEWLINE ;
smallStmt    : passStmt | breakStmt | continueStmt | returnStmt | importStmt
             | exprStmt ;
passStmt     : 'pass' ;
breakStmt    : 'break' ;
continueStmt : 'continue' ;
returnStmt   : 'return' exprList? ;
importStmt   : 'import' dottedName ('as' NAME)? ;
dottedName   : NAME ('.' NAME)* ;
// `e`, `x = e`, `x: T = e`, `a, b = e`: targets are parsed as expressions and
// checked when the IR is built.
exprStmt     : targets=exprList (':' annotation=expr)? ('=' value=exprList)? ;

compoundStmt : ifStmt | forStmt | withStmt ;
ifStmt       : 'if' expr ':' block elifClause* elseClause? ;
elifClause   : 'elif' expr ':' block ;
elseClause   : 'else' ':' block ;
forStmt      : 'for' exprList 'in' expr ':' block ;
withStmt     : 'with' withItem (',' withItem)* ':' block ;
withItem     : expr ('as' expr)? ;
block        : simpleStmt | NEWLINE INDENT stmt+ DEDENT ;

// ------------------------------------------------------------ expressions

exprList   : expr (',' expr)* ','? ;
// Precedence is not in the rules: `expr` is a flat list of `not`-prefixed
// operands joined by `and`/`or`, `binary` a flat list of operands joined by
// the binary operators, and the front end groups them by precedence
// (LANGUAGE.md section 2). An atom is five rules deep instead of fourteen.
// `not` stays out of `binary`, so `a == not b` is a syntax error as in Python.
// `| ^ &` and `**` parse so that the front end can reject them by name; more
// than one comparison is a chained comparison, rejected the same way.
expr       : 'not'* binary (('and' | 'or') 'not'* binary)* ;
binary     : unary (('==' | '!=' | '<' | '<=' | '>' | '>=' | '|' | '^' | '&'
                    | '<<' | '>>' | '+' | '-' | '*' | '/' | '//' | '%') unary)* ;
unary      : ('+' | '-' | '~')* atomExpr ('**' unary)? ;
atomExpr   : atom trailer* ;
trailer    : '(' argList? ')'          # callTrailer
           | '[' subscriptList ']'     # subscriptTrailer
           | '.' NAME                  # attrTrailer
           ;
atom       : '(' exprList? ')'         # parenAtom
           | '[' exprList? ']'         # listAtom
           | NAME                      # nameAtom
           | INT                       # intAtom
           | FLOAT                     # floatAtom
           | STRING+                   # stringAtom
           | 'None'                    # noneAtom
           | 'True'                    # trueAtom
           | 'False'                   # falseAtom
           ;
argList       : argument (',' argument)* ','? ;
argument      : NAME '=' expr | expr ;
subscriptList : subscript (',' subscript)* ','? ;
subscript     : expr sliceTail? | sliceTail ;
sliceTail     : ':' expr? (':' expr?)? ;

// ----------------------------------------------------------------- tokens

IMPORT   : 'import' ;
AS       : 'as' ;
CLASS    : 'class' ;
DEF      : 'def' ;
RETURN   : 'return' ;
WITH     : 'with' ;
FOR      : 'for' ;
IN       : 'in' ;
IF       : 'if' ;
ELIF     : 'elif' ;
ELSE     : 'else' ;
AND      : 'and' ;
OR       : 'or' ;
NOT      : 'not' ;
TRUE     : 'True' ;
FALSE    : 'False' ;
NONE     : 'None' ;
PASS     : 'pass' ;
BREAK    : 'break' ;
CONTINUE : 'continue' ;

LPAR     : '(' ;
RPAR     : ')' ;
LSQB     : '[' ;
RSQB     : ']' ;
LBRACE   : '{' ;
RBRACE   : '}' ;
COLON    : ':' ;
COMMA    : ',' ;
SEMI     : ';' ;
DOT      : '.' ;
AT       : '@' ;
ARROW    : '->' ;
ASSIGN   : '=' ;
EQ       : '==' ;
NE       : '!=' ;
LE       : '<=' ;
GE       : '>=' ;
LSHIFT   : '<<' ;
RSHIFT   : '>>' ;
LT       : '<' ;
GT       : '>' ;
PLUS     : '+' ;
MINUS    : '-' ;
DSTAR    : '**' ;
STAR     : '*' ;
DSLASH   : '//' ;
SLASH    : '/' ;
PERCENT  : '%' ;
AMP      : '&' ;
PIPE     : '|' ;
CARET    : '^' ;
TILDE    : '~' ;

NAME     : [a-zA-Z_] [a-zA-Z0-9_]* ;
FLOAT    : DIGITS '.' DIGITS? EXPONENT?
         | '.' DIGITS EXPONENT?
         | DIGITS EXPONENT
         ;
INT      : DIGITS
         | '0' [xX] '_'? HEXDIGITS
         | '0' [oO] '_'? [0-7] ('_'? [0-7])*
         | '0' [bB] '_'? [01] ('_'? [01])*
         ;
STRING   : '\'' (~[\\'\r\n] | '\\' .)* '\''
         | '"' (~[\\"\r\n] | '\\' .)* '"'
         | '\'\'\'' (~'\\' | '\\' .)*? '\'\'\''
         | '"""' (~'\\' | '\\' .)*? '"""'
         ;

// Layout: the hand-written scanner turns physical lines into NEWLINE, INDENT
// and DEDENT; here a newline is just a token and spaces are skipped.
NEWLINE  : '\r'? '\n' ;
SKIP_    : (' ' | '\\' '\r'? '\n')+ -> skip ;
COMMENT  : '#' ~[\r\n]* -> skip ;

fragment DIGITS    : [0-9] ('_'? [0-9])* ;
fragment HEXDIGITS : [0-9a-fA-F] ('_'? [0-9a-fA-F])* ;
fragment EXPONENT  : [eE] [+-]? DIGITS ;
