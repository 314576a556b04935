//===- CompileScaling.cpp - Compile time and memory against program size --===//
//
// Generates programs of N dispatch scopes (ProgramGenerator.h) and compiles
// each in a fresh child process, timing every stage in process: the parse
// to IR, each pass of the default pipeline, verification (once, on the
// pipeline's output, as plc does; after every pass with --verify-each), and
// code generation (orchestration and kernels; the text is counted, not
// stored).
//
// Two floors are measured beside it and kept out of the total. The stock
// floor (StockParse.h) is what the ANTLR 4.9 runtime does with our grammar
// out of the box: its generated lexer, a CommonTokenStream and an SLL parse
// of the whole file into one tree; it runs in a child of its own, so its
// memory is reported apart. The second is plc's own parse without IR: the
// hand-written lexer and the piecewise SLL parse, every statement's tree
// handed to a consumer that builds nothing.
//
// Prints per-stage seconds, scopes per second, peak RSS, and the ratio of
// the last two sizes per stage (t(100k)/t(10k) by default), which stays
// near 10 when every stage is linear. Each size is compiled `--repeat`
// times, each time in a fresh process, and every stage reports its fastest
// run: on a shared machine one slow run says more about the neighbours than
// about the compiler. The ratio is also given between the median runs: a
// stage of a few milliseconds is far likelier than one of a hundred to have
// a run that nothing interrupted, so the ratio of the fastest runs leans
// high when the machine is noisy, and the two ratios together show how much.
//
// With --functions=K the N scopes are spread over K orchestration functions,
// each a chain of its own: a stage whose cost per function depends on the
// functions before it grows faster than N there.
//
// Usage: compile_scaling [--repeat=K] [--functions=K] [--verify-each] [N...]
//        (default: --repeat=3 --functions=1 1000 10000 100000)
//        compile_scaling [--functions=K] --print N   (the program, to try
//        with plc)
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"
#include "StockParse.h"

#include "codegen/KernelCodegen.h"
#include "codegen/OrchestrationCodegen.h"
#include "frontend/Frontend.h"
#include "frontend/ParseDriver.h"
#include "ir/Diagnostics.h"
#include "ir/IRContext.h"
#include "transforms/PassManager.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fmt/format.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace plc;

namespace {

/// One compile to measure: the program's shape and how it is verified.
struct Config {
  unsigned numScopes;
  unsigned numFunctions;
  bool verifyEach;
};

/// Accepts every piece and builds nothing: the cost of the parse alone.
class NullConsumer : public frontend::ParseConsumer {
public:
  bool moduleStmt(P::SimpleStmtContext *) override { return true; }
  bool classBegin(P::ClassHeadContext *) override { return true; }
  bool classStmt(P::SimpleStmtContext *) override { return true; }
  bool classEnd() override { return true; }
  bool functionBegin(P::FuncHeadContext *) override { return true; }
  bool functionStmt(P::StmtContext *) override { return true; }
  bool functionEnd() override { return true; }
};

/// Counts the bytes written and drops them, the way a buffered file stream
/// hands them on: what is timed is producing the text, not storing it.
class CountingStream final : public llvm::raw_ostream {
public:
  ~CountingStream() override { flush(); }

private:
  void write_impl(const char *, size_t size) override { bytes += size; }
  uint64_t current_pos() const override { return bytes; }
  uint64_t bytes = 0;
};

/// Floor stages are reported beside the compile, not in its total.
bool isFloor(llvm::StringRef stage) { return stage.startswith("floor-"); }

/// Values by stage, in the order the stages first reported.
struct StageTable {
  std::vector<std::pair<std::string, double>> entries;

  void add(const std::string &stage, double value) {
    for (auto &entry : entries)
      if (entry.first == stage) {
        entry.second += value;
        return;
      }
    entries.emplace_back(stage, value);
  }
  double lookup(const std::string &stage) const {
    for (const auto &entry : entries)
      if (entry.first == stage)
        return entry.second;
    return 0;
  }
  /// Keeps the smaller value of every stage.
  void keepMin(const StageTable &other) {
    for (auto &entry : entries)
      entry.second = std::min(entry.second, other.lookup(entry.first));
  }
};

/// One measurement: seconds per stage in report order, plus peak memory.
struct Result {
  StageTable stages;        ///< wall-clock seconds
  StageTable systemSeconds; ///< kernel CPU seconds of the same stages
  StageTable pageFaults;    ///< minor faults of the same stages
  /// Bytes each stage added to the IR arena (the same in every run).
  StageTable arenaBytes;
  double megabytes = 0;
  double orchMegabytes = 0;
  long peakKiB = 0;      ///< the compile's
  long stockPeakKiB = 0; ///< the stock floor's, in its own process
  double stockTokens = 0;
  double total = 0; ///< the fastest run's total, set by keepBest

