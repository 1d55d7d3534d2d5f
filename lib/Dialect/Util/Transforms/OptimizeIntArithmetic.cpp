//===- OptimizeIntArithmetic.cpp - iree-util-optimize-int-arithmetic ------===//
//
// stream-passes-2.md §15.2: affine expansion, then rounds of (integer-range
// + divisibility analysis, greedy rewrite) until a round changes nothing.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/Analysis/IntegerAnalyses.h"
#include "sluice/Dialect/Util/Analysis/IntegerDivisibilityAnalysis.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace sluice::util {
#define GEN_PASS_DEF_OPTIMIZEINTARITHMETICPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;
using mlir::dataflow::IntegerValueRangeLattice;

namespace sluice::util {
namespace {

/// Range and divisibility queries over the solver's current state.
struct RangeQueries {
  DataFlowSolver &solver;
  bool indexIsI64;

  const ConstantIntRanges *getRange(Value v) const {
    auto *lattice = solver.lookupState<IntegerValueRangeLattice>(v);
    if (!lattice || lattice->getValue().isUninitialized())
      return nullptr;
    return &lattice->getValue().getValue();
  }

  /// Signed lower bound >= 0, and for index (unless index-is-i64) an
  /// unsigned range within [0, 2^32-1].
  bool isNonNegative(Value v) const {
    const ConstantIntRanges *range = getRange(v);
    if (!range || range->smin().isNegative())
      return false;
    if (v.getType().isIndex() && !indexIsI64)
      return range->umax().getActiveBits() <= 32;
    return true;
  }

  /// A known unsigned range within [0, 2^32-1] (always true for index
  /// with index-is-i64... only the i64->index checks use this).
  bool fitsU32(Value v) const {
    const ConstantIntRanges *range = getRange(v);
    return range && range->umax().getActiveBits() <= 32;
  }

  uint64_t getUDiv(Value v) const {
    auto *lattice = solver.lookupState<IntegerDivisibilityLattice>(v);
    if (!lattice || lattice->getValue().isUninitialized())
      return 1;
    return lattice->getValue().getValue().udiv();
  }
};

/// trunci(index_cast[ui] x) -> index_castui x.
struct ElideTruncOfIndexCast : public OpRewritePattern<arith::TruncIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncIOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getIn().getDefiningOp();
    if (!isa_and_present<arith::IndexCastOp, arith::IndexCastUIOp>(producer))
      return failure();
    rewriter.replaceOpWithNewOp<arith::IndexCastUIOp>(op, op.getType(),
                                                      producer->getOperand(0));
    return success();
  }
};

/// Signed op -> unsigned op when every operand and result is non-negative.
template <typename SignedOp, typename UnsignedOp>
struct ConvertToUnsigned : public OpRewritePattern<SignedOp> {
  ConvertToUnsigned(MLIRContext *context, const RangeQueries &queries)
      : OpRewritePattern<SignedOp>(context), queries(queries) {}
  LogicalResult matchAndRewrite(SignedOp op,
                                PatternRewriter &rewriter) const override {
    for (Value v : op->getOperands())
      if (!queries.isNonNegative(v))
        return failure();
    for (Value v : op->getResults())
      if (!queries.isNonNegative(v))
        return failure();
    rewriter.replaceOpWithNewOp<UnsignedOp>(op, op->getResultTypes(),
                                            op->getOperands(), op->getAttrs());
    return success();
  }
  const RangeQueries &queries;
};

/// index_castui(op(i64...)) -> op(index...) for single-use unsigned-safe ops.
struct HoistIndexCastUI : public OpRewritePattern<arith::IndexCastUIOp> {
  HoistIndexCastUI(MLIRContext *context, const RangeQueries &queries)
      : OpRewritePattern(context), queries(queries) {}
  LogicalResult matchAndRewrite(arith::IndexCastUIOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.getType().isIndex() || !op.getIn().getType().isInteger(64))
      return failure();
    Operation *producer = op.getIn().getDefiningOp();
    if (!producer || !op.getIn().hasOneUse() ||
        !isa<arith::AddIOp, arith::CeilDivUIOp, arith::DivUIOp, arith::MaxUIOp,
             arith::MinUIOp, arith::MulIOp, arith::RemUIOp, arith::SubIOp>(
            producer))
      return failure();
    if (!queries.indexIsI64) {
      for (Value v : producer->getOperands())
        if (!queries.fitsU32(v))
          return failure();
      if (!queries.fitsU32(producer->getResult(0)))
        return failure();
    }
    rewriter.setInsertionPoint(producer);
    SmallVector<Value> operands;
    for (Value v : producer->getOperands())
      operands.push_back(arith::IndexCastUIOp::create(
          rewriter, op.getLoc(), rewriter.getIndexType(), v));
    rewriter.modifyOpInPlace(producer, [&] {
      producer->setOperands(operands);
      producer->getResult(0).setType(rewriter.getIndexType());
    });
    rewriter.replaceOp(op, producer->getResult(0));
    return success();
  }
  const RangeQueries &queries;
};

