//===- StressTest.cpp - A million-task graph under load and faults --------===//
//
// One run submits PLRT_STRESS_TASKS tasks (1M by default; sanitizer builds
// scale it down) with random explicit dependencies, random dispatch
// predicates over four gate tensors of every signed width, a mix of AIV,
// AIC and multi-block SPMD tasks, and a few kernels that fail near the end.
// The plan is drawn before the run, so the test knows what must happen:
//
//  * every block of a task runs at most once (duplicates are counted);
//  * a task that was not cancelled, was accepted and whose predicate holds
//    ran every block exactly once; a skipped, cancelled or rejected task ran
//    nothing;
//  * the dependants of a failed task are cancelled, transitively, while a
//    skipped task releases its dependants as if it had run;
//  * the run ends with KERNEL_FAILED naming the failing kernel, the outcome
//    counts add up, the scheduler's footprint is what a small run leaves,
//    and the runtime runs cleanly afterwards.
//
// Once a kernel has failed, the run is doomed: later submits are refused and
// a task submitted concurrently may be cancelled without a failed producer.
// Each failing kernel records how many submits had completed when it ran;
// below the smallest such count the outcome of every task is exact, above it
// the checks allow those two effects and nothing else.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <random>
#include <vector>

#ifndef PLRT_STRESS_TASKS
#define PLRT_STRESS_TASKS 1000000
#endif

using namespace plrt;
using namespace plrt::test;

namespace {

constexpr uint32_t kTasks = PLRT_STRESS_TASKS;
constexpr uint32_t kFailing = 4;
constexpr uint32_t kNearWindow = 64;
constexpr uint32_t kFarWindow = 4096;

enum class Kind : uint8_t { AIV, AIC, SPMD };

/// What one task is, decided before the run.
struct TaskPlan {
  Kind kind = Kind::AIV;
  uint8_t blocks = 1;
  bool failing = false;
  bool hasPredicate = false;
  bool predicateHolds = true;
  uint8_t gate = 0;
  uint8_t op = 0; // PredicateOp
  int8_t target = 0;
  uint8_t indices[3] = {};
};

/// The gate tensors the predicates read: one per signed width, ranks 1-3.
struct Gates {
  int8_t g8[64];
  int16_t g16[8][8];
  int32_t g32[16][16];
  int64_t g64[4][4][4];
  Tensor tensors[4];

  explicit Gates(std::mt19937_64 &rng) {
    auto value = [&] { return static_cast<int>(rng() % 7) - 3; };
    for (auto &v : g8)
      v = static_cast<int8_t>(value());
    for (auto &row : g16)
      for (auto &v : row)
        v = static_cast<int16_t>(value());
    for (auto &row : g32)
      for (auto &v : row)
        v = value();
    for (auto &plane : g64)
      for (auto &row : plane)
        for (auto &v : row)
          v = value();
    tensors[0] = Tensor::contiguous(g8, DataType::INT8, {64});
    tensors[1] = Tensor::contiguous(g16, DataType::INT16, {8, 8});
    tensors[2] = Tensor::contiguous(g32, DataType::INT32, {16, 16});
    tensors[3] = Tensor::contiguous(g64, DataType::INT64, {4, 4, 4});
  }

