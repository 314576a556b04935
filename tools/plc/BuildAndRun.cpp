//===- BuildAndRun.cpp - Building and running generated code --------------===//

#include "tools/plc/BuildAndRun.h"

#include "codegen/BuildTreeRuntime.h"

#include "ir/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdio>

using namespace plc;
using namespace plc::driver;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

llvm::Optional<ElementSet> plc::driver::parseElementSet(llvm::StringRef text) {
  auto [target, valueText] = text.split('=');
  size_t open = target.find('[');
  if (open == llvm::StringRef::npos || !target.endswith("]") ||
      valueText.empty())
    return llvm::None;
  ElementSet set;
  llvm::StringRef name = target.take_front(open).trim();
  if (name.empty() || !(llvm::isAlpha(name.front()) || name.front() == '_') ||
      !llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return llvm::None;
  set.name = name.str();
  llvm::StringRef inside = target.drop_front(open + 1).drop_back().trim();
  llvm::SmallVector<llvm::StringRef, 5> parts;
  inside.split(parts, ',');
  for (llvm::StringRef part : parts) {
    int64_t index;
    // getAsInteger returns true on failure.
    if (part.trim().getAsInteger(10, index))
      return llvm::None;
    set.indices.push_back(index);
  }
  if (valueText.trim().getAsDouble(set.value))
    return llvm::None;
  return set;
}

static bool isFile(const llvm::Twine &p) { return fs::is_regular_file(p); }

llvm::Optional<RuntimeLocation> plc::driver::findRuntime(DiagnosticEngine &diags) {
  // An installed plc: <prefix>/bin/plc next to <prefix>/include, <prefix>/lib.
  static int anchor;
  std::string exe = fs::getMainExecutable(nullptr, &anchor);
  if (!exe.empty()) {
    llvm::SmallString<256> prefix(path::parent_path(path::parent_path(exe)));
    llvm::SmallString<256> include(prefix), library(prefix);
    path::append(include, "include");
    path::append(library, "lib", "libplrt.a");
    if (isFile(include + "/plrt/plrt.h") && isFile(library))
      return RuntimeLocation{include.str().str(), library.str().str(), ""};
  }
  // The build tree this plc was built in.
  if (isFile(llvm::Twine(PLC_BUILD_TREE_RUNTIME_INCLUDE_DIR) + "/plrt/plrt.h") &&
      isFile(PLC_BUILD_TREE_RUNTIME_LIBRARY))
    return RuntimeLocation{PLC_BUILD_TREE_RUNTIME_INCLUDE_DIR,
                           PLC_BUILD_TREE_RUNTIME_LIBRARY,
                           PLC_BUILD_TREE_RUNTIME_FLAGS};
  diags.error(Span(), "cannot find the plrt runtime (plrt/plrt.h and "
                      "libplrt.a) next to the plc binary or in its build tree")
      .note("build the 'plrt' target, or install plc with its runtime");
  return llvm::None;
}

static std::string cacheRoot(const BuildRunOptions &options) {
  if (!options.cacheDir.empty())
    return options.cacheDir;
  if (llvm::Optional<std::string> dir = llvm::sys::Process::GetEnv("PLC_CACHE_DIR"))
    if (!dir->empty())
      return *dir;
  llvm::SmallString<256> root;
  if (llvm::Optional<std::string> xdg =
          llvm::sys::Process::GetEnv("XDG_CACHE_HOME"))
    if (!xdg->empty())
      root = *xdg;
  if (root.empty()) {
    if (!path::home_directory(root))
      path::system_temp_directory(/*ErasedOnReboot=*/false, root);
    path::append(root, ".cache");
  }
  path::append(root, "plc");
  return root.str().str();
}

/// Hashes a file's contents into `hash` (its absence hashes as a marker).
static void hashFile(llvm::SHA256 &hash, llvm::StringRef file) {
  hash.update(file);
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer) {
    hash.update(llvm::StringRef("<missing>"));
    return;
  }
  hash.update((*buffer)->getBuffer());
}

/// The cache key: generated code, runtime (headers and library contents),
/// compiler and flags.
static std::string cacheKey(const codegen::GeneratedProgram &program,
                            const RuntimeLocation &runtime,
                            llvm::ArrayRef<std::string> command) {
  llvm::SHA256 hash;
  auto field = [&](llvm::StringRef text) {
    hash.update(text);
    hash.update(llvm::StringRef("\0", 1));
  };
  field("plc-run-1");
  field(program.orchestration);
  field(program.kernels);
  field(program.harness);
  hashFile(hash, runtime.library);
  std::vector<std::string> headers;
  std::error_code ec;
  llvm::SmallString<256> dir(runtime.includeDir);
  path::append(dir, "plrt");
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec))
    headers.push_back(it->path());
  std::sort(headers.begin(), headers.end());
  for (const std::string &header : headers)
    hashFile(hash, header);
  for (const std::string &arg : command)
    field(arg);
  return llvm::toHex(hash.final(), /*LowerCase=*/true).substr(0, 32);
}

