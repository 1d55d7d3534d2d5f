//===- SymbolRefs.h - symbol references of operations, without copies ----===//
//
// `SymbolTable::getSymbolUses` and `op->getAttrDictionary().walk(...)` find
// the symbol references of an operation by materializing its attribute
// dictionary: for an operation whose inherent attributes are properties
// that builds (and uniques, for the context's lifetime) one new
// DictionaryAttr per operation, and the attribute walker then revisits
// every nested attribute and type with a fresh visited set. On a 100k-op
// module that is half of the time of Explorer::initialize and most of its
// cache misses.
//
// SymbolRefScanner reads the inherent attributes from the properties and
// the discardable ones from the dictionary, and remembers, per uniqued
// attribute and type, the symbol references nested in it, so that each
// distinct attribute is walked once per scanner.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_ANALYSIS_SYMBOLREFS_H
#define SLUICE_DIALECT_UTIL_ANALYSIS_SYMBOLREFS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir {
class Operation;
class Region;
} // namespace mlir

namespace sluice::util {

class SymbolRefScanner {
public:
  /// Calls `fn` for every symbol reference in `op`'s attributes (inherent
  /// and discardable, nested in attributes and types), like
  /// `SymbolTable::getSymbolUses(op)`: the references nested inside a
  /// SymbolRefAttr are not reported on their own, and a reference that
  /// appears several times is reported once. The order among one
  /// operation's references is unspecified. Inherent attributes stored in
  /// non-attribute properties (e.g. segment sizes) are not read: they
  /// cannot hold symbol references.
  void forEachSymbolRef(mlir::Operation *op,
                        llvm::function_ref<void(mlir::SymbolRefAttr)> fn);

  /// Calls `fn(user, ref)` for every symbol use in the operations nested in
  /// `regions`, in the order of `SymbolTable::getSymbolUses(region)`:
  /// region by region from a stack, each region's operations in order, not
  /// entering the regions of nested symbol tables.
  void forEachSymbolUse(
      llvm::MutableArrayRef<mlir::Region> regions,
      llvm::function_ref<void(mlir::Operation *, mlir::SymbolRefAttr)> fn);

private:
  /// [begin, end) in `refs`.
  using Range = std::pair<uint32_t, uint32_t>;
  Range scan(mlir::Attribute attr);
  Range scan(mlir::Type type);
  /// The range memoized for the uniqued attribute or type `key` (attributes
  /// and types are distinct storage objects: one map serves both), or the
  /// one `fill` computes.
  Range memoized(
      const void *key,
      llvm::function_ref<void(llvm::SmallVectorImpl<mlir::SymbolRefAttr> &)>
          fill);
  /// Appends the references in `element`'s immediate sub-elements.
  template <typename AttrOrType>
  void walkSubElements(AttrOrType element,
                       llvm::SmallVectorImpl<mlir::SymbolRefAttr> &pending);

  llvm::DenseMap<const void *, Range> memo;
  llvm::SmallVector<mlir::SymbolRefAttr> refs;
};

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_ANALYSIS_SYMBOLREFS_H
