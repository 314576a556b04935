//===- RuntimeOverhead.cpp - Per-task cost of plrt vs oneTBB flow graph ---===//
//
// Measures submit + dispatch + retire of empty tasks for several graph
// shapes and execution modes, and the same shapes built and run as a oneTBB
// flow graph (continue_node, make_edge, try_put, wait_for_all) in the same
// process. Prints one table row per case: ns/task for both and their ratio.
//
// Shapes (N tasks each):
//   chain        task i depends on task i-1 (explicit dependency)
//   fanout-fanin one root, N-2 tasks after it, one sink after all of them
//   pred-skip    chain whose tasks all carry a false predicate
//   pred-run     chain whose tasks all carry a true predicate
// Modes compare equal thread counts: plrt inline (1 thread) with a TBB arena
// of 1, plrt with 1 worker (2 threads) with an arena of 2, and so on.
//
// Usage: runtime_overhead [--quick]   (--quick: N = 100k only, 1 repetition)
//
//===----------------------------------------------------------------------===//
#include "plrt/plrt.h"

#include <oneapi/tbb/flow_graph.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace plrt;
namespace flow = tbb::flow;

namespace {

enum class Shape { CHAIN, FAN, PRED_SKIP, PRED_RUN };

const char *shapeName(Shape s) {
  switch (s) {
  case Shape::CHAIN: return "chain";
  case Shape::FAN: return "fanout-fanin";
  case Shape::PRED_SKIP: return "pred-skip";
  case Shape::PRED_RUN: return "pred-run";
  }
  return "?";
}

// Kernels do no work but must not be optimised away.
volatile int64_t sink;
int emptyKernel(const KernelContext &ctx) {
  sink = ctx.blockIdx;
  return 0;
}
const KernelDesc KERNEL_empty{"empty", &emptyKernel};

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

struct PlrtCase {
  Shape shape;
  int64_t n;
  int32_t *gate;
  std::vector<TaskId> *ids; // fan-in list, preallocated
};

void orchestrate(void *user) {
  const PlrtCase &c = *static_cast<PlrtCase *>(user);
  Tensor gate = Tensor::contiguous(c.gate, DataType::INT32, {1});
  CoreTaskPredicate pred;
  pred.operand.tensor = &gate;
  pred.operand.ndims = 1;
  pred.op = PredicateOp::GT;
  pred.target = 0;
  if (c.shape == Shape::FAN) {
    CoreTaskArgs r;
    TaskId root = rt_submit_aiv_task(KERNEL_empty, r).task_id();
    std::vector<TaskId> &ids = *c.ids;
    for (int64_t i = 0; i < c.n - 2; ++i) {
      CoreTaskArgs a;
      a.set_dependencies(&root, 1);
      ids[i] = rt_submit_aiv_task(KERNEL_empty, a).task_id();
    }
    CoreTaskArgs s;
    s.set_dependencies(ids.data(), static_cast<uint32_t>(c.n - 2));
    rt_submit_aiv_task(KERNEL_empty, s);
    return;
  }
  bool predicated = c.shape != Shape::CHAIN;
  TaskId prev;
  for (int64_t i = 0; i < c.n; ++i) {
    CoreTaskArgs a;
    if (prev.is_valid())
      a.set_dependencies(&prev, 1);
    if (predicated)
      a.set_predicate(pred);
    prev = rt_submit_aiv_task(KERNEL_empty, a).task_id();
  }
}

double runPlrt(Runtime &rt, Shape shape, int64_t n) {
  int32_t gate = shape == Shape::PRED_RUN ? 1 : 0;
  std::vector<TaskId> ids(shape == Shape::FAN ? n : 0);
  PlrtCase c{shape, n, &gate, &ids};
  auto t0 = Clock::now();
  Status st = rt.run(&orchestrate, &c);
  double s = secondsSince(t0);
  const RunStats &stats = rt.lastRunStats();
  uint64_t expectSkipped = shape == Shape::PRED_SKIP ? uint64_t(n) : 0;
  if (!st.ok() || stats.submitted != uint64_t(n) ||
      stats.skipped != expectSkipped ||
      stats.executed + stats.skipped != uint64_t(n)) {
    std::fprintf(stderr, "plrt run failed: %s\n", st.message().c_str());
    std::exit(1);
  }
  return s;
}

/// Builds and runs the same shape as a flow graph inside \p arena; returns
/// the build + run time (destruction excluded).
double runTbb(tbb::task_arena &arena, Shape shape, int64_t n) {
  using Node = flow::continue_node<flow::continue_msg>;
  int32_t gate = shape == Shape::PRED_RUN ? 1 : 0;
  int64_t ran = 0;
  double seconds = 0;
  arena.execute([&] {
    flow::graph g;
    std::vector<std::unique_ptr<Node>> nodes;
    nodes.reserve(n);
    auto t0 = Clock::now();
    auto body = [&](const flow::continue_msg &) { sink = 0; };
    auto predBody = [&](const flow::continue_msg &) {
      if (static_cast<int64_t>(*static_cast<volatile int32_t *>(&gate)) > 0)
        sink = 0;
    };
    if (shape == Shape::FAN) {
      for (int64_t i = 0; i < n; ++i)
        nodes.push_back(std::make_unique<Node>(g, body));
      for (int64_t i = 1; i < n - 1; ++i) {
        flow::make_edge(*nodes[0], *nodes[i]);
        flow::make_edge(*nodes[i], *nodes[n - 1]);
      }
    } else {
      for (int64_t i = 0; i < n; ++i) {
        if (shape == Shape::CHAIN)
          nodes.push_back(std::make_unique<Node>(g, body));
        else
          nodes.push_back(std::make_unique<Node>(g, predBody));
        if (i)
          flow::make_edge(*nodes[i - 1], *nodes[i]);
      }
    }
    nodes[0]->try_put(flow::continue_msg());
    g.wait_for_all();
    seconds = secondsSince(t0);
    ran = n;
  });
  if (ran != n)
    std::exit(1);
  return seconds;
}

struct ModeSpec {
  const char *name;
  uint32_t workers; // plrt AIV workers; TBB arena = workers + 1 threads
};

} // namespace

