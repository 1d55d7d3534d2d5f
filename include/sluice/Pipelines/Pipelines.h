//===- Pipelines.h - The sluice-compile phases ------------------*- C++ -*-===//
//
// execution.md §2.1: six phases (input, stream, hal, native, llvm, then
// object/library). Each IR phase is a list of registered passes; a phase
// whose passes are not registered in this build refuses to run with a
// diagnostic naming the missing pass. Shared by sluice-compile and the JIT.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_PIPELINES_PIPELINES_H
#define SLUICE_PIPELINES_PIPELINES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "sluice/Target/Native/NativeTarget.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
} // namespace mlir

namespace sluice::pipelines {

enum class Phase { Input, Stream, Hal, Native, Llvm, Object, Library };

std::optional<Phase> parsePhase(llvm::StringRef name);
llvm::StringRef phaseName(Phase phase);

struct CompileOptions {
  Phase compileTo = Phase::Library;
  /// The input already is this phase's output (none: the input is phase
  /// input's input).
  std::optional<Phase> compileFrom;
  /// Empty: the module's sym_name, else the input file stem, else "module".
  std::string moduleName;
  /// The input file's stem, the module name when there is neither
  /// --module-name nor a sym_name (the JIT's --sluice-input-stem=).
  std::string inputStem;
  native::NativeTargetOptions target;
  /// --sluice-invocation-model: "sync" or "coarse-fences" (phase input).
  std::string invocationModel = "sync";
  std::string streamOptions;
  bool pipelineParameterUploads = true;
  /// --sluice-cpu-strategy: "auto" or "loops" (execution.md §5.2).
  std::string cpuStrategy = "auto";
  /// Non-empty: writes <dir>/<module>.<k>.<phase>.mlir after each IR phase.
  std::string dumpDir;
  /// The archive driver flags of io-parameters.md §12.4, run at the end of
  /// phase input (execution.md §2.2 step 11): import first, export and splat
  /// last. --iree-parameter-import / -import-keys / -import-maximum-size.
  std::vector<std::string> parameterImportPaths;
  std::vector<std::string> parameterImportKeys;
  int64_t parameterImportMaximumSize = 0;
  /// --iree-parameter-export / -export-minimum-size / --iree-parameter-splat.
  std::string parameterExportPath;
  int64_t parameterExportMinimumSize = 0;
  std::string parameterSplatPath;
};

/// The textual pass pipeline of one IR phase (anchored on builtin.module).
std::string phasePipeline(Phase phase, const CompileOptions &options);

/// Runs the IR phases after `options.compileFrom` up to and including
/// min(compileTo, llvm) on `module`. `configure` may set up each pass manager
/// (instrumentation, timing) before it runs.
mlir::LogicalResult runPhases(
    mlir::ModuleOp module, const CompileOptions &options,
    llvm::function_ref<mlir::LogicalResult(mlir::PassManager &)> configure =
        nullptr);

/// Registers the IR phases that are built as `sluice-opt` pipelines
/// (execution.md §2.1): `--sluice-hal-pipeline`, `--sluice-native-pipeline`
/// and `--sluice-llvm-pipeline{module-name= target-cpu=}`, each the exact pass
/// list sluice-compile runs for that phase with default options. Phase input
/// is `--sluice-input-pipeline` (registered with the input passes); phase
/// stream is `--iree-stream-transformation-pipeline`.
void registerPhasePipelines();

/// Parses sluice-compile flags given as strings (the JIT's --jit_flags):
/// --compile-from=, --compile-to= (ignored by the JIT), --module-name=,
/// --sluice-cpu=, --sluice-opt-level=, --sluice-invocation-model=,
/// --sluice-stream-options=, --sluice-pipeline-parameter-uploads=,
/// --sluice-input-stem= and the --iree-parameter-* archive flags. Other flags:
/// `error`.
mlir::LogicalResult parseCompileFlags(llvm::ArrayRef<std::string> flags,
                                      CompileOptions &options,
                                      std::string &error);

} // namespace sluice::pipelines

#endif // SLUICE_PIPELINES_PIPELINES_H
