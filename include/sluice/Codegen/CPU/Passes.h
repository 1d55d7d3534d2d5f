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

/// Options of the CPU dispatch codegen.
struct CodegenOptions {
  /// "auto" or "loops" (sluice-compile's --sluice-cpu-strategy).
  std::string strategy = "auto";
};

/// Adds the CPU dispatch codegen (execution.md §5.1) to a pass manager
/// anchored on a `hal.executable.variant`: steps 1-5 on its inner module,
/// step 6 (export workgroup counts) on the variant, the remaining steps on
/// the inner module. `--sluice-cpu-codegen-pipeline` runs it on every
/// llvm-cpu variant of a module.
void buildCpuCodegenPipeline(mlir::OpPassManager &variantPm,
                             const CodegenOptions &options);

/// Inserts the dialects and the external models (bufferization, conversion
/// to LLVM) the pipeline needs into `registry`.
void registerCPUCodegenDialects(mlir::DialectRegistry &registry);

/// Registers every CPU codegen pass.
void registerCPUCodegenPasses();

} // namespace sluice::cpu

#endif // SLUICE_CODEGEN_CPU_PASSES_H
