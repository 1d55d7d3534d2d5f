//===- Pipelines.cpp - The sluice-compile phases --------------------------===//

#include "sluice/Pipelines/Pipelines.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace sluice::pipelines {

std::optional<Phase> parsePhase(llvm::StringRef name) {
  return llvm::StringSwitch<std::optional<Phase>>(name)
      .Case("input", Phase::Input)
      .Case("stream", Phase::Stream)
      .Case("hal", Phase::Hal)
      .Case("native", Phase::Native)
      .Case("llvm", Phase::Llvm)
      .Case("object", Phase::Object)
      .Case("library", Phase::Library)
      .Default(std::nullopt);
}

llvm::StringRef phaseName(Phase phase) {
  switch (phase) {
  case Phase::Input:
    return "input";
  case Phase::Stream:
    return "stream";
  case Phase::Hal:
    return "hal";
  case Phase::Native:
    return "native";
  case Phase::Llvm:
    return "llvm";
  case Phase::Object:
    return "object";
  case Phase::Library:
    return "library";
  }
  return "";
}

namespace {
/// One step of a phase: a registered pass or pipeline, optionally nested on
/// every function-like op (`any(...)`), with its options.
struct Step {
  Step(const char *name, bool nestAny = false, std::string options = "")
      : name(name), nestAny(nestAny), options(std::move(options)) {}
  const char *name;
  bool nestAny;
  std::string options;
};
} // namespace

/// A pass option value in double quotes, so that spaces and braces survive
/// the textual pipeline (a comma still splits list elements).
static std::string quoted(llvm::StringRef value) {
  return "\"" + value.str() + "\"";
}

static std::string quotedList(llvm::ArrayRef<std::string> values) {
  std::string text;
  for (const std::string &value : values)
    text += (text.empty() ? "" : ",") + quoted(value);
  return text;
}

static std::vector<Step> phaseSteps(Phase phase,
                                    const CompileOptions &options) {
  switch (phase) {
  case Phase::Input: {
    // execution.md §2.2; step 11 (io-parameters.md §12.4) from the archive
    // driver flags, which the pipeline runs in its place (import first,
    // export and splat-archive generation last, then the cleanup).
    std::string text = "invocation-model=" + options.invocationModel +
                       " cpu=" + options.target.cpu;
    if (!options.parameterImportPaths.empty()) {
      text += " parameter-import=" + quotedList(options.parameterImportPaths);
      if (!options.parameterImportKeys.empty())
        text +=
            " parameter-import-keys=" + quotedList(options.parameterImportKeys);
      text += " parameter-import-maximum-size=" +
              std::to_string(options.parameterImportMaximumSize);
    }
    if (!options.parameterExportPath.empty())
      text += " parameter-export=" + quoted(options.parameterExportPath) +
              " parameter-export-minimum-size=" +
              std::to_string(options.parameterExportMinimumSize);
    if (!options.parameterSplatPath.empty())
      text += " parameter-splat=" + quoted(options.parameterSplatPath);
    return {{"sluice-input-pipeline", false, text}};
  }
  case Phase::Stream: {
    std::vector<Step> steps = {
        {"iree-stream-transformation-pipeline", false, options.streamOptions}};
    if (options.pipelineParameterUploads)
      steps.push_back({"sluice-pipeline-parameter-uploads"});
    return steps;
  }
  case Phase::Hal:
    return {{"iree-hal-materialize-interfaces"},
            {"sluice-cpu-codegen-pipeline", false,
             options.cpuStrategy == "auto" ? std::string()
                                           : "strategy=" + options.cpuStrategy},
            {"iree-hal-conversion"},
            {"iree-hal-inline-memoize-regions", /*nestAny=*/true},
            {"iree-hal-resolve-topology-queries"},
            {"canonicalize"},
            {"cse"}};
  case Phase::Native:
    // Host scf becomes cf first: error edges split blocks (§3.5), which
    // structured control flow cannot hold.
    return {{"convert-scf-to-cf"},
            {"sluice-outline-command-buffers"},
            {"sluice-materialize-error-edges"},
            {"sluice-materialize-ref-counting"}};
  case Phase::Llvm:
    return {{"sluice-link-executables"},
            {"sluice-convert-host-to-llvm"},
            {"sluice-emit-module-descriptor", false,
             "module-name=" + options.moduleName +
                 " target-cpu=" + options.target.cpu},
            {"reconcile-unrealized-casts"},
            {"canonicalize"},
            {"cse"}};
  case Phase::Object:
  case Phase::Library:
    return {};
  }
  return {};
}

