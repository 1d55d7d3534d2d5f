//===- StreamVerifiers.h - shared stream verifier rules ---------*- C++ -*-===//
//
// The verifier rules shared by many stream ops (stream-ir.md §10).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_IR_STREAMVERIFIERS_H
#define SLUICE_LIB_DIALECT_STREAM_IR_STREAMVERIFIERS_H

#include "mlir/IR/Operation.h"

namespace mlir {
class SymbolTableCollection;
} // namespace mlir

namespace sluice::stream {

class ExecutableExportOp;

/// §10.1: one size value per size-aware value.
mlir::LogicalResult verifyOpValueSizes(mlir::Operation *op,
                                       mlir::ValueRange values,
                                       mlir::ValueRange sizes);

/// §10.2: one dim value per dynamic dimension of the shaped types.
mlir::LogicalResult verifyOpDynamicDims(mlir::Operation *op,
                                        mlir::TypeRange types,
                                        mlir::ValueRange dims);

/// §10.3: every resource used in the region's entry block is one of its
/// block arguments (a capture) or produced inside the block.
mlir::LogicalResult verifyCapturedResources(mlir::Region &region);

/// §10.6 workload check against one resolved export: the explicit (not
/// implicitly captured) workgroup-count arguments must match `workload` in
/// count and type. Exports without a workgroup-count region accept anything.
mlir::LogicalResult verifyDispatchWorkload(mlir::Operation *op,
                                           ExecutableExportOp exportOp,
                                           mlir::ValueRange workload);

/// §10.6: the dispatch must name at least one entry point; the first entry
/// point that resolves to no `stream.executable.export` ends the check
/// successfully; for the others the explicit workgroup-count arguments must
/// match `workload` in count and type.
mlir::LogicalResult
verifyDispatchSymbolUses(mlir::Operation *op, mlir::ArrayAttr entryPoints,
                         mlir::ValueRange workload,
                         mlir::SymbolTableCollection &symbolTable);

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_IR_STREAMVERIFIERS_H
