//===- Frontend.cpp - .pl text to IR
//---------------------------------------===//

#include "frontend/Frontend.h"

#include "frontend/IRBuilder.h"
#include "frontend/ParseDriver.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace plc;

const ir::Program *frontend::parseProgramBuffer(DiagnosticEngine &diags,
                                                llvm::StringRef buffer,
                                                ir::IRContext &ctx) {
  llvm::SourceMgr &srcMgr = diags.sourceMgr();
  unsigned id = srcMgr.FindBufferContainingLoc(
      llvm::SMLoc::getFromPointer(buffer.data()));
  llvm::StringRef name =
      id ? srcMgr.getMemoryBuffer(id)->getBufferIdentifier() : "<input>";
  unsigned errorsBefore = diags.errorCount();
  // A compile interns about one string per 60 bytes of source: its names
  // and those the passes make. Sizing the table for twice that up front
  // costs only bucket memory that stays untouched, and saves rehashing
  // every string when a pass pushes the table past a power of two.
  ctx.reserveStrings(buffer.size() / 32);
  IRBuilder builder(diags, ctx);
  if (!parseSyntax(buffer, name, diags, builder) ||
      diags.errorCount() != errorsBefore)
    return nullptr;
  return builder.finish(Loc{llvm::SMLoc::getFromPointer(buffer.data())});
}

const ir::Program *frontend::parseProgram(DiagnosticEngine &diags,
                                          llvm::StringRef bufferName,
                                          ir::IRContext &ctx) {
  llvm::SourceMgr &srcMgr = diags.sourceMgr();
  for (unsigned id = 1, e = srcMgr.getNumBuffers(); id <= e; ++id) {
    const llvm::MemoryBuffer *buf = srcMgr.getMemoryBuffer(id);
    if (buf->getBufferIdentifier() == bufferName)
      return parseProgramBuffer(diags, buf->getBuffer(), ctx);
  }
  diags.fileError(bufferName, "no such buffer was registered");
  return nullptr;
}

const ir::Program *frontend::parseProgram(DiagnosticEngine &diags,
                                          unsigned bufferId,
                                          ir::IRContext &ctx) {
  llvm::SourceMgr &srcMgr = diags.sourceMgr();
  assert(bufferId >= 1 && bufferId <= srcMgr.getNumBuffers() &&
         "not a buffer of this engine");
  return parseProgramBuffer(diags,
                            srcMgr.getMemoryBuffer(bufferId)->getBuffer(), ctx);
}
