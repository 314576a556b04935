//===- KernelPrelude.cpp - Helpers every kernels file starts with ---------===//
//
// The fixed text that generated kernel code calls: windows of tensors as
// tiles (load/store), elementwise operators over tiles and tensors, and
// bounds-checked element reads. Everything is a template or an inline class
// in an anonymous namespace, so unused helpers cost nothing and draw no
// warnings under -Wall -Wextra.
//
//===----------------------------------------------------------------------===//

#include "codegen/KernelCodegen.h"

llvm::StringRef plc::codegen::kernelPrelude() {
  return R"PLK(// Shapes, offsets and indices of up to MAX_TENSOR_DIMS dimensions.
struct plk_dims {
  uint32_t n = 0;
  int64_t v[MAX_TENSOR_DIMS] = {};
  plk_dims(std::initializer_list<int64_t> list) {
    for (int64_t x : list)
      v[n++] = x;
  }
  int64_t count() const {
    int64_t c = 1;
    for (uint32_t d = 0; d < n; ++d)
      c *= v[d];
    return c;
  }
};

// A kernel fails by throwing: the runtime marks its task failed and reports
// the message.
template <typename Message> [[noreturn]] void plk_fail(const Message &message) {
  throw std::runtime_error(message);
}

// Checks that the window at `off` of extent `shape` lies inside `t` and that
// elements of type E match the tensor's.
template <typename E>
void plk_check_window(const Tensor &t, const plk_dims &off,
                      const plk_dims &shape, const char *what) {
  if (sizeof(E) != t.elementSize())
    plk_fail(std::string(what) + ": element type does not match the tensor");
  if (off.n != t.ndims || shape.n != t.ndims)
    plk_fail(std::string(what) + ": rank does not match the tensor");
  for (uint32_t d = 0; d < t.ndims; ++d)
    if (off.v[d] < 0 || shape.v[d] < 0 || off.v[d] + shape.v[d] > t.shape[d])
      plk_fail(std::string(what) + ": window [" + std::to_string(off.v[d]) +
               ", " + std::to_string(off.v[d] + shape.v[d]) +
               ") exceeds dimension " + std::to_string(d) + " of extent " +
               std::to_string(t.shape[d]));
}

// Calls f(index, flat) for every index of `shape`, in row-major order.
template <typename F> void plk_for_each(const plk_dims &shape, F &&f) {
  int64_t total = shape.count();
  int64_t idx[MAX_TENSOR_DIMS] = {};
  for (int64_t flat = 0; flat < total; ++flat) {
    f(static_cast<const int64_t *>(idx), flat);
    for (uint32_t d = shape.n; d-- > 0;) {
      if (++idx[d] < shape.v[d])
        break;
      idx[d] = 0;
    }
  }
}

// tile.load: a tile of element type T from the window of `src` (elements E).
template <typename T, typename E>
std::vector<T> plk_load(const Tensor &src, const plk_dims &off,
                        const plk_dims &shape) {
  plk_check_window<E>(src, off, shape, "tile.load");
  std::vector<T> tile(static_cast<size_t>(shape.count()));
  const E *base = static_cast<const E *>(src.data);
  plk_for_each(shape, [&](const int64_t *idx, int64_t flat) {
    int64_t at[MAX_TENSOR_DIMS] = {};
    for (uint32_t d = 0; d < shape.n; ++d)
      at[d] = off.v[d] + idx[d];
    tile[static_cast<size_t>(flat)] = static_cast<T>(base[src.offsetOf(at)]);
  });
  return tile;
}

// tile.store: writes `tile` (of extent `shape`) into `dst` at `off`.
template <typename E, typename T>
void plk_store(const std::vector<T> &tile, const plk_dims &shape,
               const Tensor &dst, const plk_dims &off) {
  plk_check_window<E>(dst, off, shape, "tile.store");
  E *base = static_cast<E *>(dst.data);
  plk_for_each(shape, [&](const int64_t *idx, int64_t flat) {
    int64_t at[MAX_TENSOR_DIMS] = {};
    for (uint32_t d = 0; d < shape.n; ++d)
      at[d] = off.v[d] + idx[d];
    base[dst.offsetOf(at)] = static_cast<E>(tile[static_cast<size_t>(flat)]);
  });
}

// tensor.read: one element.
template <typename T> T plk_read(const Tensor &t, const plk_dims &idx) {
  plk_dims one = idx;
  for (uint32_t d = 0; d < idx.n; ++d)
    one.v[d] = 1;
  plk_check_window<T>(t, idx, one, "tensor.read");
  return static_cast<const T *>(t.data)[t.offsetOf(idx.v)];
}

// Elementwise operators.
struct plk_add {
  template <typename T> T operator()(T a, T b) const { return static_cast<T>(a + b); }
};
struct plk_sub {
  template <typename T> T operator()(T a, T b) const { return static_cast<T>(a - b); }
};
struct plk_mul {
  template <typename T> T operator()(T a, T b) const { return static_cast<T>(a * b); }
};
struct plk_div {
  template <typename T> T operator()(T a, T b) const { return static_cast<T>(a / b); }
};
struct plk_maximum {
  template <typename T> T operator()(T a, T b) const { return std::max(a, b); }
};
struct plk_minimum {
  template <typename T> T operator()(T a, T b) const { return std::min(a, b); }
};
struct plk_exp {
  template <typename T> T operator()(T a) const { return static_cast<T>(std::exp(a)); }
};
struct plk_neg {
  template <typename T> T operator()(T a) const { return static_cast<T>(-a); }
};

template <typename T, typename Op>
std::vector<T> plk_map(const std::vector<T> &a, Op op) {
  std::vector<T> r(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    r[i] = op(a[i]);
  return r;
}
template <typename T, typename Op>
std::vector<T> plk_zip(const std::vector<T> &a, const std::vector<T> &b, Op op) {
  if (a.size() != b.size())
    plk_fail("elementwise operands differ in size");
  std::vector<T> r(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    r[i] = op(a[i], b[i]);
  return r;
}
template <typename T, typename Op>
std::vector<T> plk_zip(const std::vector<T> &a, T b, Op op) {
  std::vector<T> r(a.size());
  for (size_t i = 0; i < a.size(); ++i)
    r[i] = op(a[i], b);
  return r;
}

// Tensors made inside a kernel: a zeroed buffer owned by `storage`.
template <typename T>
Tensor plk_new_tensor(std::unique_ptr<T[]> &storage, DataType dtype,
                      const plk_dims &shape) {
  storage.reset(new T[static_cast<size_t>(shape.count())]());
  return Tensor::contiguous(storage.get(), dtype, shape.v, shape.n);
}
template <typename T> T &plk_elem(const Tensor &t, const int64_t *idx) {
  return static_cast<T *>(t.data)[t.offsetOf(idx)];
}
template <typename T> plk_dims plk_shape_of(const Tensor &t) {
  plk_dims shape{};
  shape.n = t.ndims;
  for (uint32_t d = 0; d < t.ndims; ++d)
    shape.v[d] = t.shape[d];
  return shape;
}
template <typename T, typename Op>
void plk_tensor_map(const Tensor &out, const Tensor &a, Op op) {
  plk_for_each(plk_shape_of<T>(out), [&](const int64_t *idx, int64_t) {
    plk_elem<T>(out, idx) = op(plk_elem<T>(a, idx));
  });
}
template <typename T, typename Op>
void plk_tensor_zip(const Tensor &out, const Tensor &a, const Tensor &b, Op op) {
  plk_for_each(plk_shape_of<T>(out), [&](const int64_t *idx, int64_t) {
    plk_elem<T>(out, idx) = op(plk_elem<T>(a, idx), plk_elem<T>(b, idx));
  });
}
template <typename T, typename Op>
void plk_tensor_zip(const Tensor &out, const Tensor &a, T b, Op op) {
  plk_for_each(plk_shape_of<T>(out), [&](const int64_t *idx, int64_t) {
    plk_elem<T>(out, idx) = op(plk_elem<T>(a, idx), b);
  });
}
)PLK";
}
