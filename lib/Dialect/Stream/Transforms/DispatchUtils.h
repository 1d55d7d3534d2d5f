//===- DispatchUtils.h - shared helpers of the dispatch passes -*- C++ -*-===//
//
// stream-passes-2.md §12 common definitions: dispatch sites per export,
// access bits of cmd.dispatch resources, per-execute constant memos.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_DISPATCHUTILS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_DISPATCHUTILS_H

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {

/// One export and the dispatches naming it.
struct ExportSites {
  ExecutableOp executableOp;
  ExecutableExportOp exportOp;
  /// The export's function, or null (no inner module / no such function).
  mlir::FunctionOpInterface funcOp;
  llvm::SmallVector<CmdDispatchOp> sites;
  /// Some site names several entry points.
  bool hasMultiEntryPointSite = false;

  /// True when the passes that rewrite an export's function together with
  /// its sites may do so: it has sites, a function with a body, and no site
  /// shared with another export (Sluice: rewriting such a site for one
  /// export would break the others, so those exports are left unchanged).
  bool isRewritable() {
    return !sites.empty() && funcOp && !funcOp.isExternal() &&
           !hasMultiEntryPointSite;
  }
};

/// Every export of every executable (module order, export order) with its
/// dispatch sites in walk order; a dispatch with N entry points is a site
/// of N exports. Exports without sites are included.
llvm::SmallVector<ExportSites> collectExportSites(mlir::ModuleOp moduleOp);

/// The access bits of resource `index` of a dispatch.
ResourceAccessBitfield getResourceAccess(CmdDispatchOp op, unsigned index);
/// The attribute storing `access` in a dispatch's access array.
mlir::Attribute makeResourceAccessAttr(mlir::MLIRContext *context,
                                       ResourceAccessBitfield access);

/// The op before which host-side values for `dispatchOp` are created: the
/// enclosing stream.cmd.execute, or the dispatch itself outside one.
mlir::Operation *getHostInsertionPoint(CmdDispatchOp dispatchOp);

/// Index constants memoized per insertion op (one per cmd.execute).
class ExecuteIndexConstants {
public:
  mlir::Value get(mlir::Operation *before, int64_t value);

private:
  llvm::DenseMap<std::pair<mlir::Operation *, int64_t>, mlir::Value> values;
};

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_DISPATCHUTILS_H
