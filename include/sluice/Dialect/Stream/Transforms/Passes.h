//===- Passes.h - stream passes ---------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES_H
#define SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace sluice::stream {

//===----------------------------------------------------------------------===//
// Pass option types
//===----------------------------------------------------------------------===//

/// `mode` of --iree-stream-split-parameter-encoder (stream-passes-2.md §14).
enum class ParameterEncoderMode {
  /// Pass-through stores move into the new parameters too.
  Consolidate,
  /// Only transformed values are encoded.
  Overlay,
};

/// `unplaced` of --iree-stream-emplace-transients and the pipeline option
/// `transients-unplaced` (external-transients.md §9.7).
enum class TransientsUnplaced { Ignore, Warn, Error };

/// `upper-bound` of --iree-stream-annotate-constant-transient-size and the
/// pipeline option `transients-upper-bound` (external-transients.md §9.6).
enum class TransientsUpperBound {
  /// Add `iree.abi.transients.size.upper_bound` when a bound is found.
  Optional,
  /// As Optional, and fail on a non-constant query without a bound.
  Required,
};

#define GEN_PASS_DECL
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

/// Registers every stream pass and the stream pass pipelines.
void registerStreamTransformPasses();

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES_H
