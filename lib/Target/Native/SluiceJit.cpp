//===- SluiceJit.cpp - sluice_jit_compile_module (execution.md §2.9, §6.3) ===//
//
// Compiles MLIR text in-process through the sluice-compile phases up to
// `llvm`, JIT-compiles the result with mlir::ExecutionEngine and registers
// its sluice_module_query with the runtime. The engine is owned by the
// module and freed with it.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "sluice/InitAll.h"
#include "sluice/Pipelines/Pipelines.h"
#include "sluice/Runtime/Module/Api.h"
#include "sluice/Target/Native/NativeTarget.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;

static sluice_status_t makeError(int code, const std::string &message) {
  return sluice_status_make(code, message.c_str());
}

static void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] { sluice::registerAllPasses(); });
}

static void destroyEngine(void *owner) {
  delete static_cast<ExecutionEngine *>(owner);
}

extern "C" sluice_status_t
sluice_jit_compile_module(sluice_runtime_t *rt, const char *mlir, size_t length,
                          const char *const *compile_flags, size_t flag_count,
                          sluice_module_t **out) {
  if (!rt || !mlir || !out)
    return makeError(SLUICE_STATUS_INVALID_ARGUMENT,
                     "runtime, mlir or out is NULL");
  *out = nullptr;
  registerPassesOnce();
  sluice::pipelines::CompileOptions options;
  options.target.cpu = "host";
  std::vector<std::string> flags;
  for (size_t i = 0; i < flag_count; ++i)
    flags.emplace_back(compile_flags[i]);
  std::string error;
  if (failed(sluice::pipelines::parseCompileFlags(flags, options, error)))
    return makeError(SLUICE_STATUS_INVALID_ARGUMENT, error);
  options.compileTo = sluice::pipelines::Phase::Llvm;

  DialectRegistry registry;
  sluice::registerAllDialects(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticStream(diagnostics);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(mlir, length),
                                           "<jit input>"),
      llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagnosticStream);
  auto failWithDiagnostics = [&](const char *what) {
    std::string text = diagnostics;
    while (!text.empty() && text.back() == '\n')
      text.pop_back();
    return makeError(SLUICE_STATUS_INVALID_ARGUMENT,
                     std::string(what) + (text.empty() ? "" : ":\n") + text);
  };
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(&context));
  if (!module)
    return failWithDiagnostics("cannot parse the module");
  if (options.moduleName.empty())
    options.moduleName =
        module->getSymName()
            .value_or(options.inputStem.empty() ? "module" : options.inputStem)
            .str();
  if (failed(sluice::pipelines::runPhases(*module, options)))
    return failWithDiagnostics("compiling the module failed");
  FailureOr<std::unique_ptr<ExecutionEngine>> engine =
      sluice::native::jitCompile(*module, options.target);
  if (failed(engine))
    return failWithDiagnostics("JIT compilation failed");
  llvm::Expected<void *> query = (*engine)->lookup(SLUICE_MODULE_QUERY_SYMBOL);
  if (!query) {
    llvm::consumeError(query.takeError());
    return makeError(SLUICE_STATUS_INVALID_ARGUMENT,
                     "the compiled module defines no sluice_module_query");
  }
  ExecutionEngine *owner = engine->release();
  sluice_status_t status = sluice_module_register(
      rt, reinterpret_cast<sluice_module_query_fn_t>(*query),
      options.moduleName.c_str(), destroyEngine, owner, out);
  if (status)
    delete owner;
  return status;
}
