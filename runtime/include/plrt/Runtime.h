//===- plrt/Runtime.h - Task-graph runtime ----------------------*- C++ -*-===//
//
// A Runtime owns the task ring and the worker threads. Runtime::run calls an
// orchestration function; while it runs, the rt_submit_* functions of
// plrt/Orchestration.h submit to this runtime (found through a thread-local
// "current runtime" pointer). run() returns once every submitted task has
// retired, with a Status that names the first failure.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_RUNTIME_H
#define PLRT_RUNTIME_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

namespace plrt {

struct RuntimeConfig {
  /// Worker threads standing for cube (AIC) and vector (AIV) cores. With
  /// both zero the runtime is inline: the orchestrating thread runs every
  /// task itself as soon as it is ready. If only one kind has workers, they
  /// also run the other kind's tasks.
  uint32_t aicWorkers = 0;
  uint32_t aivWorkers = 0;
  /// Task slots in the ring (rounded up to a power of two, at least 2).
  uint32_t ringSize = 1024;

  static RuntimeConfig inlineMode(uint32_t ringSize = 1024) {
    RuntimeConfig c;
    c.ringSize = ringSize;
    return c;
  }
  static RuntimeConfig withWorkers(uint32_t aic, uint32_t aiv,
                                   uint32_t ringSize = 1024) {
    RuntimeConfig c;
    c.aicWorkers = aic;
    c.aivWorkers = aiv;
    c.ringSize = ringSize;
    return c;
  }
};

enum class StatusCode : uint8_t {
  OK,
  KERNEL_FAILED,        ///< A kernel returned non-zero or threw.
  INVALID_SUBMIT,       ///< A submit was rejected (bad arguments or deps).
  RING_FULL_IN_SCOPE,   ///< An open scope holds every slot of the ring.
  ORCHESTRATION_FAILED, ///< The orchestration function threw.
  NO_RUNTIME,           ///< Runtime::run was re-entered on this thread.
};

class Status {
public:
  Status() = default;
  Status(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}
  bool ok() const { return code_ == StatusCode::OK; }
  StatusCode code() const { return code_; }
  const std::string &message() const { return message_; }

private:
  StatusCode code_ = StatusCode::OK;
  std::string message_;
};

/// Outcome counts of the last run. Every submitted task ends in exactly one
/// of executed / skipped / failed / cancelled; rejected submits got no task.
struct RunStats {
  uint64_t submitted = 0;
  uint64_t executed = 0;  ///< Kernel ran (all blocks) and succeeded.
  uint64_t skipped = 0;   ///< Predicate false: retired without running.
  uint64_t failed = 0;    ///< Some block of its kernel failed.
  uint64_t cancelled = 0; ///< A predecessor failed or the run turned fatal.
  uint64_t rejected = 0;  ///< Submits refused (invalid, or after an error).
};

using OrchestrationFn = void (*)(void *user);

class RuntimeImpl;

class Runtime {
public:
  explicit Runtime(const RuntimeConfig &config = RuntimeConfig());
  ~Runtime();
  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

  /// Runs \p fn(user) as the orchestration function and waits until every
  /// task it submitted has retired. Not re-entrant; one run at a time.
  Status run(OrchestrationFn fn, void *user);

  /// Convenience overload for a callable (e.g. a lambda); no allocation.
  template <typename F,
            typename = std::enable_if_t<
                !std::is_convertible<F, OrchestrationFn>::value>>
  Status run(F &&fn) {
    using Fn = std::remove_reference_t<F>;
    return run([](void *p) { (*static_cast<Fn *>(p))(); },
               static_cast<void *>(std::addressof(fn)));
  }

  const RunStats &lastRunStats() const;
  const RuntimeConfig &config() const;
  bool isInline() const;
  /// Bytes currently held by the scheduler's data structures (ring, queues,
  /// dependency edges, tensor tracking). Stays flat once a workload reaches
  /// its steady state, whatever the number of tasks.
  size_t footprintBytes() const;

  /// The runtime whose run() is executing on this thread, or null.
  static Runtime *current();
  RuntimeImpl &impl() { return *impl_; }

private:
  std::unique_ptr<RuntimeImpl> impl_;
};

} // namespace plrt

#endif // PLRT_RUNTIME_H
