//===- Passes.cpp - stream pass and pipeline registration -----------------===//
//
// The pipelines of stream-passes-2.md §16 are registered here next to the
// generated pass registrations.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/Passes.h"

void sluice::stream::registerStreamTransformPasses() { registerStreamPasses(); }