int main(int argc, char **argv) {
  bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::vector<int64_t> sizes = {100000};
  if (!quick)
    sizes.push_back(1000000);
  const ModeSpec modes[] = {{"inline", 0}, {"1 worker", 1}, {"2 workers", 2}};
  // TBB caps its thread pool at the core count unless told otherwise.
  tbb::global_control allowThreads(
      tbb::global_control::max_allowed_parallelism, 3);
  const Shape shapes[] = {Shape::CHAIN, Shape::FAN, Shape::PRED_SKIP,
                          Shape::PRED_RUN};

  std::printf("plrt vs oneTBB flow graph: build + run of empty tasks, "
              "best of %d\n", quick ? 1 : 3);
  std::printf("plrt ring: 1024 slots; TBB arena threads = plrt workers + 1\n\n");
  std::printf("%-13s %-10s %8s %12s %12s %10s\n", "shape", "mode", "N",
              "plrt ns/task", "TBB ns/task", "plrt/TBB");
  for (const ModeSpec &m : modes) {
    Runtime rt(RuntimeConfig::withWorkers(0, m.workers, 1024));
    tbb::task_arena arena(static_cast<int>(m.workers + 1));
    // Warm-up: first-touch page faults and thread start-up are not overhead
    // per task.
    runPlrt(rt, Shape::CHAIN, 20000);
    runTbb(arena, Shape::CHAIN, 20000);
    for (int64_t n : sizes)
      for (Shape shape : shapes) {
        int reps = quick ? 1 : 3;
        double ours = 1e30, theirs = 1e30;
        for (int r = 0; r < reps; ++r) {
          ours = std::min(ours, runPlrt(rt, shape, n));
          theirs = std::min(theirs, runTbb(arena, shape, n));
        }
        double oursNs = ours * 1e9 / double(n);
        double theirsNs = theirs * 1e9 / double(n);
        std::printf("%-13s %-10s %8lld %12.1f %12.1f %10.2f\n",
                    shapeName(shape), m.name, static_cast<long long>(n),
                    oursNs, theirsNs, oursNs / theirsNs);
        std::fflush(stdout);
      }
  }
  return 0;
}
