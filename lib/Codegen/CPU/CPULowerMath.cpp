//===- CPULowerMath.cpp - math ops to approximations or libm --------------===//
//
// --sluice-cpu-lower-math (execution.md §5.1 step 13).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPULOWERMATHPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

/// The ops §5.1 step 13 approximates in f32 (f16/bf16 through f32).
bool isApproximated(StringRef name) {
  static const llvm::StringSet<> names = {
      "math.exp",  "math.exp2", "math.log",   "math.log1p",
      "math.log2", "math.tanh", "math.erf",   "math.sin",
      "math.cos",  "math.atan", "math.rsqrt", "math.sqrt"};
  return names.contains(name);
}

struct CPULowerMathPass
    : public cpu::impl::CPULowerMathPassBase<CPULowerMathPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    {
      RewritePatternSet patterns(ctx);
      populateMathF32ExpansionPatterns(patterns, isApproximated);
      populateMathPolynomialApproximationPatterns(patterns, isApproximated);
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
    // The rest (and f64) become libm calls, except what x86-64 does in one
    // instruction (or LLVM expands inline): those stay for
    // --convert-to-llvm (LLVM intrinsics, exact and faster than a call).
    RewritePatternSet patterns(ctx);
    populateMathToLibmConversionPatterns(patterns);
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, func::FuncDialect,
                           vector::VectorDialect>();
    target.addLegalOp<math::SqrtOp, math::AbsFOp, math::FmaOp, math::CopySignOp,
                      math::FloorOp, math::CeilOp, math::TruncOp,
                      math::RoundEvenOp, math::RoundOp>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
