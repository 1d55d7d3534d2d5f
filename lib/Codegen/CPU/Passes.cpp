//===- Passes.cpp - the CPU dispatch codegen pipeline ---------------------===//
//
// execution.md §5.1 with the `loops` strategy; the driver pass
// --sluice-cpu-codegen-pipeline runs it on every llvm-cpu variant.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Transforms/Passes.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPUCODEGENPIPELINEPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

void sluice::cpu::buildCpuCodegenPipeline(OpPassManager &pm) {
  // 1-2. Verify, then simplify the dispatch bodies.
  pm.addPass(createCPUVerifyDispatchPass());
  pm.addPass(createInlinerPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // 3. Bindings become memrefs.
  pm.addPass(createCPULowerDispatchTensorsPass());
  // 4-8 (strategy selection, distribution, vectorization) are not part of
  // the `loops` strategy of step 1: every dispatch is one workgroup.
  // 9. Bufferize.
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = false;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  // 12. Loops.
  pm.addPass(createConvertLinalgToLoopsPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(memref::createFoldMemRefAliasOpsPass());
  // 13. The workgroup ABI.
  pm.addPass(createCPULowerInterfacePass());
  // 14. LLVM.
  pm.addPass(arith::createArithExpandOpsPass());
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
}

namespace {

struct CPUCodegenPipelinePass
    : public cpu::impl::CPUCodegenPipelinePassBase<CPUCodegenPipelinePass> {
  CPUCodegenPipelinePass() { cpu::buildCpuCodegenPipeline(innerPipeline); }
  CPUCodegenPipelinePass(const CPUCodegenPipelinePass &other)
      : CPUCodegenPipelinePassBase(other) {
    cpu::buildCpuCodegenPipeline(innerPipeline);
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    innerPipeline.getDependentDialects(registry);
    countPipeline.getDependentDialects(registry);
  }

  void runOnOperation() override {
    SmallVector<hal::ExecutableVariantOp> variants;
    getOperation().walk([&](hal::ExecutableVariantOp variant) {
      if (variant.getTarget().getBackend().getValue() == "llvm-cpu")
        variants.push_back(variant);
    });
    for (hal::ExecutableVariantOp variant : variants) {
      auto inner = variant.getBody().front().getOps<ModuleOp>();
      if (inner.empty())
        continue;
      if (failed(runPipeline(innerPipeline, *inner.begin())) ||
          failed(runPipeline(countPipeline, variant)))
        return signalPassFailure();
    }
  }

  OpPassManager innerPipeline{"builtin.module"};
  OpPassManager countPipeline = makeCountPipeline();

  static OpPassManager makeCountPipeline() {
    OpPassManager pm(hal::ExecutableVariantOp::getOperationName());
    pm.addPass(cpu::createCPUResolveWorkgroupCountPass());
    return pm;
  }
};

} // namespace

void sluice::cpu::registerCPUCodegenDialects(DialectRegistry &registry) {
  registry
      .insert<arith::ArithDialect, bufferization::BufferizationDialect,
              cf::ControlFlowDialect, func::FuncDialect, index::IndexDialect,
              linalg::LinalgDialect, LLVM::LLVMDialect, math::MathDialect,
              memref::MemRefDialect, scf::SCFDialect, tensor::TensorDialect,
              ub::UBDialect, vector::VectorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  scf::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  vector::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  arith::registerConvertArithToLLVMInterface(registry);
  cf::registerConvertControlFlowToLLVMInterface(registry);
  registerConvertFuncToLLVMInterface(registry);
  index::registerConvertIndexToLLVMInterface(registry);
  registerConvertMathToLLVMInterface(registry);
  registerConvertMemRefToLLVMInterface(registry);
  ub::registerConvertUBToLLVMInterface(registry);
  vector::registerConvertVectorToLLVMInterface(registry);
}

void sluice::cpu::registerCPUCodegenPasses() {
  registerSluiceCPUCodegenPasses();
}
