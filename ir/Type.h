//===- Type.h - IR types ----------------------------------------*- C++ -*-===//
///
/// \file
/// Types are interned by IRContext: two types are equal exactly when they are
/// the same pointer. A TaskId is ScalarType(TASK_ID).
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_TYPE_H
#define PLC_IR_TYPE_H

#include "ir/Enums.h"

#include "llvm/ADT/ArrayRef.h"

namespace plc::ir {

enum class TypeKind : uint8_t { Scalar, Tensor, Tile, Tuple, Array };

class Type {
public:
  TypeKind kind() const { return kind_; }

protected:
  explicit Type(TypeKind kind) : kind_(kind) {}

private:
  TypeKind kind_;
};

class ScalarType : public Type {
public:
  explicit ScalarType(DType dtype) : Type(TypeKind::Scalar), dtype(dtype) {}
  static bool classof(const Type *t) { return t->kind() == TypeKind::Scalar; }
  bool isTaskId() const { return dtype == DType::TASK_ID; }

  const DType dtype;
};

/// Tensor (global memory) and Tile (on-core buffer) share a shape and dtype.
class ShapedType : public Type {
public:
  static bool classof(const Type *t) {
    return t->kind() == TypeKind::Tensor || t->kind() == TypeKind::Tile;
  }
  unsigned rank() const { return shape.size(); }
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }

  const llvm::ArrayRef<int64_t> shape;
  const DType dtype;

protected:
  ShapedType(TypeKind kind, llvm::ArrayRef<int64_t> shape, DType dtype)
      : Type(kind), shape(shape), dtype(dtype) {}
};

class TensorType : public ShapedType {
public:
  TensorType(llvm::ArrayRef<int64_t> shape, DType dtype)
      : ShapedType(TypeKind::Tensor, shape, dtype) {}
  static bool classof(const Type *t) { return t->kind() == TypeKind::Tensor; }
};

class TileType : public ShapedType {
public:
  TileType(llvm::ArrayRef<int64_t> shape, DType dtype)
      : ShapedType(TypeKind::Tile, shape, dtype) {}
  static bool classof(const Type *t) { return t->kind() == TypeKind::Tile; }
};

class TupleType : public Type {
public:
  explicit TupleType(llvm::ArrayRef<const Type *> elements)
      : Type(TypeKind::Tuple), elements(elements) {}
  static bool classof(const Type *t) { return t->kind() == TypeKind::Tuple; }

  const llvm::ArrayRef<const Type *> elements;
};

/// `pl.Array[N, DT]`, in this slice only arrays of TaskIds.
class ArrayType : public Type {
public:
  ArrayType(int64_t size, DType dtype)
      : Type(TypeKind::Array), size(size), dtype(dtype) {}
  static bool classof(const Type *t) { return t->kind() == TypeKind::Array; }

  const int64_t size;
  const DType dtype;
};

/// True for Scalar[TASK_ID].
bool isTaskIdType(const Type *t);
/// True for Scalar types of an integer dtype (INDEX included).
bool isIntegerScalar(const Type *t);

} // namespace plc::ir

#endif // PLC_IR_TYPE_H
