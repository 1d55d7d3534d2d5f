//===- Passes.cpp - stream pass and pipeline registration -----------------===//
//
// The pipelines of stream-passes-2.md §16 are registered here next to the
// generated pass registrations.
//
// Every step is one line. Stream passes are added by their flag through the
// pass registry, so a pass joins the pipelines as soon as it is registered;
// a pipeline whose steps are not all registered fails to build with a
// message naming the missing passes (it never runs with holes).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "sluice/Dialect/Stream/Transforms/EncodingOptions.h"
#include "sluice/Dialect/Stream/Transforms/Pipelines.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/CommandLine.h"

using namespace mlir;

namespace sluice::stream {

static llvm::cl::opt<bool> clAnnotateInputAffinities(
    "iree-stream-annotate-input-affinities",
    llvm::cl::desc("Annotates all tensor/resource affinities on the input to "
                   "the pipeline for debugging."),
    llvm::cl::init(false));

StringRef stringifyDumpOutputFormat(DumpOutputFormat format) {
  switch (format) {
  case DumpOutputFormat::None:
    return "none";
  case DumpOutputFormat::Pretty:
    return "pretty";
  case DumpOutputFormat::Verbose:
    return "verbose";
  case DumpOutputFormat::CSV:
    return "csv";
  }
  llvm_unreachable("unknown dump format");
}

namespace {

/// Quotes a string option value for a textual pass option list.
std::string quoteOption(StringRef value) { return ("\"" + value + "\"").str(); }

/// Builds a pipeline one step per line; stream passes are looked up by flag.
class PipelineBuilder {
public:
  PipelineBuilder(OpPassManager &pm, const TransformOptions &options,
                  PipelineErrorHandler onError)
      : pm(pm), options(options), onError(onError) {}

  const TransformOptions &opts() const { return options; }

  /// A module-level pass by flag (with textual options).
  PipelineBuilder &add(StringRef flag, StringRef passOptions = "") {
    addByFlag(pm, flag, passOptions);
    return *this;
  }
  /// A pass built in C++.
  PipelineBuilder &add(std::unique_ptr<Pass> pass) {
    pm.addPass(std::move(pass));
    return *this;
  }
  /// One step of a FunctionLikeNest: a pass flag or a C++ pass factory.
  struct Step {
    Step(const char *flag) : flag(flag) {}
    Step(std::unique_ptr<Pass> (*factory)()) : factory(factory) {}
    StringRef flag;
    std::unique_ptr<Pass> (*factory)() = nullptr;
  };
  /// A FunctionLikeNest (§1.1): the steps run in order on every top-level
  /// func.func, util.initializer and util.func.
  PipelineBuilder &addFunctionLike(std::initializer_list<Step> steps) {
    for (StringRef opName : {"func.func", "util.initializer", "util.func"}) {
      OpPassManager &nested = pm.nest(opName);
      for (const Step &step : steps) {
        if (step.factory)
          nested.addPass(step.factory());
        else
          addByFlag(nested, step.flag, "");
      }
    }
    return *this;
  }
  /// Passes nested on `opName`.
  PipelineBuilder &addNested(StringRef opName, StringRef flag) {
    addByFlag(pm.nest(opName), flag, "");
    return *this;
  }
  /// Another pipeline's steps, in place.
  PipelineBuilder &addPipeline(void (*populate)(PipelineBuilder &)) {
    populate(*this);
    return *this;
  }
  /// The cleanup pipeline (§16.2).
  PipelineBuilder &cleanup();
  /// `iree-util-fixed-point-iterator` over a `builtin.module` pipeline.
  PipelineBuilder &addFixedPoint(void (*populate)(PipelineBuilder &)) {
    OpPassManager iterated("builtin.module");
    PipelineBuilder nested = child(iterated);
    populate(nested);
    pm.addPass(util::createFixedPointIteratorPass(std::move(iterated)));
    return *this;
  }
  /// A builder for a pipeline nested in a pass (e.g. a fixed-point
  /// iterator's); its missing passes are reported by this builder.
  PipelineBuilder child(OpPassManager &nested) {
    PipelineBuilder b(nested, options, onError);
    b.parent = this;
    return b;
  }

