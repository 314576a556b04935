//===- Predicate.cpp - Dispatch predicate checks --------------------------===//
#include "Predicate.h"

#include "plrt/Tensor.h"

namespace plrt {

const char *predicateOpName(PredicateOp op) {
  switch (op) {
  case PredicateOp::NONE: return "NONE";
  case PredicateOp::EQ: return "EQ";
  case PredicateOp::NE: return "NE";
  case PredicateOp::GT: return "GT";
  case PredicateOp::LT: return "LT";
  case PredicateOp::GE: return "GE";
  case PredicateOp::LE: return "LE";
  }
  return "?";
}

bool resolvePredicate(const CoreTaskPredicate &pred, const void *&addr,
                      uint8_t &elemSize, std::string &why) {
  if (static_cast<uint8_t>(pred.op) > static_cast<uint8_t>(PredicateOp::LE)) {
    why = "predicate has an unknown comparison operator";
    return false;
  }
  const CorePredicateOperand &operand = pred.operand;
  const Tensor *t = operand.tensor;
  if (!t) {
    why = "predicate operand has no tensor";
    return false;
  }
  if (!t->data) {
    why = "predicate operand tensor has no data";
    return false;
  }
  if (!isSignedInteger(t->dtype)) {
    why = std::string("predicate operand dtype ") + dataTypeName(t->dtype) +
          " is not a signed 8/16/32/64-bit integer";
    return false;
  }
  if (operand.ndims != t->ndims || operand.ndims > MAX_TENSOR_DIMS) {
    why = "predicate operand has " + std::to_string(operand.ndims) +
          " indices but its tensor has rank " + std::to_string(t->ndims);
    return false;
  }
  int64_t offset = t->startOffset;
  for (uint32_t i = 0; i < operand.ndims; ++i) {
    if (static_cast<int64_t>(operand.indices[i]) >= t->shape[i]) {
      why = "predicate index " + std::to_string(operand.indices[i]) +
            " is out of range for dimension " + std::to_string(i) +
            " of size " + std::to_string(t->shape[i]);
      return false;
    }
    offset += static_cast<int64_t>(operand.indices[i]) * t->strides[i];
  }
  elemSize = static_cast<uint8_t>(t->elementSize());
  addr = static_cast<const char *>(t->data) + offset * elemSize;
  return true;
}

} // namespace plrt
