//===- NativeTarget.cpp - Object, library and JIT for Sluice modules ------===//

#include "sluice/Target/Native/NativeTarget.h"

#include "sluice/Support/SymbolRenaming.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/TargetParser/X86TargetParser.h"
#include "llvm/Transforms/Instrumentation/AddressSanitizer.h"
#include "llvm/Transforms/Instrumentation/ThreadSanitizer.h"

#include <mutex>

using namespace mlir;

namespace sluice::native {

static constexpr const char *kTriple = "x86_64-unknown-linux-gnu";

static void initializeX86() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeX86AsmParser();
  });
}

static llvm::CodeGenOptLevel codeGenLevel(unsigned level) {
  switch (level) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 3:
    return llvm::CodeGenOptLevel::Aggressive;
  default:
    return llvm::CodeGenOptLevel::Default;
  }
}

std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const NativeTargetOptions &options, std::string &error) {
  initializeX86();
  std::string cpu = options.cpu;
  std::string features;
  if (cpu == "host") {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::StringMap<bool> hostFeatures = llvm::sys::getHostCPUFeatures();
    std::vector<std::string> list;
    for (auto &feature : hostFeatures)
      list.push_back((feature.second ? "+" : "-") + feature.first().str());
    llvm::sort(list);
    features = llvm::join(list, ",");
  } else {
    llvm::SmallVector<llvm::StringRef> valid;
    llvm::X86::fillValidCPUArchList(valid, /*Only64Bit=*/true);
    if (!llvm::is_contained(valid, cpu)) {
      error = "sluice-compile targets x86-64 only; '" + cpu +
              "' is not an x86-64 CPU";
      return nullptr;
    }
  }
  std::string lookupError;
  llvm::Triple triple(kTriple);
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target) {
    error = lookupError;
    return nullptr;
  }
  llvm::TargetOptions targetOptions;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, cpu, features, targetOptions, llvm::Reloc::PIC_,
      llvm::CodeModel::Small, codeGenLevel(options.optLevel)));
  if (!machine)
    error = "cannot create a target machine for CPU '" + cpu + "'";
  return machine;
}

void describeTarget(llvm::TargetMachine &machine, std::string &cpu,
                    std::string &features) {
  cpu = machine.getTargetCPU().str();
  features = machine.getTargetFeatureString().str();
}

LogicalResult describeExecutableTarget(llvm::StringRef cpu,
                                       ExecutableTargetDescription &out,
                                       std::string &error) {
  std::vector<std::string> features;
  if (cpu == "host") {
    out.cpu = llvm::sys::getHostCPUName().str();
    for (auto &feature : llvm::sys::getHostCPUFeatures())
      if (feature.second)
        features.push_back("+" + feature.first().str());
  } else {
    llvm::SmallVector<llvm::StringRef> valid;
    llvm::X86::fillValidCPUArchList(valid, /*Only64Bit=*/true);
    if (!llvm::is_contained(valid, cpu)) {
      error = "sluice-compile targets x86-64 only; '" + cpu.str() +
              "' is not an x86-64 CPU";
      return failure();
    }
    out.cpu = cpu.str();
    // The CPU's features and every feature they imply (avx2 implies avx).
    llvm::SmallVector<llvm::StringRef> list;
    llvm::X86::getFeaturesForCPU(cpu, list);
    llvm::StringMap<bool> enabled;
    for (llvm::StringRef feature : list) {
      enabled[feature] = true;
      llvm::X86::updateImpliedFeatures(feature, /*Enabled=*/true, enabled);
    }
    for (auto &feature : enabled)
      if (feature.second)
        features.push_back("+" + feature.first().str());
  }
  llvm::sort(features);
  features.erase(llvm::unique(features), features.end());
  out.features = llvm::join(features, ",");
  out.nativeVectorSize = llvm::is_contained(features, "+avx512f") ? 64
                         : llvm::is_contained(features, "+avx")   ? 32
                                                                  : 16;
  return success();
}

llvm::StringRef targetTriple() { return kTriple; }

