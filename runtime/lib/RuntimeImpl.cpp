//===- RuntimeImpl.cpp - Scheduler behind plrt::Runtime -------------------===//
//
// Life of a task:
//   submit   validate, take the next ring slot (waiting while the ring is
//            full), copy the arguments, wire one edge per live producer
//            (explicit deps, then tensor conflicts unless in a manual scope);
//   ready    when the last producer retires (or at submit if none is live):
//            cancelled if a producer failed, skipped if its predicate is
//            false, otherwise queued (workers) or run at once (inline);
//   retire   outcome recorded, consumers released, state DONE;
//   reclaim  the orchestrating thread frees the slot once it is DONE, older
//            slots are reclaimed and no open scope holds it.
//
//===----------------------------------------------------------------------===//
#include "RuntimeImpl.h"

#include "Predicate.h"

#include <exception>
#include <utility>

namespace plrt {

namespace {

constexpr unsigned EPOCH_SHIFT = 40;
constexpr uint64_t SEQ_MASK = (uint64_t(1) << EPOCH_SHIFT) - 1;
constexpr uint64_t EPOCH_LIMIT = (uint64_t(1) << (64 - EPOCH_SHIFT)) - 1;

uint32_t roundUpPow2(uint32_t n) {
  uint32_t p = 2;
  while (p < n && p < (1u << 30))
    p <<= 1;
  return p;
}

const char *nameOf(const char *name) { return name ? name : "<unnamed>"; }

std::string taskLabel(uint64_t seq, const char *kernelName) {
  return "task #" + std::to_string(seq) + " (kernel '" + nameOf(kernelName) +
         "')";
}

/// Tasks retired on this thread while it is already retiring one; a loop
/// instead of recursion, so long chains of skipped tasks cannot overflow
/// the stack.
struct RetireWork {
  std::vector<std::pair<TaskSlot *, Outcome>> pending;
  bool draining = false;
};
thread_local RetireWork tlsRetire;

/// On a worker thread: its pool, and a ready single-block task it will run
/// next itself, so that a chain does not bounce through the ready queue.
struct WorkerLocal {
  const RuntimeImpl *owner = nullptr;
  CoreType pool = CoreType::AIV;
  TaskSlot *next = nullptr;
};
thread_local WorkerLocal tlsWorker;

} // namespace

RuntimeImpl::RuntimeImpl(const RuntimeConfig &config) : config_(config) {
  threaded_ = config.aicWorkers + config.aivWorkers > 0;
  ringSize_ = roundUpPow2(config.ringSize);
  config_.ringSize = ringSize_;
  mask_ = ringSize_ - 1;
  slots_ = std::make_unique<TaskSlot[]>(ringSize_);
  scopes_.reserve(16);
  if (!threaded_)
    return;
  for (ReadyQueue &q : queues_)
    q.init(ringSize_);
  // Enough for one edge per slot, e.g. any chain, without growing.
  edges_.reserve(ringSize_);
  for (uint32_t i = 0; i < config.aicWorkers; ++i)
    workers_.emplace_back([this] { workerLoop(queues_[0], CoreType::AIC); });
  for (uint32_t i = 0; i < config.aivWorkers; ++i)
    workers_.emplace_back([this] { workerLoop(queues_[1], CoreType::AIV); });
}

RuntimeImpl::~RuntimeImpl() {
  for (ReadyQueue &q : queues_)
    q.stop();
  for (std::thread &t : workers_)
    t.join();
}

CoreType RuntimeImpl::routePool(CoreType type) const {
  uint32_t aic = config_.aicWorkers, aiv = config_.aivWorkers;
  if (type == CoreType::AIC)
    return aic > 0 || aiv == 0 ? CoreType::AIC : CoreType::AIV;
  return aiv > 0 || aic == 0 ? CoreType::AIV : CoreType::AIC;
}

uint32_t RuntimeImpl::poolSize(CoreType pool) const {
  if (!threaded_)
    return 1; // the orchestrating thread
  return pool == CoreType::AIC ? config_.aicWorkers : config_.aivWorkers;
}

size_t RuntimeImpl::footprintBytes() const {
  return ringSize_ * sizeof(TaskSlot) + queues_[0].footprintBytes() +
         queues_[1].footprintBytes() + edges_.footprintBytes() +
         tracker_.footprintBytes() + scopes_.capacity() * sizeof(Scope);
}

//===----------------------------------------------------------------------===//
// Run
//===----------------------------------------------------------------------===//

Status RuntimeImpl::run(OrchestrationFn fn, void *user) {
  if (running_.exchange(true))
    return Status(StatusCode::NO_RUNTIME,
                  "Runtime::run called while this runtime is already running");
  epoch_ = (epoch_ + 1) % EPOCH_LIMIT;
  nextSeq_ = tail_ = 0;
  stats_ = RunStats();
  fatal_.store(false, std::memory_order_relaxed);
  errorCode_ = StatusCode::OK;
  errorMessage_.clear();
  scopes_.clear();

  try {
    fn(user);
  } catch (const std::exception &e) {
    recordError(StatusCode::ORCHESTRATION_FAILED,
                std::string("orchestration function threw: ") + e.what());
  } catch (...) {
    recordError(StatusCode::ORCHESTRATION_FAILED,
                "orchestration function threw a non-standard exception");
  }
  // Scopes left open (only possible without PLRT_SCOPE) release their tasks.
  while (!scopes_.empty())
    scopeEnd();
  drain();
  tracker_.clear();
  stats_.submitted = nextSeq_;

  Status status;
  {
    std::lock_guard<std::mutex> lock(errorMutex_);
    if (errorCode_ != StatusCode::OK) {
      std::string msg = errorMessage_;
      if (stats_.cancelled)
        msg += "; " + std::to_string(stats_.cancelled) +
               " dependent task(s) cancelled";
      if (stats_.rejected)
        msg += "; " + std::to_string(stats_.rejected) + " submit(s) rejected";
      status = Status(errorCode_, std::move(msg));
    }
  }
  running_.store(false);
  return status;
}

void RuntimeImpl::drain() {
  while (tail_ < nextSeq_) {
    TaskSlot &t = slotOf(tail_);
    waitDone(t);
    reclaim(t);
    ++tail_;
  }
}

void RuntimeImpl::recordError(StatusCode code, std::string message) {
  std::lock_guard<std::mutex> lock(errorMutex_);
  if (errorCode_ == StatusCode::OK) {
    errorCode_ = code;
    errorMessage_ = std::move(message);
  }
}

void RuntimeImpl::reject(StatusCode code, const char *kernelName,
                         const std::string &why) {
  ++stats_.rejected;
  recordError(code, "submit of " + taskLabel(nextSeq_, kernelName) +
                        " rejected: " + why);
  fatal_.store(true, std::memory_order_release);
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

void RuntimeImpl::scopeBegin(ScopeMode mode) {
  scopes_.push_back(Scope{nextSeq_, nextScopeId_++, mode});
}

void RuntimeImpl::scopeEnd() {
  if (scopes_.empty())
    return;
  Scope scope = scopes_.back();
  scopes_.pop_back();
  // Tasks of nested scopes were released when those ended; slots below the
  // tail were reclaimed and may hold newer tasks.
  for (uint64_t seq = std::max(scope.firstSeq, tail_); seq < nextSeq_; ++seq) {
    TaskSlot &s = slotOf(seq);
    if (s.scopeId == scope.id)
      s.held = false;
  }
}

//===----------------------------------------------------------------------===//
// Submit
//===----------------------------------------------------------------------===//

bool RuntimeImpl::validate(const KernelDesc *kernels, uint32_t numKernels,
                           CoreType pool, const CoreTaskArgs &args,
                           std::string &why) const {
  if (args.hasError()) {
    why = args.errorMessage();
    return false;
  }
  for (uint32_t k = 0; k < numKernels; ++k)
    if (!kernels[k].fn) {
      why = std::string("kernel '") + nameOf(kernels[k].name) +
            "' has no function";
      return false;
    }
  int32_t blocks = args.launch_spec.block_num();
  if (blocks < 1) {
    why = "block_num " + std::to_string(blocks) + " is not positive";
    return false;
  }
  if (args.launch_spec.require_sync_start() &&
      static_cast<uint32_t>(blocks) > poolSize(pool)) {
    why = "sync_start needs " + std::to_string(blocks) +
          " blocks to start together but only " +
          std::to_string(poolSize(pool)) +
          (threaded_ ? std::string(pool == CoreType::AIC ? " AIC" : " AIV") +
                           " worker(s) are available"
                     : std::string(" core runs tasks in inline mode"));
    return false;
  }
  for (uint32_t i = 0; i < args.tensorCount(); ++i)
    if (args.tensor(i).ndims > MAX_TENSOR_DIMS) {
      why = "tensor argument " + std::to_string(i) + " has rank " +
            std::to_string(args.tensor(i).ndims) + " (at most 5)";
      return false;
    }
  const TaskId *deps = args.dependencies();
  for (uint32_t i = 0; i < args.dependencyCount(); ++i) {
    TaskId d = deps[i];
    if (!d.is_valid()) {
      why = "dependency " + std::to_string(i) + " is an invalid task id";
      return false;
    }
    if ((d.raw >> EPOCH_SHIFT) != epoch_) {
      why = "dependency " + std::to_string(i) +
            " is a task id of another run (raw " + std::to_string(d.raw) + ")";
      return false;
    }
    uint64_t seq = d.raw & SEQ_MASK;
    if (seq >= nextSeq_) {
      why = "dependency " + std::to_string(i) + " names task #" +
            std::to_string(seq) + ", which has not been submitted yet";
      return false;
    }
  }
  return true;
}

void RuntimeImpl::waitDone(TaskSlot &slot) {
  if (slot.state.load(std::memory_order_acquire) == SlotState::DONE)
    return;
  for (int i = 0; i < 64; ++i) {
    std::this_thread::yield();
    if (slot.state.load(std::memory_order_acquire) == SlotState::DONE)
      return;
  }
  // Pairs with complete(): both sides use seq_cst, so either the retiring
  // thread sees this slot in waitingFor_ and notifies, or we see DONE.
  std::unique_lock<std::mutex> lock(waitMutex_);
  waitingFor_.store(&slot, std::memory_order_seq_cst);
  while (slot.state.load(std::memory_order_seq_cst) != SlotState::DONE)
    waitCv_.wait(lock);
  waitingFor_.store(nullptr, std::memory_order_relaxed);
}

void RuntimeImpl::reclaim(TaskSlot &slot) {
  switch (slot.outcome) {
  case Outcome::EXECUTED: ++stats_.executed; break;
  case Outcome::SKIPPED: ++stats_.skipped; break;
  case Outcome::FAILED: ++stats_.failed; break;
  case Outcome::CANCELLED: ++stats_.cancelled; break;
  case Outcome::NONE: break;
  }
  if (slot.ownedEdges) {
    edges_.freeList(slot.ownedEdges);
    slot.ownedEdges = nullptr;
  }
  slot.state.store(SlotState::FREE, std::memory_order_relaxed);
}

void RuntimeImpl::advanceTail() {
  while (tail_ < nextSeq_) {
    TaskSlot &t = slotOf(tail_);
    if (t.held || t.state.load(std::memory_order_acquire) != SlotState::DONE)
      return;
    reclaim(t);
    ++tail_;
  }
}

bool RuntimeImpl::reserveSlot(const char *kernelName) {
  for (;;) {
    if (nextSeq_ - tail_ < ringSize_)
      return true;
    advanceTail();
    if (nextSeq_ - tail_ < ringSize_)
      return true;
    TaskSlot &oldest = slotOf(tail_);
    if (oldest.held) {
      // Every slot is held by a scope that only this thread can close.
      reject(StatusCode::RING_FULL_IN_SCOPE, kernelName,
             "all " + std::to_string(ringSize_) +
                 " ring slots are held by open scopes (a scope keeps its "
                 "tasks until it ends); close scopes sooner or raise "
                 "RuntimeConfig::ringSize");
      return false;
    }
    // Any task completes without help from this thread, so waiting for a
    // later one is safe; it frees a batch of slots per wake-up instead of
    // one.
    waitDone(slotOf(tail_ + std::min<uint64_t>(ringSize_ / 8,
                                               nextSeq_ - tail_ - 1)));
  }
}

bool RuntimeImpl::isLive(uint64_t seq) const {
  return seq >= tail_ &&
         slotOf(seq).state.load(std::memory_order_acquire) != SlotState::DONE;
}

void RuntimeImpl::wireProducer(uint64_t producerSeq, TaskSlot &consumer,
                               uint32_t &wired) {
  if (producerSeq < tail_)
    return; // reclaimed, hence retired; a failure would have set fatal_
  TaskSlot &p = slotOf(producerSeq);
  if (p.state.load(std::memory_order_acquire) == SlotState::DONE) {
    if (isFailure(p.outcome))
      consumer.upstreamFailed.store(true, std::memory_order_relaxed);
    return;
  }
  if (p.wiredStamp == consumer.seq)
    return;
  p.wiredStamp = consumer.seq;
  p.fanoutLock.lock();
  if (p.fanoutClosed) {
    Outcome o = p.outcome;
    p.fanoutLock.unlock();
    if (isFailure(o))
      consumer.upstreamFailed.store(true, std::memory_order_relaxed);
    return;
  }
  consumer.faninPending.fetch_add(1, std::memory_order_relaxed);
  Edge *e = edges_.allocate();
  e->consumer = static_cast<uint32_t>(consumer.seq & mask_);
  e->nextFanout = p.fanoutHead;
  p.fanoutHead = e;
  p.fanoutLock.unlock();
  e->nextOwned = consumer.ownedEdges;
  consumer.ownedEdges = e;
  ++wired;
}

void RuntimeImpl::trackAccesses(TaskSlot &s, bool lookupConflicts,
                                uint32_t &wired) {
  auto live = [this](uint64_t seq) { return isLive(seq); };
  auto conflict = [&](uint64_t seq) {
    if (seq != s.seq)
      wireProducer(seq, s, wired);
  };
  uintptr_t predLo = 0, predHi = 0;
  if (s.predOp != PredicateOp::NONE) {
    predLo = reinterpret_cast<uintptr_t>(s.predAddr);
    predHi = predLo + s.predElemSize;
  }
  // All lookups first: the records below may replace entries this task
  // must still be ordered after.
  if (lookupConflicts) {
    for (uint32_t i = 0; i < s.numTensors; ++i) {
      TensorArgKind kind = s.tensorKinds[i];
      if (kind == TensorArgKind::NO_DEP)
        continue;
      uintptr_t lo, hi;
      s.tensors[i].byteRange(lo, hi);
      tracker_.lookup(lo, hi, kind != TensorArgKind::INPUT, live, conflict);
    }
    if (predLo != predHi)
      tracker_.lookup(predLo, predHi, false, live, conflict);
  }
  for (uint32_t i = 0; i < s.numTensors; ++i) {
    TensorArgKind kind = s.tensorKinds[i];
    if (kind == TensorArgKind::NO_DEP)
      continue;
    uintptr_t lo, hi;
    s.tensors[i].byteRange(lo, hi);
    tracker_.record(s.tensors[i].data, lo, hi, s.seq,
                    kind != TensorArgKind::INPUT, lookupConflicts, live);
  }
  if (predLo != predHi)
    tracker_.record(s.predAddr, predLo, predHi, s.seq, false, false, live);
}

TaskOutputTensors RuntimeImpl::submit(const KernelDesc *kernels,
                                      const uint8_t *subBlocks,
                                      uint32_t numKernels, CoreType type,
                                      const CoreTaskArgs &args) {
  const char *kernelName = numKernels ? kernels[0].name : "<dummy>";
  if (fatal_.load(std::memory_order_relaxed)) {
    ++stats_.rejected;
    return TaskOutputTensors();
  }
  CoreType pool = routePool(type);
  std::string why;
  const void *predAddr = nullptr;
  uint8_t predElemSize = 0;
  const CoreTaskPredicate &pred = args.predicate();
  if (!validate(kernels, numKernels, pool, args, why) ||
      (pred.op != PredicateOp::NONE &&
       !resolvePredicate(pred, predAddr, predElemSize, why))) {
    reject(StatusCode::INVALID_SUBMIT, kernelName, why);
    return TaskOutputTensors();
  }
  if (!reserveSlot(kernelName))
    return TaskOutputTensors();

  uint64_t seq = nextSeq_++;
  TaskSlot &s = slotOf(seq);
  s.seq = seq;
  s.id.raw = (epoch_ << EPOCH_SHIFT) | seq;
  for (uint32_t k = 0; k < numKernels; ++k) {
    s.kernels[k] = kernels[k];
    s.subBlocks[k] = subBlocks ? subBlocks[k] : 0;
  }
  s.numKernels = static_cast<uint8_t>(numKernels);
  s.pool = pool;
  s.blockNum = static_cast<uint32_t>(args.launch_spec.block_num());
  s.syncStart = args.launch_spec.require_sync_start();
  s.predOp = pred.op;
  s.predAddr = predAddr;
  s.predElemSize = predElemSize;
  s.predTarget = pred.target;
  s.numTensors = args.tensorCount();
  if (s.numTensors) {
    std::memcpy(static_cast<void *>(s.tensors), args.tensorData(),
                s.numTensors * sizeof(Tensor));
    for (uint32_t i = 0; i < s.numTensors; ++i)
      s.tensorKinds[i] = args.tensorKind(i);
  }
  s.numScalars = args.scalarCount();
  if (s.numScalars)
    std::memcpy(s.scalars, args.scalarData(), s.numScalars * sizeof(uint64_t));
  s.held = !scopes_.empty();
  s.scopeId = s.held ? scopes_.back().id : 0;
  s.outcome = Outcome::NONE;
  s.wiredStamp = ~uint64_t(0); // sequence numbers restart with every run
  s.fanoutHead = nullptr;
  s.fanoutClosed = false;
  s.upstreamFailed.store(false, std::memory_order_relaxed);
  if (threaded_) {
    s.faninPending.store(1, std::memory_order_relaxed);
    s.kernelFailed.store(false, std::memory_order_relaxed);
    s.blocksStarted.store(0, std::memory_order_relaxed);
    s.blocksDone.store(0, std::memory_order_relaxed);
  }
  s.state.store(SlotState::PENDING, std::memory_order_relaxed);

  uint32_t wired = 0;
  const TaskId *deps = args.dependencies();
  for (uint32_t i = 0; i < args.dependencyCount(); ++i)
    wireProducer(deps[i].raw & SEQ_MASK, s, wired);
  if (s.numTensors || s.predOp != PredicateOp::NONE) {
    bool manual = !scopes_.empty() && scopes_.back().mode == ScopeMode::MANUAL;
    trackAccesses(s, !manual, wired);
  }
  // A producer that failed may already be reclaimed; fatal_ is set before
  // any failed task is marked DONE, so this catches it.
  if (fatal_.load(std::memory_order_acquire))
    s.upstreamFailed.store(true, std::memory_order_relaxed);

  TaskId id = s.id;
  if (wired == 0 ||
      s.faninPending.fetch_sub(1, std::memory_order_acq_rel) == 1)
    makeReady(s);
  return TaskOutputTensors(id);
}

//===----------------------------------------------------------------------===//
// Readiness, execution, retirement
//===----------------------------------------------------------------------===//

void RuntimeImpl::makeReady(TaskSlot &s) {
  if (s.upstreamFailed.load(std::memory_order_relaxed))
    return retire(s, Outcome::CANCELLED);
  if (!evaluatePredicate(s.predOp, s.predAddr, s.predElemSize, s.predTarget))
    return retire(s, Outcome::SKIPPED);
  if (s.numKernels == 0)
    return retire(s, Outcome::EXECUTED);
  if (threaded_) {
    WorkerLocal &w = tlsWorker;
    if (w.owner == this && w.pool == s.pool && !w.next && s.blockNum == 1) {
      w.next = &s;
      return;
    }
    queues_[static_cast<int>(s.pool)].push(slots_.get(),
                                           static_cast<uint32_t>(s.seq & mask_));
    return;
  }
  bool ok = true;
  for (uint32_t b = 0; b < s.blockNum; ++b)
    ok &= runBlock(s, b);
  retire(s, ok ? Outcome::EXECUTED : Outcome::FAILED);
}

bool RuntimeImpl::runBlock(TaskSlot &s, uint32_t block) {
  KernelContext ctx;
  ctx.tensors = s.tensors;
  ctx.tensorKinds = s.tensorKinds;
  ctx.scalars = s.scalars;
  ctx.numTensors = s.numTensors;
  ctx.numScalars = s.numScalars;
  ctx.blockIdx = block;
  ctx.blockNum = s.blockNum;
  ctx.taskId = s.id;
  for (uint32_t k = 0; k < s.numKernels; ++k) {
    const KernelDesc &kd = s.kernels[k];
    ctx.subBlockIdx = s.subBlocks[k];
    std::string why;
    try {
      int rc = kd.fn(ctx);
      if (rc == 0)
        continue;
      why = "kernel returned " + std::to_string(rc);
    } catch (const std::exception &e) {
      why = std::string("kernel threw: ") + e.what();
    } catch (...) {
      why = "kernel threw a non-standard exception";
    }
    recordError(StatusCode::KERNEL_FAILED,
                taskLabel(s.seq, kd.name) + " failed in block " +
                    std::to_string(block) + " of " +
                    std::to_string(s.blockNum) + ": " + why);
    return false;
  }
  return true;
}

void RuntimeImpl::executeClaim(TaskSlot &s, uint32_t block) {
  // Read before the blocksDone update: after it, only the block that
  // finishes last may touch the slot.
  const uint32_t blockNum = s.blockNum;
  if (s.syncStart && blockNum > 1) {
    // The blocks were claimed by distinct workers; start them together.
    s.blocksStarted.fetch_add(1, std::memory_order_acq_rel);
    while (s.blocksStarted.load(std::memory_order_acquire) < blockNum)
      std::this_thread::yield();
  }
  bool ok = runBlock(s, block);
  if (blockNum == 1)
    return retire(s, ok ? Outcome::EXECUTED : Outcome::FAILED);
  if (!ok)
    s.kernelFailed.store(true, std::memory_order_relaxed);
  if (s.blocksDone.fetch_add(1, std::memory_order_acq_rel) + 1 != blockNum)
    return; // another block finishes the task
  retire(s, s.kernelFailed.load(std::memory_order_relaxed) ? Outcome::FAILED
                                                           : Outcome::EXECUTED);
}

void RuntimeImpl::retire(TaskSlot &s, Outcome outcome) {
  RetireWork &work = tlsRetire;
  if (work.draining) {
    work.pending.emplace_back(&s, outcome);
    return;
  }
  work.draining = true;
  complete(s, outcome);
  while (!work.pending.empty()) {
    auto [next, o] = work.pending.back();
    work.pending.pop_back();
    complete(*next, o);
  }
  work.draining = false;
}

void RuntimeImpl::complete(TaskSlot &s, Outcome outcome) {
  s.outcome = outcome;
  bool failed = isFailure(outcome);
  if (failed)
    fatal_.store(true, std::memory_order_release);
  if (!threaded_) {
    // Inline: every producer retires during its own submit, so nobody can
    // be waiting on this task.
    s.state.store(SlotState::DONE, std::memory_order_release);
    return;
  }
  s.fanoutLock.lock();
  s.fanoutClosed = true;
  Edge *e = s.fanoutHead;
  s.fanoutLock.unlock();
  while (e) {
    // Read the link first: once released, the consumer may retire and be
    // reclaimed, which frees this edge.
    Edge *next = e->nextFanout;
    TaskSlot &c = slots_[e->consumer];
    if (failed)
      c.upstreamFailed.store(true, std::memory_order_relaxed);
    if (c.faninPending.fetch_sub(1, std::memory_order_acq_rel) == 1)
      makeReady(c);
    e = next;
  }
  s.state.store(SlotState::DONE, std::memory_order_seq_cst);
  if (waitingFor_.load(std::memory_order_seq_cst) == &s) {
    { std::lock_guard<std::mutex> lock(waitMutex_); }
    waitCv_.notify_all();
  }
}

void RuntimeImpl::workerLoop(ReadyQueue &queue, CoreType pool) {
  WorkerLocal &w = tlsWorker;
  w.owner = this;
  w.pool = pool;
  ReadyQueue::Claim claim;
  while (queue.pop(slots_.get(), claim)) {
    executeClaim(*claim.slot, claim.block);
    while (TaskSlot *next = w.next) {
      w.next = nullptr;
      executeClaim(*next, 0);
    }
  }
  w.owner = nullptr;
}

} // namespace plrt