/// remui x, C -> 0 when x is a known multiple of C.
struct RemUIDivisibilityByConstant : public OpRewritePattern<arith::RemUIOp> {
  RemUIDivisibilityByConstant(MLIRContext *context, const RangeQueries &queries)
      : OpRewritePattern(context), queries(queries) {}
  LogicalResult matchAndRewrite(arith::RemUIOp op,
                                PatternRewriter &rewriter) const override {
    APInt divisor;
    if (!matchPattern(op.getRhs(), m_ConstantInt(&divisor)) ||
        divisor.isZero() || divisor.getActiveBits() > 64)
      return failure();
    uint64_t udiv = queries.getUDiv(op.getLhs());
    uint64_t c = divisor.getZExtValue();
    if (udiv == 0 || udiv % c != 0)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, rewriter.getZeroAttr(op.getType()));
    return success();
  }
  const RangeQueries &queries;
};

/// scf.for over index/i64 whose IV fits in 31 bits iterates over i32.
struct NarrowSCFForIV : public OpRewritePattern<scf::ForOp> {
  NarrowSCFForIV(MLIRContext *context, const RangeQueries &queries)
      : OpRewritePattern(context), queries(queries) {}
  LogicalResult matchAndRewrite(scf::ForOp op,
                                PatternRewriter &rewriter) const override {
    Value iv = op.getInductionVar();
    Type type = iv.getType();
    if (!type.isIndex() && !type.isInteger(64))
      return failure();
    const ConstantIntRanges *range = queries.getRange(iv);
    const ConstantIntRanges *step = queries.getRange(op.getStep());
    const ConstantIntRanges *ub = queries.getRange(op.getUpperBound());
    if (!range || !step || !ub || range->smin().isNegative() ||
        step->smin().isNegative() || ub->smin().isNegative() ||
        range->smax().getActiveBits() > 31 || ub->smax().getActiveBits() > 31)
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto narrow = [&](Value v) -> Value {
      if (type.isIndex())
        return arith::IndexCastUIOp::create(rewriter, loc, i32, v);
      return arith::TruncIOp::create(rewriter, loc, i32, v);
    };
    rewriter.setInsertionPoint(op);
    Value lb = narrow(op.getLowerBound());
    Value newUb = narrow(op.getUpperBound());
    Value newStep = narrow(op.getStep());
    rewriter.modifyOpInPlace(op, [&] {
      op.getLowerBoundMutable().assign(lb);
      op.getUpperBoundMutable().assign(newUb);
      op.getStepMutable().assign(newStep);
      iv.setType(i32);
    });
    rewriter.setInsertionPointToStart(op.getBody());
    Value wide =
        type.isIndex()
            ? arith::IndexCastUIOp::create(rewriter, loc, type, iv).getResult()
            : arith::ExtUIOp::create(rewriter, loc, type, iv).getResult();
    rewriter.replaceAllUsesExcept(iv, wide, wide.getDefiningOp());
    return success();
  }
  const RangeQueries &queries;
};

