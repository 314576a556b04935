//===- RunCommand.cpp - `plc run FILE` ------------------------------------===//

#include "tools/plc/RunCommand.h"

#include "tools/plc/Driver.h"
#include "tools/plc/Files.h"

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

llvm::Optional<TensorInit> plc::driver::parseTensorInit(llvm::StringRef text) {
  auto [name, valueText] = text.split('=');
  if (!isIdentifier(name) || valueText.empty())
    return llvm::None;
  double value;
  // getAsDouble returns true on failure.
  if (valueText.getAsDouble(value))
    return llvm::None;
  return TensorInit{name.str(), value};
}

ExitCode plc::driver::runProgram(const RunOptions &options,
                                 DiagnosticEngine &diags) {
  std::vector<TensorInit> inits;
  for (const std::string &text : options.tensorInits) {
    llvm::Optional<TensorInit> init = parseTensorInit(text);
    if (!init) {
      diags.error(Span(), "malformed --tensor '" + text +
                              "': expected NAME=NUMBER")
          .note("for example --tensor gate=1");
      return ExitCode::UsageError;
    }
    inits.push_back(std::move(*init));
  }
  if (readInput(options.inputPath, diags) == 0)
    return ExitCode::UserError;
  return notImplemented("plc run", diags);
}