static bool isRegistered(llvm::StringRef name) {
  return PassInfo::lookup(name) || PassPipelineInfo::lookup(name);
}

std::string phasePipeline(Phase phase, const CompileOptions &options) {
  std::string text = "builtin.module(";
  bool first = true;
  for (const Step &step : phaseSteps(phase, options)) {
    if (!first)
      text += ",";
    first = false;
    std::string pass = step.name;
    if (!step.options.empty())
      pass += "{" + step.options + "}";
    text += step.nestAny ? "any(" + pass + ")" : pass;
  }
  return text + ")";
}

/// Writes `module` to <dir>/<name>.<k>.<phase>.mlir.
static LogicalResult dumpPhase(ModuleOp module, const CompileOptions &options,
                               Phase phase) {
  std::string path = options.dumpDir + "/" + options.moduleName + "." +
                     std::to_string((int)phase + 1) + "." +
                     phaseName(phase).str() + ".mlir";
  std::error_code ec = llvm::sys::fs::create_directories(options.dumpDir);
  if (!ec) {
    llvm::raw_fd_ostream os(path, ec);
    if (!ec) {
      module.print(os);
      return success();
    }
  }
  return module.emitError("cannot write '") << path << "': " << ec.message();
}

LogicalResult
runPhases(ModuleOp module, const CompileOptions &options,
          llvm::function_ref<LogicalResult(PassManager &)> configure) {
  int first = options.compileFrom ? (int)*options.compileFrom + 1 : 0;
  int last = std::min((int)options.compileTo, (int)Phase::Llvm);
  for (int p = first; p <= last; ++p) {
    Phase phase = (Phase)p;
    for (const Step &step : phaseSteps(phase, options))
      if (!isRegistered(step.name))
        return module.emitError("phase '")
               << phaseName(phase) << "' needs the pass '--" << step.name
               << "', which this build of Sluice does not have yet";
    PassManager pm(module->getContext(), ModuleOp::getOperationName());
    std::string errors;
    llvm::raw_string_ostream errorStream(errors);
    // parsePassPipeline nests the text under `pm`'s anchor: strip ours.
    std::string text = phasePipeline(phase, options);
    llvm::StringRef inner =
        llvm::StringRef(text).drop_front(strlen("builtin.module(")).drop_back();
    if (failed(parsePassPipeline(inner, pm, errorStream)))
      return module.emitError("cannot build phase '")
             << phaseName(phase) << "': " << errors;
    if (configure && failed(configure(pm)))
      return failure();
    sluice::util::addRerunElision(pm);
    if (failed(pm.run(module)))
      return failure();
    if (!options.dumpDir.empty() && failed(dumpPhase(module, options, phase)))
      return failure();
  }
  return success();
}

/// Parses `text` (a phase's pipeline) into `pm`; a pass missing from this
/// build is reported when the pipeline is built.
static LogicalResult buildPhase(OpPassManager &pm, Phase phase,
                                const CompileOptions &options) {
  std::string text = phasePipeline(phase, options);
  llvm::StringRef inner =
      llvm::StringRef(text).drop_front(strlen("builtin.module(")).drop_back();
  std::string errors;
  llvm::raw_string_ostream errorStream(errors);
  if (failed(parsePassPipeline(inner, pm, errorStream))) {
    llvm::errs() << "cannot build phase '" << phaseName(phase)
                 << "': " << errors << "\n";
    return failure();
  }
  return success();
}

namespace {
struct LlvmPhasePipelineOptions
    : public PassPipelineOptions<LlvmPhasePipelineOptions> {
  Option<std::string> moduleName{*this, "module-name",
                                 llvm::cl::desc("The descriptor's module name"),
                                 llvm::cl::init("module")};
  Option<std::string> targetCpu{
      *this, "target-cpu",
      llvm::cl::desc("The --sluice-cpu value recorded in the descriptor"),
      llvm::cl::init("x86-64-v3")};
};
} // namespace

