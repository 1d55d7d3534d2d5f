//===- Pipelines.cpp - The sluice-compile phases --------------------------===//

#include "sluice/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
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

static std::vector<Step> phaseSteps(Phase phase,
                                    const CompileOptions &options) {
  switch (phase) {
  case Phase::Input:
    return {{"sluice-input-pipeline", false,
             "invocation-model=" + options.invocationModel +
                 " cpu=" + options.target.cpu}};
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
    if (failed(pm.run(module)))
      return failure();
    if (!options.dumpDir.empty() && failed(dumpPhase(module, options, phase)))
      return failure();
  }
  return success();
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
    } else {
      error = "unsupported JIT flag '" + flag + "'";
      return failure();
    }
  }
  return success();
}

} // namespace sluice::pipelines
