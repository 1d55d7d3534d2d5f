//===- Patterns.h - pattern sets shared by util passes ---------*- C++ -*-===//
//
// stream-passes-2.md §15.4: the canonicalization patterns of every loaded
// dialect and registered op (the set the util and stream passes apply
// greedily), and util's common patterns used by iree-util-apply-patterns.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_PATTERNS_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_PATTERNS_H

#include "mlir/IR/PatternMatch.h"

namespace sluice::util {

/// Dialect-level patterns of each loaded dialect (in load order), then the
/// op-level patterns of every registered op (sorted by name); cf.switch gets
/// populateSwitchCanonicalizationPatterns instead of upstream's unless
/// `upstreamSwitchPatterns` (`--canonicalize` keeps upstream's set).
void populateAllCanonicalizationPatterns(mlir::MLIRContext *context,
                                         mlir::RewritePatternSet &patterns,
                                         bool upstreamSwitchPatterns = false);

/// The cf.switch canonicalizations of upstream MLIR (only-default, cases equal
/// to the default, constant selector, pass-through destinations, selector
/// known from a predecessor switch), same rewrites in the same order, linear
/// in the number of cases per match attempt.
/// populateAllCanonicalizationPatterns uses them in place of upstream's.
void populateSwitchCanonicalizationPatterns(mlir::MLIRContext *context,
                                            mlir::RewritePatternSet &patterns);

/// util's common patterns: block-argument folding, branch-operand elision,
/// index_switch simplifications and unreachable-code simplifications.
void populateCommonPatterns(mlir::MLIRContext *context,
                            mlir::RewritePatternSet &patterns);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_PATTERNS_H
