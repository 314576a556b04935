//===- IRContext.cpp - The arena that owns all IR --------------------------===//

#include "ir/IRContext.h"

#include <algorithm>
#include <cassert>
#include <iterator>

using namespace plc::ir;

/// A FoldingSet entry wrapping one interned type.
struct IRContext::TypeNode : public llvm::FoldingSetNode {
  const Type *type;
  explicit TypeNode(const Type *type) : type(type) {}

  static void profile(llvm::FoldingSetNodeID &id, TypeKind kind,
                      llvm::ArrayRef<int64_t> shape, DType dtype, int64_t size,
                      llvm::ArrayRef<const Type *> elements) {
    id.AddInteger(static_cast<unsigned>(kind));
    id.AddInteger(static_cast<unsigned>(dtype));
    id.AddInteger(size);
    id.AddInteger(shape.size());
    for (int64_t d : shape)
      id.AddInteger(d);
    id.AddInteger(elements.size());
    for (const Type *t : elements)
      id.AddPointer(t);
  }

  void Profile(llvm::FoldingSetNodeID &id) const {
    switch (type->kind()) {
    case TypeKind::Scalar:
      profile(id, type->kind(), {}, llvm::cast<ScalarType>(type)->dtype, 0, {});
      return;
    case TypeKind::Tensor:
    case TypeKind::Tile: {
      auto *shaped = llvm::cast<ShapedType>(type);
      profile(id, type->kind(), shaped->shape, shaped->dtype, 0, {});
      return;
    }
    case TypeKind::Tuple:
      profile(id, type->kind(), {}, DType::BOOL, 0,
              llvm::cast<TupleType>(type)->elements);
      return;
    case TypeKind::Array: {
      auto *array = llvm::cast<ArrayType>(type);
      profile(id, type->kind(), {}, array->dtype, array->size, {});
      return;
    }
    }
    llvm_unreachable("unknown type kind");
  }
};

IRContext::IRContext() = default;

IRContext::~IRContext() {
  // TypeNodes live in the arena; the set only needs to forget them.
  types.clear();
}

llvm::StringRef IRContext::intern(llvm::StringRef text) {
  return strings.try_emplace(text).first->getKey();
}

void IRContext::reserveStrings(size_t count) {
  if (strings.empty())
    strings = llvm::StringMap<llvm::NoneType, Arena>(
        static_cast<unsigned>(std::min<size_t>(count, 1u << 30)));
}

const Var *IRContext::newVar(llvm::StringRef name, const Type *type,
                             Span span) {
  return create<Var>(intern(name), nextVarId++, type, span);
}

const Type *IRContext::internType(TypeKind kind, llvm::ArrayRef<int64_t> shape,
                                  DType dtype, int64_t size,
                                  llvm::ArrayRef<const Type *> elements) {
  llvm::FoldingSetNodeID id;
  // Tuples profile with a fixed dtype so that only their elements count.
  TypeNode::profile(id, kind, shape, kind == TypeKind::Tuple ? DType::BOOL : dtype,
                    size, elements);
  void *insertPos = nullptr;
  if (TypeNode *existing = types.FindNodeOrInsertPos(id, insertPos))
    return existing->type;

  const Type *type = nullptr;
  switch (kind) {
  case TypeKind::Scalar:
    type = create<ScalarType>(dtype);
    break;
  case TypeKind::Tensor:
    type = create<TensorType>(copy(shape), dtype);
    break;
  case TypeKind::Tile:
    type = create<TileType>(copy(shape), dtype);
    break;
  case TypeKind::Tuple:
    type = create<TupleType>(copy(elements));
    break;
  case TypeKind::Array:
    type = create<ArrayType>(size, dtype);
    break;
  }
  auto *node = new (allocator.Allocate<TypeNode>()) TypeNode(type);
  types.InsertNode(node, insertPos);
  return type;
}

const ScalarType *IRContext::scalarType(DType dtype) {
  assert(static_cast<size_t>(dtype) < std::size(scalarTypes) &&
         "a DType after TASK_ID needs a larger scalar type cache");
  const ScalarType *&cached = scalarTypes[static_cast<size_t>(dtype)];
  if (!cached)
    cached = llvm::cast<ScalarType>(
        internType(TypeKind::Scalar, {}, dtype, 0, {}));
  return cached;
}

const TensorType *IRContext::tensorType(llvm::ArrayRef<int64_t> shape,
                                        DType dtype) {
  return llvm::cast<TensorType>(
      internType(TypeKind::Tensor, shape, dtype, 0, {}));
}

const TileType *IRContext::tileType(llvm::ArrayRef<int64_t> shape,
                                    DType dtype) {
  return llvm::cast<TileType>(internType(TypeKind::Tile, shape, dtype, 0, {}));
}

const TupleType *IRContext::tupleType(llvm::ArrayRef<const Type *> elements) {
  return llvm::cast<TupleType>(
      internType(TypeKind::Tuple, {}, DType::BOOL, 0, elements));
}

const ArrayType *IRContext::arrayType(int64_t size, DType dtype) {
  return llvm::cast<ArrayType>(
      internType(TypeKind::Array, {}, dtype, size, {}));
}

const ConstInt *IRContext::constInt(int64_t value, DType dtype, Span span) {
  return create<ConstInt>(value, scalarType(dtype), span);
}

TaskGraph *IRContext::createTaskGraph() {
  taskGraphs.push_back(std::make_unique<TaskGraph>());
  return taskGraphs.back().get();
}

const ConstBool *IRContext::constBool(bool value, Span span) {
  return create<ConstBool>(value, scalarType(DType::BOOL), span);
}

bool plc::ir::isTaskIdType(const Type *t) {
  auto *scalar = llvm::dyn_cast_or_null<ScalarType>(t);
  return scalar && scalar->dtype == DType::TASK_ID;
}

bool plc::ir::isIntegerScalar(const Type *t) {
  auto *scalar = llvm::dyn_cast_or_null<ScalarType>(t);
  return scalar && isInteger(scalar->dtype);
}

const Function *Program::lookup(llvm::StringRef name) const {
  for (const Function *fn : functions)
    if (fn->name() == name)
      return fn;
  return nullptr;
}
