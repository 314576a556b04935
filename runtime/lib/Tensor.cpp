//===- Tensor.cpp - Strided tensor views ----------------------------------===//
//
// Construction of contiguous tensors and views, and the byte range a view
// covers (used by dependency tracking).
//
//===----------------------------------------------------------------------===//
#include "plrt/Tensor.h"

namespace plrt {

size_t dataTypeSize(DataType dtype) {
  switch (dtype) {
  case DataType::INT8:
  case DataType::UINT8:
  case DataType::BOOL:
    return 1;
  case DataType::FP16:
  case DataType::BF16:
  case DataType::INT16:
  case DataType::UINT16:
    return 2;
  case DataType::FP32:
  case DataType::INT32:
  case DataType::UINT32:
    return 4;
  case DataType::FP64:
  case DataType::INT64:
  case DataType::UINT64:
    return 8;
  }
  return 0;
}

const char *dataTypeName(DataType dtype) {
  switch (dtype) {
  case DataType::FP16: return "fp16";
  case DataType::BF16: return "bf16";
  case DataType::FP32: return "fp32";
  case DataType::FP64: return "fp64";
  case DataType::INT8: return "int8";
  case DataType::INT16: return "int16";
  case DataType::INT32: return "int32";
  case DataType::INT64: return "int64";
  case DataType::UINT8: return "uint8";
  case DataType::UINT16: return "uint16";
  case DataType::UINT32: return "uint32";
  case DataType::UINT64: return "uint64";
  case DataType::BOOL: return "bool";
  }
  return "unknown";
}

bool isSignedInteger(DataType dtype) {
  return dtype == DataType::INT8 || dtype == DataType::INT16 ||
         dtype == DataType::INT32 || dtype == DataType::INT64;
}

Tensor Tensor::contiguous(void *data, DataType dtype, const int64_t *shape,
                          uint32_t ndims) {
  assert(ndims <= MAX_TENSOR_DIMS && "too many dimensions");
  Tensor t{};
  t.data = data;
  t.dtype = dtype;
  t.ndims = ndims;
  int64_t stride = 1;
  for (uint32_t i = ndims; i-- > 0;) {
    t.shape[i] = shape[i];
    t.strides[i] = stride;
    stride *= shape[i];
  }
  return t;
}

Tensor Tensor::contiguous(void *data, DataType dtype,
                          std::initializer_list<int64_t> shape) {
  return contiguous(data, dtype, shape.begin(),
                    static_cast<uint32_t>(shape.size()));
}

Tensor Tensor::view(const int64_t *offsets, const int64_t *extents) const {
  Tensor v = *this;
  for (uint32_t i = 0; i < ndims; ++i) {
    assert(offsets[i] >= 0 && extents[i] >= 0 &&
           offsets[i] + extents[i] <= shape[i] && "view out of bounds");
    v.startOffset += offsets[i] * strides[i];
    v.shape[i] = extents[i];
  }
  return v;
}

Tensor Tensor::view(std::initializer_list<int64_t> offsets,
                    std::initializer_list<int64_t> extents) const {
  assert(offsets.size() == ndims && extents.size() == ndims);
  return view(offsets.begin(), extents.begin());
}

int64_t Tensor::numel() const {
  int64_t n = 1;
  for (uint32_t i = 0; i < ndims; ++i)
    n *= shape[i];
  return n;
}

bool Tensor::isContiguous() const {
  int64_t stride = 1;
  for (uint32_t i = ndims; i-- > 0;) {
    if (shape[i] != 1 && strides[i] != stride)
      return false;
    stride *= shape[i];
  }
  return true;
}

void Tensor::byteRange(uintptr_t &lo, uintptr_t &hi) const {
  uintptr_t base = reinterpret_cast<uintptr_t>(data);
  if (numel() == 0) {
    lo = hi = base;
    return;
  }
  // Negative strides extend the range downwards, positive ones upwards.
  int64_t minOff = startOffset, maxOff = startOffset;
  for (uint32_t i = 0; i < ndims; ++i) {
    int64_t span = (shape[i] - 1) * strides[i];
    if (span < 0)
      minOff += span;
    else
      maxOff += span;
  }
  int64_t es = static_cast<int64_t>(elementSize());
  lo = base + static_cast<uintptr_t>(minOff * es);
  hi = base + static_cast<uintptr_t>((maxOff + 1) * es);
}

} // namespace plrt
