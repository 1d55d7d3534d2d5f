//===- ScheduleAllocation.h - schedule-allocation internals -----*- C++ -*-===//
//
// Shared between ScheduleAllocation.cpp (allocation of execution regions,
// stream-passes-2.md §7.2-§7.6) and ScheduleAllocationCommands.cpp (the
// conversion of async ops into commands over the allocated ranges, §7.7).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULEALLOCATION_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULEALLOCATION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace sluice::stream {

/// Where a value lives once allocated: bytes `[offset, offset + length)` of
/// `resource` (whose size is `resourceSize`).
struct ResourceRange {
  mlir::Value resource;
  mlir::Value resourceSize;
  mlir::Value offset;
  mlir::Value length;
};

/// The per-execute allocation state: alias classes and mapped ranges.
class AllocationScope {
public:
  AllocationScope(mlir::Operation *rootOp, ValueAliasSets &aliases)
      : rootOp(rootOp), aliases(aliases) {}

  /// The execute op new index arithmetic is inserted before.
  mlir::Operation *getRootOp() const { return rootOp; }
  void setRootOp(mlir::Operation *op) { rootOp = op; }

  /// The memoized `index 0` constant before the root op.
  mlir::Value getZero();

  /// `x + y`: `y` if `x` is constant zero, else `x` if `y` is, else an
  /// `arith.addi` (created or folded) before the root op.
  mlir::Value add(mlir::Location loc, mlir::Value x, mlir::Value y);

  /// Maps `value` (and, first mapping wins, every member of its alias class)
  /// to `range`; an unset offset/length means the whole resource. Members
  /// viewed through a `stream.resource.subview` map to the subview's range.
  void mapRange(mlir::Value value, ResourceRange range);

  bool isMapped(mlir::Value value) const {
    return ranges.count(value) || views.count(value);
  }
  /// The range of `value`; ranges of members viewed through a subview are
  /// resolved (and memoized) on first lookup.
  std::optional<ResourceRange> lookupRange(mlir::Value value);

  /// Every member of `value`'s alias class (including `value`).
  llvm::SmallVector<mlir::Value> getAliases(mlir::Value value) const;

  /// `stream.async.constant` ops that were extracted (their ranges are mapped
  /// and they may be erased); any other constant is unhandled.
  llvm::DenseSet<mlir::Operation *> &getExtractedConstants() {
    return extractedConstants;
  }

private:
  void mapMember(mlir::Value member, const ResourceRange &classRange);

  mlir::Operation *rootOp;
  ValueAliasSets &aliases;
  mlir::Value zero;
  llvm::DenseMap<mlir::Value, ResourceRange> ranges;
  /// Members mapped through a `stream.resource.subview`, not yet resolved.
  llvm::DenseMap<mlir::Value, mlir::Operation *> views;
  llvm::DenseSet<mlir::Operation *> extractedConstants;
};

/// Converts the async ops of `region`'s single block into commands over the
/// scope's ranges, last op first (§7.7). On an op it cannot convert it emits
/// `unhandled async op <name> during allocation (should have been removed
/// earlier)` at the region's parent op and fails.
mlir::LogicalResult applyAsyncAllocations(mlir::Region &region,
                                          AllocationScope &scope);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SCHEDULEALLOCATION_H
