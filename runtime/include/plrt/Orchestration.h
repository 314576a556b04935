//===- plrt/Orchestration.h - Submit API for orchestration code -*- C++ -*-===//
//
// Functions called from an orchestration function while Runtime::run is
// executing it on the same thread. Errors never abort: a rejected submit
// returns an invalid TaskOutputTensors and the error is reported by run().
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_ORCHESTRATION_H
#define PLRT_ORCHESTRATION_H

#include "plrt/Kernel.h"
#include "plrt/TaskArgs.h"

namespace plrt {

TaskOutputTensors rt_submit_aiv_task(const KernelDesc &kernel,
                                     const CoreTaskArgs &args);
TaskOutputTensors rt_submit_aic_task(const KernelDesc &kernel,
                                     const CoreTaskArgs &args);
TaskOutputTensors rt_submit_task(const MixedKernels &kernels,
                                 const CoreTaskArgs &args);
/// A task without a kernel: orders its dependencies, runs nothing.
TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs &args);

/// AUTO: dependencies come from explicit lists and from tensor arguments.
/// MANUAL: only explicit lists (tensor accesses are still recorded so that
/// tasks submitted after the scope are ordered after them).
enum class ScopeMode : uint8_t { AUTO, MANUAL };

/// A scope keeps its tasks' ring slots until it ends, so their ids stay
/// usable as dependencies inside it. Tasks submitted outside every scope
/// release their slot as soon as they retire.
void rt_scope_begin(ScopeMode mode = ScopeMode::AUTO);
void rt_scope_end();

/// RAII form used by PLRT_SCOPE.
class ScopeGuard {
public:
  explicit ScopeGuard(ScopeMode mode = ScopeMode::AUTO) { rt_scope_begin(mode); }
  ~ScopeGuard() { rt_scope_end(); }
  ScopeGuard(const ScopeGuard &) = delete;
  ScopeGuard &operator=(const ScopeGuard &) = delete;
};

} // namespace plrt

#define PLRT_CONCAT_IMPL(a, b) a##b
#define PLRT_CONCAT(a, b) PLRT_CONCAT_IMPL(a, b)

/// PLRT_SCOPE() { ... } or PLRT_SCOPE(plrt::ScopeMode::MANUAL) { ... }
#define PLRT_SCOPE(...)                                                        \
  if (::plrt::ScopeGuard PLRT_CONCAT(plrtScope_, __LINE__){__VA_ARGS__}; true)

#endif // PLRT_ORCHESTRATION_H
