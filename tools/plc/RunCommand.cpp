//===- RunCommand.cpp - `plc run FILE` ------------------------------------===//

#include "tools/plc/RunCommand.h"

#include "tools/plc/Driver.h"
#include "tools/plc/Files.h"

#include "codegen/ProgramCodegen.h"
#include "ir/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"

using namespace plc;
using namespace plc::driver;

static bool isIdentifier(llvm::StringRef text) {
  if (text.empty() || !(llvm::isAlpha(text.front()) || text.front() == '_'))
    return false;
  return llvm::all_of(text.drop_front(), [](char c) {
    return llvm::isAlnum(c) || c == '_';
  });
}

llvm::Optional<TensorFill> plc::driver::parseTensorInit(llvm::StringRef text) {
  auto [name, valueText] = text.split('=');
  if (!isIdentifier(name) || valueText.empty())
    return llvm::None;
  double value;
  // getAsDouble returns true on failure.
  if (valueText.getAsDouble(value))
    return llvm::None;
  return TensorFill{name.str(), value};
}

ExitCode plc::driver::runProgram(const RunOptions &options,
                                 DiagnosticEngine &diags) {
  // Check the whole command line before doing any work.
  BuildRunOptions run;
  for (const std::string &text : options.tensorInits) {
    llvm::Optional<TensorFill> fill = parseTensorInit(text);
    if (!fill) {
      diags.error(Span(), "malformed --tensor '" + text +
                              "': expected NAME=NUMBER")
          .note("for example --tensor gate=1");
      return ExitCode::UsageError;
    }
    run.fills.push_back(std::move(*fill));
  }
  for (const std::string &text : options.elementSets) {
    llvm::Optional<ElementSet> set = parseElementSet(text);
    if (!set) {
      diags.error(Span(), "malformed --set '" + text +
                              "': expected NAME[i, j, ...]=NUMBER")
          .note("for example --set gate[0,0]=1");
      return ExitCode::UsageError;
    }
    run.sets.push_back(std::move(*set));
  }
  run.prints = options.prints;
  run.workers = options.workers;

  CompileOptions compileOptions;
  compileOptions.inputPath = options.inputPath;
  compileOptions.passes = "default";
  Compilation compilation(compileOptions, diags);
  if (ExitCode rc = compilation.run(); rc != ExitCode::Success)
    return rc;
  std::optional<codegen::GeneratedProgram> generated =
      codegen::generateProgram(*compilation.program(), options.entry, diags);
  if (!generated)
    return ExitCode::UserError;
  return buildAndRun(*generated, run, diags);
}