  /// Seconds of one whole compile: every stage but the floors.
  double runTotal() const {
    double sum = 0;
    for (const auto &stage : stages.entries)
      if (!isFloor(stage.first))
        sum += stage.second;
    return sum;
  }
  /// Keeps the faster time of every stage and of the whole run (the total
  /// of one run, not a sum of the best stages), the least system time and
  /// faults of every stage, and the larger peak memory.
  void keepBest(const Result &other) {
    double otherTotal = other.runTotal();
    if (stages.entries.empty()) {
      *this = other;
      total = otherTotal;
      return;
    }
    stages.keepMin(other.stages);
    systemSeconds.keepMin(other.systemSeconds);
    pageFaults.keepMin(other.pageFaults);
    total = std::min(total, otherTotal);
    peakKiB = std::max(peakKiB, other.peakKiB);
    stockPeakKiB = std::max(stockPeakKiB, other.stockPeakKiB);
  }
  double lookup(const std::string &stage) const { return stages.lookup(stage); }
};

/// Writes one stage's "name seconds" line and its system time and faults.
void report(FILE *out, const std::string &stage,
            const transforms::StageUsage &usage) {
  fmt::print(out, "{} {}\n", stage, usage.seconds);
  fmt::print(out, "system:{} {}\n", stage, usage.systemSeconds);
  fmt::print(out, "faults:{} {}\n", stage, usage.pageFaults);
}

/// Parses a generated N-scope program the stock way; writes the floor's
/// "stage seconds" lines, its token count and "stock_peak_kib K" to `out`.
/// Runs in a child process of its own.
int measureStockFloor(const Config &config, FILE *out) {
  std::string text =
      bench::generateScopeProgram(config.numScopes, config.numFunctions);
  bench::StockParseResult stock = bench::stockParse(text);
  if (!stock.ok) {
    fmt::print(stderr, "compile_scaling: the stock parse failed\n");
    return 1;
  }
  report(out, "floor-stock-antlr-lex", stock.lex);
  report(out, "floor-stock-antlr-parse", stock.parse);
  fmt::print(out, "stock_tokens {}\n", stock.tokens);
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  fmt::print(out, "stock_peak_kib {}\n", usage.ru_maxrss);
  return 0;
}

/// The generated N-scope program as a buffer of `diags`; the generator's
/// string is freed before anything is timed.
llvm::StringRef addProgramBuffer(const Config &config,
                                 DiagnosticEngine &diags) {
  std::string text =
      bench::generateScopeProgram(config.numScopes, config.numFunctions);
  return diags.addBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "scaling.pl"));
}

/// Parses a generated N-scope program with plc's parser, building nothing;
/// writes the floor's "stage seconds" lines to `out`. Runs in a child
/// process of its own, so the memory it frees does not serve the compile.
int measurePlcParseFloor(const Config &config, FILE *out) {
  ir::prepareHeapForCompile(); // as plc does
  DiagnosticEngine diags;
  llvm::StringRef buffer = addProgramBuffer(config, diags);
  transforms::StageClock clock;
  NullConsumer null;
  if (!frontend::parseSyntax(buffer, "scaling.pl", diags, null))
    return 1;
  report(out, "floor-plc-parse-without-ir", clock.elapsed());
  return 0;
}

/// Compiles a generated N-scope program; writes "stage seconds" lines and
/// "peak_kib K" to `out`. Runs in a child process of its own.
int measure(const Config &config, FILE *out) {
  bool verifyEach = config.verifyEach;
  ir::prepareHeapForCompile(); // as plc does
  DiagnosticEngine diags;
  llvm::StringRef buffer = addProgramBuffer(config, diags);
  fmt::print(out, "bytes {}\n", buffer.size());

  ir::IRContext ctx;
  transforms::StageClock parseClock;
  const ir::Program *program = frontend::parseProgramBuffer(diags, buffer, ctx);
  if (!program)
    return 1;
  report(out, "parse", parseClock.elapsed());
  fmt::print(out, "arena:parse {}\n", ctx.arenaBytes());

  transforms::PassManager pm(ctx, diags);
  if (!pm.parsePipeline("default"))
    return 1;
  pm.setTiming(true);
  pm.setVerifyEach(verifyEach);
  if (pm.run(program) != transforms::PipelineResult::Success)
    return 1;
  for (const auto &record : pm.passTimings()) {
    report(out, record.name, record.usage);
    fmt::print(out, "arena:{} {}\n", record.name, record.arenaBytes);
  }
  report(out, verifyEach ? "(verify-each)" : "(verify)",
         pm.verificationUsage());

  // Code generation: the text is produced in full, then counted and
  // dropped (CountingStream).
  CountingStream orchestration;
  transforms::StageClock orchClock;
  if (!codegen::emitOrchestration(*program, orchestration, diags))
    return 1;
  orchestration.flush();
  report(out, "codegen-orchestration", orchClock.elapsed());
  fmt::print(out, "orch_bytes {}\n", orchestration.tell());
  CountingStream kernels;
  transforms::StageClock kernelClock;
  if (!codegen::emitKernels(*program, kernels, diags))
    return 1;
  kernels.flush();
  report(out, "codegen-kernels", kernelClock.elapsed());

  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  fmt::print(out, "peak_kib {}\n", usage.ru_maxrss);
  return 0;
}

