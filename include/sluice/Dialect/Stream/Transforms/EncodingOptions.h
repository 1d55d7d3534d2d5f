//===- EncodingOptions.h - global flags of the encoding passes --*- C++ -*-===//
//
// The pipeline-level flag of stream-passes-2.md §16.1 that belongs to the
// encoding passes. The layout resolvers' own flags
// (`--iree-llvmcpu-enable-scalable-vectorization`,
// `--iree-experimental-vscale-value`) are in
// sluice/Dialect/Codegen/IR/EncodingInfo.h.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_ENCODINGOPTIONS_H
#define SLUICE_DIALECT_STREAM_TRANSFORMS_ENCODINGOPTIONS_H

namespace sluice::stream {

/// `--iree-stream-experimental-unify-encoding-for-globals` (default false):
/// whether the stream pipeline adds --iree-stream-unify-encoding-for-globals.
bool isUnifyEncodingForGlobalsEnabled();

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_ENCODINGOPTIONS_H