/// Instruments every function definition of the optimized module for
/// `sanitize` ("address" or "thread"), like clang's -fsanitize at the end of
/// its pipeline.
static void instrument(llvm::Module &module, llvm::TargetMachine &machine,
                       llvm::StringRef sanitize) {
  llvm::Attribute::AttrKind kind = sanitize == "address"
                                       ? llvm::Attribute::SanitizeAddress
                                       : llvm::Attribute::SanitizeThread;
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      function.addFnAttr(kind);
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager passes;
  if (sanitize == "address") {
    passes.addPass(llvm::AddressSanitizerPass(llvm::AddressSanitizerOptions()));
  } else {
    passes.addPass(llvm::ModuleThreadSanitizerPass());
    passes.addPass(
        llvm::createModuleToFunctionPassAdaptor(llvm::ThreadSanitizerPass()));
  }
  passes.run(module, mam);
}

/// The name each external declaration of `module` binds to where it differs
/// from its symbol (`sluice.link_name`, set by --sluice-link-executables
/// when a host symbol had the name).
static llvm::StringMap<std::string> linkNames(ModuleOp module) {
  llvm::StringMap<std::string> names;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (auto link = func->getAttrOfType<StringAttr>(kLinkNameAttr))
      names[func.getSymName()] = link.getValue().str();
  return names;
}

/// Gives no library name to a function of the program, before anything
/// looks at names (execution-native.md, "Symbol names"): every local
/// function the runtime did not make (`__sluice_*`, `sluice_*`: thunks,
/// initializers, dispatch functions) becomes `sluice_host__<name>` (a host
/// function @powf would otherwise take the powf calls LLVM emits for
/// llvm.pow), then each declaration takes the name it binds to.
static void bindSymbols(llvm::Module &module,
                        const llvm::StringMap<std::string> &links) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration() || !function.hasLocalLinkage())
      continue;
    std::string name = function.getName().str();
    if (llvm::StringRef(name).starts_with("__sluice_") ||
        llvm::StringRef(name).starts_with("sluice_"))
      continue;
    function.setName("sluice_host__" + name);
  }
  for (const auto &entry : links) {
    llvm::Function *decl = module.getFunction(entry.getKey());
    if (!decl)
      continue;
    if (llvm::Function *existing = module.getFunction(entry.getValue())) {
      // Declared by the host code too (same C function, same type).
      decl->replaceAllUsesWith(existing);
      decl->eraseFromParent();
      continue;
    }
    decl->setName(entry.getValue());
  }
}

/// Translates and optimizes; null after emitting an error.
static std::unique_ptr<llvm::Module>
translateAndOptimize(ModuleOp module, llvm::TargetMachine &machine,
                     unsigned optLevel, llvm::LLVMContext &context) {
  registerBuiltinDialectTranslation(*module->getContext());
  registerLLVMDialectTranslation(*module->getContext());
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, context);
  if (!llvmModule) {
    module.emitError("cannot translate the module to LLVM IR");
    return nullptr;
  }
  bindSymbols(*llvmModule, linkNames(module));
  llvmModule->setTargetTriple(machine.getTargetTriple());
  llvmModule->setDataLayout(machine.createDataLayout());
  auto transformer = makeOptimizingTransformer(optLevel, 0, &machine);
  if (llvm::Error err = transformer(llvmModule.get())) {
    module.emitError("LLVM optimization failed: ")
        << llvm::toString(std::move(err));
    return nullptr;
  }
  return llvmModule;
}

LogicalResult emitObjectFile(ModuleOp module,
                             const NativeTargetOptions &options,
                             llvm::raw_pwrite_stream &os) {
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine)
    return module.emitError(error);
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> llvmModule =
      translateAndOptimize(module, *machine, options.optLevel, context);
  if (!llvmModule)
    return failure();
  if (!options.sanitize.empty())
    instrument(*llvmModule, *machine, options.sanitize);
  llvm::legacy::PassManager passes;
  if (machine->addPassesToEmitFile(passes, os, nullptr,
                                   llvm::CodeGenFileType::ObjectFile))
    return module.emitError("the target cannot emit object files");
  passes.run(*llvmModule);
  return success();
}

