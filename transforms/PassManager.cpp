//===- PassManager.cpp - Runs a pipeline of passes ------------------------===//

#include "transforms/PassManager.h"

#include "transforms/Passes.h"
#include "transforms/Verifiers.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cassert>
#include <vector>

using namespace plc;
using namespace plc::transforms;

namespace {
/// The pass that establishes `property`, for hints.
llvm::StringRef producerOf(IRProperty property) {
  switch (property) {
  case IRProperty::SSAForm:
  case IRProperty::DefinedBeforeUse:
    return "convert-to-ssa";
  case IRProperty::HierarchyOutlined:
    return "outline-hierarchy-scopes";
  case IRProperty::InCoreOutlined:
    return "outline-incore-scopes";
  case IRProperty::ClusterOutlined:
    return "outline-cluster-scopes";
  }
  llvm_unreachable("unknown IR property");
}

/// At most this many violations are reported per verifier run.
constexpr size_t kMaxReported = 10;
} // namespace

PassManager::PassManager(ir::IRContext &ctx, DiagnosticEngine &diags)
    : ctx(ctx), diags(diags) {}

PassManager::~PassManager() = default;

void PassManager::addPass(std::unique_ptr<Pass> pass) {
  passes.push_back(std::move(pass));
}

bool PassManager::parsePipeline(llvm::StringRef pipeline) {
  llvm::SmallVector<llvm::StringRef, 8> names;
  pipeline.split(names, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/true);
  std::vector<std::unique_ptr<Pass>> parsed;
  for (llvm::StringRef name : names) {
    name = name.trim();
    if (name == "default") {
      PassManager defaults(ctx, diags);
      buildDefaultPipeline(defaults);
      for (auto &pass : defaults.passes)
        parsed.push_back(std::move(pass));
      continue;
    }
    std::unique_ptr<Pass> pass = createPassByName(name);
    if (!pass) {
      std::string known = "default";
      for (llvm::StringRef n : allPassNames())
        known += ", " + n.str();
      diags.error(Span(), name.empty()
                              ? llvm::Twine("empty pass name in pipeline '") +
                                    pipeline + "'"
                              : llvm::Twine("unknown pass '") + name +
                                    "' in pipeline '" + pipeline + "'")
          .note("known passes: " + known);
      return false;
    }
    parsed.push_back(std::move(pass));
  }
  for (auto &pass : parsed)
    passes.push_back(std::move(pass));
  return true;
}

std::vector<std::string> PassManager::passNames() const {
  std::vector<std::string> names;
  for (const auto &pass : passes)
    names.push_back(pass->name().str());
  return names;
}

void PassManager::addAfterPassCallback(AfterPassCallback callback) {
  callbacks.push_back(std::move(callback));
}

bool PassManager::enableIRPrinting(ProgramPrinter print, llvm::raw_ostream &os,
                                   bool all,
                                   llvm::ArrayRef<std::string> after) {
  for (const std::string &name : after)
    if (!llvm::is_contained(allPassNames(), llvm::StringRef(name))) {
      diags.error(Span(), "unknown pass '" + name + "' in --print-ir-after");
      return false;
    }
  if (!all && after.empty())
    return true;
  std::vector<std::string> names(after.begin(), after.end());
  addAfterPassCallback([print = std::move(print), &os, all,
                        names](const Pass &pass, const ir::Program &program) {
    if (!all && !llvm::is_contained(names, pass.name().str()))
      return;
    os << "# IR after " << pass.name() << "\n";
    print(program, os);
    os.flush();
  });
  return true;
}

namespace {
/// The applicable verifiers of one run, each with its own violations, fed
/// by a single walk of the program.
struct VerifierRun {
  struct Entry {
    const VerifierInfo *info;
    IRProperties checked;
    llvm::SmallVector<Violation, 4> violations;
    std::unique_ptr<VerifierCheck> check;
  };
  // Each check holds a reference to its entry's violations: room for every
  // verifier is reserved up front so that entries never move.
  std::vector<Entry> entries;
  VerifierRun() { entries.reserve(allVerifiers().size()); }

  /// Adds `verifier`, checking `checked` (a subset of its properties).
  void add(const ir::Program &program, const VerifierInfo &verifier,
           IRProperties checked) {
    assert(entries.size() < entries.capacity() && "entries must not move");
    entries.push_back({&verifier, checked, {}, nullptr});
    Entry &entry = entries.back();
    entry.check = verifier.create(program, checked, entry.violations);
    if (!entry.check)
      entries.pop_back();
  }

  void run(const ir::Program &program, VerificationCache *cache = nullptr) {
    llvm::SmallVector<VerifierCheck *, 8> checks;
    for (Entry &entry : entries)
      checks.push_back(entry.check.get());
    runVerifierChecks(program, checks, cache);
  }
};
} // namespace

bool PassManager::checkRequirements(const ir::Program &program,
                                    IRProperties missing, const Pass &pass) {
  VerifierRun run;
  for (const VerifierInfo &verifier : allVerifiers()) {
    IRProperties asked;
    verifier.covers.forEach([&](IRProperty p) {
      if (missing.contains(p))
        asked.insert(p);
    });
    if (!asked.empty())
      run.add(program, verifier, asked);
  }
  run.run(program);
  for (const VerifierRun::Entry &entry : run.entries) {
    if (entry.violations.empty())
      continue;
    std::string props;
    entry.checked.forEach([&](IRProperty p) {
      if (!props.empty())
        props += ", ";
      props += propertyName(p).str();
    });
    IRProperty first = IRProperty::SSAForm;
    entry.checked.forEach([&](IRProperty p) { first = p; });
    const Violation &violation = entry.violations.front();
    diags
        .error(violation.at, "pass '" + pass.name() + "' requires " + props +
                                 ", which does not hold: " + violation.message)
        .note("run '" + producerOf(first) + "' before '" + pass.name() + "'");
    return false;
  }
  return true;
}

