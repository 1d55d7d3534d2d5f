//===- DimBounds.h - the sluice.abi.dim_bounds argument attribute -*- C++
//-*-===//
//
// external-transients.md §9.6: `sluice.abi.dim_bounds = [[lo, hi], ...]` on
// a tensor argument gives one pair per dynamic dimension, in order. Read by
// the entry-point wrapper (which turns the pairs into `util.assume.int` on
// the dimensions it imports) and by the transient upper-bound analysis.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_DIMBOUNDS_H
#define SLUICE_DIALECT_UTIL_IR_DIMBOUNDS_H

#include "mlir/IR/Attributes.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace sluice::util {

inline constexpr llvm::StringLiteral kDimBoundsAttr = "sluice.abi.dim_bounds";

/// Parses a `sluice.abi.dim_bounds` value into (lo, hi) pairs. On a malformed
/// value returns what is wrong with it, to follow «'sluice.abi.dim_bounds' on
/// argument <i> »: «must be a list of [lo, hi] pairs» or «has a pair [lo,
/// hi]; bounds need 0 <= lo <= hi».
std::optional<std::string>
parseDimBounds(mlir::Attribute attr,
               llvm::SmallVectorImpl<std::pair<uint64_t, uint64_t>> &pairs);

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_DIMBOUNDS_H
