//===- IRContext.h - The arena that owns all IR -----------------*- C++ -*-===//
///
/// \file
/// Every node, type, string and array of the IR lives in an IRContext and is
/// freed with it; nodes are trivially destructible by construction (they hold
/// only pointers, ArrayRefs and StringRefs into the arena). Types are
/// interned, so type equality is pointer equality.
///
//===----------------------------------------------------------------------===//
#ifndef PLC_IR_IRCONTEXT_H
#define PLC_IR_IRCONTEXT_H

#include "ir/Arena.h"
#include "ir/Function.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <type_traits>
#include <vector>

namespace plc::ir {

class IRContext {
public:
  IRContext();
  ~IRContext();
  IRContext(const IRContext &) = delete;
  IRContext &operator=(const IRContext &) = delete;

  /// Allocates a node in the arena. Nodes are never destroyed individually.
  template <typename T, typename... Args> const T *create(Args &&...args) {
    static_assert(std::is_trivially_destructible<T>::value,
                  "arena nodes must not own memory");
    return new (allocator.Allocate<T>()) T(std::forward<Args>(args)...);
  }

  /// Copies an array into the arena.
  template <typename T> llvm::ArrayRef<T> copy(llvm::ArrayRef<T> values) {
    if (values.empty())
      return {};
    T *data = allocator.Allocate<T>(values.size());
    std::uninitialized_copy(values.begin(), values.end(), data);
    return llvm::ArrayRef<T>(data, values.size());
  }
  template <typename T, unsigned N>
  llvm::ArrayRef<T> copy(const llvm::SmallVector<T, N> &values) {
    return copy(llvm::ArrayRef<T>(values));
  }
  template <typename T> llvm::ArrayRef<T> copy(const std::vector<T> &values) {
    return copy(llvm::ArrayRef<T>(values));
  }

  /// Interns a string; equal strings give the same StringRef data.
  llvm::StringRef intern(llvm::StringRef text);

  /// Sizes the intern table for about `count` strings, so that it does not
  /// grow (rehashing every string interned so far) in the middle of a pass.
  /// A hint: it takes effect only before the first string is interned.
  void reserveStrings(size_t count);

  /// A fresh Var (a new identity) named `name`.
  const Var *newVar(llvm::StringRef name, const Type *type, Span span = {});

  // Interned types.
  const ScalarType *scalarType(DType dtype);
  const ScalarType *taskIdType() { return scalarType(DType::TASK_ID); }
  const TensorType *tensorType(llvm::ArrayRef<int64_t> shape, DType dtype);
  const TileType *tileType(llvm::ArrayRef<int64_t> shape, DType dtype);
  const TupleType *tupleType(llvm::ArrayRef<const Type *> elements);
  const ArrayType *arrayType(int64_t size, DType dtype);

  // Convenience constructors for common expressions.
  const ConstInt *constInt(int64_t value, DType dtype = DType::INDEX,
                           Span span = {});
  const ConstBool *constBool(bool value, Span span = {});

  /// Bytes handed out by the arena so far (nodes, arrays and strings).
  size_t arenaBytes() const {
    return allocator.getBytesAllocated() +
           strings.getAllocator().getBytesAllocated();
  }

  /// A new, empty task graph that lives as long as the context.
  TaskGraph *createTaskGraph();

private:
  struct TypeNode;
  const Type *internType(TypeKind kind, llvm::ArrayRef<int64_t> shape,
                         DType dtype, int64_t size,
                         llvm::ArrayRef<const Type *> elements);

  Arena allocator;
  llvm::StringMap<llvm::NoneType, Arena> strings;
  llvm::FoldingSet<TypeNode> types;
  /// Scalar types by dtype, the most asked-for: no profile and hash each.
  const ScalarType *scalarTypes[static_cast<size_t>(DType::TASK_ID) + 1] = {};
  uint64_t nextVarId = 0;
  std::vector<std::unique_ptr<TaskGraph>> taskGraphs;
};

} // namespace plc::ir

#endif // PLC_IR_IRCONTEXT_H