static bool writeFile(llvm::StringRef file, llvm::StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(file, ec);
  if (ec)
    return false;
  os << text;
  os.close();
  return !os.has_error();
}

static std::string readLog(llvm::StringRef file) {
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    return "";
  llvm::StringRef text = (*buffer)->getBuffer();
  // Keep the report readable: the first errors say what is wrong.
  if (text.size() > 4000)
    return text.take_front(4000).str() + "\n...";
  return text.str();
}

/// Builds the executable for `program` unless the cache has it; returns its
/// path, or empty after reporting an error.
static std::string buildCached(const codegen::GeneratedProgram &program,
                               const BuildRunOptions &options,
                               DiagnosticEngine &diags) {
  llvm::Optional<RuntimeLocation> runtime = findRuntime(diags);
  if (!runtime)
    return "";
  std::string compiler;
  if (llvm::Optional<std::string> cxx = llvm::sys::Process::GetEnv("CXX"))
    compiler = *cxx;
  if (compiler.empty())
    compiler = "c++";
  llvm::ErrorOr<std::string> compilerPath =
      llvm::sys::findProgramByName(compiler);
  if (!compilerPath) {
    diags.error(Span(), "cannot find the C++ compiler '" + compiler + "'")
        .note("set CXX to a C++17 compiler");
    return "";
  }
  // The compile command without the file names, which vary by directory.
  std::vector<std::string> flags = {"-std=c++17", "-O2",
                                    "-I" + runtime->includeDir};
  for (llvm::StringRef flag : llvm::split(runtime->extraFlags, ' '))
    if (!flag.empty())
      flags.push_back(flag.str());
  std::vector<std::string> keyed = flags;
  keyed.insert(keyed.begin(), *compilerPath);
  std::string key = cacheKey(program, *runtime, keyed);

  llvm::SmallString<256> root(cacheRoot(options)), entry, exe;
  entry = root;
  path::append(entry, key);
  exe = entry;
  path::append(exe, "program");
  if (isFile(exe))
    return exe.str().str();

  if (std::error_code ec = fs::create_directories(root)) {
    diags.error(Span(), "cannot create the cache directory '" + root +
                            "': " + ec.message());
    return "";
  }
  // Build in a private directory, then publish it with one rename so that
  // concurrent runs never see a half-built entry.
  llvm::SmallString<256> temp;
  if (std::error_code ec =
          fs::createUniqueDirectory(entry + ".tmp", temp)) {
    diags.error(Span(), "cannot create a build directory under '" + root +
                            "': " + ec.message());
    return "";
  }
  std::vector<std::string> args = {*compilerPath};
  args.insert(args.end(), flags.begin(), flags.end());
  const std::pair<const char *, const std::string *> files[] = {
      {codegen::OrchestrationFileName, &program.orchestration},
      {codegen::KernelsFileName, &program.kernels},
      {codegen::HarnessFileName, &program.harness}};
  for (auto [name, text] : files) {
    llvm::SmallString<256> file(temp);
    path::append(file, name);
    if (!writeFile(file, *text)) {
      diags.error(Span(), "cannot write '" + file + "'");
      fs::remove_directories(temp);
      return "";
    }
    args.push_back(file.str().str());
  }
  llvm::SmallString<256> tempExe(temp), log(temp);
  path::append(tempExe, "program");
  path::append(log, "build.log");
  args.insert(args.end(), {runtime->library, "-pthread", "-o",
                           tempExe.str().str()});
  std::vector<llvm::StringRef> argRefs(args.begin(), args.end());
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::StringRef(""),
                                                 log.str(), log.str()};
  std::string error;
  int rc = llvm::sys::ExecuteAndWait(args[0], argRefs, llvm::None, redirects,
                                     0, 0, &error);
  if (rc != 0) {
    diags.error(Span(), "building the generated code failed" +
                            (error.empty() ? std::string()
                                           : ": " + error))
        .note("compiler output:\n" + readLog(log));
    fs::remove_directories(temp);
    return "";
  }
  if (fs::rename(temp, entry)) {
    // Another run published the same entry first; use it.
    fs::remove_directories(temp);
    if (!isFile(exe)) {
      diags.error(Span(), "cannot publish the build into '" + entry + "'");
      return "";
    }
  }
  return exe.str().str();
}