  int64_t read(const TaskPlan &p) const {
    const uint8_t *i = p.indices;
    switch (p.gate) {
    case 0:
      return g8[i[0]];
    case 1:
      return g16[i[0]][i[1]];
    case 2:
      return g32[i[0]][i[1]];
    default:
      return g64[i[0]][i[1]][i[2]];
    }
  }
};

bool compare(int64_t value, PredicateOp op, int64_t target) {
  switch (op) {
  case PredicateOp::EQ:
    return value == target;
  case PredicateOp::NE:
    return value != target;
  case PredicateOp::GT:
    return value > target;
  case PredicateOp::LT:
    return value < target;
  case PredicateOp::GE:
    return value >= target;
  case PredicateOp::LE:
    return value <= target;
  case PredicateOp::NONE:
    break;
  }
  return true;
}

/// The whole plan: tasks, their dependencies (indices of earlier tasks) and
/// the gates.
struct Plan {
  std::vector<TaskPlan> tasks;
  std::vector<uint32_t> depBegin; // deps of task i: deps[depBegin[i]..depBegin[i+1])
  std::vector<uint32_t> deps;
  std::unique_ptr<Gates> gates;
};

Plan makePlan(uint32_t n, uint32_t failing, uint64_t seed) {
  std::mt19937_64 rng(seed);
  Plan plan;
  plan.gates = std::make_unique<Gates>(rng);
  plan.tasks.resize(n);
  plan.depBegin.reserve(n + 1);
  plan.deps.reserve(n * 2);
  static const uint8_t dims[4][3] = {{64, 1, 1}, {8, 8, 1}, {16, 16, 1}, {4, 4, 4}};
  for (uint32_t i = 0; i < n; ++i) {
    TaskPlan &t = plan.tasks[i];
    unsigned r = rng() % 20;
    t.kind = r < 14 ? Kind::AIV : r < 18 ? Kind::AIC : Kind::SPMD;
    t.blocks = t.kind == Kind::SPMD ? static_cast<uint8_t>(2 + rng() % 3) : 1;
    if (rng() % 2) {
      t.hasPredicate = true;
      t.gate = static_cast<uint8_t>(rng() % 4);
      for (int d = 0; d < 3; ++d)
        t.indices[d] = static_cast<uint8_t>(rng() % dims[t.gate][d]);
      t.op = static_cast<uint8_t>(1 + rng() % 6);
      t.target = static_cast<int8_t>(static_cast<int>(rng() % 7) - 3);
      t.predicateHolds = compare(plan.gates->read(t),
                                 static_cast<PredicateOp>(t.op), t.target);
    }
    plan.depBegin.push_back(static_cast<uint32_t>(plan.deps.size()));
    unsigned numDeps = i ? rng() % 4 : 0;
    for (unsigned d = 0; d < numDeps; ++d) {
      uint32_t window = rng() % 50 ? kNearWindow : kFarWindow;
      plan.deps.push_back(i - 1 - static_cast<uint32_t>(rng() % std::min(i, window)));
    }
  }
  plan.depBegin.push_back(static_cast<uint32_t>(plan.deps.size()));
  // The failing kernels sit in the last 1% (single block, no predicate), so
  // most of the graph runs before the first failure dooms the run.
  uint32_t tail = std::max<uint32_t>(n / 100, failing);
  for (uint32_t f = 0; f < failing;) {
    TaskPlan &t = plan.tasks[n - 1 - rng() % tail];
    if (t.failing)
      continue;
    t = TaskPlan();
    t.failing = true;
    ++f;
  }
  return plan;
}

/// What the kernels record while a plan runs.
struct Observed {
  explicit Observed(uint32_t n)
      : blocksRun(new std::atomic<uint8_t>[n]()), accepted(n, false) {}
  std::unique_ptr<std::atomic<uint8_t>[]> blocksRun; // bit b: block b ran
  std::vector<bool> accepted;
  std::atomic<uint64_t> duplicates{0};
  std::atomic<uint64_t> submitsDone{0};
  std::atomic<uint64_t> firstFailureAt{~uint64_t(0)};
};

Observed *observed = nullptr;

void markBlock(const KernelContext &ctx) {
  uint32_t task = ctx.scalar<uint32_t>(0);
  uint8_t bit = static_cast<uint8_t>(1u << ctx.blockIdx);
  if (observed->blocksRun[task].fetch_or(bit, std::memory_order_relaxed) & bit)
    observed->duplicates.fetch_add(1, std::memory_order_relaxed);
}

int countingKernel(const KernelContext &ctx) {
  markBlock(ctx);
  return 0;
}

int failingKernel(const KernelContext &ctx) {
  markBlock(ctx);
  uint64_t done = observed->submitsDone.load(std::memory_order_seq_cst);
  uint64_t prev = observed->firstFailureAt.load(std::memory_order_relaxed);
  while (done < prev && !observed->firstFailureAt.compare_exchange_weak(prev, done))
    ;
  return 7;
}

const KernelDesc KERNEL_count{"stress_count", &countingKernel};
const KernelDesc KERNEL_failing{"stress_failing", &failingKernel};

/// Submits the plan in order, recording which submits were accepted.
Status runPlan(Runtime &rt, const Plan &plan, Observed &obs) {
  observed = &obs;
  uint32_t n = static_cast<uint32_t>(plan.tasks.size());
  std::vector<TaskId> ids(n);
  Status st = rt.run([&] {
    TaskId deps[4];
    for (uint32_t i = 0; i < n; ++i) {
      const TaskPlan &t = plan.tasks[i];
      CoreTaskArgs args;
      args.add_scalar(i);
      uint32_t numDeps = 0;
      for (uint32_t d = plan.depBegin[i]; d < plan.depBegin[i + 1]; ++d)
        deps[numDeps++] = ids[plan.deps[d]];
      if (numDeps)
        args.set_dependencies(deps, numDeps);
      if (t.hasPredicate) {
        CoreTaskPredicate pred;
        pred.operand.tensor = &plan.gates->tensors[t.gate];
        pred.operand.ndims = plan.gates->tensors[t.gate].ndims;
        for (uint32_t d = 0; d < pred.operand.ndims; ++d)
          pred.operand.indices[d] = t.indices[d];
        pred.op = static_cast<PredicateOp>(t.op);
        pred.target = t.target;
        args.set_predicate(pred);
      }
      args.launch_spec.set_block_num(t.blocks);
      const KernelDesc &k = t.failing ? KERNEL_failing : KERNEL_count;
      TaskOutputTensors out = t.kind == Kind::AIC ? rt_submit_aic_task(k, args)
                                                  : rt_submit_aiv_task(k, args);
      ids[i] = out.task_id();
      obs.accepted[i] = out.is_valid();
      obs.submitsDone.store(i + 1, std::memory_order_seq_cst);
    }
  });
  observed = nullptr;
  return st;
}

enum class Fate : uint8_t { Ran, Failed, Skipped, Cancelled, Rejected };

struct Tally {
  uint64_t accepted = 0, ran = 0, failed = 0, skippedExact = 0;
  uint64_t notRunLate = 0; // accepted after the first failure, ran nothing
  uint64_t exactChecked = 0;
};

/// Replays the plan against what was observed; see the file comment.
Tally check(const Plan &plan, const Observed &obs) {
  uint32_t n = static_cast<uint32_t>(plan.tasks.size());
  uint64_t exactBelow = obs.firstFailureAt.load();
  std::vector<Fate> fate(n);
  Tally tally;
  for (uint32_t i = 0; i < n; ++i) {
    const TaskPlan &t = plan.tasks[i];
    uint8_t ran = obs.blocksRun[i].load();
    uint8_t all = static_cast<uint8_t>((1u << t.blocks) - 1);
    bool upstreamFailed = false;
    for (uint32_t d = plan.depBegin[i]; d < plan.depBegin[i + 1]; ++d) {
      Fate f = fate[plan.deps[d]];
      upstreamFailed |= f == Fate::Failed || f == Fate::Cancelled;
    }
    if (!obs.accepted[i]) {
      // Refused submits happen only once the run is doomed.
      EXPECT_GE(i, exactBelow) << "task " << i << " was refused";
      EXPECT_EQ(ran, 0) << "refused task " << i << " ran";
      fate[i] = Fate::Rejected;
      continue;
    }
    ++tally.accepted;
    Fate expected = upstreamFailed         ? Fate::Cancelled
                    : !t.predicateHolds    ? Fate::Skipped
                    : t.failing            ? Fate::Failed
                                           : Fate::Ran;
    bool exact = i < exactBelow;
    if (exact) {
      ++tally.exactChecked;
      if (expected == Fate::Ran || expected == Fate::Failed) {
        EXPECT_EQ(ran, all) << "task " << i << " did not run every block once";
      } else {
        EXPECT_EQ(ran, 0) << "task " << i << " ran although "
                          << (expected == Fate::Skipped ? "skipped" : "cancelled");
      }
      if (expected == Fate::Skipped)
        ++tally.skippedExact;
      fate[i] = expected;
    } else {
      // Doomed region: a task may be cancelled for the run's sake, never
      // run when it must not, and never run partially.
      EXPECT_TRUE(ran == 0 || ran == all)
          << "task " << i << " ran some of its blocks";
      if (expected == Fate::Skipped || expected == Fate::Cancelled) {
        EXPECT_EQ(ran, 0) << "task " << i << " ran although not allowed to";
      }
      fate[i] = ran ? expected : (expected == Fate::Skipped ? Fate::Skipped
                                                            : Fate::Cancelled);
      if (!ran)
        ++tally.notRunLate;
    }
    if (ran) {
      ++tally.ran;
      if (t.failing)
        ++tally.failed;
    }
  }
  return tally;
}

class Stress : public testing::TestWithParam<Mode> {};

TEST_P(Stress, MillionTaskGraphWithPredicatesAndFailures) {
  const Mode &mode = GetParam();
  Runtime rt(configFor(mode, 4096));

  // A small clean run first: the footprint the big one must come back to.
  Plan warm = makePlan(20000, 0, 7);
  {
    Observed obs(20000);
    Status st = runPlan(rt, warm, obs);
    ASSERT_TRUE(st.ok()) << st.message();
    EXPECT_EQ(obs.duplicates.load(), 0u);
    Tally tally = check(warm, obs);
    EXPECT_EQ(tally.accepted, 20000u);
    EXPECT_EQ(tally.exactChecked, 20000u);
  }
  size_t warmFootprint = rt.footprintBytes();

  Plan plan = makePlan(kTasks, kFailing, 0x5eed);
  Observed obs(kTasks);
  Status st = runPlan(rt, plan, obs);
  ASSERT_EQ(st.code(), StatusCode::KERNEL_FAILED) << st.message();
  EXPECT_NE(st.message().find("stress_failing"), std::string::npos)
      << st.message();
  EXPECT_EQ(obs.duplicates.load(), 0u) << "some block ran twice";

  Tally tally = check(plan, obs);
  const RunStats &s = rt.lastRunStats();
  EXPECT_GE(tally.failed, 1u);
  EXPECT_LE(tally.failed, kFailing);
  // Everything before the last 1% runs as planned.
  EXPECT_GE(tally.exactChecked, kTasks - kTasks / 100);
  EXPECT_EQ(s.submitted, tally.accepted);
  EXPECT_EQ(s.rejected, kTasks - tally.accepted);
  EXPECT_EQ(s.failed, tally.failed);
  EXPECT_EQ(s.executed, tally.ran - tally.failed);
  EXPECT_EQ(s.executed + s.skipped + s.failed + s.cancelled, s.submitted);
  EXPECT_GE(s.skipped, tally.skippedExact);
  EXPECT_LE(s.skipped, tally.skippedExact + tally.notRunLate);
  // The plan has plenty of each outcome.
  EXPECT_GT(s.skipped, kTasks / 10);
  EXPECT_GT(s.executed, kTasks / 10);

  // Nothing left behind. The scheduler's pools keep their high-water mark,
  // which depends on the ring and the graph's shape, not on the number of
  // tasks: fifty times the tasks of the warm-up may not double it. A clean
  // run afterwards behaves and grows nothing.
  size_t bigFootprint = rt.footprintBytes();
  EXPECT_LE(bigFootprint, 2 * warmFootprint);
  Observed again(20000);
  Status st2 = runPlan(rt, warm, again);
  ASSERT_TRUE(st2.ok()) << st2.message();
  EXPECT_EQ(check(warm, again).exactChecked, 20000u);
  EXPECT_EQ(rt.lastRunStats().rejected, 0u);
  EXPECT_EQ(rt.footprintBytes(), bigFootprint);
}

const Mode kStressModes[] = {
    {"Inline", 0, 0},
    {"OneAicOneAiv", 1, 1},
};

INSTANTIATE_TEST_SUITE_P(Modes, Stress, testing::ValuesIn(kStressModes),
                         modeName);

} // namespace