using Measurement = int (*)(const Config &config, FILE *out);

/// Runs `measurement` in a child so that each gets its own peak RSS, and
/// adds what it reports to `result`.
bool runChild(Measurement measurement, const Config &config,
              Result &result) {
  int fds[2];
  if (pipe(fds) != 0)
    return false;
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    FILE *out = fdopen(fds[1], "w");
    int rc = measurement(config, out);
    fclose(out);
    _exit(rc);
  }
  close(fds[1]);
  FILE *in = fdopen(fds[0], "r");
  char name[128];
  double value;
  while (fscanf(in, "%127s %lf", name, &value) == 2) {
    std::string key = name;
    llvm::StringRef stage = key;
    if (key == "peak_kib")
      result.peakKiB = static_cast<long>(value);
    else if (key == "stock_peak_kib")
      result.stockPeakKiB = static_cast<long>(value);
    else if (key == "stock_tokens")
      result.stockTokens = value;
    else if (stage.consume_front("arena:"))
      result.arenaBytes.add(stage.str(), value);
    else if (stage.consume_front("system:"))
      result.systemSeconds.add(stage.str(), value);
    else if (stage.consume_front("faults:"))
      result.pageFaults.add(stage.str(), value);
    else if (key == "bytes")
      result.megabytes = value / 1e6;
    else if (key == "orch_bytes")
      result.orchMegabytes = value / 1e6;
    else
      result.stages.add(key, value);
  }
  fclose(in);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int usage(llvm::StringRef arg) {
  fmt::print(stderr,
             "compile_scaling: '{}' is not a number of scopes, --repeat=K, "
             "--functions=K, --verify-each or --print\n"
             "usage: compile_scaling [--repeat=K] [--functions=K] "
             "[--verify-each] [N...]\n"
             "       (default: --repeat=3 --functions=1 1000 10000 100000)\n"
             "       compile_scaling [--functions=K] --print N   (writes the "
             "N-scope program to standard output)\n",
             arg.str());
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  std::vector<unsigned> sizes;
  unsigned repeat = 3;
  unsigned numFunctions = 1;
  bool verifyEach = false;
  bool print = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--verify-each") {
      verifyEach = true;
      continue;
    }
    if (arg == "--print") {
      print = true;
      continue;
    }
    unsigned value = 0;
    bool isRepeat = arg.consume_front("--repeat=");
    bool isFunctions = !isRepeat && arg.consume_front("--functions=");
    if (arg.getAsInteger(10, value) || value == 0)
      return usage(argv[i]);
    if (isRepeat)
      repeat = value;
    else if (isFunctions)
      numFunctions = value;
    else
      sizes.push_back(value);
  }
  if (sizes.empty() && !print)
    sizes = {1000, 10000, 100000};
  for (unsigned n : sizes)
    if (n < numFunctions) {
      fmt::print(stderr,
                 "compile_scaling: {} scopes cannot fill {} functions\n", n,
                 numFunctions);
      return 2;
    }
  if (print) {
    if (sizes.size() != 1) {
      fmt::print(stderr, "compile_scaling: --print takes one N\n");
      return 2;
    }
    fmt::print("{}", bench::generateScopeProgram(sizes.front(), numFunctions));
    return 0;
  }

  std::vector<Result> results(sizes.size());
  std::vector<std::vector<Result>> runs(sizes.size());
  for (size_t i = 0; i != sizes.size(); ++i) {
    for (unsigned run = 0; run != repeat; ++run) {
      Result result;
      Config config{sizes[i], numFunctions, verifyEach};
      if (!runChild(measure, config, result) ||
          !runChild(measurePlcParseFloor, config, result) ||
          !runChild(measureStockFloor, config, result)) {
        fmt::print(stderr, "compile_scaling: compiling {} scopes failed\n",
                   sizes[i]);
        return 1;
      }
      results[i].keepBest(result);
      result.total = result.runTotal();
      runs[i].push_back(std::move(result));
    }
  }
  fmt::print("best of {} runs per size, each in a fresh process (last "
             "column: the ratio of the median runs)",
             repeat);
  if (numFunctions > 1)
    fmt::print("; the scopes spread over {} orchestration functions",
               numFunctions);
  fmt::print("\n");

  // Stage rows in the order the first run reported them.
  const Result &first = results.front();
  fmt::print("{:<46}", "stage (seconds)");
  for (unsigned n : sizes)
    fmt::print("{:>12}", fmt::format("N={}", n));
  if (sizes.size() > 1)
    fmt::print(
        "{:>20}{:>14}",
        fmt::format("t({})/t({})", sizes.back(), sizes[sizes.size() - 2]),
        "of medians");
  fmt::print("\n");
  auto ratio = [](double prev, double last) {
    return prev > 0 ? last / prev : 0.0;
  };
  auto median = [](const std::vector<Result> &rs, auto value) {
    std::vector<double> values;
    for (const Result &r : rs)
      values.push_back(value(r));
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  };
  // `withMedians` adds the ratio of the median runs: for times, not for
  // counts that are the same in every run.
  auto row = [&](const std::string &name, auto value, bool withMedians) {
    fmt::print("{:<46}", name);
    for (const Result &r : results)
      fmt::print("{:>12.4f}", value(r));
    if (sizes.size() > 1) {
      fmt::print("{:>20.2f}", ratio(value(results[results.size() - 2]),
                                    value(results.back())));
      if (withMedians)
        fmt::print("{:>14.2f}", ratio(median(runs[runs.size() - 2], value),
                                      median(runs.back(), value)));
    }
    fmt::print("\n");
  };
  auto stageRows = [&](bool floors) {
    for (const auto &stage : first.stages.entries)
      if (isFloor(stage.first) == floors)
        row(
            stage.first, [&](const Result &r) { return r.lookup(stage.first); },
            true);
  };
  stageRows(false);
  auto total = [](const Result &r) { return r.total; };
  row("total (without the floors)", total, true);
  fmt::print("floors, not in the total:\n");
  stageRows(true);
  auto stockFloor = [](const Result &r) {
    return r.lookup("floor-stock-antlr-lex") +
           r.lookup("floor-stock-antlr-parse");
  };
  row("floor-stock-antlr (lex + parse)", stockFloor, true);
  // Where a stage's time goes beyond its own work: the kernel handing out
  // fresh pages (see the file comment of transforms/StageUsage.h).
  auto usageRows = [&](const char *heading, StageTable Result::*table,
                       double scale) {
    fmt::print("{}\n", heading);
    for (const auto &stage : first.stages.entries)
      if (!isFloor(stage.first))
        row(
            "  " + stage.first,
            [&](const Result &r) {
              return (r.*table).lookup(stage.first) * scale;
            },
            false);
  };
  usageRows("system (kernel) seconds, by stage:", &Result::systemSeconds, 1);
  usageRows("page faults (thousands), by stage:", &Result::pageFaults, 1e-3);

  fmt::print("\n{:<46}", "");
  for (unsigned n : sizes)
    fmt::print("{:>12}", fmt::format("N={}", n));
  fmt::print("\n{:<46}", "input MB");
  for (const Result &r : results)
    fmt::print("{:>12.2f}", r.megabytes);
  fmt::print("\n{:<46}", "orchestration MB");
  for (const Result &r : results)
    fmt::print("{:>12.2f}", r.orchMegabytes);
  fmt::print("\n{:<46}", "scopes per second (end to end)");
  for (size_t i = 0; i != sizes.size(); ++i)
    fmt::print("{:>12.0f}", sizes[i] / total(results[i]));
  fmt::print("\n{:<46}", "total / stock ANTLR floor");
  for (const Result &r : results)
    fmt::print("{:>12.2f}", total(r) / stockFloor(r));
  fmt::print("\n{:<46}", "total / plc parse without IR");
  for (const Result &r : results)
    fmt::print("{:>12.2f}",
               total(r) / r.lookup("floor-plc-parse-without-ir"));
  fmt::print("\n{:<46}", "stock ANTLR tokens (millions)");
  for (const Result &r : results)
    fmt::print("{:>12.2f}", r.stockTokens / 1e6);
  fmt::print("\n{:<46}", "stock ANTLR floor peak RSS (MiB)");
  for (const Result &r : results)
    fmt::print("{:>12.1f}", r.stockPeakKiB / 1024.0);
  fmt::print("\nIR arena MB added, by stage:");
  for (const auto &stage : first.arenaBytes.entries) {
    fmt::print("\n{:<46}", "  " + stage.first);
    for (const Result &r : results)
      fmt::print("{:>12.2f}", r.arenaBytes.lookup(stage.first) / 1e6);
  }
  fmt::print("\n{:<46}", "peak RSS (MiB)");
  for (const Result &r : results)
    fmt::print("{:>12.1f}", r.peakKiB / 1024.0);
  fmt::print("\n{:<46}", "peak RSS per scope (KiB)");
  for (size_t i = 0; i != sizes.size(); ++i)
    fmt::print("{:>12.2f}", double(results[i].peakKiB) / sizes[i]);
  fmt::print("\n");
  return 0;
}
