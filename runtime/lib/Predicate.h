//===- Predicate.h - Dispatch predicates ------------------------*- C++ -*-===//
//
// A predicate is checked and resolved to one element address at submit, and
// evaluated when its task becomes ready: the element is read, sign-extended
// to 64 bits and compared with the target.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_LIB_PREDICATE_H
#define PLRT_LIB_PREDICATE_H

#include "plrt/TaskArgs.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace plrt {

/// Checks \p pred (operand present, rank, indices, dtype) and computes the
/// address of the element it reads. On failure returns false with a reason.
bool resolvePredicate(const CoreTaskPredicate &pred, const void *&addr,
                      uint8_t &elemSize, std::string &why);

inline int64_t loadSignExtended(const void *addr, uint8_t elemSize) {
  switch (elemSize) {
  case 1: {
    int8_t v;
    std::memcpy(&v, addr, 1);
    return v;
  }
  case 2: {
    int16_t v;
    std::memcpy(&v, addr, 2);
    return v;
  }
  case 4: {
    int32_t v;
    std::memcpy(&v, addr, 4);
    return v;
  }
  default: {
    int64_t v;
    std::memcpy(&v, addr, 8);
    return v;
  }
  }
}

inline bool evaluatePredicate(PredicateOp op, const void *addr,
                              uint8_t elemSize, int64_t target) {
  if (op == PredicateOp::NONE)
    return true;
  int64_t v = loadSignExtended(addr, elemSize);
  switch (op) {
  case PredicateOp::EQ: return v == target;
  case PredicateOp::NE: return v != target;
  case PredicateOp::GT: return v > target;
  case PredicateOp::LT: return v < target;
  case PredicateOp::GE: return v >= target;
  case PredicateOp::LE: return v <= target;
  case PredicateOp::NONE: break;
  }
  return true;
}

const char *predicateOpName(PredicateOp op);

} // namespace plrt

#endif // PLRT_LIB_PREDICATE_H
