//===- TaskSlot.h - One slot of the task ring --------------------*- C++ -*-===//
//
// A slot holds a submitted task from submit until the orchestrating thread
// reclaims it. Fields are grouped by who writes them:
//  * "submitter" fields are written only by the orchestrating thread, before
//    the task is published (pushed to a ready queue or wired to a producer)
//    or after it is DONE;
//  * atomics and lock-protected fields are shared with the workers.
// A worker never touches a slot after storing DONE into its state.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_LIB_TASKSLOT_H
#define PLRT_LIB_TASKSLOT_H

#include "plrt/Kernel.h"
#include "plrt/TaskArgs.h"

#include <atomic>
#include <cstdint>
#include <thread>

namespace plrt {

/// Test-and-test-and-set lock for the short fanout critical sections.
class SpinLock {
public:
  void lock() {
    while (flag_.exchange(true, std::memory_order_acquire))
      while (flag_.load(std::memory_order_relaxed))
        std::this_thread::yield();
  }
  void unlock() { flag_.store(false, std::memory_order_release); }

private:
  std::atomic<bool> flag_{false};
};

/// One dependency edge producer -> consumer. It sits on the producer's
/// fanout list and is owned (freed) by the consumer when it is reclaimed.
struct Edge {
  uint32_t consumer; ///< Ring index of the consuming task.
  Edge *nextFanout;  ///< Next edge on the producer's fanout list.
  Edge *nextOwned;   ///< Next edge owned by the same consumer.
};

enum class SlotState : uint8_t { FREE, PENDING, DONE };

enum class Outcome : uint8_t { NONE, EXECUTED, SKIPPED, FAILED, CANCELLED };

inline bool isFailure(Outcome o) {
  return o == Outcome::FAILED || o == Outcome::CANCELLED;
}

struct alignas(64) TaskSlot {
  // --- Submitter fields: the task as submitted. ---
  uint64_t seq = 0;
  KernelDesc kernels[3];
  uint8_t subBlocks[3] = {};
  uint8_t numKernels = 0;
  CoreType pool = CoreType::AIV;
  bool syncStart = false;
  PredicateOp predOp = PredicateOp::NONE;
  uint8_t predElemSize = 0;
  uint32_t blockNum = 1;
  uint32_t numTensors = 0;
  uint32_t numScalars = 0;
  const void *predAddr = nullptr;
  int64_t predTarget = 0;
  TaskId id;
  Tensor tensors[MAX_TENSOR_ARGS];
  TensorArgKind tensorKinds[MAX_TENSOR_ARGS];
  uint64_t scalars[MAX_SCALAR_ARGS];

  // --- Submitter bookkeeping (never read by workers). ---
  Edge *ownedEdges = nullptr;
  uint64_t wiredStamp = ~uint64_t(0); ///< Dedupes edges to one consumer.
  uint64_t scopeId = 0;
  bool held = false; ///< An open scope keeps the slot.

  // --- Shared with workers. ---
  /// Producers not yet retired, plus one reference held while wiring.
  std::atomic<int32_t> faninPending{0};
  std::atomic<bool> upstreamFailed{false};
  std::atomic<bool> kernelFailed{false};
  std::atomic<uint32_t> blocksStarted{0};
  std::atomic<uint32_t> blocksDone{0};
  uint32_t nextBlock = 0; ///< Guarded by the ready queue's mutex.
  SpinLock fanoutLock;
  Edge *fanoutHead = nullptr; ///< Guarded by fanoutLock.
  bool fanoutClosed = false;  ///< Guarded by fanoutLock.
  /// Written by the retiring thread before closing the fanout / storing DONE.
  Outcome outcome = Outcome::NONE;
  std::atomic<SlotState> state{SlotState::FREE};
};

} // namespace plrt

#endif // PLRT_LIB_TASKSLOT_H
