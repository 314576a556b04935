//===- Orchestration.cpp - Submit API for orchestration code --------------===//
//
// Free functions called by (generated) orchestration code. Without a current
// runtime there is nowhere to report to, so they return invalid results.
//
//===----------------------------------------------------------------------===//
#include "plrt/Orchestration.h"

#include "RuntimeImpl.h"

namespace plrt {

namespace {
RuntimeImpl *currentImpl() {
  Runtime *rt = Runtime::current();
  return rt ? &rt->impl() : nullptr;
}
} // namespace

TaskOutputTensors rt_submit_aiv_task(const KernelDesc &kernel,
                                     const CoreTaskArgs &args) {
  RuntimeImpl *impl = currentImpl();
  if (!impl)
    return TaskOutputTensors();
  return impl->submit(&kernel, nullptr, 1, CoreType::AIV, args);
}

TaskOutputTensors rt_submit_aic_task(const KernelDesc &kernel,
                                     const CoreTaskArgs &args) {
  RuntimeImpl *impl = currentImpl();
  if (!impl)
    return TaskOutputTensors();
  return impl->submit(&kernel, nullptr, 1, CoreType::AIC, args);
}

TaskOutputTensors rt_submit_task(const MixedKernels &kernels,
                                 const CoreTaskArgs &args) {
  RuntimeImpl *impl = currentImpl();
  if (!impl)
    return TaskOutputTensors();
  KernelDesc present[3];
  uint8_t subBlocks[3] = {0, 0, 0};
  uint32_t n = 0;
  bool hasAic = kernels.aic.fn || kernels.aic.name;
  if (hasAic)
    present[n++] = kernels.aic;
  if (kernels.aiv0.fn || kernels.aiv0.name)
    present[n++] = kernels.aiv0;
  if (kernels.aiv1.fn || kernels.aiv1.name) {
    subBlocks[n] = 1;
    present[n++] = kernels.aiv1;
  }
  if (n == 0) {
    // Same diagnosis path as any other bad submit.
    static const KernelDesc none{"<no kernel>", nullptr};
    return impl->submit(&none, nullptr, 1, CoreType::AIV, args);
  }
  return impl->submit(present, subBlocks, n,
                      hasAic ? CoreType::AIC : CoreType::AIV, args);
}

TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs &args) {
  RuntimeImpl *impl = currentImpl();
  if (!impl)
    return TaskOutputTensors();
  return impl->submit(nullptr, nullptr, 0, CoreType::AIV, args);
}

void rt_scope_begin(ScopeMode mode) {
  if (RuntimeImpl *impl = currentImpl())
    impl->scopeBegin(mode);
}

void rt_scope_end() {
  if (RuntimeImpl *impl = currentImpl())
    impl->scopeEnd();
}

} // namespace plrt
