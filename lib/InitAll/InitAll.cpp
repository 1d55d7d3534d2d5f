//===- InitAll.cpp - register every Sluice dialect and pass ---------------===//

#include "sluice/InitAll.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "sluice/Bindings/Native/Transforms/Passes.h"
#include "sluice/Codegen/CPU/Passes.h"
#include "sluice/Dialect/Codegen/IR/IREECPUDialect.h"
#include "sluice/Dialect/Codegen/IR/IREEGPUDialect.h"
#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"
#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/HAL/Conversion/HALToVM/Patterns.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/Transforms/Passes.h"
#include "sluice/Dialect/IOParameters/Conversion/ParamsToVM/Patterns.h"
#include "sluice/Dialect/IOParameters/Conversion/StreamToParams/Patterns.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/IOParameters/Transforms/Passes.h"
#include "sluice/Dialect/SluiceRT/IR/SluiceRTDialect.h"
#include "sluice/Dialect/SluiceRT/Transforms/Passes.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/VM/IR/VMDialect.h"
#include "sluice/Dialect/VM/Transforms/Passes.h"
#include "sluice/ExternalModels.h"
#include "sluice/Input/Passes.h"
#include "sluice/Pipelines/Pipelines.h"
#include "sluice/Target/Native/Passes.h"

void sluice::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::complex::ComplexDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::linalg::LinalgDialect,
                  mlir::math::MathDialect, mlir::memref::MemRefDialect,
                  mlir::scf::SCFDialect, mlir::tensor::TensorDialect,
                  mlir::ub::UBDialect>();
  // Phase input: ml_program is form-B input; tosa is only parsed so that
  // --sluice-verify-input can reject it with its notes (execution.md §1.4).
  registry
      .insert<mlir::ml_program::MLProgramDialect, mlir::tosa::TosaDialect>();
  registry.insert<sluice::util::UtilDialect, sluice::hal::HALDialect,
                  sluice::io_parameters::IOParametersDialect>();
  registry.insert<sluice::stream::StreamDialect>();
  registry.insert<sluice::flow::FlowDialect,
                  sluice::iree_tensor_ext::IREETensorExtDialect>();
  registry.insert<sluice::iree_encoding::IREEEncodingDialect,
                  sluice::iree_cpu::IREECPUDialect,
                  sluice::iree_gpu::IREEGPUDialect>();
  registry.insert<sluice::vm::VMDialect>();
  registry
      .insert<sluice::sluice_rt::SluiceRTDialect, mlir::LLVM::LLVMDialect>();
  sluice::registerExternalModels(registry);
  sluice::cpu::registerCPUCodegenDialects(registry);
  // Conversion hooks (dialect interfaces attached by the conversion
  // libraries, so that the dialects do not depend on them).
  sluice::io_parameters::registerStreamToParamsConversionInterface(registry);
  sluice::io_parameters::registerParamsToVMConversionInterface(registry);
  sluice::hal::registerHALToVMConversionInterface(registry);
}

void sluice::registerAllPasses() {
  // MLIR's transforms, except its canonicalizer and CSE: `canonicalize` and
  // `cse` are Sluice's (same arguments and options,
  // util::createCanonicalizerPass and util::createCSEPass).
  mlir::registerBubbleDownMemorySpaceCasts();
  mlir::registerCompositeFixedPointPass();
  mlir::registerControlFlowSink();
  mlir::registerGenerateRuntimeVerification();
  mlir::registerInliner();
  mlir::registerLocationSnapshot();
  mlir::registerLoopInvariantCodeMotion();
  mlir::registerLoopInvariantSubsetHoisting();
  mlir::registerMem2Reg();
  mlir::registerPrintIRPass();
  mlir::registerPrintOpStats();
  mlir::registerRemoveDeadValues();
  mlir::registerSCCP();
  mlir::registerSROA();
  mlir::registerStripDebugInfo();
  mlir::registerSymbolDCE();
  mlir::registerSymbolPrivatize();
  mlir::registerTopologicalSort();
  mlir::registerViewOpGraph();
  sluice::util::registerCanonicalizerPass();
  sluice::util::registerCSEPass();
  sluice::pipelines::registerPhasePipelines();
  sluice::io_parameters::registerIOParametersPasses();
  sluice::hal::registerHALTransformPasses();
  sluice::abi::registerNativeBindingsTransformPasses();
  sluice::input::registerInputPasses();
  sluice::sluice_rt::registerSluiceRTTransformPasses();
  sluice::cpu::registerCPUCodegenPasses();
  sluice::vm::registerVMTransformPasses();
  sluice::stream::registerStreamTransformPasses();
  sluice::util::registerUtilTransformPasses();
  sluice::native::registerSluiceNativePasses();
  mlir::registerPass([]() -> std::unique_ptr<mlir::Pass> {
    return mlir::createReconcileUnrealizedCastsPass();
  });
  // Phase native lowers host scf to cf before the error edges (sluice-compile).
  mlir::registerPass([]() -> std::unique_ptr<mlir::Pass> {
    return mlir::createSCFToControlFlowPass();
  });
}
