//===- Passes.h - util passes -----------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_UTIL_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_UTIL_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace sluice::util {

#define GEN_PASS_DECL
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"

/// The fixed-point iterator over a pipeline built in C++ (§15.9).
std::unique_ptr<mlir::Pass>
createFixedPointIteratorPass(mlir::OpPassManager pipeline,
                             int maxIterations = 10);

/// `--canonicalize`: MLIR's pass (argument, name, options, patterns) with its
/// rewrite run by `applyPatternsGreedilyLinear` (Canonicalizer.cpp). The
/// pipelines create it instead of `mlir::createCanonicalizerPass()`.
std::unique_ptr<mlir::Pass> createCanonicalizerPass();
/// Registers it as `canonicalize`; upstream's must not be registered too.
void registerCanonicalizerPass();

/// `--cse`: MLIR's pass (argument, name, statistics, rewrite) taking part in
/// rerun elision (CSE.cpp, UnchangedIR.h). The pipelines create it instead of
/// `mlir::createCSEPass()`.
std::unique_ptr<mlir::Pass> createCSEPass();
/// Registers it as `cse`; upstream's must not be registered too.
void registerCSEPass();

/// MLIR's `convert-scf-to-cf` as the pipelines run it: printed like it, it
/// runs it when the op holds an scf op and otherwise claims no change
/// (SCFToControlFlow.cpp). Not registered: the printed name parses to MLIR's.
std::unique_ptr<mlir::Pass> createSCFToControlFlowPass();

/// MLIR's `--inline` whose default pipeline (run on each function it changed)
/// is the canonicalizer above rather than upstream's. `--inline` from the
/// command line resolves `canonicalize` through the registry and so gets it
/// too; C++ pipelines create the inliner with this.
std::unique_ptr<mlir::Pass> createInlinerPass();

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"

/// Registers every util pass.
void registerUtilTransformPasses();

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_TRANSFORMS_PASSES_H
