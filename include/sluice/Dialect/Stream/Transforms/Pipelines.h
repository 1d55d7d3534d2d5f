//===- Pipelines.h - the stream pass pipelines ------------------*- C++ -*-===//
//
// stream-passes-2.md §16: the cleanup pipeline, the four phase pipelines and
// the full `iree-stream-transformation-pipeline`, with their options.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_PIPELINES_H
#define SLUICE_DIALECT_STREAM_TRANSFORMS_PIPELINES_H

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace sluice::stream {

enum class InitializationMode { Synchronous, Asynchronous };
// ParameterEncoderMode (the split-parameter-encoder `mode`) is in Passes.h.
enum class DumpOutputFormat { None, Pretty, Verbose, CSV };
// TransientsUnplaced (the emplace-transients `unplaced`) is in Passes.h.

/// §16.1 pipeline options, accepted by every registered stream pipeline.
struct TransformOptions : public mlir::PassPipelineOptions<TransformOptions> {
  Option<InitializationMode> initializationMode{
      *this, "initialization-mode",
      llvm::cl::desc("How globals are initialized: `sync` adds "
                     "iree-stream-sync-initializers."),
      llvm::cl::init(InitializationMode::Synchronous),
      llvm::cl::values(
          clEnumValN(InitializationMode::Synchronous, "sync",
                     "Initializers complete before the module is ready."),
          clEnumValN(InitializationMode::Asynchronous, "async",
                     "Initializers may complete asynchronously."))};
  Option<ParameterEncoderMode> parameterEncoderMode{
      *this, "parameter-encoder-mode",
      llvm::cl::desc("Forwarded to iree-stream-split-parameter-encoder "
                     "`mode`."),
      llvm::cl::init(ParameterEncoderMode::Consolidate),
      llvm::cl::values(
          clEnumValN(ParameterEncoderMode::Consolidate, "consolidate",
                     "All parameters go to the output archive."),
          clEnumValN(ParameterEncoderMode::Overlay, "overlay",
                     "Only encoded parameters go to the output archive."))};
  Option<std::string> parameterEncoderOutputScope{
      *this, "parameter-encoder-output-scope",
      llvm::cl::desc("Forwarded to iree-stream-split-parameter-encoder "
                     "`output-scope`."),
      llvm::cl::init("encoded")};
  Option<std::string> parameterEncoderOutputFile{
      *this, "parameter-encoder-output-file",
      llvm::cl::desc("Non-empty enables iree-stream-split-parameter-encoder "
                     "(forwarded to `output-file`)."),
      llvm::cl::init("")};
  Option<bool> optimizeBindings{
      *this, "optimize-bindings",
      llvm::cl::desc("Enables iree-stream-fuse-dispatch-bindings."),
      llvm::cl::init(true)};
  Option<DumpOutputFormat> dumpStatisticsFormat{
      *this, "dump-statistics-format",
      llvm::cl::desc("Non-none inserts iree-stream-dump-statistics between "
                     "the cmd and optimization phases."),
      llvm::cl::init(DumpOutputFormat::None),
      llvm::cl::values(
          clEnumValN(DumpOutputFormat::Pretty, "pretty",
                     "Human-readable summary."),
          clEnumValN(DumpOutputFormat::Verbose, "verbose",
                     "Human-readable summary (same as pretty today)."),
          clEnumValN(DumpOutputFormat::CSV, "csv", "Comma-separated values."),
          // [SLUICE] PL1: the reference has no spelling for the default.
          clEnumValN(DumpOutputFormat::None, "none", "No statistics."))};
  Option<std::string> dumpStatisticsFile{
      *this, "dump-statistics-file",
      llvm::cl::desc("Forwarded to iree-stream-dump-statistics "
                     "`output-file`."),
      llvm::cl::init("")};

  // external-transients.md §9: options of the three transient passes as
  // Sluice's pipelines build them.
  Option<bool> transientsSizeCheck{
      *this, "transients-size-check",
      llvm::cl::desc("Checks caller-provided transient storage sizes "
                     "(external-transients.md §9)."),
      llvm::cl::init(true)};
  Option<TransientsUnplaced> transientsUnplaced{
      *this, "transients-unplaced",
      llvm::cl::desc("What to do with transients that cannot be placed in "
                     "caller storage."),
      llvm::cl::init(TransientsUnplaced::Warn),
      llvm::cl::values(
          clEnumValN(TransientsUnplaced::Ignore, "ignore", "Say nothing."),
          clEnumValN(TransientsUnplaced::Warn, "warn", "Warn."),
          clEnumValN(TransientsUnplaced::Error, "error", "Fail."))};
  Option<bool> transientsLivenessPacking{
      *this, "transients-liveness-packing",
      llvm::cl::desc("Lets transient slots with disjoint lifetimes share "
                     "bytes (external-transients.md §9.11 row 8)."),
      llvm::cl::init(false)};
  Option<TransientsUpperBound> transientsUpperBound{
      *this, "transients-upper-bound",
      llvm::cl::desc("Whether every non-constant transient size query needs "
                     "an upper bound (external-transients.md §9.6)."),
      llvm::cl::init(TransientsUpperBound::Optional),
      llvm::cl::values(clEnumValN(TransientsUpperBound::Optional, "optional",
                                  "Record the bound when one is found."),
                       clEnumValN(TransientsUpperBound::Required, "required",
                                  "Fail without a bound."))};
  Option<bool> transientsReferenceCompat{
      *this, "transients-reference-compat",
      llvm::cl::desc("Builds the transient passes with the reference "
                     "behaviour (`reference-compat=true`)."),
      llvm::cl::init(false)};
};

/// The option spelling of a dump format (`pretty`, `verbose`, `csv`, `none`).
llvm::StringRef stringifyDumpOutputFormat(DumpOutputFormat format);

/// Each builder fails (through `errorHandler`) when a step's pass is not
/// registered in this build; the message names the missing passes.
using PipelineErrorHandler =
    llvm::function_ref<llvm::LogicalResult(const llvm::Twine &)>;

llvm::LogicalResult buildStreamCleanupPipeline(mlir::OpPassManager &pm,
                                               const TransformOptions &options,
                                               PipelineErrorHandler onError);
llvm::LogicalResult
buildStreamTensorPassPipeline(mlir::OpPassManager &pm,
                              const TransformOptions &options,
                              PipelineErrorHandler onError);
llvm::LogicalResult
buildStreamAsyncPassPipeline(mlir::OpPassManager &pm,
                             const TransformOptions &options,
                             PipelineErrorHandler onError);
llvm::LogicalResult buildStreamCmdPassPipeline(mlir::OpPassManager &pm,
                                               const TransformOptions &options,
                                               PipelineErrorHandler onError);
llvm::LogicalResult
buildStreamOptimizationPassPipeline(mlir::OpPassManager &pm,
                                    const TransformOptions &options,
                                    PipelineErrorHandler onError);
llvm::LogicalResult
buildStreamTransformPassPipeline(mlir::OpPassManager &pm,
                                 const TransformOptions &options,
                                 PipelineErrorHandler onError);

/// Registers the six pipelines of §16.
void registerStreamPipelines();

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_PIPELINES_H
