// Runs the compiled chain.pl on the plrt runtime for gate = 0, 1 and -1,
// inline and with worker threads, and checks every element of `out` and the
// runtime's task outcomes.

// chain.h, written by plc_add_program(chain chain.pl ENTRY main), declares
// orch_main: tensor parameters in order (x, gate, out), then scalar
// parameters (none).
#include "chain.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

namespace {

constexpr int64_t R = 64, C = 64;

bool runChain(int32_t gateValue, uint32_t workers) {
  std::vector<float> x(R * C, 0.0f), out(R * C, -1.0f);
  std::vector<int32_t> gate(R * C, gateValue);
  const plrt::Tensor tensors[] = {
      plrt::Tensor::contiguous(x.data(), plrt::DataType::FP32, {R, C}),
      plrt::Tensor::contiguous(gate.data(), plrt::DataType::INT32, {R, C}),
      plrt::Tensor::contiguous(out.data(), plrt::DataType::FP32, {R, C}),
  };
  std::vector<std::unique_ptr<unsigned char[]>> buffers;

  plrt::Runtime runtime(plrt::RuntimeConfig::withWorkers(0, workers));
  plrt::Status status =
      runtime.run([&] { orch_main(tensors, nullptr, buffers); });
  if (!status.ok()) {
    std::printf("gate=%d workers=%u: run failed: %s\n", gateValue, workers,
                status.message().c_str());
    return false;
  }

  const float expected = gateValue > 0 ? 999.0f : 42.0f;
  int64_t wrong = 0;
  for (float v : out)
    wrong += v != expected;
  const plrt::RunStats &stats = runtime.lastRunStats();
  const uint64_t expectSkipped = gateValue > 0 ? 0 : 1;
  bool ok = wrong == 0 && stats.submitted == 3 &&
            stats.skipped == expectSkipped &&
            stats.executed == 3 - expectSkipped;
  std::printf("gate=%d workers=%u: out[0]=%g (expected %g), %lld wrong "
              "elements; %llu submitted, %llu executed, %llu skipped: %s\n",
              gateValue, workers, out[0], expected,
              static_cast<long long>(wrong),
              static_cast<unsigned long long>(stats.submitted),
              static_cast<unsigned long long>(stats.executed),
              static_cast<unsigned long long>(stats.skipped),
              ok ? "ok" : "WRONG");
  return ok;
}

} // namespace

int main() {
  bool ok = true;
  for (uint32_t workers : {0u, 2u})
    for (int32_t gate : {0, 1, -1})
      ok &= runChain(gate, workers);
  return ok ? 0 : 1;
}
