//===- StreamAsyncPatterns.cpp - async-phase canonicalizations ------------===//
//
// Canonicalization patterns of the async-phase ops (stream-folding.md §5.4).
//
//===----------------------------------------------------------------------===//

#include "StreamAsyncHelpers.h"
#include "StreamPatterns.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;
using sluice::util::TiedOpInterface;

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

void AsyncAllocaOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncAllocaOp>>(context);
}

void AsyncConstantOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {}

void AsyncSplatOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncSplatOp>>(context);
}

void AsyncCloneOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncCloneOp>>(context);
}

void AsyncSliceOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncSliceOp>>(context);
}

void AsyncFillOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncFillOp>>(context);
}

void AsyncUpdateOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncUpdateOp>>(context);
}

void AsyncCopyOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncCopyOp>>(context);
}

void AsyncCollectiveOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncCollectiveOp>>(context);
}

// The reference registers nothing for async.barrier.
void AsyncBarrierOp::getCanonicalizationPatterns(RewritePatternSet &,
                                                 MLIRContext *) {}

void AsyncTransferOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                  MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncTransferOp>>(context);
}

void AsyncCastOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncCastOp>>(context);
}

void AsyncLoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {}

void AsyncStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {}

// The reference registers nothing for async.call (unused calls stay).
void AsyncCallOp::getCanonicalizationPatterns(RewritePatternSet &,
                                              MLIRContext *) {}

void AsyncExecuteOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                 MLIRContext *context) {
  results.add<ElideImmediateTimepointWait<AsyncExecuteOp>>(context);
  results.add<ChainDependentAwaits<AsyncExecuteOp>>(context);
  results.add<ElideUnusedOp<AsyncExecuteOp>>(context);
}

void AsyncConcurrentOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                    MLIRContext *context) {
  results.add<ElideUnusedOp<AsyncConcurrentOp>>(context);
}
