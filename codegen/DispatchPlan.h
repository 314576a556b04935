//===- DispatchPlan.h - What one task submits -------------------*- C++ -*-===//
///
/// \file
/// Decides, for a dispatch of a program function, which generated kernel the
/// task submits, on which kind of core, and with which arguments:
///  * InCore and AIV functions run on a vector core (rt_submit_aiv_task), AIC
///    functions on a cube core (rt_submit_aic_task);
///  * a Group or Spmd function whose body only forwards its parameters to one
///    inner call is looked through: the task submits the inner kernel with
///    the arguments reordered to the inner parameter order (so `pl.spmd`
///    around a call and `pl.spmd_submit` of the callee give the same task);
///  * any other Group or Spmd function is a kernel of its own that runs its
///    inner calls in sequence; one whose calls reach both cube and vector
///    kernels is submitted as MixedKernels of its cube part and vector part.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_DISPATCHPLAN_H
#define PLC_CODEGEN_DISPATCHPLAN_H

#include "ir/Diagnostics.h"
#include "ir/Function.h"
#include "ir/FunctionIndex.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <vector>

namespace plc::codegen {

/// Kinds of core a function's code runs on (a bit set).
enum CoreBits : unsigned { CoreNone = 0, CoreAIC = 1, CoreAIV = 2 };

/// Which body a generated kernel function runs: all of it, or only the
/// statements of a mixed group that belong on one kind of core.
enum class KernelPart : uint8_t { Whole, AIC, AIV };

struct TaskArg {
  const ir::Expr *value;  ///< the argument at the dispatch site
  ir::ParamDirection direction;
};

struct DispatchPlan {
  /// The function whose kernel(s) the task submits.
  const ir::Function *kernel = nullptr;
  unsigned cores = CoreAIV;  ///< CoreAIC, CoreAIV or both (MixedKernels)
  /// Tensor arguments, then scalar arguments, each in the kernel's
  /// parameter order.
  llvm::SmallVector<TaskArg, 8> tensors;
  llvm::SmallVector<TaskArg, 4> scalars;
};

class DispatchPlanner {
public:
  explicit DispatchPlanner(const ir::Program &program);

  const ir::Function *lookup(llvm::StringRef name) const {
    return functions.lookup(name);
  }
  /// Whether `fn` is code that runs as (part of) a task.
  static bool isDispatchable(const ir::Function &fn);
  /// The cores `fn`'s code runs on: its own kind for kernels, the union over
  /// its inner calls for groups and spmd wrappers (direct tile code counts as
  /// vector code).
  unsigned coresOf(const ir::Function &fn);

  /// The plan for dispatching `callee(args)`; reports an error at `at` and
  /// returns none when the callee cannot be a task.
  std::optional<DispatchPlan> plan(llvm::StringRef callee,
                                   llvm::ArrayRef<const ir::Expr *> args,
                                   Span at, DiagnosticEngine &diags);

  /// The single inner call `wrapper` forwards its parameters to (each
  /// argument a parameter of the wrapper), or null.
  const ir::Call *forwardedCall(const ir::Function &wrapper) const;

private:
  ir::FunctionIndex functions;
  llvm::StringMap<unsigned> cores;
};

/// One generated kernel: a dispatchable function whole, or one part of a
/// mixed group.
struct KernelRef {
  const ir::Function *fn;
  KernelPart part;
};

/// Every kernel the kernels file defines, in program order: each
/// dispatchable function whole, followed, for a group that reaches both
/// kinds of core, by its cube part and its vector part.
std::vector<KernelRef> kernelsOf(const ir::Program &program,
                                 DispatchPlanner &planner);

/// The kernels a task can submit, in program order: those of kernelsOf
/// but the wrappers plan() looks through and the whole body of a mixed
/// group (a task submits its two parts). The orchestration declares these.
std::vector<KernelRef> submittableKernels(const ir::Program &program,
                                          DispatchPlanner &planner);

/// Base name of the generated kernel function(s) and KernelDesc constant(s)
/// for `fn` and `part`: `x` gives kernel_x / KERNEL_x, the parts of a mixed
/// group `g` give kernel_g_aic / KERNEL_g_aic and kernel_g_aiv / KERNEL_g_aiv.
std::string kernelBaseName(const ir::Function &fn, KernelPart part);

} // namespace plc::codegen

#endif // PLC_CODEGEN_DISPATCHPLAN_H
