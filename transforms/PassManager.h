//===- PassManager.h - Runs a pipeline of passes ----------------*- C++ -*-===//
///
/// \file
/// Builds a pipeline from a string (`default`, or a comma list of pass
/// names in which `default` may appear), runs it, and instruments it:
///
///  * requirements: before a pass, every property it requires that is not
///    yet established is verified on the current IR (so a pipeline may start
///    from already-SSA text); a failure is a user error naming the pass that
///    would establish it;
///  * verification: with --verify-each, after every pass, the verifier of
///    each established property runs, plus the always-on ones; a failure is
///    an internal error naming the pass and the verifier. Without it the
///    same verifiers run once, on the pipeline's output, and a failure
///    points to --verify-each to find the pass;
///  * IR printing after all passes or after named ones;
///  * per-pass wall-clock timing and a report.
///
/// Driver wiring:
/// \code
///   PassManager pm(ctx, diags);
///   if (!pm.parsePipeline(passesOpt)) return ExitCode::UsageError;
///   pm.setVerifyEach(verifyEachOpt);
///   pm.setTiming(timePassesOpt);
///   if (!pm.enableIRPrinting(ir::printProgram, llvm::errs(), printAllOpt,
///                            printAfterOpt)) return ExitCode::UsageError;
///   switch (pm.run(program)) { ... }
///   if (timePassesOpt) pm.printTimingReport(llvm::errs());
/// \endcode
///
//===----------------------------------------------------------------------===//
#ifndef PLC_TRANSFORMS_PASSMANAGER_H
#define PLC_TRANSFORMS_PASSMANAGER_H

#include "transforms/Pass.h"
#include "transforms/StageUsage.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc::transforms {

class VerificationCache;

enum class PipelineResult {
  Success,
  InputError,    ///< the user's program (or pipeline) is wrong
  InternalError, ///< a pass or verifier found a compiler bug
};

class PassManager {
public:
  PassManager(ir::IRContext &ctx, DiagnosticEngine &diags);
  ~PassManager();

  void addPass(std::unique_ptr<Pass> pass);

  /// Appends the passes of `pipeline`. On an unknown or empty name reports
  /// an error listing the known names, adds nothing and returns false.
  bool parsePipeline(llvm::StringRef pipeline);

  /// The names of the passes added so far, in order.
  std::vector<std::string> passNames() const;

  void setVerifyEach(bool on) { verifyEach = on; }
  void setTiming(bool on) { timing = on; }
  /// Properties the input is known to have (checked only if required).
  void setInputProperties(IRProperties properties) { input = properties; }

  using AfterPassCallback =
      std::function<void(const Pass &pass, const ir::Program &program)>;
  /// Called after every successful pass, before verification.
  void addAfterPassCallback(AfterPassCallback callback);

  using ProgramPrinter =
      std::function<void(const ir::Program &, llvm::raw_ostream &)>;
  /// Prints the IR to `os` after every pass (`all`) or after the passes
  /// named in `after`, each dump headed by `# IR after <pass>`. Reports an
  /// unknown name in `after` and returns false.
  bool enableIRPrinting(ProgramPrinter print, llvm::raw_ostream &os, bool all,
                        llvm::ArrayRef<std::string> after);

  /// Runs the pipeline on `program`, replacing it with the result (also on
  /// failure: then it holds the last program that a pass produced).
  PipelineResult run(const ir::Program *&program);

  /// Wall-clock and system time per pass (and for verification) of the
  /// runs so far.
  void printTimingReport(llvm::raw_ostream &os) const;

  struct TimingRecord {
    std::string name;
    StageUsage usage;
    /// What the pass added to the IR arena (IRContext::arenaBytes).
    size_t arenaBytes = 0;
  };
  /// One record per pass run, in run order (with setTiming(true)).
  llvm::ArrayRef<TimingRecord> passTimings() const { return timings; }
  /// Total spent in verification (after every pass, or at the end).
  const StageUsage &verificationUsage() const { return verifyUsage; }

private:
  /// Verifies `program` after `after`; `lastOfPipeline` marks the single
  /// verification of the output when --verify-each is off.
  bool verify(const ir::Program &program, IRProperties established,
              const Pass &after, VerificationCache &cache,
              bool lastOfPipeline);
  bool checkRequirements(const ir::Program &program, IRProperties missing,
                         const Pass &pass);

  ir::IRContext &ctx;
  DiagnosticEngine &diags;
  std::vector<std::unique_ptr<Pass>> passes;
  std::vector<AfterPassCallback> callbacks;
  bool verifyEach = true;
  bool timing = false;
  IRProperties input;

  std::vector<TimingRecord> timings;
  StageUsage verifyUsage;
};

} // namespace plc::transforms

#endif // PLC_TRANSFORMS_PASSMANAGER_H
