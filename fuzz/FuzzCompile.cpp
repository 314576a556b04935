//===- FuzzCompile.cpp - libFuzzer target: bytes through the compiler -----===//
//
// Feeds arbitrary bytes to the front end and whatever it accepts through the
// canonical-print round trip, the default pass pipeline (verifying after
// every pass) and code generation: the path `plc --emit=cpp` takes. Every
// stage must either accept its input or reject it with a diagnostic. A
// crash, a sanitizer report, a failed assert, a timeout, a rejection without
// a diagnostic or an internal error is a finding, reported by aborting.
// Diagnostics are rendered into a null stream so their formatting runs too.
//
//===----------------------------------------------------------------------===//

#include "frontend/Frontend.h"
#include "ir/Diagnostics.h"
#include "ir/IRContext.h"
#include "ir/Printer.h"
#include "ir/StructuralEqual.h"
#include "transforms/PassManager.h"

#if __has_include("codegen/ProgramCodegen.h")
#include "codegen/KernelCodegen.h"
#include "codegen/OrchestrationCodegen.h"
#include "codegen/ProgramCodegen.h"
#define PLC_FUZZ_HAS_CODEGEN 1
#endif

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace plc;

/// Aborts with `what`: libFuzzer saves the input as a crash artifact.
[[noreturn]] static void finding(const char *what) {
  std::fprintf(stderr, "plc-fuzz finding: %s\n", what);
  std::abort();
}

/// A stage that failed must have said why.
static void requireDiagnostic(const DiagnosticEngine &diags, unsigned before,
                              const char *stage) {
  if (diags.errorCount() == before) {
    std::string what = std::string(stage) + " failed without a diagnostic";
    finding(what.c_str());
  }
}

/// print(parse(x)) must reparse to an equal program that prints the same.
static void checkRoundTrip(const ir::Program &program) {
  std::string printed = ir::programToString(program);
  DiagnosticEngine diags(&llvm::nulls());
  llvm::StringRef text = diags.addBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(printed, "<printed>"));
  ir::IRContext ctx;
  const ir::Program *reparsed = frontend::parseProgramBuffer(diags, text, ctx);
  if (!reparsed)
    finding("the canonical print of an accepted program does not parse");
  std::string whyNot;
  if (!ir::structuralEqual(program, *reparsed, &whyNot)) {
    std::fprintf(stderr, "%s\n", whyNot.c_str());
    finding("the reparsed canonical print differs structurally");
  }
  if (ir::programToString(*reparsed) != printed)
    finding("printing is not a fixpoint");
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  DiagnosticEngine diags(&llvm::nulls());
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  llvm::StringRef text =
      diags.addBuffer(llvm::MemoryBuffer::getMemBufferCopy(input, "fuzz.pl"));

  ir::IRContext ctx;
  const ir::Program *program = frontend::parseProgramBuffer(diags, text, ctx);
  if (!program) {
    requireDiagnostic(diags, 0, "the front end");
    return 0;
  }
  if (diags.hadError())
    finding("the front end reported an error but returned a program");

  checkRoundTrip(*program);

  transforms::PassManager pm(ctx, diags);
  if (!pm.parsePipeline("default"))
    finding("the default pipeline does not parse");
  pm.setVerifyEach(true);
  switch (pm.run(program)) {
  case transforms::PipelineResult::Success:
    break;
  case transforms::PipelineResult::InputError:
    requireDiagnostic(diags, 0, "the pass pipeline");
    return 0;
  case transforms::PipelineResult::InternalError:
    finding("the pass pipeline reported an internal error");
  }

#ifdef PLC_FUZZ_HAS_CODEGEN
  unsigned before = diags.errorCount();
  if (!codegen::emitOrchestration(*program, llvm::nulls(), diags))
    requireDiagnostic(diags, before, "orchestration codegen");
  before = diags.errorCount();
  if (!codegen::emitKernels(*program, llvm::nulls(), diags))
    requireDiagnostic(diags, before, "kernel codegen");
  before = diags.errorCount();
  if (!codegen::generateProgram(*program, "", diags))
    requireDiagnostic(diags, before, "program codegen");
#endif
  return 0;
}
