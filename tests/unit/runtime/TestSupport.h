//===- TestSupport.h - Shared utilities of the plrt unit tests --*- C++ -*-===//
#ifndef PLRT_TEST_TESTSUPPORT_H
#define PLRT_TEST_TESTSUPPORT_H

#include "plrt/plrt.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

namespace plrt::test {

/// Execution modes every scheduling test runs in.
struct Mode {
  const char *name;
  uint32_t aic;
  uint32_t aiv;
};

inline const Mode ALL_MODES[] = {
    {"Inline", 0, 0},
    {"OneAivWorker", 0, 1},
    {"TwoAivWorkers", 0, 2},
    {"AicWorkerOnly", 1, 0},
};

inline std::string modeName(const testing::TestParamInfo<Mode> &info) {
  return info.param.name;
}

inline RuntimeConfig configFor(const Mode &m, uint32_t ringSize = 1024) {
  return RuntimeConfig::withWorkers(m.aic, m.aiv, ringSize);
}

/// Spins until \p flag is set; false after \p seconds so that a broken
/// scheduler fails the test instead of hanging it.
inline bool waitFlag(const std::atomic<bool> &flag, double seconds = 10.0) {
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration<double>(seconds);
  while (!flag.load(std::memory_order_acquire)) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::yield();
  }
  return true;
}

/// Fills every element of tensor 0 (fp32, contiguous) with scalar 0.
inline int fillKernel(const KernelContext &ctx) {
  const Tensor &t = ctx.tensor(0);
  float v = ctx.scalar<float>(0);
  float *p = static_cast<float *>(t.data) + t.startOffset;
  for (int64_t i = 0, n = t.numel(); i < n; ++i)
    p[i] = v;
  return 0;
}

/// Copies tensor 0 into tensor 1 (fp32, contiguous, same size).
inline int copyKernel(const KernelContext &ctx) {
  const Tensor &src = ctx.tensor(0), &dst = ctx.tensor(1);
  const float *s = static_cast<const float *>(src.data) + src.startOffset;
  float *d = static_cast<float *>(dst.data) + dst.startOffset;
  for (int64_t i = 0, n = src.numel(); i < n; ++i)
    d[i] = s[i];
  return 0;
}

inline const KernelDesc KERNEL_fill{"fill", &fillKernel};
inline const KernelDesc KERNEL_copy{"copy", &copyKernel};

} // namespace plrt::test

#endif // PLRT_TEST_TESTSUPPORT_H
