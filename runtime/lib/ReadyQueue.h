//===- ReadyQueue.h - FIFO of ready tasks for one worker pool ---*- C++ -*-===//
//
// A bounded FIFO of ring indices. Its capacity equals the ring size: a task
// is pushed once, when it becomes ready, so the queue can never hold more
// entries than there are live tasks. An SPMD task stays at the front until
// all of its blocks are claimed; each claim hands out one block, so the
// blocks of a sync-start task always go to distinct workers.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_LIB_READYQUEUE_H
#define PLRT_LIB_READYQUEUE_H

#include "TaskSlot.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <vector>

namespace plrt {

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

class ReadyQueue {
public:
  struct Claim {
    TaskSlot *slot;
    uint32_t block;
  };

  void init(uint32_t capacity) {
    buf_.assign(capacity, 0);
    mask_ = capacity - 1;
  }

  void push(TaskSlot *slots, uint32_t index) {
    bool wakeAll;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      slots[index].nextBlock = 0;
      buf_[tail_++ & mask_] = index;
      size_.store(tail_ - head_, std::memory_order_relaxed);
      wakeAll = slots[index].blockNum > 1;
      if (sleepers_ == 0)
        return;
    }
    if (wakeAll)
      cv_.notify_all();
    else
      cv_.notify_one();
  }

  /// Claims one block; polls for a while (a sleeping worker costs a
  /// futex wake-up per task), then sleeps. False once stopped.
  bool pop(TaskSlot *slots, Claim &out) {
    for (int spin = 0; spin < SPIN_ROUNDS; ++spin) {
      if (size_.load(std::memory_order_relaxed) != 0) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (claimLocked(slots, out))
          return true;
      }
      if (spin % 16 == 15)
        std::this_thread::yield();
      else
        cpuRelax();
    }
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      if (claimLocked(slots, out))
        return true;
      if (stop_)
        return false;
      ++sleepers_;
      cv_.wait(lock);
      --sleepers_;
    }
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
  }

  size_t footprintBytes() const { return buf_.capacity() * sizeof(uint32_t); }

private:
  static constexpr int SPIN_ROUNDS = 4096;

  bool claimLocked(TaskSlot *slots, Claim &out) {
    if (head_ == tail_)
      return false;
    TaskSlot &s = slots[buf_[head_ & mask_]];
    out.slot = &s;
    out.block = s.nextBlock++;
    if (s.nextBlock == s.blockNum) {
      ++head_;
      size_.store(tail_ - head_, std::memory_order_relaxed);
    }
    return true;
  }

  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<uint32_t> buf_;
  uint64_t mask_ = 0;
  uint64_t head_ = 0, tail_ = 0;
  std::atomic<uint64_t> size_{0};
  int sleepers_ = 0;
  bool stop_ = false;
};

} // namespace plrt

#endif // PLRT_LIB_READYQUEUE_H
