//===- plc.cpp - The plc command line -------------------------------------===//
//
// Parses the command line (llvm::cl, opt-style) and hands over to the driver:
// `plc FILE [--emit=KIND] [-o OUT]` compiles, `plc run FILE ...` compiles and
// runs. Usage errors and internal errors exit 2, errors in the input exit 1.
//
//===----------------------------------------------------------------------===//

#include "tools/plc/Driver.h"
#include "tools/plc/RunCommand.h"
#include "tools/plc/Version.h"

#include "ir/Arena.h"
#include "ir/Diagnostics.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace plc;
using namespace plc::driver;
namespace cl = llvm::cl;

static cl::OptionCategory plcCategory("plc options");

// `plc FILE ...`
static cl::opt<std::string> inputPath(cl::Positional, cl::Required,
                                      cl::desc("<input .pl file, - for stdin>"),
                                      cl::cat(plcCategory));
static cl::opt<std::string> outputPath("o", cl::init("-"),
                                       cl::value_desc("file"),
                                       cl::desc("Output file (default: stdout)"),
                                       cl::cat(plcCategory));
static cl::opt<EmitKind> emitKind(
    "emit", cl::init(EmitKind::IR),
    cl::desc("What to produce (default: ir)"),
    cl::values(
        clEnumValN(EmitKind::IR, "ir",
                   "canonical .pl text (after --passes, if given)"),
        clEnumValN(EmitKind::DepsJson, "deps-json", "task graph as JSON"),
        clEnumValN(EmitKind::Dot, "dot", "task graph as Graphviz dot"),
        clEnumValN(EmitKind::Orch, "orch", "orchestration C++"),
        clEnumValN(EmitKind::Kernels, "kernels", "kernel C++"),
        clEnumValN(EmitKind::Cpp, "cpp",
                   "orchestration and kernels (-o names a directory)")),
    cl::cat(plcCategory));
static cl::opt<std::string> passes(
    "passes", cl::value_desc("pass,pass,...|default"),
    cl::desc("Pass pipeline to run (default: none for --emit=ir, the default "
             "pipeline for every other output)"),
    cl::cat(plcCategory));
static cl::opt<bool> verifyEach(
    "verify-each", cl::init(false),
    cl::desc("Run the IR verifiers after every pass (default: once, on the "
             "output of the pipeline)"),
    cl::cat(plcCategory));
static cl::opt<bool> printIRAfterAll("print-ir-after-all",
                                     cl::desc("Print the IR after every pass"),
                                     cl::cat(plcCategory));
static cl::list<std::string>
    printIRAfter("print-ir-after", cl::value_desc("pass"), cl::CommaSeparated,
                 cl::desc("Print the IR after the named passes"),
                 cl::cat(plcCategory));
static cl::opt<bool>
    timePasses("time-passes",
               cl::desc("Print the wall-clock time of every stage"),
               cl::cat(plcCategory));
static cl::opt<bool> checkRoundtrip(
    "check-roundtrip",
    cl::desc("Print, reparse, and fail unless the reparse is structurally "
             "equal and prints identically"),
    cl::cat(plcCategory));

// `plc run FILE --tensor name=VALUE ...`
static cl::SubCommand runCommand("run",
                                 "Compile a program and run it on the CPU");
static cl::opt<std::string> runInputPath(cl::Positional, cl::Required,
                                         cl::desc("<input .pl file>"),
                                         cl::sub(runCommand),
                                         cl::cat(plcCategory));
static cl::list<std::string>
    tensorInits("tensor", cl::value_desc("name=VALUE"),
                cl::desc("Fill parameter `name` with VALUE (default 0)"),
                cl::sub(runCommand), cl::cat(plcCategory));
static cl::list<std::string>
    elementSets("set", cl::value_desc("name[i,j]=VALUE"),
                cl::desc("Set one element of a tensor parameter (after "
                         "--tensor fills)"),
                cl::sub(runCommand), cl::cat(plcCategory));
static cl::list<std::string>
    printTensors("print", cl::value_desc("name"),
                 cl::desc("Print shape, dtype, min, max and sum of a tensor "
                          "parameter after the run"),
                 cl::sub(runCommand), cl::cat(plcCategory));
static cl::opt<std::string>
    entryName("entry", cl::value_desc("function"),
              cl::desc("Orchestration function to run (default: the only "
                       "one, else main)"),
              cl::sub(runCommand), cl::cat(plcCategory));
static cl::opt<unsigned>
    workerCount("workers", cl::init(2), cl::value_desc("N"),
                cl::desc("Runtime worker threads (0: run tasks inline)"),
                cl::sub(runCommand), cl::cat(plcCategory));

static void printVersion(llvm::raw_ostream &os) {
  os << "plc version " << PLC_VERSION << "\n";
}

// report_fatal_error means the compiler is broken, not the input: exit 2.
static void onFatalError(void *, const char *reason, bool) {
  llvm::errs() << "plc: internal error: " << reason << "\n";
  llvm::sys::RunInterruptHandlers();
  std::_Exit(toInt(ExitCode::InternalError));
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  ir::prepareHeapForCompile();
  llvm::install_fatal_error_handler(onFatalError);
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions(plcCategory, *cl::TopLevelSubCommand);
  cl::HideUnrelatedOptions(plcCategory, runCommand);
  // With an error stream the parser returns false instead of exiting 1.
  if (!cl::ParseCommandLineOptions(argc, argv, "plc: the .pl compiler\n",
                                   &llvm::errs()))
    return toInt(ExitCode::UsageError);

  DiagnosticEngine diags;
  if (runCommand) {
    RunOptions options;
    options.inputPath = runInputPath;
    options.tensorInits.assign(tensorInits.begin(), tensorInits.end());
    options.elementSets.assign(elementSets.begin(), elementSets.end());
    options.prints.assign(printTensors.begin(), printTensors.end());
    options.entry = entryName;
    options.workers = workerCount;
    return toInt(runProgram(options, diags));
  }
  CompileOptions options;
  options.inputPath = inputPath;
  options.outputPath = outputPath;
  options.emit = emitKind;
  options.passes = passes;
  options.verifyEach = verifyEach;
  options.printIRAfterAll = printIRAfterAll;
  options.printIRAfter.assign(printIRAfter.begin(), printIRAfter.end());
  options.timePasses = timePasses;
  options.checkRoundtrip = checkRoundtrip;
  return toInt(compile(options, diags));
}
