//===- TransientsUtils.h - shared helpers of the transient passes -*- C++
//-*-===//
//
// Helpers shared by --iree-stream-emplace-transients,
// --iree-stream-materialize-transient-size-queries and
// --iree-stream-annotate-constant-transient-size (external-transients.md).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSUTILS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSUTILS_H

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class IRMapping;
class OpBuilder;
class Region;
class SymbolTableCollection;
} // namespace mlir

namespace sluice::stream {

/// The unit attribute marking the packs EmplaceTransients creates (§5.3 F).
inline constexpr llvm::StringLiteral kTransientsPackAttr =
    "stream.experimental.transients";
/// Reflection dictionary and its transients keys (§2.4, §9.9).
inline constexpr llvm::StringLiteral kReflectionAttr = "iree.reflection";
inline constexpr llvm::StringLiteral kSizeKey = "iree.abi.transients.size";
inline constexpr llvm::StringLiteral kSizeConstantKey =
    "iree.abi.transients.size.constant";
inline constexpr llvm::StringLiteral kArgsKey = "iree.abi.transients.args";
inline constexpr llvm::StringLiteral kAlignmentKey =
    "iree.abi.transients.alignment";
/// The storage argument attribute naming the fence to wait on (§9.8).
inline constexpr llvm::StringLiteral kTransientsWaitAttr =
    "sluice.abi.transients_wait";
/// The argument attribute declaring a storage argument (§2.1).
inline constexpr llvm::StringLiteral kTransientsArgAttr = "iree.abi.transients";
/// Per-function counts of emplaced and unplaced allocas (§9.7 statistics),
/// set by EmplaceTransients with reference-compat=false and printed by
/// `--iree-stream-dump-statistics`.
inline constexpr llvm::StringLiteral kTransientsStatisticsAttr =
    "sluice.transients.statistics";
/// The argument attribute naming a storage argument's affinity (§9.3).
inline constexpr llvm::StringLiteral kAbiAffinityAttr = "iree.abi.affinity";
/// Index attribute on a marked pack of a function with several storages
/// (§9.3): the storage argument whose size it is; read and removed by the
/// size query.
inline constexpr llvm::StringLiteral kStorageArgAttr =
    "sluice.transients.storage_arg";
/// Unit attribute on the `util.call @C$transients_size(...)` that
/// EmplaceTransients creates for a specialized callee (§9.2): the call is
/// pure, may be hoisted, and is inlined into the size query.
inline constexpr llvm::StringLiteral kTransientSizeCallAttr =
    "sluice.transients.size_call";

/// True for a call carrying kTransientSizeCallAttr.
bool isTransientSizeCall(mlir::Operation *op);

/// True for an op the size computations may contain: memory-effect free and
/// not a call, or a size call of a specialized callee.
bool isSizeComputationOp(mlir::Operation *op);

/// `<fnName>_transients_size`, or `<fnName>_transients_size_<N>` with the
/// smallest N that names no symbol of `moduleOp` (§2.3, §9.9).
std::string getUniqueQueryName(mlir::ModuleOp moduleOp, llvm::StringRef fnName);

/// The function argument a storage value comes from, through
/// `stream.tensor.import` and `hal.buffer_view.buffer` (§9.3); null if it
/// does not come from an argument of the entry block.
mlir::BlockArgument traceStorageArgument(mlir::Value storage);

/// Returns `dict` with `name = value` set (added or replaced), as a sorted
/// dictionary; `dict` may be null.
mlir::DictionaryAttr withDictEntry(mlir::DictionaryAttr dict,
                                   llvm::StringRef name, mlir::Attribute value);

/// external-transients.md §9.10: moves the ops that read the storage buffer
/// (`stream.tensor.import`, `hal.buffer.length`, `hal.buffer_view.buffer`
/// reached from `storageValues` in the block of `before`) to just before
/// `before`, i.e. after the size check, which fails cleanly on a null
/// storage. Nothing moves when one of them has a user before `before`.
/// Returns the moved ops in block order (empty when nothing moved).
llvm::SmallVector<mlir::Operation *>
deferStorageReads(llvm::ArrayRef<mlir::Value> storageValues,
                  mlir::Operation *before);

/// external-transients.md §9.8: when the storage argument carries
/// `sluice.abi.transients_wait = <i>`, every emplaced alloca (before its
/// rewrite) also awaits the `!hal.fence` argument i, imported once at the
/// function entry, so work that uses the storage starts after the fence.
mlir::LogicalResult addStorageWait(mlir::FunctionOpInterface funcOp,
                                   mlir::Value storage,
                                   llvm::ArrayRef<ResourceAllocaOp> allocas,
                                   AffinityAttr affinity);
/// Clones the pure computation of `pack`'s total length (the pack included),
/// in `funcOp`'s IR order, at `builder`'s insertion point; `mapping` must map
/// `funcOp`'s entry block arguments. Returns the mapped total length, or fails
/// with an error on the pack when the computation reads a value the clone
/// cannot compute (§6 step 3).
mlir::FailureOr<mlir::Value> cloneTotalLength(mlir::FunctionOpInterface funcOp,
                                              mlir::Operation *pack,
                                              mlir::OpBuilder &builder,
                                              mlir::IRMapping &mapping);

/// Replaces every size call in `region` (transitively, through the size
/// functions' own size calls) by a copy of its callee's body (§9.2 item 3).
void inlineTransientSizeCalls(mlir::Region &region,
                              mlir::SymbolTableCollection &symbolTables);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSUTILS_H
