//===- Utils.h - helpers shared by the HAL-conversion patterns --*- C++ -*-===//
//
// execution.md §2.5.1 "Shared helpers", io-parameters.md §9: device and queue
// affinity lookup, wait and signal fences, the buffer bits a resource
// lifetime requires. Used by StreamToHAL and by StreamToParams.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_STREAMTOHAL_UTILS_H
#define SLUICE_DIALECT_HAL_CONVERSION_STREAMTOHAL_UTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/Transforms/DialectConversion.h"

#include <array>
#include <cstdint>
#include <utility>

namespace sluice::stream {
enum class Lifetime : uint32_t;
} // namespace sluice::stream

namespace sluice::hal {

class ExecutableExportOp;

/// `stream.context.resolve on(<lookupOrDefault(op)>) : !hal.device, i64` at
/// the builder's position; returns (device, queue affinity). The resolve op
/// is itself converted later in the same conversion (hal.device.resolve,
/// then the global load and mask constant).
std::pair<mlir::Value, mlir::Value>
lookupDeviceAndQueueAffinityFor(mlir::Operation *op, mlir::OpBuilder &builder);

/// The allocation variant: for a `#hal.device.optimal<[a1, ...]>` affinity,
/// one resolve per member followed by `hal.allocator.select` over them with
/// `memoryTypes`/`bufferUsage`; otherwise lookupDeviceAndQueueAffinityFor.
std::pair<mlir::Value, mlir::Value> lookupAllocationDeviceAndQueueAffinityFor(
    mlir::Operation *op, mlir::Value memoryTypes, mlir::Value bufferUsage,
    mlir::OpBuilder &builder);

/// The converted await fence, or `util.null : !hal.fence` when there is none.
mlir::Value getOrCreateWaitFence(mlir::Location loc, mlir::Value awaitFence,
                                 mlir::OpBuilder &builder);

/// The signal fence standing in for `timepoint` (the op's result timepoint,
/// may be null): `util.null` when absent or unused; the fence of a single-use
/// `stream.timepoint.chain_external` to one `!hal.fence` usable at the
/// insertion point (that chain op is erased); else `hal.fence.create`.
mlir::Value getOrCreateSignalFence(mlir::Location loc, mlir::Value device,
                                   mlir::Value timepoint,
                                   mlir::ConversionPatternRewriter &rewriter);

/// Memory type and buffer usage bits a resource of `lifetime` requires.
struct RequiredBufferBits {
  uint32_t memoryTypes = 0;
  uint32_t bufferUsage = 0;
};
/// Fails with «unsupported resource lifetime: <lifetime>» on `op` for `*`.
llvm::FailureOr<RequiredBufferBits>
deriveRequiredResourceBufferBits(mlir::Operation *op,
                                 stream::Lifetime lifetime);

/// The HAL lifetime enum value (an i32 attribute value) of a stream lifetime.
uint32_t getHALLifetime(stream::Lifetime lifetime);

/// Whether `value` is known when a command buffer is recorded: a result of a
/// constant-like op or of an immutable global load (execution.md §2.5.3
/// step 1; also the `Indirect` binding rule of §2.5 step 1).
bool isStaticValue(mlir::Value value);

/// The workgroup count of `exportOp` for `workload` on `device`, built at
/// the builder's position (execution.md §2.5.4): the export's count region
/// cloned (argument 0 = device, 1+k = workload k), or without one the
/// reference fallback ((w + 1) - 1) / 1 per dimension.
std::array<mlir::Value, 3> calculateWorkgroupCount(mlir::Location loc,
                                                   ExecutableExportOp exportOp,
                                                   mlir::Value device,
                                                   mlir::ValueRange workload,
                                                   mlir::OpBuilder &builder);

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_STREAMTOHAL_UTILS_H
