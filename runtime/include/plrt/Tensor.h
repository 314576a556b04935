//===- plrt/Tensor.h - Strided tensor views for the CPU runtime -*- C++ -*-===//
//
// A Tensor is a non-owning, strided view of up to five dimensions over a
// caller-owned buffer. Kernels read and write through it; the scheduler uses
// the byte range it covers to infer dependencies between tasks.
//
//===----------------------------------------------------------------------===//
#ifndef PLRT_TENSOR_H
#define PLRT_TENSOR_H

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace plrt {

constexpr uint32_t MAX_TENSOR_DIMS = 5;

enum class DataType : uint8_t {
  FP16,
  BF16,
  FP32,
  FP64,
  INT8,
  INT16,
  INT32,
  INT64,
  UINT8,
  UINT16,
  UINT32,
  UINT64,
  BOOL,
};

/// Size in bytes of one element of \p dtype.
size_t dataTypeSize(DataType dtype);
/// Lower-case name ("fp32", "int8", ...) for messages.
const char *dataTypeName(DataType dtype);
/// True for INT8/16/32/64: the dtypes a dispatch predicate may read.
bool isSignedInteger(DataType dtype);

/// A strided view. Strides and the start offset count elements, not bytes.
/// The struct is trivially copyable so that task arguments can be copied
/// into the scheduler's ring without running constructors.
struct Tensor {
  void *data;          ///< Base address of the underlying buffer.
  DataType dtype;
  uint32_t ndims;
  int64_t shape[MAX_TENSOR_DIMS];
  int64_t strides[MAX_TENSOR_DIMS];
  int64_t startOffset; ///< Element offset of index (0, ..., 0) from data.

  /// A row-major tensor over \p data.
  static Tensor contiguous(void *data, DataType dtype, const int64_t *shape,
                           uint32_t ndims);
  static Tensor contiguous(void *data, DataType dtype,
                           std::initializer_list<int64_t> shape);

  /// A sub-view starting at \p offsets with extents \p shape (same rank).
  /// Strides are inherited, so views of views compose.
  Tensor view(const int64_t *offsets, const int64_t *shape) const;
  Tensor view(std::initializer_list<int64_t> offsets,
              std::initializer_list<int64_t> shape) const;

  size_t elementSize() const { return dataTypeSize(dtype); }
  int64_t numel() const;
  bool isContiguous() const;

  /// Element offset of \p idx: startOffset + sum(idx[i] * strides[i]).
  int64_t offsetOf(const int64_t *idx) const {
    int64_t off = startOffset;
    for (uint32_t i = 0; i < ndims; ++i)
      off += idx[i] * strides[i];
    return off;
  }

  /// Element access for kernels: t.at<float>({i, j}).
  template <typename T> T &at(std::initializer_list<int64_t> idx) const {
    assert(idx.size() == ndims && sizeof(T) == elementSize());
    return static_cast<T *>(data)[offsetOf(idx.begin())];
  }

  /// Half-open byte interval [lo, hi) that contains every element of the
  /// view. Empty views give lo == hi.
  void byteRange(uintptr_t &lo, uintptr_t &hi) const;
};

} // namespace plrt

#endif // PLRT_TENSOR_H