  LogicalResult finish() {
    if (failedOptions)
      return failure();
    if (missing.empty())
      return success();
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "the stream pipeline needs passes that are not registered in "
          "this build: ";
    llvm::interleaveComma(missing, os);
    return onError(message);
  }

private:
  void addByFlag(OpPassManager &target, StringRef flag, StringRef passOptions) {
    PipelineBuilder &root = getRoot();
    const PassInfo *info = PassInfo::lookup(flag);
    if (!info) {
      if (!llvm::is_contained(root.missing, flag))
        root.missing.push_back(flag.str());
      return;
    }
    if (failed(info->addToPipeline(target, passOptions, onError)))
      root.failedOptions = true;
  }
  PipelineBuilder &getRoot() { return parent ? parent->getRoot() : *this; }

  OpPassManager &pm;
  const TransformOptions &options;
  PipelineErrorHandler onError;
  PipelineBuilder *parent = nullptr;
  SmallVector<std::string> missing;
  bool failedOptions = false;
};

std::unique_ptr<Pass> canonicalize() { return util::createCanonicalizerPass(); }
std::unique_ptr<Pass> cse() { return util::createCSEPass(); }
std::unique_ptr<Pass> convertSCFToCF() {
  return util::createSCFToControlFlowPass();
}

} // namespace

// §16.2
static void populateCleanup(PipelineBuilder &b) {
  b.addFunctionLike({canonicalize, cse, "iree-util-optimize-int-arithmetic",
                     "iree-util-simplify-global-accesses",
                     "iree-util-apply-patterns"});
  b.add(util::createFoldGlobalsPass());
  b.add(util::createFuseGlobalsPass());
  b.add(util::createIPOPass());
}

PipelineBuilder &PipelineBuilder::cleanup() {
  return addPipeline(populateCleanup);
}

// §16.3 step 1.
static void populateTensorPhase(PipelineBuilder &b) {
  b.add("iree-stream-verify-input");
  b.cleanup();
  b.add("iree-stream-clone-to-consumers");
  if (clAnnotateInputAffinities)
    b.add("iree-stream-annotate-affinities");
  b.add("iree-stream-conversion");
  b.add("iree-stream-verify-lowering-to-tensors");
  b.add(util::createInlinerPass());
  b.cleanup();
  b.add(util::createCombineInitializersPass());
  b.addFixedPoint([](PipelineBuilder &iterated) { iterated.cleanup(); });
  if (isUnifyEncodingForGlobalsEnabled())
    b.add("iree-stream-unify-encoding-for-globals");
}

// §16.3 step 2.
static void populateAsyncPhase(PipelineBuilder &b) {
  const TransformOptions &options = b.opts();
  b.add("iree-stream-specialize-encodings");
  b.addFunctionLike({"iree-stream-encode-host-tensors"});
  b.addNested("stream.executable", "iree-stream-encode-device-tensors");
  b.add("iree-stream-materialize-encodings");
  b.addFunctionLike({"iree-stream-layout-slices"});
  b.cleanup();
  b.add("iree-stream-verify-lowering-to-async-resources");
  if (!options.parameterEncoderOutputFile.getValue().empty()) {
    b.add("iree-stream-split-parameter-encoder",
          "mode=" +
              std::string(options.parameterEncoderMode ==
                                  ParameterEncoderMode::Overlay
                              ? "overlay"
                              : "consolidate") +
              " output-scope=" +
              quoteOption(options.parameterEncoderOutputScope.getValue()) +
              " output-file=" +
              quoteOption(options.parameterEncoderOutputFile.getValue()));
    b.add(util::createPropagateSubrangesPass());
    b.add(createSymbolDCEPass());
  }
  b.addFunctionLike({"iree-stream-materialize-copy-on-write", canonicalize});
  b.add("iree-stream-elide-async-copies");
  b.addFunctionLike({canonicalize, "iree-stream-emplace-allocations"});
  b.add("iree-stream-refine-usage");
  b.addFunctionLike({canonicalize});
  b.add("iree-stream-elide-async-copies");
  b.cleanup();
  b.add("iree-stream-verify-async-access-ranges");
  b.add("iree-stream-place-transfer-executions");
  b.addFunctionLike(
      {"iree-stream-schedule-execution", "iree-stream-schedule-concurrency"});
  if (options.initializationMode == InitializationMode::Synchronous)
    b.add("iree-stream-sync-initializers");
  b.add("iree-stream-propagate-timepoints");
  b.add("iree-stream-materialize-builtins");
  b.cleanup();
  b.add("iree-stream-verify-lowering-to-async");
}

// §16.3 step 3. Items 2, 3 and 8 run with reference-compat=false
// (external-transients.md §9.0) unless `transients-reference-compat` is set.
static void populateCmdPhase(PipelineBuilder &b) {
  const TransformOptions &options = b.opts();
  std::string compat = std::string("reference-compat=") +
                       (options.transientsReferenceCompat ? "true" : "false");
  StringRef unplaced =
      options.transientsUnplaced == TransientsUnplaced::Ignore  ? "ignore"
      : options.transientsUnplaced == TransientsUnplaced::Error ? "error"
                                                                : "warn";
  std::string emplaceOptions =
      compat +
      " size-check=" + (options.transientsSizeCheck ? "true" : "false") +
      " unplaced=" + unplaced.str() + " liveness-packing=" +
      (options.transientsLivenessPacking ? "true" : "false") +
      (options.dumpStatisticsFormat != DumpOutputFormat::None
           ? " statistics=true"
           : "");
  std::string annotateOptions =
      compat + " upper-bound=" +
      (options.transientsUpperBound == TransientsUpperBound::Required
           ? "required"
           : "optional");
  b.add("iree-stream-schedule-allocation");
  b.add("iree-stream-emplace-transients", emplaceOptions);
  b.add("iree-stream-materialize-transient-size-queries", compat);
  b.addFunctionLike({"iree-stream-pack-constants", "iree-stream-layout-slices",
                     canonicalize});
  b.add(util::createPropagateSubrangesPass());
  b.cleanup();
  b.add("iree-stream-automatic-reference-counting");
  b.add("iree-stream-annotate-constant-transient-size", annotateOptions);
  b.add("iree-stream-verify-lowering-to-cmd");
}

// §16.3 step 4.
static void populateStatistics(PipelineBuilder &b) {
  const TransformOptions &options = b.opts();
  if (options.dumpStatisticsFormat == DumpOutputFormat::None)
    return;
  b.add("iree-stream-dump-statistics",
        ("output-format=" +
         stringifyDumpOutputFormat(options.dumpStatisticsFormat) +
         " output-file=" + quoteOption(options.dumpStatisticsFile))
            .str());
}

// §16.3 step 5.
static void populateOptimizationPhase(PipelineBuilder &b) {
  b.cleanup();
  // [REF] outside the fixed-point iterator, run once.
  b.addFunctionLike({"iree-stream-reuse-allocations", convertSCFToCF});
  b.addFixedPoint([](PipelineBuilder &iterated) {
    iterated.cleanup();
    iterated.add("iree-stream-elide-timepoints");
  });
  if (b.opts().optimizeBindings)
    b.add("iree-stream-fuse-dispatch-bindings");
  b.add("iree-stream-annotate-dispatch-arguments");
  b.add("iree-stream-annotate-dispatch-assumptions");
  b.add("iree-stream-pack-dispatch-operands");
  b.cleanup();
  b.add("iree-stream-fold-uniform-operands");
  // iree-stream-specialize-dispatches is intentionally absent.
}

// §16.3.
static void populateTransform(PipelineBuilder &b) {
  b.add(util::createVerifyInitializationOrderPass());
  b.addPipeline(populateTensorPhase);
  b.addPipeline(populateAsyncPhase);
  b.addPipeline(populateCmdPhase);
  b.addPipeline(populateStatistics);
  b.addPipeline(populateOptimizationPhase);
  b.cleanup();
  b.add(createSymbolDCEPass());
}

static LogicalResult build(void (*populate)(PipelineBuilder &),
                           OpPassManager &pm, const TransformOptions &options,
                           PipelineErrorHandler onError) {
  PipelineBuilder b(pm, options, onError);
  populate(b);
  return b.finish();
}

LogicalResult buildStreamCleanupPipeline(OpPassManager &pm,
                                         const TransformOptions &options,
                                         PipelineErrorHandler onError) {
  return build(populateCleanup, pm, options, onError);
}
LogicalResult buildStreamTensorPassPipeline(OpPassManager &pm,
                                            const TransformOptions &options,
                                            PipelineErrorHandler onError) {
  return build(populateTensorPhase, pm, options, onError);
}
LogicalResult buildStreamAsyncPassPipeline(OpPassManager &pm,
                                           const TransformOptions &options,
                                           PipelineErrorHandler onError) {
  return build(populateAsyncPhase, pm, options, onError);
}
LogicalResult buildStreamCmdPassPipeline(OpPassManager &pm,
                                         const TransformOptions &options,
                                         PipelineErrorHandler onError) {
  return build(populateCmdPhase, pm, options, onError);
}
LogicalResult
buildStreamOptimizationPassPipeline(OpPassManager &pm,
                                    const TransformOptions &options,
                                    PipelineErrorHandler onError) {
  return build(populateOptimizationPhase, pm, options, onError);
}
LogicalResult buildStreamTransformPassPipeline(OpPassManager &pm,
                                               const TransformOptions &options,
                                               PipelineErrorHandler onError) {
  return build(populateTransform, pm, options, onError);
}

namespace {

void registerPipeline(StringRef name, StringRef description,
                      LogicalResult (*build)(OpPassManager &,
                                             const TransformOptions &,
                                             PipelineErrorHandler)) {
  registerPassPipeline(
      name, description,
      [build](OpPassManager &pm, StringRef optionsText,
              function_ref<LogicalResult(const Twine &)> errorHandler) {
        TransformOptions options;
        if (failed(options.parseFromString(optionsText)))
          return failure();
        return build(pm, options, errorHandler);
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(TransformOptions());
      });
}

} // namespace

void registerStreamPipelines() {
  registerPipeline("iree-stream-cleanup-pipeline",
                   "Runs the cleanup passes that are performed between "
                   "stream pipeline phases.",
                   buildStreamCleanupPipeline);
  registerPipeline("iree-stream-tensor-transformation-pipeline",
                   "Lowers source dialects into stream.tensor.* IR.",
                   buildStreamTensorPassPipeline);
  registerPipeline("iree-stream-async-transformation-pipeline",
                   "Lowers stream.tensor.* to stream.async.* IR.",
                   buildStreamAsyncPassPipeline);
  registerPipeline("iree-stream-cmd-transformation-pipeline",
                   "Lowers stream.async.* to stream.cmd.* IR.",
                   buildStreamCmdPassPipeline);
  registerPipeline("iree-stream-optimization-pipeline",
                   "Optimizes stream commands and resources (may be required "
                   "for some targets).",
                   buildStreamOptimizationPassPipeline);
  registerPipeline("iree-stream-transformation-pipeline",
                   "Runs the full IREE stream dialect transformation pipeline.",
                   buildStreamTransformPassPipeline);
}

} // namespace sluice::stream

void sluice::stream::registerStreamTransformPasses() {
  registerStreamPasses();
  registerStreamPipelines();
}
