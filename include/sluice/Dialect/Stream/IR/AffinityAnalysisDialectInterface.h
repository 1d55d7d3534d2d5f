//===- AffinityAnalysisDialectInterface.h - layout resolver hook -*- C++
//-*-===//
//
// The stream dialect interface of stream-ir.md §5.11: a dialect (HAL) that
// knows which executable targets an affinity reaches hands out a batch
// resolver from (affinity, op) pairs to the layout attributes those targets
// use. Used by the encoding passes (stream-passes-1.md §7, encoding.md §3.5).
// HAL's implementation is attached by sluice::registerExternalModels
// (support-dialects.md §2.4.9).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_AFFINITYANALYSISDIALECTINTERFACE_H
#define SLUICE_DIALECT_STREAM_IR_AFFINITYANALYSISDIALECTINTERFACE_H

#include "sluice/Dialect/Stream/IR/StreamTypes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <utility>

namespace sluice::stream {

/// An ordered set of layout (resolver) attributes.
using LayoutAttrSet = llvm::SetVector<mlir::Attribute>;
/// One query: an affinity and the op asking.
using AffinityAndOpPair = std::pair<AffinityAttr, mlir::Operation *>;
/// Answers a batch of queries into `layoutAttrs`; may fail (with a
/// diagnostic).
using ResolveLayoutAttrFn = std::function<llvm::LogicalResult(
    llvm::ArrayRef<AffinityAndOpPair> batchQueries,
    llvm::DenseMap<AffinityAndOpPair, LayoutAttrSet> &layoutAttrs)>;

class AffinityAnalysisDialectInterface
    : public mlir::DialectInterface::Base<AffinityAnalysisDialectInterface> {
public:
  explicit AffinityAnalysisDialectInterface(mlir::Dialect *dialect)
      : Base(dialect) {}
  /// A resolver over `moduleOp`, which must stay alive and unmodified while
  /// the function is used.
  virtual ResolveLayoutAttrFn
  makeLayoutAttrResolver(mlir::ModuleOp moduleOp) const = 0;
};

/// Every dialect loaded in `context` that implements the interface, sorted by
/// namespace (encoding.md §3.5 `gatherUsedDialectInterfaces`).
llvm::SmallVector<const AffinityAnalysisDialectInterface *>
gatherAffinityAnalysisDialectInterfaces(mlir::MLIRContext *context);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_IR_AFFINITYANALYSISDIALECTINTERFACE_H
