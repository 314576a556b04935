//===- TaskArgs.cpp - Arguments of one submitted task ---------------------===//
#include "plrt/TaskArgs.h"

namespace plrt {

CoreTaskArgs &CoreTaskArgs::operator=(const CoreTaskArgs &other) {
  if (this == &other)
    return *this;
  // Copy only the used part of the raw tensor storage.
  std::memcpy(tensorStorage_, other.tensorStorage_,
              other.numTensors_ * sizeof(Tensor));
  std::memcpy(kinds_, other.kinds_, other.numTensors_ * sizeof(TensorArgKind));
  std::memcpy(scalars_, other.scalars_, other.numScalars_ * sizeof(uint64_t));
  numTensors_ = other.numTensors_;
  numScalars_ = other.numScalars_;
  deps_ = other.deps_;
  numDeps_ = other.numDeps_;
  allowEarlyResolve_ = other.allowEarlyResolve_;
  predicate_ = other.predicate_;
  error_ = other.error_;
  launch_spec = other.launch_spec;
  return *this;
}

void CoreTaskArgs::set_dependencies(const TaskId *ids, uint32_t n) {
  if (n == 0) {
    deps_ = nullptr;
    numDeps_ = 0;
    return;
  }
  if (numDeps_ != 0)
    return setError("set_dependencies called twice with a non-empty list");
  if (!ids)
    return setError("set_dependencies given a null array");
  deps_ = ids;
  numDeps_ = n;
}

} // namespace plrt
