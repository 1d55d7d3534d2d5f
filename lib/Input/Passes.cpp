//===- Passes.cpp - phase input registration and pipeline -----------------===//
//
// `--sluice-input-pipeline`: execution.md §2.2 steps 1–6, 11 and 12. Steps
// 7–10 (linalg preprocessing, constant hoisting, dispatch formation,
// tensor→flow) belong to form B and are not built yet
// (docs/execution-tools.md).
//
//===----------------------------------------------------------------------===//

#include "sluice/Input/Passes.h"

#include "sluice/Dialect/Util/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "sluice/Bindings/Native/Transforms/Passes.h"
#include "sluice/Dialect/IOParameters/Transforms/Passes.h"

using namespace mlir;

namespace sluice::input {
namespace {

struct InputPipelineOptions : public PassPipelineOptions<InputPipelineOptions> {
  Option<abi::InvocationModel> invocationModel{
      *this, "invocation-model",
      llvm::cl::desc("Calling convention of the entry-point wrappers "
                     "(--sluice-invocation-model)"),
      llvm::cl::init(abi::InvocationModel::Sync),
      llvm::cl::values(clEnumValN(abi::InvocationModel::Sync, "sync",
                                  "Synchronous wrappers."),
                       clEnumValN(abi::InvocationModel::CoarseFences,
                                  "coarse-fences",
                                  "Wrappers with wait and signal fences."))};
  Option<std::string> cpu{*this, "cpu",
                          llvm::cl::desc("Target CPU (--sluice-cpu)"),
                          llvm::cl::init("x86-64-v3")};
  ListOption<std::string> parameterImport{
      *this, "parameter-import",
      llvm::cl::desc("--iree-parameter-import: archives ([scope=]path) whose "
                     "parameters are imported into global initial values")};
  ListOption<std::string> parameterImportKeys{
      *this, "parameter-import-keys",
      llvm::cl::desc("--iree-parameter-import-keys")};
  Option<int64_t> parameterImportMaximumSize{
      *this, "parameter-import-maximum-size",
      llvm::cl::desc("--iree-parameter-import-maximum-size"),
      llvm::cl::init(0)};
  Option<std::string> parameterExport{
      *this, "parameter-export",
      llvm::cl::desc("--iree-parameter-export: [scope=]path of the archive "
                     "that receives the large global initial values"),
      llvm::cl::init("")};
  Option<int64_t> parameterExportMinimumSize{
      *this, "parameter-export-minimum-size",
      llvm::cl::desc("--iree-parameter-export-minimum-size"),
      llvm::cl::init(0)};
  Option<std::string> parameterSplat{
      *this, "parameter-splat",
      llvm::cl::desc("--iree-parameter-splat: path of a zero-splat archive of "
                     "every named parameter"),
      llvm::cl::init("")};
};

void buildInputPipeline(OpPassManager &pm,
                        const InputPipelineOptions &options) {
  // 1–3: verification and the func/ml_program imports.
  pm.addPass(createVerifyInputPass());
  pm.addPass(createImportMLProgramPass());
  pm.addPass(createImportFuncPass());
  // 4: entry-point wrapping.
  abi::WrapEntryPointsPassOptions wrap;
  wrap.invocationModel = options.invocationModel;
  pm.addPass(abi::createWrapEntryPointsPass(wrap));
  // 5: inlining and cleanup.
  pm.addPass(sluice::util::createInlinerPass());
  pm.addPass(sluice::util::createCanonicalizerPass());
  pm.addPass(sluice::util::createCSEPass());
  // 6: the CPU device.
  AssignCPUDevicePassOptions device;
  device.cpu = options.cpu;
  pm.addPass(createAssignCPUDevicePass(device));
  // 7-10 (form B) are not built yet: reject what only they could handle.
  pm.addPass(createVerifyFlowLevelPass());
  // 11: archive passes (io-parameters.md §12.4): import first, export and
  // splat last.
  if (!options.parameterImport.empty()) {
    io_parameters::ImportParametersPassOptions import;
    import.paths.assign(options.parameterImport.begin(),
                        options.parameterImport.end());
    import.keys.assign(options.parameterImportKeys.begin(),
                       options.parameterImportKeys.end());
    import.maximumSize = options.parameterImportMaximumSize;
    pm.addPass(io_parameters::createImportParametersPass(import));
  }
  if (!options.parameterExport.empty()) {
    io_parameters::ExportParametersPassOptions exportOptions;
    exportOptions.path = options.parameterExport;
    exportOptions.minimumSize = options.parameterExportMinimumSize;
    pm.addPass(io_parameters::createExportParametersPass(exportOptions));
  }
  if (!options.parameterSplat.empty()) {
    // Only `file` is set: the pass filters by scope as soon as its `scope`
    // option has a value, which building it from an options struct would
    // give it (an empty one, matching no named parameter).
    std::unique_ptr<Pass> splat =
        io_parameters::createGenerateSplatParameterArchivePass();
    if (failed(splat->initializeOptions(
            "file=\"" + options.parameterSplat + "\"",
            [](const Twine &) { return failure(); }))) {
      // A path the option syntax cannot quote (it contains '"').
      io_parameters::GenerateSplatParameterArchivePassOptions fallback;
      fallback.filePath = options.parameterSplat;
      splat = io_parameters::createGenerateSplatParameterArchivePass(fallback);
    }
    pm.addPass(std::move(splat));
  }
  // 12: cleanup.
  pm.addPass(sluice::util::createCanonicalizerPass());
  pm.addPass(sluice::util::createCSEPass());
  pm.addPass(createSymbolDCEPass());
}

} // namespace

void registerInputPasses() {
  registerSluiceInputPasses();
  PassPipelineRegistration<InputPipelineOptions>(
      "sluice-input-pipeline",
      "Phase input of sluice-compile (execution.md §2.2 steps 1-6, 11, 12; "
      "form A)",
      [](OpPassManager &pm, const InputPipelineOptions &options) {
        buildInputPipeline(pm, options);
      });
}

} // namespace sluice::input
