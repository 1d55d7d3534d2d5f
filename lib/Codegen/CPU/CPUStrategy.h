//===- CPUStrategy.h - shared names and helpers of the CPU codegen ------*- C++
//-*-===//
//
// What --sluice-cpu-select-strategy, --sluice-cpu-tile-and-distribute and
// --sluice-cpu-resolve-workgroup-count share (execution.md §5.1 steps 4-6).
// Private to lib/Codegen/CPU.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_CODEGEN_CPU_CPUSTRATEGY_H
#define SLUICE_LIB_CODEGEN_CPU_CPUSTRATEGY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace sluice::hal {
class ExecutableExportOp;
} // namespace sluice::hal

namespace sluice::cpu {

/// `sluice_cpu.strategy = {kind, workgroup_tiles, inner_tiles}` on the root.
inline constexpr llvm::StringLiteral kStrategyAttrName = "sluice_cpu.strategy";
/// Marker left by tile-and-distribute on the op computing the workgroup
/// count of distributed dimension d (0 = x); consumed (erased) by
/// resolve-workgroup-count.
inline constexpr llvm::StringLiteral kWorkgroupCountMarkerName =
    "sluice_cpu.workgroup_count";

/// §5.4's cost of one workgroup (i64) on a dispatch function, set by
/// select-strategy, dropped by tile-and-distribute when it does not
/// distribute, read (and removed) by lower-interface.
inline constexpr llvm::StringLiteral kWorkgroupCostAttrName =
    "sluice_cpu.workgroup_cost_ns";

/// The ops whose results a dispatch function stores into its bindings (the
/// sources of its `bufferization.materialize_in_destination`s, after
/// --sluice-cpu-lower-dispatch-tensors), in program order, without
/// duplicates.
llvm::SmallVector<mlir::Operation *>
getStoredValueProducers(mlir::func::FuncOp func);

/// The export of the enclosing `hal.executable.variant` that names `func`,
/// or null (no variant, or no such export).
hal::ExecutableExportOp getExportFor(mlir::func::FuncOp func);

/// Whether `func` already computes with `hal.interface.workgroup.id`
/// (hand-written distribution).
bool usesWorkgroupIds(mlir::func::FuncOp func);

/// Whether the export's count region asks the codegen for the count
/// (contains `iree_tensor_ext.dispatch.workgroup_count_from_slice`).
bool hasCountFromSlice(hal::ExecutableExportOp exportOp);

} // namespace sluice::cpu

#endif // SLUICE_LIB_CODEGEN_CPU_CPUSTRATEGY_H