void registerPhasePipelines() {
  PassPipelineRegistration<>(
      "sluice-hal-pipeline",
      "The sluice-compile phase `hal` (execution.md §2.5): interfaces, CPU "
      "codegen, --iree-hal-conversion, memoize inlining, topology queries",
      [](OpPassManager &pm) { (void)buildPhase(pm, Phase::Hal, {}); });
  PassPipelineRegistration<>(
      "sluice-native-pipeline",
      "The sluice-compile phase `native` (execution.md §2.7): host scf to cf, "
      "command-buffer outlining, error edges, reference counting",
      [](OpPassManager &pm) { (void)buildPhase(pm, Phase::Native, {}); });
  PassPipelineRegistration<LlvmPhasePipelineOptions>(
      "sluice-llvm-pipeline",
      "The sluice-compile phase `llvm` (execution.md §2.8): executables "
      "linked, host code to LLVM, module descriptor",
      [](OpPassManager &pm, const LlvmPhasePipelineOptions &pipelineOptions) {
        CompileOptions options;
        options.moduleName = pipelineOptions.moduleName;
        options.target.cpu = pipelineOptions.targetCpu;
        (void)buildPhase(pm, Phase::Llvm, options);
      });
}

LogicalResult parseCompileFlags(llvm::ArrayRef<std::string> flags,
                                CompileOptions &options, std::string &error) {
  for (const std::string &flag : flags) {
    llvm::StringRef text(flag);
    auto [name, value] = text.split('=');
    auto phase = [&](bool from) -> LogicalResult {
      std::optional<Phase> parsed = parsePhase(value);
      if (!parsed ||
          (from && (*parsed == Phase::Object || *parsed == Phase::Library))) {
        error = "invalid " + name.str() + " value '" + value.str() + "'";
        return failure();
      }
      if (from)
        options.compileFrom = parsed;
      else
        options.compileTo = *parsed;
      return success();
    };
    if (name == "--compile-from") {
      if (failed(phase(true)))
        return failure();
    } else if (name == "--compile-to") {
      if (failed(phase(false)))
        return failure();
    } else if (name == "--module-name") {
      options.moduleName = value.str();
    } else if (name == "--sluice-input-stem") {
      options.inputStem = value.str();
    } else if (name == "--sluice-cpu") {
      options.target.cpu = value.str();
    } else if (name == "--sluice-invocation-model") {
      if (value != "sync" && value != "coarse-fences") {
        error = "invalid --sluice-invocation-model value '" + value.str() +
                "' (expected sync or coarse-fences)";
        return failure();
      }
      options.invocationModel = value.str();
    } else if (name == "--sluice-opt-level") {
      unsigned level;
      if (value.getAsInteger(10, level) || level > 3) {
        error = "invalid --sluice-opt-level value '" + value.str() +
                "' (expected 0, 1, 2 or 3)";
        return failure();
      }
      options.target.optLevel = level;
    } else if (name == "--sluice-cpu-strategy") {
      if (value != "auto" && value != "loops") {
        error = "invalid --sluice-cpu-strategy value '" + value.str() +
                "' (expected auto or loops)";
        return failure();
      }
      options.cpuStrategy = value.str();
    } else if (name == "--sluice-stream-options") {
      options.streamOptions = value.str();
    } else if (name == "--sluice-pipeline-parameter-uploads") {
      if (value != "true" && value != "false") {
        error = "invalid --sluice-pipeline-parameter-uploads value '" +
                value.str() + "'";
        return failure();
      }
      options.pipelineParameterUploads = value == "true";
    } else if (name == "--iree-parameter-import") {
      options.parameterImportPaths.push_back(value.str());
    } else if (name == "--iree-parameter-import-keys") {
      options.parameterImportKeys.push_back(value.str());
    } else if (name == "--iree-parameter-import-maximum-size" ||
               name == "--iree-parameter-export-minimum-size") {
      int64_t size;
      if (value.getAsInteger(10, size)) {
        error = "invalid " + name.str() + " value '" + value.str() + "'";
        return failure();
      }
      (name == "--iree-parameter-import-maximum-size"
           ? options.parameterImportMaximumSize
           : options.parameterExportMinimumSize) = size;
    } else if (name == "--iree-parameter-export" ||
               name == "--iree-opt-export-parameters") {
      options.parameterExportPath = value.str();
    } else if (name == "--iree-parameter-splat" ||
               name == "--iree-opt-splat-parameters") {
      options.parameterSplatPath = value.str();
    } else {
      error = "unsupported JIT flag '" + flag + "'";
      return failure();
    }
  }
  return success();
}

} // namespace sluice::pipelines
