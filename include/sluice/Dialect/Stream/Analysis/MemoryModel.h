//===- MemoryModel.h - static memory and schedule model --------*- C++ -*-===//
//
// What one function of a command-phase program holds in memory and when: its
// transient slabs (allocas and external transient storage) with the slots
// (accessed subranges) inside them and their lifetimes, the constants,
// parameters and external results it touches, and its execution regions
// (`stream.cmd.execute`) placed on a static timeline by their timepoint
// waits. `--sluice-stream-memory-report` prints it and
// `--sluice-stream-dump-timeline` draws it; both read the same model.
//
// Time is measured in two ways. *Ticks* number the function's ops in program
// order (pre-order; the ops nested in a `stream.cmd.concurrent` share its
// tick): lifetimes in ticks feed the max-live computations
// (`computeMaxLiveBytes`, ResourceLiveness.h). *Levels* place execution
// regions: a region starts one level after the latest region it waits for
// (through joins, allocas, deallocas and any timeline op) and not before a
// preceding host wait; regions of one affinity at the same level are
// concurrent and get distinct queue lanes.
//
// Calls are looked into: a direct call of a function with a body (for
// example a callee specialized by `--iree-stream-emplace-transients`,
// `@C$transients`) is modelled as if the callee's body ran at the call, once
// per call. The callee's values are traced back to the call's operands, so a
// callee that accesses its `%slab` argument accesses the caller's slab the
// call passes (a subview of the caller's storage at the call's slot offset):
// the callee's slots are nested at that offset in the caller's slab. The
// callee's ops get ticks right after the call's, its execution regions are
// placed on the caller's timeline after what the call waits for, and its own
// allocas are slabs of the caller (one per call). Recursive calls and calls
// beyond a budget of looked-into ops are not followed.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_MEMORYMODEL_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_MEMORYMODEL_H

#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sluice::stream {

/// A sum of byte sizes: the statically known part plus the dynamic sizes.
struct ByteTotal {
  uint64_t known = 0;
  /// Number of sizes added, including those of unknown size.
  unsigned count = 0;
  /// Sizes that could not be found.
  unsigned unknown = 0;
  llvm::SmallVector<mlir::Value> dynamic;
  /// Adds `size` (a constant or dynamic index value; null: unknown).
  void add(mlir::Value size);
  void add(uint64_t bytes);
  bool isStatic() const { return dynamic.empty(); }
};

/// A subrange of a slab accessed by the commands of execution regions.
/// Accesses with overlapping constant byte ranges form one slot.
struct TransientSlot {
  /// Lifetime in ticks (first and last access).
  int64_t start = 0, end = 0;
  /// Offset in the slab; unknown when the offset is not a constant (for
  /// example a `stream.resource.pack` offset before layout-slices).
  std::optional<uint64_t> offset;
  uint64_t size = 0;
  /// First and last accessing commands.
  mlir::Operation *first = nullptr, *last = nullptr;
  /// Their positions (region index, command ordinal), see
  /// `FunctionMemoryModel::commandPositions`; the commands of a callee have
  /// one position per call, so the slot keeps its own.
  std::pair<unsigned, unsigned> firstPosition{~0u, 0}, lastPosition{~0u, 0};
  /// The callee whose command first accessed the slot (null: the function
  /// itself).
  mlir::Operation *callee = nullptr;
  unsigned accessCount = 0;
};

/// A transient slab: a transient `stream.resource.alloca`, or storage coming
/// from outside the function (an argument, an imported buffer: external
/// transient storage).
struct TransientSlab {
  mlir::Value root;
  /// True for storage not allocated by the function.
  bool external = false;
  mlir::Value size;
  std::optional<uint64_t> staticSize;
  /// Lifetime in ticks: alloca to dealloca (or the function's end); for
  /// external storage, first to last access.
  int64_t start = 0, end = 0;
  llvm::SmallVector<TransientSlot> slots;
  /// False when an access had a dynamic length: the slots do not describe
  /// the whole use of the slab.
  bool slotsComplete = true;
  /// The callee that allocates the slab (null: the function itself or
  /// storage from outside).
  mlir::Operation *callee = nullptr;
  /// Slots accessed by the commands of callees.
  unsigned calleeSlots = 0;
};

/// A `stream.cmd.execute` on the static timeline.
struct ExecutionRegion {
  mlir::Operation *op = nullptr;
  int64_t tick = 0;
  int64_t level = 0;
  /// The printed affinity, or `default`.
  std::string affinity;
  unsigned lane = 0;
  /// Regions waited for (indices into `regions`), at most `kMaxWaits`.
  llvm::SmallVector<unsigned, 4> waits;
  /// More waits than recorded.
  bool waitsTruncated = false;
  unsigned commandCount = 0;
  unsigned transientAccesses = 0;
  /// The callee the region belongs to (null: the function itself).
  mlir::Operation *callee = nullptr;
};

/// A function called (and looked into) by the modelled function.
struct ModelledCallee {
  mlir::Operation *callee = nullptr;
  /// Calls executed, counting calls made by callees.
  unsigned calls = 0;
};

/// A host wait (`stream.timepoint.await`) on the timeline.
struct HostWait {
  mlir::Operation *op = nullptr;
  int64_t level = 0;
};

struct FunctionMemoryModel {
  static constexpr unsigned kMaxWaits = 16;

  mlir::FunctionOpInterface func;
  llvm::SmallVector<TransientSlab> slabs;

  /// Sum of the sizes of the function's transient allocas.
  ByteTotal transientsAllocated;
  /// Peak bytes of simultaneously live transient allocas (in ticks);
  /// unknown when a size is dynamic.
  std::optional<uint64_t> transientsPeak;
  /// Max-live lower bound over the slots of the allocas (allocas whose slots
  /// are unknown count whole); unknown when a size is dynamic.
  std::optional<uint64_t> transientsLowerBound;
  /// Sizes of external transient storage accessed by the function, and the
  /// max-live lower bound over its slots (unknown when a length is dynamic).
  ByteTotal externalTransients;
  std::optional<uint64_t> externalTransientsLowerBound;

  ByteTotal constants;
  ByteTotal parametersRead;
  ByteTotal parametersWritten;
  ByteTotal externalResults;

  llvm::SmallVector<ExecutionRegion> regions;
  llvm::SmallVector<HostWait> hostWaits;
  int64_t levelCount = 0;

  /// Callees looked into, in order of first call.
  llvm::SmallVector<ModelledCallee> callees;
  /// Calls that were not looked into: external or unresolved callees,
  /// recursion, or past the budget of `kMaxCalleeOps`.
  unsigned opaqueCalls = 0;
  /// Ops of callees visited (each call counts its callee's ops).
  static constexpr uint64_t kMaxCalleeOps = 1u << 20;

  /// Position of a command inside its execution region: (region, ordinal).
  /// Commands nested in a `stream.cmd.concurrent` share its ordinal. A
  /// callee's command holds the position of its last call.
  llvm::DenseMap<mlir::Operation *, std::pair<unsigned, unsigned>>
      commandPositions;
};

/// Builds the model of `func` (any phase; the command phase gives the full
/// picture). Linear in the size of the function.
FunctionMemoryModel buildFunctionMemoryModel(mlir::FunctionOpInterface func);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_MEMORYMODEL_H
