//===- KernelCodegen.h - Kernel C++ for the CPU runtime ---------*- C++ -*-===//
///
/// \file
/// Every InCore, AIC, AIV, Group and Spmd function becomes C++ over tensor
/// views: a typed body `fn_<name>(ctx, params...)` implementing LANGUAGE.md
/// section 3's op set (tile load/store windows, tile.full, elementwise ops
/// on tiles and tensors, tensor.read, get_block_idx, scalar arithmetic, loops
/// and branches), an adapter `kernel_<name>(const KernelContext &)` that
/// unpacks the task's arguments, and a descriptor `KERNEL_<name>` in the
/// kernel table the orchestration refers to. Group and Spmd bodies call
/// their inner kernels' bodies in sequence within the task; the block index
/// reaches them through the KernelContext. A group whose calls reach both
/// cube and vector kernels also gets a cube part and a vector part
/// (`KERNEL_<name>_aic`, `KERNEL_<name>_aiv`) for MixedKernels.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_KERNELCODEGEN_H
#define PLC_CODEGEN_KERNELCODEGEN_H

#include "ir/Diagnostics.h"
#include "ir/Function.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc::codegen {

/// Writes the kernels file of `program`. Returns false after reporting an
/// error (the output is then incomplete).
bool emitKernels(const ir::Program &program, llvm::raw_ostream &os,
                 DiagnosticEngine &diags);

/// The helper text every kernels file starts with (see KernelPrelude.cpp).
llvm::StringRef kernelPrelude();

} // namespace plc::codegen

#endif // PLC_CODEGEN_KERNELCODEGEN_H
