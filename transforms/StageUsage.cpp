//===- StageUsage.cpp - What one stage of the compiler cost ---------------===//

#include "transforms/StageUsage.h"

#include <sys/resource.h>

using namespace plc::transforms;

namespace {

/// The calling thread's system seconds and minor faults so far.
void threadUsage(double &systemSeconds, long &pageFaults) {
  struct rusage usage {};
  getrusage(RUSAGE_THREAD, &usage);
  systemSeconds = double(usage.ru_stime.tv_sec) + usage.ru_stime.tv_usec * 1e-6;
  pageFaults = usage.ru_minflt;
}

} // namespace

StageClock::StageClock() : wallStart(std::chrono::steady_clock::now()) {
  threadUsage(systemStart, faultsStart);
}

StageUsage StageClock::elapsed() const {
  StageUsage usage;
  usage.seconds = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - wallStart)
                      .count();
  double systemNow;
  long faultsNow;
  threadUsage(systemNow, faultsNow);
  usage.systemSeconds = systemNow - systemStart;
  usage.pageFaults = faultsNow - faultsStart;
  return usage;
}
