//===- Position.h - where an analysis fact is attached ---------*- C++ -*-===//
//
// A Position names the IR entity an analysis element describes
// (stream-passes-1.md §1.1): an SSA value, the i-th value returned by a
// callable, an operation or a block. Positions compare by (kind, pointer,
// index) and are hashable, so solvers key their element maps by them.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_POSITION_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_POSITION_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/ADT/Hashing.h"

#include <cstdint>

namespace mlir {
class AsmState;
} // namespace mlir

namespace sluice::util {

class Position {
public:
  enum class Kind : uint8_t {
    /// No position (the default-constructed and the DenseMap sentinels).
    Invalid,
    /// An SSA value (op result or block argument).
    Value,
    /// The `index`-th value returned by a callable op.
    ReturnedValue,
    /// An operation.
    Operation,
    /// A block.
    Block,
  };

  Position() = default;

  static Position forValue(mlir::Value value) {
    return Position(Kind::Value, value.getAsOpaquePointer(), 0);
  }
  static Position forReturnedValue(mlir::Operation *callableOp,
                                   unsigned index) {
    return Position(Kind::ReturnedValue, callableOp, index);
  }
  static Position forOperation(mlir::Operation *op) {
    return Position(Kind::Operation, op, 0);
  }
  static Position forBlock(mlir::Block *block) {
    return Position(Kind::Block, block, 0);
  }

  Kind getKind() const { return kind; }
  bool isValue() const { return kind == Kind::Value; }
  bool isReturnedValue() const { return kind == Kind::ReturnedValue; }
  bool isOperation() const { return kind == Kind::Operation; }
  bool isBlock() const { return kind == Kind::Block; }

  /// The value of a Value position.
  mlir::Value getValue() const {
    assert(isValue() && "not a value position");
    return mlir::Value::getFromOpaquePointer(ptr);
  }
  /// The op of an Operation position or the callable of a ReturnedValue one.
  mlir::Operation *getOperation() const {
    assert((isOperation() || isReturnedValue()) && "not an op position");
    return static_cast<mlir::Operation *>(const_cast<void *>(ptr));
  }
  /// The block of a Block position.
  mlir::Block *getBlock() const {
    assert(isBlock() && "not a block position");
    return static_cast<mlir::Block *>(const_cast<void *>(ptr));
  }
  /// The result index of a ReturnedValue position (0 otherwise).
  unsigned getIndex() const { return index; }
  const void *getOpaquePointer() const { return ptr; }

  bool operator==(const Position &other) const {
    return kind == other.kind && ptr == other.ptr && index == other.index;
  }
  bool operator!=(const Position &other) const { return !(*this == other); }

  /// Debug printing ("value %0", "op util.func @f", ...).
  void print(llvm::raw_ostream &os) const;
  void print(llvm::raw_ostream &os, mlir::AsmState &asmState) const;

private:
  friend struct llvm::DenseMapInfo<Position>;
  Position(Kind kind, const void *ptr, unsigned index)
      : kind(kind), index(index), ptr(ptr) {}

  Kind kind = Kind::Invalid;
  unsigned index = 0;
  const void *ptr = nullptr;
};

llvm::raw_ostream &operator<<(llvm::raw_ostream &os, const Position &pos);

} // namespace sluice::util

namespace llvm {
template <> struct DenseMapInfo<sluice::util::Position> {
  using Position = sluice::util::Position;
  static Position getEmptyKey() {
    return Position(Position::Kind::Invalid,
                    DenseMapInfo<const void *>::getEmptyKey(), 0);
  }
  static Position getTombstoneKey() {
    return Position(Position::Kind::Invalid,
                    DenseMapInfo<const void *>::getTombstoneKey(), 0);
  }
  static unsigned getHashValue(const Position &pos) {
    return static_cast<unsigned>(
        llvm::hash_combine(static_cast<uint8_t>(pos.kind), pos.ptr, pos.index));
  }
  static bool isEqual(const Position &a, const Position &b) { return a == b; }
};
} // namespace llvm

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_POSITION_H
