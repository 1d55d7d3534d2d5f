//===- EncodingTypeInterface.cpp - iree_encoding type iface ---------------===//
//
// Generated definitions of `EncodingTypeInterface` (support-dialects.md §6.7).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/TensorExt/IR/EncodingTypeInterface.h"

#include "sluice/Dialect/TensorExt/IR/EncodingTypeInterface.cpp.inc"