bool PassManager::verify(const ir::Program &program, IRProperties established,
                         const Pass &after, VerificationCache &cache,
                         bool lastOfPipeline) {
  VerifierRun run;
  for (const VerifierInfo &verifier : allVerifiers()) {
    bool applies = verifier.covers.empty();
    verifier.covers.forEach(
        [&](IRProperty p) { applies |= established.contains(p); });
    if (applies)
      run.add(program, verifier, established);
  }
  cache.begin(established);
  run.run(program, &cache);
  PassContext pc(ctx, diags);
  bool ok = true;
  for (const VerifierRun::Entry &entry : run.entries) {
    const Violations &violations = entry.violations;
    for (size_t i = 0; i < violations.size() && i < kMaxReported; ++i) {
      std::string when =
          lastOfPipeline
              ? ("on the output of the pipeline (last pass '" + after.name() +
                 "')")
                    .str()
              : ("after pass '" + after.name() + "'").str();
      InFlightDiagnostic diag = pc.internalError(
          violations[i].at, "verifier '" + entry.info->name + "' failed " +
                                when + ": " + violations[i].message);
      if (violations[i].related.isValid())
        diag.note(violations[i].relatedNote, violations[i].related);
      if (lastOfPipeline)
        diag.note("rerun with --verify-each to find the pass that broke it");
    }
    ok &= violations.empty();
  }
  if (ok)
    cache.commit();
  return ok;
}

PipelineResult PassManager::run(const ir::Program *&program) {
  IRProperties established = input;
  // What verification last checked, and with which properties.
  const ir::Program *verified = nullptr;
  IRProperties verifiedWith;
  VerificationCache verifiedFunctions;
  for (const auto &pass : passes) {
    IRProperties missing = pass->required() - established;
    if (!missing.empty()) {
      if (!checkRequirements(*program, missing, *pass))
        return PipelineResult::InputError;
      established = established | missing;
    }

    PassContext pc(ctx, diags);
    size_t arenaBefore = ctx.arenaBytes();
    StageClock passClock;
    const ir::Program *result = pass->run(*program, pc);
    if (timing)
      timings.push_back({pass->name().str(), passClock.elapsed(),
                         ctx.arenaBytes() - arenaBefore});
    if (!result)
      return pc.sawInternalError() ? PipelineResult::InternalError
                                   : PipelineResult::InputError;
    program = result;
    established = (established - pass->invalidated()) | pass->produced();

    for (const AfterPassCallback &callback : callbacks)
      callback(*pass, *program);

    // IR is immutable: a pass that returns its input unchanged, with no
    // property newly established, leaves nothing new to verify.
    bool unchanged = program == verified && established == verifiedWith;
    if (verifyEach && !unchanged) {
      verified = program;
      verifiedWith = established;
      StageClock verifyClock;
      bool ok = verify(*program, established, *pass, verifiedFunctions,
                       /*lastOfPipeline=*/false);
      verifyUsage += verifyClock.elapsed();
      if (!ok)
        return PipelineResult::InternalError;
    }
  }
  // Without --verify-each the output is still verified, once: no broken IR
  // reaches code generation.
  if (!verifyEach && !passes.empty()) {
    StageClock verifyClock;
    bool ok = verify(*program, established, *passes.back(), verifiedFunctions,
                     /*lastOfPipeline=*/true);
    verifyUsage += verifyClock.elapsed();
    if (!ok)
      return PipelineResult::InternalError;
  }
  return PipelineResult::Success;
}

void PassManager::printTimingReport(llvm::raw_ostream &os) const {
  // Passes that ran several times (once per run) are summed by name, in
  // first-run order.
  llvm::SmallVector<TimingRecord, 8> rows;
  for (const TimingRecord &record : timings) {
    auto it = llvm::find_if(
        rows, [&](const TimingRecord &r) { return r.name == record.name; });
    if (it == rows.end())
      rows.push_back(record);
    else
      it->usage += record.usage;
  }
  if (!timings.empty())
    rows.push_back({verifyEach ? "(verify-each)" : "(verify)", verifyUsage});
  StageUsage total;
  for (const TimingRecord &row : rows)
    total += row.usage;

  os << "===" << std::string(73, '-') << "===\n"
     << "                      ... Pass execution timing report ...\n"
     << "===" << std::string(73, '-') << "===\n";
  os << llvm::format("  Total Execution Time: %.4f seconds (system %.4f)\n\n",
                     total.seconds, total.systemSeconds);
  os << "   ---Wall Time---  -System-  --- Name ---\n";
  auto line = [&](const StageUsage &usage, llvm::StringRef name) {
    double share = total.seconds > 0 ? 100.0 * usage.seconds / total.seconds
                                     : 0.0;
    os << llvm::format("   %.4f (%5.1f%%)  %8.4f  ", usage.seconds, share,
                       usage.systemSeconds)
       << name << "\n";
  };
  for (const TimingRecord &row : rows)
    line(row.usage, row.name);
  line(total, "Total");
}
