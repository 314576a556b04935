//===- Driver.cpp - The compile pipeline behind `plc FILE` ----------------===//
//
// One function per output kind. Each receives the already-read input buffer
// and the options; the stages (frontend, pass pipeline, codegen) are called
// from here and nowhere else.
//
//===----------------------------------------------------------------------===//

#include "tools/plc/Driver.h"

#include "tools/plc/Files.h"

#include "ir/Diagnostics.h"

#include "llvm/Support/ErrorHandling.h"

using namespace plc;
using namespace plc::driver;

namespace {

/// Everything a stage function needs: the input (already in the SourceMgr),
/// where its output goes, and where its diagnostics go.
struct CompileInput {
  const CompileOptions &options;
  DiagnosticEngine &diags;
  unsigned bufferId;
};

} // namespace

llvm::StringRef plc::driver::emitKindName(EmitKind kind) {
  switch (kind) {
  case EmitKind::None:
    return "none";
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

static ExitCode notImplementedEmit(const CompileInput &in) {
  return notImplemented("--emit=" + emitKindName(in.options.emit).str(),
                        in.diags);
}

/// Checks the input without producing output. Reading it is all there is
/// until the frontend is wired in here.
static ExitCode checkOnly(const CompileInput &in) { return ExitCode::Success; }

static ExitCode emitIR(const CompileInput &in) { return notImplementedEmit(in); }

static ExitCode emitDepsJson(const CompileInput &in) {
  return notImplementedEmit(in);
}

static ExitCode emitDot(const CompileInput &in) {
  return notImplementedEmit(in);
}

static ExitCode emitOrch(const CompileInput &in) {
  return notImplementedEmit(in);
}

static ExitCode emitKernels(const CompileInput &in) {
  return notImplementedEmit(in);
}

static ExitCode emitCpp(const CompileInput &in) {
  return notImplementedEmit(in);
}

ExitCode plc::driver::compile(const CompileOptions &options,
                              DiagnosticEngine &diags) {
  unsigned bufferId = readInput(options.inputPath, diags);
  if (bufferId == 0)
    return ExitCode::UserError;
  CompileInput in{options, diags, bufferId};
  switch (options.emit) {
  case EmitKind::None:
    return checkOnly(in);
  case EmitKind::IR:
    return emitIR(in);
  case EmitKind::DepsJson:
    return emitDepsJson(in);
  case EmitKind::Dot:
    return emitDot(in);
  case EmitKind::Orch:
    return emitOrch(in);
  case EmitKind::Kernels:
    return emitKernels(in);
  case EmitKind::Cpp:
    return emitCpp(in);
  }
  llvm_unreachable("unknown emit kind");
}
