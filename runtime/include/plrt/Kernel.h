//===- plrt/Kernel.h - Kernel signature and descriptors ---------*- C++ -*-===//
//
// Kernels are plain C++ functions. Each invocation receives its task's
// tensors and scalars plus its block index; it returns 0 on success and
// anything else on failure (a thrown exception also counts as failure).
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_KERNEL_H
#define PLRT_KERNEL_H

#include "plrt/TaskArgs.h"
#include "plrt/Tensor.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace plrt {

/// Which kind of core a kernel stands for. Worker threads are grouped by it.
enum class CoreType : uint8_t { AIC = 0, AIV = 1 };

struct KernelContext {
  const Tensor *tensors;
  const TensorArgKind *tensorKinds;
  const uint64_t *scalars;
  uint32_t numTensors;
  uint32_t numScalars;
  uint32_t blockIdx;    ///< 0 .. blockNum-1
  uint32_t blockNum;    ///< launch_spec.block_num()
  uint32_t subBlockIdx; ///< 1 for the second vector kernel of a MixedKernels
  TaskId taskId;

  const Tensor &tensor(uint32_t i) const {
    assert(i < numTensors);
    return tensors[i];
  }
  /// The i-th scalar, reinterpreted as the type it was added with.
  template <typename T> T scalar(uint32_t i) const {
    assert(i < numScalars);
    if constexpr (std::is_integral<T>::value) {
      return static_cast<T>(scalars[i]);
    } else {
      T value;
      std::memcpy(&value, &scalars[i], sizeof(T));
      return value;
    }
  }
};

using KernelFn = int (*)(const KernelContext &);

/// A named kernel, so that errors can say which kernel failed. Generated
/// code defines one constant per kernel: KernelDesc KERNEL_x{"x", &x}.
struct KernelDesc {
  const char *name;
  KernelFn fn;
};

constexpr KernelDesc INVALID_KERNEL{nullptr, nullptr};

/// The kernels of one mixed (cube + vector) task. Unused slots hold
/// INVALID_KERNEL. This CPU runtime runs the present kernels of one block
/// one after another on a single worker: aic, then aiv0, then aiv1.
struct MixedKernels {
  KernelDesc aic = INVALID_KERNEL;
  KernelDesc aiv0 = INVALID_KERNEL;
  KernelDesc aiv1 = INVALID_KERNEL;
};

} // namespace plrt

#endif // PLRT_KERNEL_H
