//===- StageUsage.h - What one stage of the compiler cost -------*- C++ -*-===//
///
/// \file
/// Wall-clock seconds, system (kernel) CPU seconds and minor page faults of
/// the calling thread between two points, for timing reports. A stage that
/// writes a lot of new IR spends much of its system time having the kernel
/// hand it fresh, zeroed pages; on a virtual machine that cost depends on
/// whether the guest touched those pages before, so the system column is
/// what tells a slow stage from a stage slowed by its memory.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_STAGEUSAGE_H
#define PLC_TRANSFORMS_STAGEUSAGE_H

#include <chrono>

namespace plc::transforms {

struct StageUsage {
  double seconds = 0;       ///< wall clock
  double systemSeconds = 0; ///< kernel CPU time of the thread
  long pageFaults = 0;      ///< minor faults: first touches of fresh pages

  StageUsage &operator+=(const StageUsage &other) {
    seconds += other.seconds;
    systemSeconds += other.systemSeconds;
    pageFaults += other.pageFaults;
    return *this;
  }
};

/// Starts measuring when constructed; elapsed() is the usage since.
class StageClock {
public:
  StageClock();
  StageUsage elapsed() const;

private:
  std::chrono::steady_clock::time_point wallStart;
  double systemStart;
  long faultsStart;
};

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_STAGEUSAGE_H
