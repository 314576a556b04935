//===- Diagnostics.cpp - User-facing diagnostics ---------------------------===//

#include "ir/Diagnostics.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace plc;

static llvm::SourceMgr::DiagKind toDiagKind(Severity severity) {
  switch (severity) {
  case Severity::Error:
    return llvm::SourceMgr::DK_Error;
  case Severity::Warning:
    return llvm::SourceMgr::DK_Warning;
  case Severity::Note:
    return llvm::SourceMgr::DK_Note;
  }
  llvm_unreachable("unknown severity");
}

InFlightDiagnostic::InFlightDiagnostic(DiagnosticEngine *engine,
                                       Severity severity, std::string message,
                                       Span at)
    : engine(engine), severity(severity), message(std::move(message)),
      at(at) {}

InFlightDiagnostic::InFlightDiagnostic(InFlightDiagnostic &&other)
    : engine(other.engine), severity(other.severity),
      message(std::move(other.message)), at(other.at),
      notes(std::move(other.notes)) {
  other.engine = nullptr;
}

InFlightDiagnostic::~InFlightDiagnostic() {
  if (engine)
    engine->emit(*this);
}

InFlightDiagnostic &InFlightDiagnostic::note(const llvm::Twine &text,
                                             Span noteAt) {
  notes.push_back(Note{text.str(), noteAt});
  return *this;
}

DiagnosticEngine::DiagnosticEngine(llvm::raw_ostream *os)
    : os(os ? os : &llvm::errs()) {}

DiagnosticEngine::~DiagnosticEngine() = default;

llvm::StringRef
DiagnosticEngine::addBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer) {
  unsigned id = srcMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  return srcMgr.getMemoryBuffer(id)->getBuffer();
}

InFlightDiagnostic DiagnosticEngine::error(Span at,
                                           const llvm::Twine &message) {
  return InFlightDiagnostic(this, Severity::Error, message.str(), at);
}

InFlightDiagnostic DiagnosticEngine::warning(Span at,
                                             const llvm::Twine &message) {
  return InFlightDiagnostic(this, Severity::Warning, message.str(), at);
}

void DiagnosticEngine::fileError(llvm::StringRef file,
                                 const llvm::Twine &message) {
  ++numErrors;
  llvm::SMDiagnostic diag(file, llvm::SourceMgr::DK_Error, message.str());
  diag.print(nullptr, *os, /*ShowColors=*/false);
}

std::pair<unsigned, unsigned> DiagnosticEngine::lineAndColumn(Loc at) const {
  if (!at.isValid())
    return {0, 0};
  return srcMgr.getLineAndColumn(at.ptr);
}

llvm::StringRef DiagnosticEngine::bufferName(Loc at) const {
  if (!at.isValid())
    return "";
  unsigned id = srcMgr.FindBufferContainingLoc(at.ptr);
  if (id == 0)
    return "";
  return srcMgr.getMemoryBuffer(id)->getBufferIdentifier();
}

static void printOne(llvm::SourceMgr &srcMgr, llvm::raw_ostream &os,
                     Severity severity, const std::string &message, Span at) {
  if (!at.isValid()) {
    llvm::SMDiagnostic diag("plc", toDiagKind(severity), message);
    diag.print(nullptr, os, /*ShowColors=*/false);
    return;
  }
  llvm::SmallVector<llvm::SMRange, 1> ranges;
  // Underline the whole span only when it stays on the caret's line.
  if (at.end.isValid() && at.end.ptr.getPointer() > at.begin.ptr.getPointer()) {
    llvm::StringRef between(at.begin.ptr.getPointer(),
                            at.end.ptr.getPointer() -
                                at.begin.ptr.getPointer());
    if (!between.contains('\n'))
      ranges.push_back(llvm::SMRange(at.begin.ptr, at.end.ptr));
  }
  srcMgr.PrintMessage(os, at.begin.ptr, toDiagKind(severity), message, ranges,
                      {}, /*ShowColors=*/false);
}

void DiagnosticEngine::emit(const InFlightDiagnostic &diag) {
  if (diag.severity == Severity::Error)
    ++numErrors;
  // SMDiagnostic prints the caret line one character at a time; stderr is
  // unbuffered, so a long source line would cost one write per column.
  std::string text;
  llvm::raw_string_ostream buffered(text);
  printOne(srcMgr, buffered, diag.severity, diag.message, diag.at);
  for (const InFlightDiagnostic::Note &note : diag.notes)
    printOne(srcMgr, buffered, Severity::Note, note.message, note.at);
  *os << buffered.str();
  os->flush();
}
