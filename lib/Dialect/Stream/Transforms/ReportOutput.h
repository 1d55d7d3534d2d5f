//===- ReportOutput.h - output of the report passes -------------*- C++ -*-===//
//
// What `--sluice-stream-memory-report` and `--sluice-stream-dump-timeline`
// share: the `--pass=FILE` shorthand, the output stream, byte formatting and
// the functions a report covers.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_REPORTOUTPUT_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_REPORTOUTPUT_H

#include "sluice/Dialect/Stream/Analysis/MemoryModel.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/LLVM.h"
#include "llvm/Support/ToolOutputFile.h"

#include <memory>
#include <string>

namespace sluice::stream {

/// A bare option value (no `=`, no space), as in `--pass=FILE`, becomes
/// `output-file=FILE`; anything else is returned unchanged.
std::string expandOutputFileShorthand(llvm::StringRef options);

/// Base of the report passes: accepts the `--pass=FILE` shorthand.
/// `BaseT` is the generated `impl::<Pass>Base`.
template <typename PassT, template <typename> class BaseT>
struct ReportPassBase : public BaseT<PassT> {
  using BaseT<PassT>::BaseT;

  mlir::LogicalResult
  initializeOptions(llvm::StringRef options,
                    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                        errorHandler) override {
    return mlir::Pass::initializeOptions(expandOutputFileShorthand(options),
                                         errorHandler);
  }
};

/// The stream for `path`: stderr when empty, stdout for `-`, else the file
/// (kept on success). Emits an error on `op` and returns null on failure.
llvm::raw_ostream *openReportOutput(llvm::StringRef path,
                                    std::unique_ptr<llvm::ToolOutputFile> &file,
                                    mlir::Operation *op);

/// `1536` -> `1536 B (1.5 KiB)`; below 1 KiB just `N B`.
std::string formatBytes(uint64_t bytes);

/// The size of `slab`: bytes, a formula, or `size unknown`.
std::string formatSlabSize(const TransientSlab &slab);

/// A function a report covers: a public function with a body, or an
/// initializer, with its display name (`@fn`, `initializer #0`). Size query
/// functions named by another function's `iree.abi.transients.size` are
/// left out.
struct ReportedFunction {
  mlir::FunctionOpInterface func;
  std::string name;
  bool initializer = false;
};
llvm::SmallVector<ReportedFunction> getReportedFunctions(mlir::ModuleOp module);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_REPORTOUTPUT_H