/// clang-22 on PATH, else the clang of llvm-config-22 --bindir.
static std::string findLinker(const NativeTargetOptions &options) {
  if (!options.linker.empty()) {
    if (llvm::StringRef(options.linker).contains('/'))
      return options.linker;
    llvm::ErrorOr<std::string> path =
        llvm::sys::findProgramByName(options.linker);
    return path ? *path : options.linker;
  }
  if (llvm::ErrorOr<std::string> path =
          llvm::sys::findProgramByName("clang-22"))
    return *path;
  if (llvm::ErrorOr<std::string> config =
          llvm::sys::findProgramByName("llvm-config-22")) {
    llvm::SmallString<128> out;
    if (!llvm::sys::fs::createTemporaryFile("sluice-bindir", "txt", out)) {
      std::optional<llvm::StringRef> redirects[] = {
          std::nullopt, llvm::StringRef(out), std::nullopt};
      if (llvm::sys::ExecuteAndWait(*config, {*config, "--bindir"},
                                    std::nullopt, redirects) == 0) {
        if (auto buffer = llvm::MemoryBuffer::getFile(out)) {
          std::string dir = (*buffer)->getBuffer().trim().str();
          llvm::sys::fs::remove(out);
          return dir + "/clang";
        }
      }
      llvm::sys::fs::remove(out);
    }
  }
  return "clang-22";
}

LogicalResult linkSharedLibrary(const std::string &objectPath,
                                const std::string &outputPath,
                                const NativeTargetOptions &options,
                                std::string &error) {
  llvm::SmallString<128> script, errors;
  if (llvm::sys::fs::createTemporaryFile("sluice-exports", "map", script) ||
      llvm::sys::fs::createTemporaryFile("sluice-link", "err", errors)) {
    error = "cannot create temporary files for linking";
    return failure();
  }
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(script, ec);
    os << "{ global: sluice_module_query; local: *; };\n";
  }
  std::string linker = findLinker(options);
  std::string versionScript = "-Wl,--version-script=" + script.str().str();
  llvm::SmallVector<llvm::StringRef> args = {linker, "-shared", "-fuse-ld=lld"};
  // An instrumented module leaves the sanitizer runtime's symbols undefined;
  // the loading process (built with the same sanitizer) provides them.
  std::string sanitizeFlag = "-fsanitize=" + options.sanitize;
  if (options.sanitize.empty())
    args.push_back("-Wl,--no-undefined");
  else
    args.push_back(sanitizeFlag);
  args.append(
      {"-Wl,-z,now", versionScript, "-o", outputPath, objectPath, "-lm"});
  std::optional<llvm::StringRef> redirects[] = {
      std::nullopt, llvm::StringRef(errors), llvm::StringRef(errors)};
  std::string execError;
  int code = llvm::sys::ExecuteAndWait(linker, args, std::nullopt, redirects, 0,
                                       0, &execError);
  std::string output;
  if (auto buffer = llvm::MemoryBuffer::getFile(errors))
    output = (*buffer)->getBuffer().str();
  llvm::sys::fs::remove(script);
  llvm::sys::fs::remove(errors);
  if (code != 0) {
    error = "linking '" + outputPath + "' failed (exit code " +
            std::to_string(code) + "):\n" +
            (output.empty() ? execError : output);
    return failure();
  }
  return success();
}

FailureOr<std::unique_ptr<ExecutionEngine>>
jitCompile(ModuleOp module, const NativeTargetOptions &options) {
  std::string error;
  std::unique_ptr<llvm::TargetMachine> machine =
      createTargetMachine(options, error);
  if (!machine)
    return module.emitError(error);
  registerBuiltinDialectTranslation(*module->getContext());
  registerLLVMDialectTranslation(*module->getContext());
  ExecutionEngineOptions engineOptions;
  auto optimize = makeOptimizingTransformer(options.optLevel, 0, nullptr);
  llvm::StringMap<std::string> links = linkNames(module);
  auto transformer = [&](llvm::Module *llvmModule) {
    bindSymbols(*llvmModule, links);
    return optimize(llvmModule);
  };
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = codeGenLevel(options.optLevel);
  engineOptions.enableGDBNotificationListener = false;
  auto engine =
      ExecutionEngine::create(module, engineOptions, std::move(machine));
  if (!engine) {
    module.emitError("JIT compilation failed: ")
        << llvm::toString(engine.takeError());
    return failure();
  }
  return std::move(*engine);
}

} // namespace sluice::native
