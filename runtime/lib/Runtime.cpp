//===- Runtime.cpp - Public face of the runtime ---------------------------===//
//
// Runtime forwards to RuntimeImpl and maintains the thread-local "current
// runtime" through which the rt_submit_* functions find their target.
//
//===----------------------------------------------------------------------===//
#include "plrt/Runtime.h"

#include "RuntimeImpl.h"

namespace plrt {

namespace {
thread_local Runtime *tlsCurrent = nullptr;

/// Makes a runtime current for the duration of one run on this thread.
class CurrentRuntime {
public:
  explicit CurrentRuntime(Runtime *rt) : saved_(tlsCurrent) { tlsCurrent = rt; }
  ~CurrentRuntime() { tlsCurrent = saved_; }

private:
  Runtime *saved_;
};
} // namespace

Runtime::Runtime(const RuntimeConfig &config)
    : impl_(std::make_unique<RuntimeImpl>(config)) {}

Runtime::~Runtime() = default;

Status Runtime::run(OrchestrationFn fn, void *user) {
  if (tlsCurrent)
    return Status(StatusCode::NO_RUNTIME,
                  "Runtime::run called from inside an orchestration function");
  CurrentRuntime scope(this);
  return impl_->run(fn, user);
}

const RunStats &Runtime::lastRunStats() const { return impl_->stats(); }
const RuntimeConfig &Runtime::config() const { return impl_->config(); }
bool Runtime::isInline() const { return impl_->isInline(); }
size_t Runtime::footprintBytes() const { return impl_->footprintBytes(); }
Runtime *Runtime::current() { return tlsCurrent; }

} // namespace plrt
