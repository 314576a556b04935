//===- Driver.cpp - The compile pipeline behind `plc FILE` ----------------===//
//
// The stages (frontend, pass pipeline, codegen) are called from here and
// nowhere else: read the input, parse it, run the pipeline, then write the
// requested output. Each stage's wall-clock time is recorded for
// --time-passes.
//
//===----------------------------------------------------------------------===//

#include "tools/plc/Driver.h"

#include "tools/plc/Files.h"

#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "ir/IRContext.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "ir/TaskGraphExport.h"
#include "transforms/PassManager.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace plc;
using namespace plc::driver;

llvm::StringRef plc::driver::emitKindName(EmitKind kind) {
  switch (kind) {
  case EmitKind::IR:
    return "ir";
  case EmitKind::DepsJson:
    return "deps-json";
  case EmitKind::Dot:
    return "dot";
  case EmitKind::Orch:
    return "orch";
  case EmitKind::Kernels:
    return "kernels";
  case EmitKind::Cpp:
    return "cpp";
  }
  llvm_unreachable("unknown emit kind");
}

ExitCode plc::driver::notImplemented(llvm::StringRef what,
                                     DiagnosticEngine &diags) {
  diags.error(Span(), what + " is not implemented yet");
  return ExitCode::InternalError;
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Everything the stages share for one compilation.
struct Compilation {
  const CompileOptions &options;
  DiagnosticEngine &diags;
  ir::IRContext ctx;
  double parseSeconds = 0;
};

} // namespace

/// The pipeline a compilation runs: the one asked for, else the default one
/// when the output needs task graphs, else none.
static std::string pipelineFor(const CompileOptions &options) {
  if (!options.passes.empty())
    return options.passes;
  return options.emit == EmitKind::IR ? "" : "default";
}

/// Prints `program`, reparses the text, and checks that the reparse is
/// structurally equal and prints to the same bytes.
static ExitCode checkRoundtrip(const ir::Program &program,
                               DiagnosticEngine &diags) {
  std::string printed = ir::programToString(program);
  ir::IRContext reparseCtx;
  // The reparse reports against its own buffer, so errors point into the
  // printed text.
  llvm::StringRef buffer = diags.addBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(printed, "<printed IR>"));
  const ir::Program *reparsed =
      frontend::parseProgramBuffer(diags, buffer, reparseCtx);
  if (!reparsed) {
    diags.error(Span(), "round trip failed: the printed IR does not parse");
    return ExitCode::UserError;
  }
  std::string whyNot;
  if (!ir::structuralEqual(program, *reparsed, &whyNot)) {
    diags.error(Span(), "round trip failed: the reparsed program differs: " +
                            whyNot);
    return ExitCode::UserError;
  }
  std::string reprinted = ir::programToString(*reparsed);
  if (reprinted != printed) {
    size_t at = 0;
    while (at < printed.size() && at < reprinted.size() &&
           printed[at] == reprinted[at])
      ++at;
    unsigned line = 1 + std::count(printed.begin(), printed.begin() + at, '\n');
    diags.error(Span(), "round trip failed: printing the reparsed program "
                        "gives different text from line " +
                            llvm::Twine(line));
    return ExitCode::UserError;
  }
  return ExitCode::Success;
}

/// Prints the per-stage times: parse, then the pass manager's table.
static void printTimes(const Compilation &c, const transforms::PassManager *pm,
                       double emitSeconds) {
  llvm::raw_ostream &os = llvm::errs();
  os << llvm::format("   %.4f  parse\n", c.parseSeconds);
  if (pm)
    pm->printTimingReport(os);
  os << llvm::format("   %.4f  emit (%s)\n", emitSeconds,
                     emitKindName(c.options.emit).str().c_str());
}

static bool emit(const ir::Program &program, const CompileOptions &options,
                 llvm::raw_ostream &os, DiagnosticEngine &diags) {
  switch (options.emit) {
  case EmitKind::IR:
    ir::printProgram(program, os);
    return true;
  case EmitKind::DepsJson:
    ir::printTaskGraphsJson(program, os);
    return true;
  case EmitKind::Dot:
    ir::printTaskGraphsDot(program, os);
    return true;
  case EmitKind::Orch:
  case EmitKind::Kernels:
  case EmitKind::Cpp:
    notImplemented("--emit=" + emitKindName(options.emit).str(), diags);
    return false;
  }
  llvm_unreachable("unknown emit kind");
}

ExitCode plc::driver::compile(const CompileOptions &options,
                              DiagnosticEngine &diags) {
  unsigned bufferId = readInput(options.inputPath, diags);
  if (bufferId == 0)
    return ExitCode::UserError;
  Compilation c{options, diags, {}, 0};

  Clock::time_point start = Clock::now();
  const ir::Program *program = frontend::parseProgram(diags, bufferId, c.ctx);
  c.parseSeconds = secondsSince(start);
  if (!program)
    return ExitCode::UserError;

  std::string pipeline = pipelineFor(options);
  std::unique_ptr<transforms::PassManager> pm;
  if (!pipeline.empty() || options.printIRAfterAll ||
      !options.printIRAfter.empty()) {
    pm = std::make_unique<transforms::PassManager>(c.ctx, diags);
    if (!pm->parsePipeline(pipeline))
      return ExitCode::UsageError;
    pm->setVerifyEach(options.verifyEach);
    pm->setTiming(options.timePasses);
    if (!pm->enableIRPrinting(ir::printProgram, llvm::errs(),
                              options.printIRAfterAll, options.printIRAfter))
      return ExitCode::UsageError;
    switch (pm->run(program)) {
    case transforms::PipelineResult::Success:
      break;
    case transforms::PipelineResult::InputError:
      return ExitCode::UserError;
    case transforms::PipelineResult::InternalError:
      return ExitCode::InternalError;
    }
  }

  if (options.checkRoundtrip)
    return checkRoundtrip(*program, diags);

  start = Clock::now();
  ExitCode result = writeOutput(
      options.outputPath, diags,
      [&](llvm::raw_ostream &os) { return emit(*program, options, os, diags); });
  if (options.timePasses)
    printTimes(c, pm.get(), secondsSince(start));
  return result;
}
