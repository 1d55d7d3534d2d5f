//===- sluice-compile.cpp - Compile a program to a Sluice module ----------===//
//
// execution.md §6.1: runs the phases of §2.1 from --compile-from to
// --compile-to and writes MLIR (IR phases), an object file or a shared
// library. Exit status 0 on success, 1 on any error (MLIR diagnostics on
// stderr).
//
//===----------------------------------------------------------------------===//

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "sluice/InitAll.h"
#include "sluice/Pipelines/Pipelines.h"
#include "sluice/Target/Native/NativeTarget.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;
using namespace sluice;
namespace cl = llvm::cl;

static cl::OptionCategory category("sluice-compile options");

static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<input>"),
                                      cl::init("-"), cl::cat(category));
static cl::opt<std::string>
    outputFile("o", cl::desc("Output file ('-' for IR phases by default)"),
               cl::value_desc("file"), cl::init(""), cl::cat(category));
static cl::opt<std::string> compileTo(
    "compile-to",
    cl::desc("Last phase run: input|stream|hal|native|llvm|object|library "
             "(IR phases print MLIR)"),
    cl::init("library"), cl::cat(category));
static cl::opt<std::string> compileFrom(
    "compile-from",
    cl::desc("The input already is this phase's output: "
             "input|stream|hal|native|llvm (--compile-from=stream takes "
             "hand-written stream.cmd IR)"),
    cl::init(""), cl::cat(category));
static cl::opt<std::string> moduleName(
    "module-name",
    cl::desc("Descriptor name (default: the module's sym_name, else the "
             "input file stem, else 'module')"),
    cl::init(""), cl::cat(category));
static cl::opt<std::string>
    invocationModel("sluice-invocation-model",
                    cl::desc("sync|coarse-fences (phase input)"),
                    cl::init("sync"), cl::cat(category));
static cl::opt<std::string>
    cpu("sluice-cpu",
        cl::desc("Target CPU: x86-64-v3|x86-64-v2|host|<LLVM x86-64 CPU>"),
        cl::init("x86-64-v3"), cl::cat(category));
static cl::opt<unsigned>
    optLevel("sluice-opt-level",
             cl::desc("LLVM optimization level of host and dispatch code"),
             cl::init(2), cl::cat(category));
static cl::opt<std::string>
    cpuStrategy("sluice-cpu-strategy",
                cl::desc("auto|loops: force the fallback dispatch codegen"),
                cl::init("auto"), cl::cat(category));
static cl::opt<std::string>
    transformLibrary("sluice-cpu-transform-library",
                     cl::desc("Transform-dialect library for dispatch codegen"),
                     cl::init(""), cl::cat(category));
static cl::opt<std::string>
    streamOptions("sluice-stream-options",
                  cl::desc("Options of --iree-stream-transformation-pipeline"),
                  cl::init(""), cl::cat(category));
static cl::opt<bool> pipelineParameterUploads(
    "sluice-pipeline-parameter-uploads",
    cl::desc("Split parameter uploads so I/O overlaps compute"), cl::init(true),
    cl::cat(category));
static cl::opt<std::string>
    linker("sluice-linker",
           cl::desc("Linker driver (default: clang-22 on PATH, else the "
                    "clang of llvm-config-22 --bindir)"),
           cl::init(""), cl::cat(category));
static cl::opt<std::string> sanitize(
    "sluice-sanitize",
    cl::desc("Instrument the object/library for a sanitizer: address or "
             "thread (the .so then loads only into a process built with the "
             "same sanitizer, e.g. scripts/sanitizers.sh's sluice-run)"),
    cl::init(""), cl::cat(category));
static cl::opt<std::string>
    dumpDir("sluice-dump-dir",
            cl::desc("Write <dir>/<module>.<k>.<phase>.mlir after each IR "
                     "phase"),
            cl::init(""), cl::cat(category));

// io-parameters.md §12.4: the reference's archive driver flags, run at the
// end of phase input (execution.md §2.2 step 11).
static cl::OptionCategory parameterCategory("IREE Parameter Options");
static cl::list<std::string> parameterImport(
    "iree-parameter-import",
    cl::desc("File paths to archives to import parameters from with an "
             "optional `scope=` prefix"),
    cl::value_desc("[scope=]path"), cl::cat(parameterCategory));
