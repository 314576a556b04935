//===- ChunkedText.h - Generated text kept in chunks that never move -*- C++ -*-===//
///
/// \file
/// The C++ generated for a program of a hundred thousand scopes runs to tens
/// of megabytes. Appended to one growing buffer, it is copied at every
/// growth, and every copy lands on pages the process has not touched yet,
/// each a page fault. ChunkedText keeps the text in chunks of about a
/// megabyte instead: the writer appends to the last chunk and, at places
/// where the text may be cut (the end of a line, of a function), lets a full
/// chunk be closed. Nothing is copied until the text is written out.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_CODEGEN_CHUNKEDTEXT_H
#define PLC_CODEGEN_CHUNKEDTEXT_H

#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace plc::codegen {

/// `Buffer` is a contiguous character buffer with data(), size() and
/// reserve(): std::string or fmt::memory_buffer.
template <typename Buffer> class ChunkedText {
public:
  ChunkedText() { reserveChunk(); }

  /// The chunk to append to. It is always the same object: a cut moves its
  /// text into a closed chunk and leaves it empty.
  Buffer &tail() { return last; }

  /// A place where the text may be cut: a full last chunk is closed and an
  /// empty one started.
  void cutIfFull() {
    if (last.size() < kChunkBytes)
      return;
    closed.push_back(std::move(last));
    last = Buffer();
    reserveChunk();
  }

  void writeTo(llvm::raw_ostream &os) const {
    for (const Buffer &chunk : closed)
      os.write(chunk.data(), chunk.size());
    os.write(last.data(), last.size());
  }

private:
  /// A chunk is closed at the first cut after it reaches this size; the
  /// reserve of reserveChunk leaves room for what is written before that
  /// cut.
  static constexpr size_t kChunkBytes = size_t(1) << 20;

  void reserveChunk() { last.reserve(kChunkBytes + kChunkBytes / 4); }

  std::vector<Buffer> closed;
  Buffer last;
};

} // namespace plc::codegen

#endif // PLC_CODEGEN_CHUNKEDTEXT_H