/// util.assume.int over index_castui of a <= 32-bit integer assumes the
/// narrow value instead.
struct NarrowAssumeInt : public OpRewritePattern<AssumeIntOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssumeIntOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> operands(op.getOperands());
    bool changed = false;
    for (Value &operand : operands) {
      auto cast = operand.getDefiningOp<arith::IndexCastUIOp>();
      if (!cast || !operand.getType().isIndex())
        continue;
      auto intType = dyn_cast<IntegerType>(cast.getIn().getType());
      if (!intType || intType.getWidth() > 32)
        continue;
      operand = cast.getIn();
      changed = true;
    }
    if (!changed)
      return failure();
    auto newOp = AssumeIntOp::create(rewriter, op.getLoc(), operands,
                                     op.getAssumptions());
    SmallVector<Value> results;
    for (auto [oldResult, newResult] :
         llvm::zip_equal(op.getResults(), newOp.getResults())) {
      if (oldResult.getType() == newResult.getType())
        results.push_back(newResult);
      else
        results.push_back(arith::IndexCastUIOp::create(
            rewriter, op.getLoc(), oldResult.getType(), newResult));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// Erases the solver state of ops the rewriter touches.
class SolverListener : public RewriterBase::Listener {
public:
  explicit SolverListener(DataFlowSolver &solver) : solver(solver) {}
  void notifyOperationErased(Operation *op) override { eraseStates(op); }
  void notifyOperationModified(Operation *op) override { eraseStates(op); }
  void notifyOperationReplaced(Operation *op, ValueRange) override {
    eraseStates(op);
  }

private:
  void eraseStates(Operation *op) {
    op->walk([&](Operation *nested) {
      solver.eraseState(solver.getProgramPointAfter(nested));
      for (Value result : nested->getResults())
        solver.eraseState(result);
    });
  }
  DataFlowSolver &solver;
};

class OptimizeIntArithmeticPass
    : public impl::OptimizeIntArithmeticPassBase<OptimizeIntArithmeticPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();

    UnchangedIRGuard guard(*this, root);
    if (guard.rerunChangesNothing())
      return markAllAnalysesPreserved();
    bool modifiedAny = false;

    // 1. Affine expansion.
    IRRewriter rewriter(context);
    root->walk([&](affine::AffineApplyOp op) {
      rewriter.setInsertionPoint(op);
      std::optional<SmallVector<Value>> expanded =
          affine::expandAffineMap(rewriter, op.getLoc(), op.getAffineMap(),
                                  llvm::to_vector(op.getOperands()));
      if (!expanded)
        return;
      rewriter.replaceOp(op, *expanded);
      modifiedAny = true;
    });

    DataFlowSolver solver;
    loadIntegerAnalyses(solver);
    RangeQueries queries{solver, indexIsI64};

    RewritePatternSet patterns(context);
    arith::populateIntRangeOptimizationsPatterns(patterns, solver);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      if (op.getDialectNamespace() == "arith")
        op.getCanonicalizationPatterns(patterns, context);
    patterns.add<ElideTruncOfIndexCast>(context);
    patterns.add<ConvertToUnsigned<arith::CeilDivSIOp, arith::CeilDivUIOp>,
                 ConvertToUnsigned<arith::DivSIOp, arith::DivUIOp>,
                 ConvertToUnsigned<arith::FloorDivSIOp, arith::DivUIOp>,
                 ConvertToUnsigned<arith::IndexCastOp, arith::IndexCastUIOp>,
                 ConvertToUnsigned<arith::RemSIOp, arith::RemUIOp>,
                 ConvertToUnsigned<arith::MinSIOp, arith::MinUIOp>,
                 ConvertToUnsigned<arith::MaxSIOp, arith::MaxUIOp>,
                 ConvertToUnsigned<arith::ExtSIOp, arith::ExtUIOp>,
                 HoistIndexCastUI, RemUIDivisibilityByConstant>(context,
                                                                queries);
    if (narrowToI32) {
      arith::populateIntRangeNarrowingPatterns(patterns, solver, {32});
      patterns.add<NarrowSCFForIV>(context, queries);
      patterns.add<NarrowAssumeInt>(context);
    }
    FrozenRewritePatternSet frozen(std::move(patterns));

    SolverListener listener(solver);
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true);
    config.setListener(&listener);
    // Bounded so that patterns undoing each other cannot hang the pass.
    for (int i = 0;; ++i) {
      if (i == 100) {
        root->emitError()
            << "int arithmetic optimization failed to converge on iteration "
            << i;
        return signalPassFailure();
      }
      solver.eraseAllStates();
      if (failed(runIntegerAnalyses(root, solver))) {
        root->emitError() << "failed to perform int range analysis";
        return signalPassFailure();
      }
      // Once a change is known, later rounds skip the untouched-IR check
      // (a walk of its own).
      bool changed = false, modified = true;
      if (failed(
              applyPatternsGreedilyLinear(root, frozen, config, &changed,
                                          modifiedAny ? nullptr : &modified))) {
        root->emitError()
            << "int arithmetic optimization failed to converge on iteration "
            << i;
        return signalPassFailure();
      }
      modifiedAny |= modified;
      if (!changed)
        break;
    }
    if (guard.unchanged(modifiedAny, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::util
