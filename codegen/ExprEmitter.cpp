//===- ExprEmitter.cpp - Scalar expressions as C++ ------------------------===//

#include "codegen/ExprEmitter.h"

#include "codegen/CppNames.h"

#include "llvm/Support/ErrorHandling.h"

using namespace plc;
using namespace plc::codegen;
using namespace plc::ir;

ExprEmitter::~ExprEmitter() = default;

llvm::StringRef plc::codegen::cppScalarType(const Type *type) {
  auto *scalar = llvm::dyn_cast_or_null<ScalarType>(type);
  return scalar ? cppElementType(scalar->dtype) : llvm::StringRef();
}

std::string ExprEmitter::error(const Expr *at, const llvm::Twine &message) {
  hadError = true;
  diags.error(at->span(), message);
  return "0";
}

std::string ExprEmitter::emitOpCall(const Call *call) {
  return error(call, "operator 'pl." + opName(call->op) +
                         "' cannot be used in this expression");
}

static llvm::StringRef cppBinaryOp(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add: return "+";
  case BinaryOp::Sub: return "-";
  case BinaryOp::Mul: return "*";
  case BinaryOp::Shl: return "<<";
  case BinaryOp::Shr: return ">>";
  case BinaryOp::Eq: return "==";
  case BinaryOp::Ne: return "!=";
  case BinaryOp::Lt: return "<";
  case BinaryOp::Le: return "<=";
  case BinaryOp::Gt: return ">";
  case BinaryOp::Ge: return ">=";
  case BinaryOp::And: return "&&";
  case BinaryOp::Or: return "||";
  case BinaryOp::FloatDiv:
  case BinaryOp::FloorDiv:
  case BinaryOp::FloorMod:
    break;
  }
  llvm_unreachable("operator without a plain C++ spelling");
}

std::string ExprEmitter::emit(const Expr *expr) {
  switch (expr->kind()) {
  case ExprKind::Var:
    return emitVar(llvm::cast<Var>(expr));
  case ExprKind::ConstInt:
    return formatIntLiteral(llvm::cast<ConstInt>(expr)->value);
  case ExprKind::ConstFloat: {
    auto *c = llvm::cast<ConstFloat>(expr);
    return formatFloatLiteral(c->value, c->dtype());
  }
  case ExprKind::ConstBool:
    return llvm::cast<ConstBool>(expr)->value ? "true" : "false";
  case ExprKind::Binary: {
    auto *bin = llvm::cast<Binary>(expr);
    std::string lhs = emit(bin->lhs), rhs = emit(bin->rhs);
    switch (bin->op) {
    case BinaryOp::FloatDiv: {
      llvm::StringRef type = cppScalarType(bin->type());
      std::string quotient = "(static_cast<double>(" + lhs +
                             ") / static_cast<double>(" + rhs + "))";
      if (type.empty() || type == "double")
        return quotient;
      return "static_cast<" + type.str() + ">" + quotient;
    }
    case BinaryOp::FloorDiv:
      return "plc_floordiv(" + lhs + ", " + rhs + ")";
    case BinaryOp::FloorMod:
      return "plc_floormod(" + lhs + ", " + rhs + ")";
    default:
      return "(" + lhs + " " + cppBinaryOp(bin->op).str() + " " + rhs + ")";
    }
  }
  case ExprKind::Unary: {
    auto *un = llvm::cast<Unary>(expr);
    return (un->op == UnaryOp::Neg ? "(-" : "(!") + emit(un->operand) + ")";
  }
  case ExprKind::Cast: {
    auto *cast = llvm::cast<Cast>(expr);
    llvm::StringRef type = cppScalarType(cast->type());
    if (type.empty())
      return error(expr, "cast to " + dtypeName(cast->dtype()) +
                             " has no C++ counterpart on the CPU");
    return "static_cast<" + type.str() + ">(" + emit(cast->operand) + ")";
  }
  case ExprKind::Call: {
    auto *call = llvm::cast<Call>(expr);
    if (!call->isOp())
      return error(expr, "call of '" + call->callee +
                             "' cannot be used as a scalar value here");
    return emitOpCall(call);
  }
  case ExprKind::MakeTuple:
  case ExprKind::TupleGetItem:
  case ExprKind::Submit:
    return error(expr, "expected a scalar expression");
  }
  llvm_unreachable("unknown expression kind");
}

llvm::StringRef ExprEmitter::helperPrelude() {
  return R"(// Python's floor division and modulo, which C++'s / and % are not.
template <typename A, typename B> auto plc_floordiv(A a, B b) {
  if constexpr (std::is_floating_point<decltype(a / b)>::value) {
    return std::floor(a / b);
  } else {
    auto q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
      --q;
    return q;
  }
}
template <typename A, typename B> auto plc_floormod(A a, B b) {
  if constexpr (std::is_floating_point<decltype(a / b)>::value) {
    return a - std::floor(a / b) * b;
  } else {
    auto r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
}
)";
}
