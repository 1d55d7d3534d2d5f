//===- Passes.td - stream passes ---------------------------*- tablegen -*-===//
//
// Every stream pass, under its reference flag (--iree-stream-...) or, for
// Sluice-only passes, --sluice-stream-.... One section per pass family; each
// pass is implemented in lib/Dialect/Stream/Transforms/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
#define SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Tensor phase: verification, affinities, clone-to-consumers, conversion
// (stream-passes-1.md §2-§6)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Encodings (stream-passes-1.md §7, encoding.md)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Async phase: builtins, copy-on-write, copy elision, usage, emplacement,
// access ranges, transfer placement (stream-passes-1.md §8-§14)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Scheduling and timepoints (stream-passes-2.md §2-§6)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Command phase: allocation, constants, slices, reuse, reference counting
// (stream-passes-2.md §7-§11)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Dispatch optimizations and statistics (stream-passes-2.md §12-§13)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Parameters (stream-passes-2.md §14)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// External transients (external-transients.md)
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// Sluice reports (memory report, timeline picture)
//===----------------------------------------------------------------------===//

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_PASSES
