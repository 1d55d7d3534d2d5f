//===- TransientsBounds.h - upper bounds of transient sizes -----*- C++ -*-===//
//
// Integer range analysis for external transient sizes
// (external-transients.md §9.5, §9.6): loop bounds, `util.assume.int` and
// the `sluice.abi.dim_bounds` argument attribute. Used by
// --iree-stream-emplace-transients (a loop-variant size is replaced by its
// upper bound) and --iree-stream-annotate-constant-transient-size (the
// `iree.abi.transients.size.upper_bound` reflection key).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSBOUNDS_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSBOUNDS_H

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include "sluice/Dialect/Util/IR/DimBounds.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>

namespace mlir {
class DataFlowSolver;
} // namespace mlir

namespace sluice::stream {

/// `[[lo, hi], ...]` on a tensor argument: one pair per dynamic dimension.
using util::kDimBoundsAttr;
/// The reflection key of §9.6.
inline constexpr llvm::StringLiteral kSizeUpperBoundKey =
    "iree.abi.transients.size.upper_bound";

/// Inclusive bounds of `hal.buffer_view.dim<%argN>[d]`, keyed by (N, d).
using DimBoundMap = llvm::DenseMap<std::pair<unsigned, unsigned>,
                                   std::pair<uint64_t, uint64_t>>;

/// Reads `sluice.abi.dim_bounds` on the arguments of `funcOp`. The pairs are
/// matched to dimensions through the dynamic dimensions of the tensor the
/// argument is imported as (`hal.tensor.import` or `stream.tensor.import`).
/// Fails with a diagnostic on the function when the attribute is not a list
/// of `[lo, hi]` pairs with 0 <= lo <= hi, or when its length is not the
/// number of dynamic dimensions of the import.
mlir::FailureOr<DimBoundMap> collectDimBounds(mlir::FunctionOpInterface funcOp);

/// Integer range analysis (constant propagation, dead code, ranges, with
/// `bounds` applied to `hal.buffer_view.dim` of the function's arguments)
/// over one function.
class TransientSizeBounds {
public:
  TransientSizeBounds(mlir::FunctionOpInterface funcOp, DimBoundMap bounds);
  ~TransientSizeBounds();

  /// Runs the analysis; false if the solver failed.
  bool run();

  /// The largest value `value` (an index) can take, when the analysis found
  /// one that fits in int64; std::nullopt otherwise.
  std::optional<uint64_t> getUpperBound(mlir::Value value) const;

private:
  mlir::FunctionOpInterface funcOp;
  DimBoundMap bounds;
  std::unique_ptr<mlir::DataFlowSolver> solver;
};

} // namespace sluice::stream

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_TRANSIENTSBOUNDS_H
