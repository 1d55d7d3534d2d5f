//===- Passes.h - CPU dispatch codegen --------------------------*- C++ -*-===//
//
// Dispatch code generation on the CPU (execution.md §5) and the function that
// builds the pipeline for one variant's inner module.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_CODEGEN_CPU_PASSES_H
#define SLUICE_CODEGEN_CPU_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"

namespace sluice::cpu {

#define GEN_PASS_DECL
#include "sluice/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Codegen/CPU/Passes.h.inc"

/// Adds the CPU dispatch codegen (execution.md §5.1, `loops` strategy) to a
/// pass manager anchored on the `builtin.module` inside a
/// `hal.executable.variant`. The workgroup counts of the variant's exports are
/// resolved separately (`createCPUResolveWorkgroupCountPass`, on the variant);
/// `--sluice-cpu-codegen-pipeline` does both for every llvm-cpu variant.
void buildCpuCodegenPipeline(mlir::OpPassManager &pm);

/// Inserts the dialects and the external models (bufferization, conversion
/// to LLVM) the pipeline needs into `registry`.
void registerCPUCodegenDialects(mlir::DialectRegistry &registry);

/// Registers every CPU codegen pass.
void registerCPUCodegenPasses();

} // namespace sluice::cpu

#endif // SLUICE_CODEGEN_CPU_PASSES_H
