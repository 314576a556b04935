//===- plrt/TaskArgs.h - Arguments of one submitted task --------*- C++ -*-===//
//
// CoreTaskArgs collects everything the orchestration code states about one
// task before it is submitted: tensor arguments with their access direction,
// scalars, explicit dependencies, a dispatch predicate and the launch spec.
// Names follow the reference runtime's orchestration API so generated code
// reads the same. Storage is fixed-size: building a CoreTaskArgs never
// allocates, and misuse (too many arguments, a second dependency list) is
// recorded in the object and reported by the submit that consumes it.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_TASKARGS_H
#define PLRT_TASKARGS_H

#include "plrt/Tensor.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace plrt {

constexpr uint32_t MAX_TENSOR_ARGS = 16;
constexpr uint32_t MAX_SCALAR_ARGS = 16;

/// Identifies a submitted task within one Runtime::run. Default-constructed
/// ids are invalid; ids of an earlier run are rejected as invalid too.
struct TaskId {
  static constexpr uint64_t INVALID_RAW = ~uint64_t(0);
  uint64_t raw = INVALID_RAW;

  bool is_valid() const { return raw != INVALID_RAW; }
  static TaskId invalid() { return TaskId{}; }
  friend bool operator==(TaskId a, TaskId b) { return a.raw == b.raw; }
  friend bool operator!=(TaskId a, TaskId b) { return a.raw != b.raw; }
};

/// What a submit returns. Invalid when the submit was rejected.
class TaskOutputTensors {
public:
  TaskOutputTensors() = default;
  explicit TaskOutputTensors(TaskId id) : id_(id) {}
  TaskId task_id() const { return id_; }
  bool is_valid() const { return id_.is_valid(); }

private:
  TaskId id_;
};

enum class TensorArgKind : uint8_t {
  INPUT,  ///< Read: ordered after earlier writers of an overlapping region.
  OUTPUT, ///< Written: ordered after earlier readers and writers.
  INOUT,  ///< Read and written.
  NO_DEP, ///< Passed to the kernel, ignored by dependency tracking.
};

enum class PredicateOp : uint8_t { NONE = 0, EQ, NE, GT, LT, GE, LE };

/// The tensor element a predicate reads: operand.tensor[indices[0..ndims)].
struct CorePredicateOperand {
  const Tensor *tensor = nullptr; ///< Borrowed; must outlive the submit.
  uint32_t ndims = 0;
  uint32_t indices[MAX_TENSOR_DIMS] = {};
};

/// "Run the task only if operand OP target". The element is read (and
/// sign-extended) when the task becomes ready, not at submit.
struct CoreTaskPredicate {
  CorePredicateOperand operand;
  PredicateOp op = PredicateOp::NONE;
  int64_t target = 0;
};

/// How many blocks (SPMD instances) a task runs and whether they must all
/// start together.
class LaunchSpec {
public:
  void set_block_num(int32_t n) { blockNum_ = n; }
  int32_t block_num() const { return blockNum_; }
  void set_require_sync_start(bool v) { syncStart_ = v; }
  bool require_sync_start() const { return syncStart_; }

private:
  int32_t blockNum_ = 1;
  bool syncStart_ = false;
};

class CoreTaskArgs {
public:
  CoreTaskArgs() = default;
  CoreTaskArgs(const CoreTaskArgs &other) { *this = other; }
  CoreTaskArgs &operator=(const CoreTaskArgs &other);

  void add_input(const Tensor &t) { addTensor(t, TensorArgKind::INPUT); }
  void add_output(const Tensor &t) { addTensor(t, TensorArgKind::OUTPUT); }
  void add_inout(const Tensor &t) { addTensor(t, TensorArgKind::INOUT); }
  void add_no_dep(const Tensor &t) { addTensor(t, TensorArgKind::NO_DEP); }

  /// Scalars travel as 64-bit patterns; kernels read them back with
  /// KernelContext::scalar<T>(i).
  template <typename T> void add_scalar(T value) {
    static_assert(std::is_arithmetic<T>::value && sizeof(T) <= 8,
                  "scalars are arithmetic values of at most 8 bytes");
    if (numScalars_ == MAX_SCALAR_ARGS)
      return setError("more than MAX_SCALAR_ARGS scalar arguments");
    uint64_t bits = 0;
    if constexpr (std::is_integral<T>::value)
      bits = static_cast<uint64_t>(static_cast<int64_t>(value));
    else
      std::memcpy(&bits, &value, sizeof(T));
    scalars_[numScalars_++] = bits;
  }

  /// Explicit predecessors. The array is read at submit, so it must stay
  /// alive until then. n == 0 clears; a second non-empty list is an error.
  void set_dependencies(const TaskId *ids, uint32_t n);
  void set_predicate(const CoreTaskPredicate &pred) { predicate_ = pred; }
  /// Accepted for source compatibility; this runtime always releases
  /// consumers when the producer retires.
  void set_allow_early_resolve(bool v) { allowEarlyResolve_ = v; }

  LaunchSpec launch_spec;

  // Accessors used by the runtime (and by tests).
  uint32_t tensorCount() const { return numTensors_; }
  const Tensor &tensor(uint32_t i) const { return tensorData()[i]; }
  const Tensor *tensorData() const {
    return reinterpret_cast<const Tensor *>(tensorStorage_);
  }
  TensorArgKind tensorKind(uint32_t i) const { return kinds_[i]; }
  uint32_t scalarCount() const { return numScalars_; }
  const uint64_t *scalarData() const { return scalars_; }
  const TaskId *dependencies() const { return deps_; }
  uint32_t dependencyCount() const { return numDeps_; }
  const CoreTaskPredicate &predicate() const { return predicate_; }
  bool allowEarlyResolve() const { return allowEarlyResolve_; }
  bool hasError() const { return error_ != nullptr; }
  const char *errorMessage() const { return error_; }

private:
  void addTensor(const Tensor &t, TensorArgKind kind) {
    if (numTensors_ == MAX_TENSOR_ARGS)
      return setError("more than MAX_TENSOR_ARGS tensor arguments");
    std::memcpy(tensorStorage_ + numTensors_ * sizeof(Tensor), &t,
                sizeof(Tensor));
    kinds_[numTensors_++] = kind;
  }
  void setError(const char *msg) {
    if (!error_)
      error_ = msg;
  }

  // Raw storage: a default-constructed CoreTaskArgs must not pay for
  // initialising sixteen tensors it may never use.
  alignas(Tensor) unsigned char tensorStorage_[MAX_TENSOR_ARGS * sizeof(Tensor)];
  TensorArgKind kinds_[MAX_TENSOR_ARGS];
  uint64_t scalars_[MAX_SCALAR_ARGS];
  uint32_t numTensors_ = 0;
  uint32_t numScalars_ = 0;
  const TaskId *deps_ = nullptr;
  uint32_t numDeps_ = 0;
  bool allowEarlyResolve_ = false;
  CoreTaskPredicate predicate_;
  const char *error_ = nullptr;
};

} // namespace plrt

#endif // PLRT_TASKARGS_H
