//===- UtilInterfaces.h - util interfaces and value helpers -----*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILINTERFACES_H
#define SLUICE_DIALECT_UTIL_IR_UTILINTERFACES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Types.h"
#include "llvm/Support/Endian.h"

#include <optional>

namespace sluice::util {

/// How a closure reads or writes one of its captured values or results.
struct ValueAccess {
  bool isRead = false;
  bool isWrite = false;
  bool isDiscard = false;

  ValueAccess() = default;
  ValueAccess(bool isRead, bool isWrite, bool isDiscard)
      : isRead(isRead), isWrite(isWrite), isDiscard(isDiscard) {}
  static ValueAccess None() { return {}; }
  static ValueAccess ReadOnly() { return {true, false, false}; }
  static ValueAccess ReadWrite() { return {true, true, false}; }
  static ValueAccess WriteOnly() { return {false, true, false}; }
  static ValueAccess DiscardWrite() { return {false, true, true}; }
  bool isNone() const { return !isRead && !isWrite && !isDiscard; }
  bool isReadOnly() const { return isRead && !isWrite && !isDiscard; }
};

/// A (resource, resourceSize, offset, length) byte range of a resource.
struct SubrangeOperand {
  mlir::Value resource;
  mlir::Value resourceSize;
  mlir::Value offset;
  mlir::Value length;
};

class GlobalLoadOpInterface;
class GlobalStoreOpInterface;
class ClosureOpInterface;

/// Default global access compatibility: shaped types need compatible shapes,
/// anything else must be equal.
bool isGlobalTypeCompatible(mlir::Type globalType, mlir::Type accessType);

/// Builds the full shape of a value of `type` from its dynamic dims, creating
/// `arith.constant <n> : index` for static dims.
llvm::SmallVector<mlir::Value> buildShape(mlir::Location loc, mlir::Type type,
                                          mlir::ValueRange dynamicDims,
                                          mlir::OpBuilder &builder);

/// Entry `resultIndex` of a `tied_operands` array (a function's or op's
/// relative tie), or nullopt when absent, out of range or untied.
std::optional<unsigned> getTiedIndex(mlir::ArrayAttr tiedOperands,
                                     unsigned resultIndex);

namespace detail {
std::optional<unsigned> getTiedResultOperandIndexFromAttr(mlir::Operation *op,
                                                          unsigned resultIndex);
void setTiedResultOperandIndexInAttr(mlir::Operation *op, unsigned resultIndex,
                                     std::optional<unsigned> operandIndex);
llvm::SmallVector<int64_t>
getTiedResultOperandIndicesFromAttr(mlir::Operation *op);
mlir::LogicalResult verifyTiedOp(mlir::Operation *op);
mlir::LogicalResult verifyGlobalOp(mlir::Operation *op);
} // namespace detail

} // namespace sluice::util

namespace sluice::util {
namespace OpTrait {

/// Object-like ops (executables) must have a symbol table and be isolated
/// from above.
template <typename ConcreteType>
class ObjectLike : public mlir::OpTrait::TraitBase<ConcreteType, ObjectLike> {
public:
  static mlir::LogicalResult verifyTrait(mlir::Operation *op) {
    if (!op->hasTrait<mlir::OpTrait::SymbolTable>() ||
        !op->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
      return op->emitOpError("is not a valid object-like op; must have a "
                             "symbol table and be isolated from above");
    return mlir::success();
  }
};

/// Marks an op that control flow never reaches (support-dialects.md §1.4.1).
/// Carries no verification.
template <typename ConcreteType>
class UnreachableLike
    : public mlir::OpTrait::TraitBase<ConcreteType, UnreachableLike> {};

} // namespace OpTrait

namespace TypeTrait {

/// Values of this type are captured implicitly by workgroup-count regions.
template <typename ConcreteType>
class ImplicitlyCaptured
    : public mlir::TypeTrait::TraitBase<ConcreteType, ImplicitlyCaptured> {};

} // namespace TypeTrait
} // namespace sluice::util

#include "sluice/Dialect/Util/IR/UtilAttrInterfaces.h.inc"
#include "sluice/Dialect/Util/IR/UtilOpInterfaces.h.inc"
#include "sluice/Dialect/Util/IR/UtilTypeInterfaces.h.inc"

namespace sluice::util {

//===----------------------------------------------------------------------===//
// Value helpers (support-dialects.md §1.7)
//===----------------------------------------------------------------------===//

/// Number of dynamic-dimension values `value` carries in a dims list: its
/// dynamic dim count when shaped, 1 when size-aware, 0 otherwise.
unsigned getDynamicDimCount(mlir::Type type);

/// The slice of `dims` (the concatenated dynamic dims of `values`) belonging
/// to `values[idx]`.
mlir::ValueRange findDynamicDimsInList(unsigned idx, mlir::ValueRange values,
                                       mlir::ValueRange dims);
/// The single size value of `values[idx]` in `sizes`, or null.
mlir::Value findValueSizeInList(unsigned idx, mlir::ValueRange values,
                                mlir::ValueRange sizes);

/// Walks up through shape-aware, size-aware and tied producers.
std::optional<mlir::ValueRange> findDynamicDims(mlir::Value value);
/// As above, then looks at users whose dims are usable at the point.
std::optional<mlir::ValueRange>
findDynamicDims(mlir::Value value, mlir::Block *block,
                mlir::Block::iterator insertionPoint);
/// The size of dimension `dim` of `value`: a static size as an index
/// attribute or the matching dynamic dim value.
mlir::OpFoldResult findDim(mlir::Value value, unsigned dim);
/// Dynamic dims for `value` at the builder's point, building `tensor.dim`s
/// when they cannot be found.
llvm::SmallVector<mlir::Value>
buildDynamicDimsForValue(mlir::Location loc, mlir::Value value,
                         mlir::OpBuilder &builder);
/// True when `value` dominates (`block`, `insertionPoint`).
bool isValueUsableForOp(mlir::Value value, mlir::Block *block,
                        mlir::Block::iterator insertionPoint);

/// Drops removed results' entries from `tiedOperandIndices`, turns ties to
/// removed operands into -1 and renumbers the rest.
void excludeTiedOperandAndResultIndices(
    llvm::ArrayRef<unsigned> excludedOperandIndices,
    llvm::ArrayRef<unsigned> excludedResultIndices,
    llvm::SmallVectorImpl<int64_t> &tiedOperandIndices);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_UTILINTERFACES_H
