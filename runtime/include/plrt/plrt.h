//===- plrt/plrt.h - Umbrella header of the plrt runtime --------*- C++ -*-===//
//
// Generated orchestration code includes this header only.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_PLRT_H
#define PLRT_PLRT_H

#include "plrt/Kernel.h"
#include "plrt/Orchestration.h"
#include "plrt/Runtime.h"
#include "plrt/TaskArgs.h"
#include "plrt/Tensor.h"

#endif // PLRT_PLRT_H