/// The harness arguments for `options`, or None after reporting a mistake.
static llvm::Optional<std::vector<std::string>>
harnessArgs(const codegen::EntrySignature &entry,
            const BuildRunOptions &options, DiagnosticEngine &diags) {
  auto find = [&](llvm::StringRef name) -> const codegen::EntryParam * {
    for (const codegen::EntryParam &param : entry.params)
      if (param.name == name)
        return &param;
    return nullptr;
  };
  auto unknown = [&](llvm::StringRef option, llvm::StringRef name,
                     bool tensorsOnly) {
    InFlightDiagnostic diag = diags.error(
        Span(), option + " names '" + name + "', which is no " +
                    (tensorsOnly ? "tensor " : "") + "parameter of '" +
                    entry.function + "'");
    std::string names;
    for (const codegen::EntryParam &param : entry.params)
      if (param.isTensor || !tensorsOnly)
        names += (names.empty() ? "" : ", ") + param.name;
    diag.note(names.empty() ? "it has none" : "its parameters: " + names);
  };

  std::vector<std::string> args = {"workers", std::to_string(options.workers)};
  bool ok = true;
  auto number = [](double v) {
    char text[64];
    std::snprintf(text, sizeof text, "%.17g", v);
    return std::string(text);
  };
  for (const TensorFill &fill : options.fills) {
    const codegen::EntryParam *param = find(fill.name);
    if (!param) {
      unknown("--tensor", fill.name, false);
      ok = false;
      continue;
    }
    args.insert(args.end(), {param->isTensor ? "fill" : "scalar",
                             std::to_string(param->slot), number(fill.value)});
  }
  for (const ElementSet &set : options.sets) {
    const codegen::EntryParam *param = find(set.name);
    if (!param || !param->isTensor) {
      unknown("--set", set.name, true);
      ok = false;
      continue;
    }
    if (set.indices.size() != param->shape.size()) {
      diags.error(Span(), "--set " + set.name + "[...] gives " +
                              llvm::Twine(set.indices.size()) +
                              " indices; '" + set.name + "' has rank " +
                              llvm::Twine(param->shape.size()));
      ok = false;
      continue;
    }
    int64_t flat = 0;
    bool inRange = true;
    for (unsigned d = 0; d != set.indices.size(); ++d) {
      if (set.indices[d] < 0 || set.indices[d] >= param->shape[d]) {
        diags.error(Span(), "--set " + set.name + ": index " +
                                llvm::Twine(set.indices[d]) +
                                " is out of range for dimension " +
                                llvm::Twine(d) + " of extent " +
                                llvm::Twine(param->shape[d]));
        inRange = false;
        break;
      }
      flat = flat * param->shape[d] + set.indices[d];
    }
    if (!inRange) {
      ok = false;
      continue;
    }
    args.insert(args.end(), {"set", std::to_string(param->slot),
                             std::to_string(flat), number(set.value)});
  }
  for (const std::string &name : options.prints) {
    const codegen::EntryParam *param = find(name);
    if (!param || !param->isTensor) {
      unknown("--print", name, true);
      ok = false;
      continue;
    }
    args.insert(args.end(), {"print", std::to_string(param->slot)});
  }
  if (!ok)
    return llvm::None;
  return args;
}

ExitCode plc::driver::buildAndRun(const codegen::GeneratedProgram &program,
                                  const BuildRunOptions &options,
                                  DiagnosticEngine &diags) {
  llvm::Optional<std::vector<std::string>> args =
      harnessArgs(program.entry, options, diags);
  if (!args)
    return ExitCode::UsageError;
  std::string exe = buildCached(program, options, diags);
  if (exe.empty())
    return ExitCode::InternalError;

  std::vector<llvm::StringRef> argv = {exe};
  argv.insert(argv.end(), args->begin(), args->end());
  // The harness writes to our stdout and stderr directly.
  llvm::outs().flush();
  llvm::errs().flush();
  std::string error;
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::None, llvm::None,
                                                 llvm::None};
  if (!options.outputFile.empty()) {
    // Redirection appends to an existing file; start it afresh.
    fs::remove(options.outputFile);
    redirects[1] = redirects[2] = llvm::StringRef(options.outputFile);
  }
  int rc = llvm::sys::ExecuteAndWait(exe, argv, llvm::None, redirects, 0, 0,
                                     &error);
  if (rc == 0)
    return ExitCode::Success;
  if (rc == 1)
    return ExitCode::UserError;  // the program failed; the harness said why
  diags.error(Span(), "the generated program '" + exe + "' " +
                          (rc < 0 ? "crashed" + (error.empty() ? std::string()
                                                               : ": " + error)
                                  : "exited with status " +
                                        std::to_string(rc)));
  return ExitCode::InternalError;
}
