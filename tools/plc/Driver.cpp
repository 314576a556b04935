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

#include "codegen/KernelCodegen.h"
#include "codegen/OrchestrationCodegen.h"
#include "codegen/ProgramCodegen.h"
#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "ir/IRContext.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "ir/TaskGraphExport.h"
#include "transforms/PassManager.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

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

/// The pipeline a compilation runs: the one asked for, else the default one
/// when the output needs task graphs or IR is to be printed after passes,
/// else none.
static std::string pipelineFor(const CompileOptions &options) {
  if (!options.passes.empty())
    return options.passes;
  bool printsAfterPasses =
      options.printIRAfterAll || !options.printIRAfter.empty();
  return options.emit == EmitKind::IR && !printsAfterPasses ? "" : "default";
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
    return codegen::emitOrchestration(program, os, diags);
  case EmitKind::Kernels:
    return codegen::emitKernels(program, os, diags);
  case EmitKind::Cpp:
    llvm_unreachable("--emit=cpp writes files, not a stream");
  }
  llvm_unreachable("unknown emit kind");
}

Compilation::Compilation(const CompileOptions &options,
                         DiagnosticEngine &diags)
    : options(options), diags(diags),
      ctx(std::make_unique<ir::IRContext>()) {}

Compilation::~Compilation() = default;

ExitCode Compilation::run() {
  unsigned bufferId = readInput(options.inputPath, diags);
  if (bufferId == 0)
    return ExitCode::UserError;

  transforms::StageClock clock;
  const ir::Program *program = frontend::parseProgram(diags, bufferId, *ctx);
  parseUsage = clock.elapsed();
  if (!program)
    return ExitCode::UserError;

  std::string pipeline = pipelineFor(options);
  if (!pipeline.empty()) {
    pm = std::make_unique<transforms::PassManager>(*ctx, diags);
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
  result = program;
  return ExitCode::Success;
}

void Compilation::printTimes(const transforms::StageUsage &emit) const {
  llvm::raw_ostream &os = llvm::errs();
  os << llvm::format("   %.4f (system %.4f)  parse\n", parseUsage.seconds,
                     parseUsage.systemSeconds);
  if (pm)
    pm->printTimingReport(os);
  os << llvm::format("   %.4f (system %.4f)  emit (%s)\n", emit.seconds,
                     emit.systemSeconds,
                     emitKindName(options.emit).str().c_str());
}

/// Writes orchestration.cpp and kernels.cpp into the directory `dir`.
static ExitCode emitCppFiles(const ir::Program &program, llvm::StringRef dir,
                             DiagnosticEngine &diags) {
  if (dir == "-") {
    diags.error(Span(), "--emit=cpp writes two files: name a directory with -o");
    return ExitCode::UsageError;
  }
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    diags.fileError(dir, "cannot create output directory: " + ec.message());
    return ExitCode::UserError;
  }
  llvm::SmallString<256> orch(dir), kernels(dir);
  llvm::sys::path::append(orch, codegen::OrchestrationFileName);
  llvm::sys::path::append(kernels, codegen::KernelsFileName);
  ExitCode rc = writeOutput(orch, diags, [&](llvm::raw_ostream &os) {
    return codegen::emitOrchestration(program, os, diags);
  });
  if (rc != ExitCode::Success)
    return rc;
  return writeOutput(kernels, diags, [&](llvm::raw_ostream &os) {
    return codegen::emitKernels(program, os, diags);
  });
}

ExitCode plc::driver::compile(const CompileOptions &options,
                              DiagnosticEngine &diags) {
  Compilation c(options, diags);
  if (ExitCode rc = c.run(); rc != ExitCode::Success)
    return rc;
  const ir::Program &program = *c.program();
  if (options.checkRoundtrip)
    return checkRoundtrip(program, diags);

  transforms::StageClock clock;
  ExitCode result =
      options.emit == EmitKind::Cpp
          ? emitCppFiles(program, options.outputPath, diags)
          : writeOutput(options.outputPath, diags, [&](llvm::raw_ostream &os) {
              return emit(program, options, os, diags);
            });
  if (options.timePasses)
    c.printTimes(clock.elapsed());
  return result;
}
