//===- Passes.td - CPU dispatch codegen passes -------------*- tablegen -*-===//
//
// Dispatch code generation on the CPU (execution.md §5.1). Each pass is
// implemented in lib/Codegen/CPU/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CODEGEN_CPU_PASSES
#define SLUICE_CODEGEN_CPU_PASSES

include "mlir/Pass/PassBase.td"

def CPUCodegenPipelinePass
    : Pass<"sluice-cpu-codegen-pipeline", "mlir::ModuleOp"> {
  let summary = "Compiles every llvm-cpu hal.executable.variant to workgroup functions";
  let description = [{
    execution.md §5.1 with the `loops` strategy (step 1 of §9): for every
    `hal.executable.variant` whose target backend is `llvm-cpu`, runs
    `buildCpuCodegenPipeline` on its inner module and resolves the export
    workgroup counts (`--sluice-cpu-resolve-workgroup-count`). The result is
    LLVM-dialect workgroup functions `(!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32`
    with the ABI of §4.5, and `sluice.workgroup_cost_ns` on every export.

    Not yet done (§9 step 1 scope): workgroup distribution (steps 4-5; every
    dispatch runs as one workgroup), stack placement of small allocations
    (step 10), `alignment` -> `memref.assume_alignment`.
  }];
}

def CPUVerifyDispatchPass
    : Pass<"sluice-cpu-verify-dispatch", "mlir::ModuleOp"> {
  let summary = "Rejects dispatch bodies the CPU codegen cannot compile";
  let description = [{
    execution.md §5.1 step 1. Allowed: `hal.interface.*`,
    `iree_tensor_ext.dispatch.tensor.load/store`,
    `iree_tensor_ext.dispatch.workload.ordinal`, structured `linalg` ops,
    `tensor.{empty, extract_slice, insert_slice, expand_shape, collapse_shape,
    cast, pad, extract, insert, dim, generate, yield}`, `arith`, `math`, `scf`,
    `affine.{apply, min, max}`, `vector`, `func.func/call/return`,
    `ub.poison`. Anything else: «'<op>' op cannot be compiled by the Sluice
    CPU dispatch codegen».
  }];
}

def CPULowerDispatchTensorsPass
    : Pass<"sluice-cpu-lower-dispatch-tensors", "mlir::ModuleOp"> {
  let summary = "Re-types dispatch tensor bindings to memrefs";
  let description = [{
    execution.md §5.1 step 3. A `hal.interface.binding.subspan` of
    `!iree_tensor_ext.dispatch.tensor<access:tensor<SxT>>` becomes one of
    `memref<SxT>` (a scalar bound type: rank 0);
    `iree_tensor_ext.dispatch.tensor.load` becomes
    `bufferization.to_tensor %m restrict [writable]` (`writable` for
    `readwrite` bindings) followed by `tensor.extract_slice` unless the slice
    is the whole tensor; `iree_tensor_ext.dispatch.tensor.store %v` becomes
    `memref.subview` (none when whole) +
    `bufferization.materialize_in_destination %v in restrict writable %sub`.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def CPUResolveWorkgroupCountPass
    : Pass<"sluice-cpu-resolve-workgroup-count", "::sluice::hal::ExecutableVariantOp"> {
  let summary = "Replaces workgroup_count_from_slice in export count regions";
  let description = [{
    execution.md §5.1 step 6, for dispatches that are not distributed (the
    `loops` strategy of this step): every
    `iree_tensor_ext.dispatch.workgroup_count_from_slice` of an export's count
    region becomes (1, 1, 1). Exports without a count region are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def CPULowerInterfacePass
    : Pass<"sluice-cpu-lower-interface", "mlir::ModuleOp"> {
  let summary = "Gives dispatch functions the workgroup ABI of execution.md §4.5";
  let description = [{
    execution.md §5.1 step 13 and §4.5. Every `func.func` of the variant's
    inner module that an export names becomes
    `(!llvm.ptr env, !llvm.ptr dispatch_state, !llvm.ptr workgroup_state) -> i32`
    returning 0. `hal.interface.workgroup.id/count` load the u32/u16 fields of
    the workgroup/dispatch state (zero-extended); `workgroup.size` is the
    export's constant `workgroup_size` when present, else the state's field;
    `hal.interface.constant.load` reads `constants[k]` as i32 (bitcast for
    32-bit types, zero-extended for index); `hal.interface.binding.subspan`
    becomes a row-major memref descriptor on `binding_ptrs[b] + offset`,
    passed through `builtin.unrealized_conversion_cast`;
    `iree_tensor_ext.dispatch.workload.ordinal` is replaced by its operand.
    The export gets
    `sluice.workgroup_cost_ns` (§5.4). Over 64 bindings or constants: «export
    '<e>' uses <n> bindings; the CPU ABI allows 64» (or constants).
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
  ];
}

#endif // SLUICE_CODEGEN_CPU_PASSES
