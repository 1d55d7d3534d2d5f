//===- Passes.cpp - the CPU dispatch codegen pipeline ---------------------===//
//
// execution.md §5.1 with the `loops` strategy; the driver pass
// --sluice-cpu-codegen-pipeline runs it on every llvm-cpu variant.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"

#include "sluice/Dialect/Util/Transforms/Passes.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/IR/ValueBoundsOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/ControlFlow/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/AllInterfaces.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/BufferDeallocationOpInterfaceImpl.h"
#include "mlir/Dialect/SCF/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorInferTypeOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/TensorTilingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/ValueBoundsOpInterfaceImpl.h"
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

void sluice::cpu::buildCpuCodegenPipeline(OpPassManager &variantPm,
                                          const CodegenOptions &options) {
  OpPassManager &front = variantPm.nest<ModuleOp>();
  // 1-2. Verify, then simplify the dispatch bodies.
  front.addPass(createCPUVerifyDispatchPass());
  front.addPass(sluice::util::createInlinerPass());
  front.addPass(sluice::util::createCanonicalizerPass());
  front.addPass(sluice::util::createCSEPass());
  // 3. Bindings become memrefs.
  front.addPass(createCPULowerDispatchTensorsPass());
  // 4-5. The root, its strategy and its workgroup tiles.
  CPUSelectStrategyPassOptions select;
  select.strategy = options.strategy;
  front.addPass(createCPUSelectStrategyPass(select));
  front.addPass(createCPUTileAndDistributePass());
  // 6. Export workgroup counts (on the variant).
  variantPm.addPass(createCPUResolveWorkgroupCountPass());

  OpPassManager &back = variantPm.nest<ModuleOp>();
  // 7 (vectorization) is not built yet: every strategy runs as loops.
  // 8. Cleanup.
  back.addPass(sluice::util::createCanonicalizerPass());
  back.addPass(sluice::util::createCSEPass());
  back.addPass(createLoopInvariantCodeMotionPass());
  // 9. Bufferize.
  back.addPass(bufferization::createEmptyTensorEliminationPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = false;
  back.addPass(bufferization::createOneShotBufferizePass(bufferize));
  back.addPass(sluice::util::createCanonicalizerPass());
  // A workgroup tile is written through a subview of the output binding
  // and inserted through an identical one: CSE makes that copy a self-copy,
  // which canonicalization removes.
  back.addPass(sluice::util::createCSEPass());
  back.addPass(sluice::util::createCanonicalizerPass());
  // 10. Small allocations on the stack, the others freed.
  back.addPass(createCPUPlaceAllocationsPass());
  // 12. Loops.
  back.addPass(createConvertLinalgToLoopsPass());
  back.addPass(createLowerAffinePass());
  back.addPass(createSCFToControlFlowPass());
  back.addPass(memref::createExpandStridedMetadataPass());
  back.addPass(createLowerAffinePass());
  back.addPass(memref::createFoldMemRefAliasOpsPass());
  // 13. Math, then the workgroup ABI.
  back.addPass(createCPULowerMathPass());
  back.addPass(createCPULowerInterfacePass());
  // 14. LLVM.
  back.addPass(arith::createArithExpandOpsPass());
  back.addPass(createConvertVectorToLLVMPass());
  back.addPass(createFinalizeMemRefToLLVMConversionPass());
  back.addPass(createConvertToLLVMPass());
  back.addPass(createReconcileUnrealizedCastsPass());
  back.addPass(sluice::util::createCanonicalizerPass());
}

namespace {

struct CPUCodegenPipelinePass
    : public cpu::impl::CPUCodegenPipelinePassBase<CPUCodegenPipelinePass> {
  using CPUCodegenPipelinePassBase::CPUCodegenPipelinePassBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    if (strategy != "auto" && strategy != "loops")
      return emitError(UnknownLoc::get(ctx))
             << "invalid --sluice-cpu-strategy value '" << strategy
             << "' (expected auto or loops)";
    cpu::CodegenOptions options;
    options.strategy = strategy;
    variantPipeline =
        OpPassManager(hal::ExecutableVariantOp::getOperationName());
    cpu::buildCpuCodegenPipeline(variantPipeline, options);
    return success();
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(hal::ExecutableVariantOp::getOperationName());
    cpu::buildCpuCodegenPipeline(pm, cpu::CodegenOptions());
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    SmallVector<hal::ExecutableVariantOp> variants;
    getOperation().walk([&](hal::ExecutableVariantOp variant) {
      if (variant.getTarget().getBackend().getValue() == "llvm-cpu")
        variants.push_back(variant);
    });
    for (hal::ExecutableVariantOp variant : variants) {
      if (variant.getBody().front().getOps<ModuleOp>().empty())
        continue;
      if (failed(runPipeline(variantPipeline, variant)))
        return signalPassFailure();
    }
  }

  OpPassManager variantPipeline{hal::ExecutableVariantOp::getOperationName()};
};

} // namespace

void sluice::cpu::registerCPUCodegenDialects(DialectRegistry &registry) {
  registry.insert<affine::AffineDialect, arith::ArithDialect,
                  bufferization::BufferizationDialect, cf::ControlFlowDialect,
                  func::FuncDialect, index::IndexDialect, linalg::LinalgDialect,
                  LLVM::LLVMDialect, math::MathDialect, memref::MemRefDialect,
                  scf::SCFDialect, tensor::TensorDialect, ub::UBDialect,
                  vector::VectorDialect>();
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  arith::registerBufferDeallocationOpInterfaceExternalModels(registry);
  cf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  scf::registerBufferDeallocationOpInterfaceExternalModels(registry);
  memref::registerAllocationOpInterfaceExternalModels(registry);
  // Bufferization, tiling, subset and value-bounds models of linalg.
  linalg::registerAllDialectInterfaceImplementations(registry);
  tensor::registerTilingInterfaceExternalModels(registry);
  tensor::registerInferTypeOpInterfaceExternalModels(registry);
  tensor::registerValueBoundsOpInterfaceExternalModels(registry);
  affine::registerValueBoundsOpInterfaceExternalModels(registry);
  arith::registerValueBoundsOpInterfaceExternalModels(registry);
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