static cl::list<std::string> parameterImportKeys(
    "iree-parameter-import-keys",
    cl::desc("List of parameter keys to import; any matching keys from any "
             "scope will be imported"),
    cl::value_desc("key"), cl::cat(parameterCategory));
static cl::opt<int64_t> parameterImportMaximumSize(
    "iree-parameter-import-maximum-size",
    cl::desc("Maximum size of parameters to import or 0 to disable automatic "
             "import"),
    cl::init(0), cl::cat(parameterCategory));
static cl::opt<std::string> parameterExport(
    "iree-parameter-export",
    cl::desc("File path to an archive to export parameters to with an "
             "optional `scope=` prefix"),
    cl::value_desc("[scope=]path"), cl::init(""), cl::cat(parameterCategory));
static cl::opt<int64_t> parameterExportMinimumSize(
    "iree-parameter-export-minimum-size",
    cl::desc("Minimum size of constants to export to the archive"), cl::init(0),
    cl::cat(parameterCategory));
static cl::opt<std::string> parameterSplat(
    "iree-parameter-splat",
    cl::desc("File path to create a splat parameter archive out of all "
             "parameters in the module"),
    cl::value_desc("path"), cl::init(""), cl::cat(parameterCategory));
static cl::alias parameterExportDeprecated("iree-opt-export-parameters",
                                           cl::desc("Deprecated alias of "
                                                    "--iree-parameter-export"),
                                           cl::aliasopt(parameterExport),
                                           cl::Hidden);
static cl::alias parameterSplatDeprecated("iree-opt-splat-parameters",
                                          cl::desc("Deprecated alias of "
                                                   "--iree-parameter-splat"),
                                          cl::aliasopt(parameterSplat),
                                          cl::Hidden);

static void printVersion(llvm::raw_ostream &os) {
  os << "sluice-compile 0.1.0 (module ABI 1, LLVM 22)\n";
}

/// The module name of §6.1.
static std::string resolveModuleName(ModuleOp module) {
  if (!moduleName.empty())
    return moduleName;
  if (std::optional<llvm::StringRef> name = module.getSymName())
    return name->str();
  if (inputFile != "-") {
    llvm::StringRef stem = llvm::sys::path::stem(inputFile.getValue());
    if (!stem.empty())
      return stem.str();
  }
  return "module";
}

