//===- Diagnostics.h - User-facing diagnostics ------------------*- C++ -*-===//
///
/// \file
/// The one channel for errors in the user's program. A DiagnosticEngine owns
/// an llvm::SourceMgr holding every buffer it reports against and prints
/// clang-style messages: `file:line:col: error: message`, the source line and
/// a caret, then any `note:` lines attached to the error. Compiler bugs never
/// go through here; they are asserts.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_DIAGNOSTICS_H
#define PLC_IR_DIAGNOSTICS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>
#include <memory>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace plc {

/// A source position: the buffer's id in the engine's SourceMgr and a
/// pointer into that buffer. An invalid Loc (the default) names no place.
struct Loc {
  llvm::SMLoc ptr;
  bool isValid() const { return ptr.isValid(); }
};

/// A half-open source range; `end` may be invalid for a point.
struct Span {
  Loc begin;
  Loc end;
  bool isValid() const { return begin.isValid(); }
};

/// A Span as IR nodes hold it: 12 bytes aligned to 4, so that it fills the
/// padding beside a node's kind and flags. Every Expr and Stmt holds one, and
/// a program of a hundred thousand scopes has millions of nodes, so the 16
/// bytes of a Span would be a tenth of the IR. The end is kept as a length
/// from the begin. An end that is invalid, before the begin or 4 GiB past
/// it reads back as invalid; diagnostics draw no range for any of them.
struct __attribute__((packed, aligned(4))) PackedSpan {
  PackedSpan(Span span) : begin(span.begin.ptr.getPointer()), endMark(0) {
    auto from = reinterpret_cast<uintptr_t>(begin);
    auto to = reinterpret_cast<uintptr_t>(span.end.ptr.getPointer());
    if (span.end.isValid() && to >= from && to - from < UINT32_MAX)
      endMark = uint32_t(to - from) + 1;
  }
  Span unpack() const {
    Loc end =
        endMark ? Loc{llvm::SMLoc::getFromPointer(begin + endMark - 1)} : Loc();
    return Span{Loc{llvm::SMLoc::getFromPointer(begin)}, end};
  }

private:
  const char *begin;
  /// The length plus one; zero for an invalid end.
  uint32_t endMark;
};
static_assert(sizeof(PackedSpan) == 12 && alignof(PackedSpan) == 4,
              "a PackedSpan fits beside four bytes of node flags");

enum class Severity { Error, Warning, Note };

/// An error in flight: built by DiagnosticEngine::error(), printed (with its
/// notes) when it goes out of scope.
class InFlightDiagnostic {
public:
  InFlightDiagnostic(InFlightDiagnostic &&other);
  InFlightDiagnostic(const InFlightDiagnostic &) = delete;
  InFlightDiagnostic &operator=(const InFlightDiagnostic &) = delete;
  ~InFlightDiagnostic();

  /// Attaches a note printed after the error. With a valid span the note is
  /// located; otherwise it is a bare `note:` line.
  InFlightDiagnostic &note(const llvm::Twine &message, Span at = Span());

  /// Lets `return diag.error(...);` produce a failure value.
  operator bool() const { return false; }

private:
  friend class DiagnosticEngine;
  struct Note {
    std::string message;
    Span at;
  };
  InFlightDiagnostic(class DiagnosticEngine *engine, Severity severity,
                     std::string message, Span at);

  class DiagnosticEngine *engine;
  Severity severity;
  std::string message;
  Span at;
  llvm::SmallVector<Note, 2> notes;
};

class DiagnosticEngine {
public:
  /// Diagnostics are printed to `os` (stderr when null).
  explicit DiagnosticEngine(llvm::raw_ostream *os = nullptr);
  ~DiagnosticEngine();

  /// Registers a buffer under `name` and returns its start. Buffers live as
  /// long as the engine, so Locs into them stay valid.
  llvm::StringRef addBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer);

  InFlightDiagnostic error(Span at, const llvm::Twine &message);
  InFlightDiagnostic error(Loc at, const llvm::Twine &message) {
    return error(Span{at, Loc()}, message);
  }
  /// An error about a whole file (missing, unreadable): `file: error: msg`.
  void fileError(llvm::StringRef file, const llvm::Twine &message);
  InFlightDiagnostic warning(Span at, const llvm::Twine &message);

  unsigned errorCount() const { return numErrors; }
  bool hadError() const { return numErrors != 0; }

  llvm::SourceMgr &sourceMgr() { return srcMgr; }
  /// 1-based line and column of a location (0, 0 when invalid).
  std::pair<unsigned, unsigned> lineAndColumn(Loc at) const;
  /// The name of the buffer holding `at`.
  llvm::StringRef bufferName(Loc at) const;

private:
  friend class InFlightDiagnostic;
  void emit(const InFlightDiagnostic &diag);

  llvm::SourceMgr srcMgr;
  llvm::raw_ostream *os;
  unsigned numErrors = 0;
};

} // namespace plc

#endif // PLC_IR_DIAGNOSTICS_H
