//===- NativeTarget.h - Object, library and JIT for Sluice modules -*- C++
//-*-===//
//
// execution.md §2.9: turns the LLVM-dialect module of phase `llvm` into an
// object file, a shared library (clang + lld) or JIT-compiled code
// (mlir::ExecutionEngine). Heavy LLVM headers stay in the .cpp files.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_TARGET_NATIVE_NATIVETARGET_H
#define SLUICE_TARGET_NATIVE_NATIVETARGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace sluice::native {

struct NativeTargetOptions {
  /// --sluice-cpu: x86-64-v3 (default), x86-64-v2, host or an LLVM CPU name.
  std::string cpu = "x86-64-v3";
  /// --sluice-opt-level: 0..3.
  unsigned optLevel = 2;
  /// --sluice-linker: empty = clang-22 on PATH, else llvm-config-22's clang.
  std::string linker;
  /// --sluice-sanitize: empty, "address" or "thread". Object files (AOT only)
  /// are instrumented after optimization and the library is linked with
  /// -fsanitize=<s> and without --no-undefined: the sanitizer runtime's
  /// symbols come from the process that loads it (a sluice-run built with the
  /// same sanitizer, scripts/sanitizers.sh e2e).
  std::string sanitize;
};

/// The TargetMachine of §2.9 (x86_64-unknown-linux-gnu, PIC, small code
/// model). A non-x86-64 CPU: «sluice-compile targets x86-64 only; '<cpu>' is
/// not an x86-64 CPU», reported through `error`.
std::unique_ptr<llvm::TargetMachine>
createTargetMachine(const NativeTargetOptions &options, std::string &error);

/// The resolved CPU name and feature string recorded in the descriptor.
void describeTarget(llvm::TargetMachine &machine, std::string &cpu,
                    std::string &features);

/// The configuration of the sluice-native executable target of execution.md
/// §5.1 for `--sluice-cpu=<cpu>`: the resolved CPU name (`host` becomes the
/// host's), LLVM's feature list of that CPU ("+a,+b,...", sorted; the host's
/// enabled features for `host`) and `native_vector_size` (64 with AVX-512F,
/// 32 with AVX, else 16). A non-x86-64 CPU: the error of
/// createTargetMachine.
struct ExecutableTargetDescription {
  std::string cpu;
  std::string features;
  int64_t nativeVectorSize = 32;
};
mlir::LogicalResult describeExecutableTarget(llvm::StringRef cpu,
                                             ExecutableTargetDescription &out,
                                             std::string &error);

/// The LLVM target triple of every Sluice module.
llvm::StringRef targetTriple();

/// Translates `module` (pure LLVM dialect), optimizes it at the options'
/// level and writes an object file. Errors are emitted on the module.
mlir::LogicalResult emitObjectFile(mlir::ModuleOp module,
                                   const NativeTargetOptions &options,
                                   llvm::raw_pwrite_stream &os);

/// Links `objectPath` into the shared library `outputPath` exporting only
/// sluice_module_query. On failure `error` holds «linking '<out.so>' failed
/// (exit code <n>):» and the linker's stderr.
mlir::LogicalResult linkSharedLibrary(const std::string &objectPath,
                                      const std::string &outputPath,
                                      const NativeTargetOptions &options,
                                      std::string &error);

/// JIT-compiles `module` (pure LLVM dialect) with the host TargetMachine.
mlir::FailureOr<std::unique_ptr<mlir::ExecutionEngine>>
jitCompile(mlir::ModuleOp module, const NativeTargetOptions &options);

} // namespace sluice::native

#endif // SLUICE_TARGET_NATIVE_NATIVETARGET_H