static int compile(MLIRContext &context) {
  std::optional<pipelines::Phase> to = pipelines::parsePhase(compileTo);
  if (!to) {
    llvm::errs() << "error: invalid --compile-to value '" << compileTo
                 << "' (expected input, stream, hal, native, llvm, object or "
                    "library)\n";
    return 1;
  }
  pipelines::CompileOptions options;
  options.compileTo = *to;
  if (!compileFrom.empty()) {
    std::optional<pipelines::Phase> from = pipelines::parsePhase(compileFrom);
    if (!from || *from == pipelines::Phase::Object ||
        *from == pipelines::Phase::Library) {
      llvm::errs() << "error: invalid --compile-from value '" << compileFrom
                   << "' (expected input, stream, hal, native or llvm)\n";
      return 1;
    }
    if ((int)*from >= (int)*to && *to != pipelines::Phase::Object &&
        *to != pipelines::Phase::Library) {
      llvm::errs() << "error: --compile-to=" << compileTo
                   << " is not after --compile-from=" << compileFrom << "\n";
      return 1;
    }
    options.compileFrom = from;
  }
  bool binary =
      *to == pipelines::Phase::Object || *to == pipelines::Phase::Library;
  if (binary && (outputFile.empty() || outputFile == "-")) {
    llvm::errs() << "error: --compile-to=" << compileTo
                 << " requires -o <file>\n";
    return 1;
  }
  if (invocationModel != "sync" && invocationModel != "coarse-fences") {
    llvm::errs() << "error: invalid --sluice-invocation-model value '"
                 << invocationModel << "' (expected sync or coarse-fences)\n";
    return 1;
  }
  if (optLevel > 3) {
    llvm::errs() << "error: invalid --sluice-opt-level value " << optLevel
                 << " (expected 0, 1, 2 or 3)\n";
    return 1;
  }
  if (cpuStrategy != "auto" && cpuStrategy != "loops") {
    llvm::errs() << "error: invalid --sluice-cpu-strategy value '"
                 << cpuStrategy << "' (expected auto or loops)\n";
    return 1;
  }
  if (!sanitize.empty() && sanitize != "address" && sanitize != "thread") {
    llvm::errs() << "error: invalid --sluice-sanitize value '" << sanitize
                 << "' (expected address or thread)\n";
    return 1;
  }
  options.target.sanitize = sanitize;
  options.cpuStrategy = cpuStrategy;
  options.invocationModel = invocationModel;
  options.target.cpu = cpu;
  options.target.optLevel = optLevel;
  options.target.linker = linker;
  options.streamOptions = streamOptions;
  options.pipelineParameterUploads = pipelineParameterUploads;
  options.dumpDir = dumpDir;
  options.parameterImportPaths = parameterImport;
  options.parameterImportKeys = parameterImportKeys;
  options.parameterImportMaximumSize = parameterImportMaximumSize;
  options.parameterExportPath = parameterExport;
  options.parameterExportMinimumSize = parameterExportMinimumSize;
  options.parameterSplatPath = parameterSplat;
  std::string error;
  if (!native::createTargetMachine(options.target, error)) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFile, &errorMessage);
  if (!input) {
    llvm::errs() << "error: " << errorMessage << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return 1;
  options.moduleName = resolveModuleName(*module);

  DefaultTimingManager timing;
  applyDefaultTimingManagerCLOptions(timing);
  TimingScope timingScope = timing.getRootScope();
  if (failed(pipelines::runPhases(*module, options, [&](PassManager &pm) {
        if (failed(applyPassManagerCLOptions(pm)))
          return failure();
        pm.enableTiming(timingScope);
        return success();
      })))
    return 1;

  if (!binary) {
    std::unique_ptr<llvm::ToolOutputFile> output = openOutputFile(
        outputFile.empty() ? std::string("-") : outputFile.getValue(),
        &errorMessage);
    if (!output) {
      llvm::errs() << "error: " << errorMessage << "\n";
      return 1;
    }
    module->print(output->os());
    output->os() << "\n";
    output->keep();
    return 0;
  }

  std::string objectPath = outputFile;
  llvm::SmallString<128> temporary;
  if (*to == pipelines::Phase::Library) {
    if (llvm::sys::fs::createTemporaryFile("sluice-module", "o", temporary)) {
      llvm::errs() << "error: cannot create a temporary object file\n";
      return 1;
    }
    objectPath = temporary.str().str();
  }
  {
    std::unique_ptr<llvm::ToolOutputFile> object =
        openOutputFile(objectPath, &errorMessage);
    if (!object) {
      llvm::errs() << "error: " << errorMessage << "\n";
      return 1;
    }
    if (failed(native::emitObjectFile(*module, options.target, object->os())))
      return 1;
    object->keep();
  }
  if (*to == pipelines::Phase::Library) {
    LogicalResult linked = native::linkSharedLibrary(objectPath, outputFile,
                                                     options.target, error);
    llvm::sys::fs::remove(objectPath);
    if (failed(linked)) {
      llvm::errs() << "error: " << error;
      if (!llvm::StringRef(error).ends_with("\n"))
        llvm::errs() << "\n";
      return 1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  sluice::registerAllPasses();
  DialectRegistry registry;
  sluice::registerAllDialects(registry);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  cl::SetVersionPrinter(printVersion);
  // sluice-compile defaults --iree-hal-external-resources-mappable to true
  // (execution.md §2.5 step 5); a later occurrence on the command line wins.
  std::vector<const char *> args(argv, argv + argc);
  auto &registered = cl::getRegisteredOptions();
  if (registered.count("iree-hal-external-resources-mappable"))
    args.insert(args.begin() + 1,
                "--iree-hal-external-resources-mappable=true");
  cl::ParseCommandLineOptions((int)args.size(), args.data(),
                              "Sluice compiler: MLIR programs to native "
                              "modules\n");
  MLIRContext context(registry);
  context.allowUnregisteredDialects(false);
  context.printOpOnDiagnostic(false);
  return compile(context);
}
