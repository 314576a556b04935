//===- Frontend.h - .pl text to IR ------------------------------*- C++ -*-===//
///
/// \file
/// The front end's one entry point: parse a `.pl` buffer and build its IR,
/// checking every rule of LANGUAGE.md sections 1-5. Errors are reported
/// through the DiagnosticEngine (`file:line:col: error: ...`, the source
/// line, a caret, `note:` hints); the first one stops the parse.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_FRONTEND_FRONTEND_H
#define PLC_FRONTEND_FRONTEND_H

#include "ir/Diagnostics.h"
#include "ir/Function.h"
#include "ir/IRContext.h"

#include "llvm/ADT/StringRef.h"

namespace plc {
namespace frontend {

/// Parses the buffer registered with `diags` under the identifier
/// `bufferName` (the name given to DiagnosticEngine::addBuffer's
/// MemoryBuffer) into `ctx`. Returns null after reporting at least one error.
const ir::Program *parseProgram(DiagnosticEngine &diags,
                                llvm::StringRef bufferName, ir::IRContext &ctx);

/// The same for the SourceMgr buffer `bufferId` of `diags`.
const ir::Program *parseProgram(DiagnosticEngine &diags, unsigned bufferId,
                                ir::IRContext &ctx);

/// The same for a buffer's contents, as returned by addBuffer.
const ir::Program *parseProgramBuffer(DiagnosticEngine &diags,
                                      llvm::StringRef buffer,
                                      ir::IRContext &ctx);

} // namespace frontend
} // namespace plc

#endif // PLC_FRONTEND_FRONTEND_H
