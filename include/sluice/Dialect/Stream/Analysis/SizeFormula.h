//===- SizeFormula.h - human-readable size formulas ------------*- C++ -*-===//
//
// Prints the computation of an index value (a transient size, a size query's
// result) as an arithmetic formula over the function's arguments, for the
// memory report and the timeline picture. It reads the generic arithmetic the
// size computations are made of: `arith` integer ops on index values,
// `util.align`, `util.assume.int`, `util.sizeof`, `hal.buffer_view.dim`;
// anything else prints as a call `op.name(operands...)`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_ANALYSIS_SIZEFORMULA_H
#define SLUICE_DIALECT_STREAM_ANALYSIS_SIZEFORMULA_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace sluice::stream {

struct SizeFormulaOptions {
  /// Largest number of distinct values printed; a larger computation prints
  /// as `<computation of N ops>`.
  unsigned maxNodes = 256;
  /// Names a block argument (default: `argN` for entry-block arguments of the
  /// enclosing function, `bbM.argN` otherwise).
  llvm::function_ref<std::string(mlir::BlockArgument)> nameArgument = nullptr;
};

/// The formula of `value`, e.g. `align(dim(arg0, 0) * 256, 64) + 512`.
/// Non-leaf values used more than once are bound once and named `t0`, `t1`,
/// ... in a trailing `where t0 = ..., t1 = ...` clause. Constants print in
/// decimal.
std::string printSizeFormula(mlir::Value value,
                             const SizeFormulaOptions &options = {});

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_ANALYSIS_SIZEFORMULA_H
