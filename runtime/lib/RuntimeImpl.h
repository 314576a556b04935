//===- RuntimeImpl.h - Scheduler behind plrt::Runtime -----------*- C++ -*-===//
//
// Threads and ownership:
//  * the orchestrating thread (the caller of run) submits, wires edges,
//    tracks tensor accesses, opens and closes scopes and reclaims ring
//    slots; everything named "submitter" below is touched by it alone;
//  * worker threads pop ready tasks, run kernel blocks and retire tasks;
//  * whichever thread delivers a task's last fanin makes it ready: it
//    evaluates the predicate there and either queues the task or retires it
//    on the spot (skipped or cancelled).
// In inline mode there are no workers and the orchestrating thread runs each
// task as soon as it is ready, i.e. during its submit.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_LIB_RUNTIMEIMPL_H
#define PLRT_LIB_RUNTIMEIMPL_H

#include "DependencyTracker.h"
#include "EdgePool.h"
#include "ReadyQueue.h"
#include "TaskSlot.h"

#include "plrt/Orchestration.h"
#include "plrt/Runtime.h"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace plrt {

class RuntimeImpl {
public:
  explicit RuntimeImpl(const RuntimeConfig &config);
  ~RuntimeImpl();

  Status run(OrchestrationFn fn, void *user);

  /// Submits a task running \p kernels (0 to 3, one after another per
  /// block); subBlocks gives each kernel's KernelContext::subBlockIdx.
  TaskOutputTensors submit(const KernelDesc *kernels, const uint8_t *subBlocks,
                           uint32_t numKernels, CoreType type,
                           const CoreTaskArgs &args);
  void scopeBegin(ScopeMode mode);
  void scopeEnd();

  const RunStats &stats() const { return stats_; }
  const RuntimeConfig &config() const { return config_; }
  bool isInline() const { return !threaded_; }
  size_t footprintBytes() const;

private:
  struct Scope {
    uint64_t firstSeq;
    uint64_t id;
    ScopeMode mode;
  };

  // Submitter side.
  bool validate(const KernelDesc *kernels, uint32_t numKernels, CoreType pool,
                const CoreTaskArgs &args, std::string &why) const;
  bool reserveSlot(const char *kernelName);
  void advanceTail();
  void reclaim(TaskSlot &slot);
  void waitDone(TaskSlot &slot);
  bool isLive(uint64_t seq) const;
  void wireProducer(uint64_t producerSeq, TaskSlot &consumer, uint32_t &wired);
  void trackAccesses(TaskSlot &slot, bool lookupConflicts, uint32_t &wired);
  void reject(StatusCode code, const char *kernelName, const std::string &why);
  void drain();

  // Any thread.
  void makeReady(TaskSlot &slot);
  void retire(TaskSlot &slot, Outcome outcome);
  void complete(TaskSlot &slot, Outcome outcome);
  bool runBlock(TaskSlot &slot, uint32_t block);
  void executeClaim(TaskSlot &slot, uint32_t block);
  void recordError(StatusCode code, std::string message);
  void workerLoop(ReadyQueue &queue, CoreType pool);

  TaskSlot &slotOf(uint64_t seq) const { return slots_[seq & mask_]; }
  CoreType routePool(CoreType type) const;
  uint32_t poolSize(CoreType pool) const;

  RuntimeConfig config_;
  bool threaded_;
  uint32_t ringSize_;
  uint64_t mask_;
  std::unique_ptr<TaskSlot[]> slots_;
  ReadyQueue queues_[2];
  std::vector<std::thread> workers_;

  // Submitter state.
  uint64_t epoch_ = 0;
  uint64_t nextSeq_ = 0;
  uint64_t tail_ = 0; ///< Oldest slot not yet reclaimed.
  uint64_t nextScopeId_ = 1;
  std::vector<Scope> scopes_;
  EdgePool edges_;
  DependencyTracker tracker_;
  RunStats stats_;
  std::atomic<bool> running_{false};

  // Shared.
  std::atomic<bool> fatal_{false}; ///< A task failed or a submit was refused.
  std::mutex errorMutex_;
  StatusCode errorCode_ = StatusCode::OK;
  std::string errorMessage_;
  std::mutex waitMutex_;
  std::condition_variable waitCv_;
  /// The slot the orchestrating thread sleeps on, if any.
  std::atomic<const TaskSlot *> waitingFor_{nullptr};
};

} // namespace plrt

#endif // PLRT_LIB_RUNTIMEIMPL_H
