//===- CPULowerMath.cpp - math ops to approximations or libm --------------===//
//
// --sluice-cpu-lower-math (execution.md §5.1 step 13).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Support/SymbolRenaming.h"
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

/// A float constant of `type` (a scalar, or a splat of a shaped type).
Value floatConstant(OpBuilder &b, Location loc, Type type,
                    const APFloat &value) {
  FloatAttr attr = b.getFloatAttr(getElementTypeOrSelf(type), value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc, shaped,
                                     DenseElementsAttr::get(shaped, attr));
  return arith::ConstantOp::create(b, loc, attr);
}

const llvm::fltSemantics &semanticsOf(Type type) {
  return cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics();
}

/// math.isinf (|x| == +inf) and math.isnormal (smallest normal <= |x| <
/// +inf, false for NaN): neither MathToLLVM nor MathToLibm lowers them.
template <typename Op> struct ClassifyLowering : OpRewritePattern<Op> {
  using OpRewritePattern<Op>::OpRewritePattern;
  LogicalResult matchAndRewrite(Op op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getOperand().getType();
    const llvm::fltSemantics &sem = semanticsOf(type);
    Value abs = math::AbsFOp::create(rewriter, loc, op.getOperand());
    Value inf = floatConstant(rewriter, loc, type, APFloat::getInf(sem));
    if constexpr (std::is_same_v<Op, math::IsInfOp>) {
      rewriter.replaceOpWithNewOp<arith::CmpFOp>(op, arith::CmpFPredicate::OEQ,
                                                 abs, inf);
    } else {
      Value smallest = floatConstant(rewriter, loc, type,
                                     APFloat::getSmallestNormalized(sem));
      Value notSmall = arith::CmpFOp::create(
          rewriter, loc, arith::CmpFPredicate::OGE, abs, smallest);
      Value finite = arith::CmpFOp::create(rewriter, loc,
                                           arith::CmpFPredicate::OLT, abs, inf);
      rewriter.replaceOpWithNewOp<arith::AndIOp>(op, notSmall, finite);
    }
    return success();
  }
};

/// math.clampf %x to [%lo, %hi]: minimumf(maximumf(x, lo), hi). The
/// upstream expansion (LLVM 22) computes maximumf(minimumf(x, lo), hi),
/// which is hi for every x (found by test/e2e/math_ops_*.mlir).
struct ClampFLowering : OpRewritePattern<math::ClampFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::ClampFOp op,
                                PatternRewriter &rewriter) const override {
    Value low = arith::MaximumFOp::create(rewriter, op.getLoc(), op.getValue(),
                                          op.getMin());
    rewriter.replaceOpWithNewOp<arith::MinimumFOp>(op, low, op.getMax());
    return success();
  }
};

/// math.fpowi with an exponent that is not a constant: powf(x, sitofp(n)),
/// which libm computes exactly for negative bases too (an integral
/// exponent). MathToLLVM's llvm.intr.powi takes no vector exponent (the
/// vectorizer broadcasts it) and would call libgcc's __powisf2. Constant
/// exponents are left to the upstream expansion (a chain of multiplies).
struct FPowIToPowF : OpRewritePattern<math::FPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::FPowIOp op,
                                PatternRewriter &rewriter) const override {
    if (matchPattern(op.getRhs(), m_Constant()))
      return rewriter.notifyMatchFailure(op, "constant exponent");
    Value exponent = arith::SIToFPOp::create(
        rewriter, op.getLoc(), op.getLhs().getType(), op.getRhs());
    rewriter.replaceOpWithNewOp<math::PowFOp>(op, op.getLhs(), exponent);
    return success();
  }
};

/// An integer constant of `type` (a scalar, or a splat of a shaped type).
Value intConstant(OpBuilder &b, Location loc, Type type, int64_t value) {
  IntegerAttr attr = b.getIntegerAttr(getElementTypeOrSelf(type), value);
  if (auto shaped = dyn_cast<ShapedType>(type))
    return arith::ConstantOp::create(b, loc, shaped,
                                     DenseElementsAttr::get(shaped, attr));
  return arith::ConstantOp::create(b, loc, attr);
}

/// math.ipowi (no MathToLLVM or MathToLibm lowering; MathToFuncs outlines
/// it into a function with scf loops, which step 13 runs too late for).
/// Branch-free square-and-multiply over every bit of the exponent, so it
/// works on vectors as on scalars. A negative exponent gives what
/// MathToFuncs gives: 1 for base 1, ±1 for base -1 (odd exponent: -1), and
/// 0 otherwise, base 0 included (MathToFuncs divides by zero there).
struct IPowILowering : OpRewritePattern<math::IPowIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::IPowIOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getType();
    unsigned bits = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    Value base = op.getLhs(), exponent = op.getRhs();
    Value zero = intConstant(rewriter, loc, type, 0);
    Value one = intConstant(rewriter, loc, type, 1);
    Value minusOne = intConstant(rewriter, loc, type, -1);
    Value result = one, power = base;
    for (unsigned bit = 0; bit < bits; ++bit) {
      Value mask = intConstant(rewriter, loc, type, int64_t(1) << bit);
      if (bit == bits - 1)
        mask = intConstant(rewriter, loc, type,
                           llvm::APInt::getSignMask(bits).getSExtValue());
      Value set = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::ne,
          arith::AndIOp::create(rewriter, loc, exponent, mask), zero);
      Value product = arith::MulIOp::create(rewriter, loc, result, power);
      result = arith::SelectOp::create(rewriter, loc, set, product, result);
      if (bit + 1 < bits)
        power = arith::MulIOp::create(rewriter, loc, power, power);
    }
    // Negative exponents.
    Value odd = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(rewriter, loc, exponent, one), zero);
    Value minusOneResult =
        arith::SelectOp::create(rewriter, loc, odd, minusOne, one);
    Value isOne = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        base, one);
    Value isMinusOne = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, base, minusOne);
    Value negative = arith::SelectOp::create(
        rewriter, loc, isOne, one,
        arith::SelectOp::create(rewriter, loc, isMinusOne, minusOneResult,
                                zero));
    Value isNegative = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, exponent, zero);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, isNegative, negative,
                                                 result);
    return success();
  }
};

struct CPULowerMathPass
    : public cpu::impl::CPULowerMathPassBase<CPULowerMathPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    {
      // Ops no later conversion lowers: constant-exponent fpowi through the
      // upstream expansion, the rest above.
      RewritePatternSet patterns(ctx);
      patterns.add<ClassifyLowering<math::IsInfOp>,
                   ClassifyLowering<math::IsNormalOp>>(ctx);
      patterns.add<FPowIToPowF>(ctx, /*benefit=*/2);
      patterns.add<ClampFLowering, IPowILowering>(ctx);
      math::populateExpansionPatterns(patterns, {"fpowi"});
      if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
        return signalPassFailure();
    }
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
    ModuleOp module = getOperation();
    ConversionTarget target(*ctx);
    target.addLegalDialect<arith::ArithDialect, func::FuncDialect,
                           vector::VectorDialect>();
    target.addLegalOp<math::SqrtOp, math::RsqrtOp, math::AbsFOp, math::FmaOp,
                      math::CopySignOp, math::FloorOp, math::CeilOp,
                      math::TruncOp, math::RoundEvenOp, math::RoundOp>();
    // The calls already there (to tell them from the conversion's), and
    // whether anything goes to libm at all.
    llvm::DenseSet<Operation *> userCalls;
    bool toLibm = false;
    module.walk([&](Operation *op) {
      if (isa<CallOpInterface>(op))
        userCalls.insert(op);
      else if (!toLibm && isa<math::MathDialect>(op->getDialect()))
        toLibm = !target.isLegal(op);
    });
    if (!toLibm)
      return;
    // The conversion looks its libm function up by name and would call a
    // user symbol of that name (a dispatch function @powf using
    // math.powf): the user's symbols are renamed while it runs (their uses
    // are not: nothing resolves them meanwhile).
    SmallVector<std::pair<Operation *, StringAttr>> hidden;
    llvm::DenseSet<StringAttr> userNames;
    Builder b(ctx);
    for (Operation &op : *module.getBody()) {
      auto name =
          op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
      auto func = dyn_cast<FunctionOpInterface>(op);
      if (!name || (func && func.isExternal()))
        continue;
      hidden.push_back({&op, name});
      userNames.insert(name);
      SymbolTable::setSymbolName(
          &op, b.getStringAttr("sluice.lower_math.user." +
                               std::to_string(hidden.size())));
    }
    RewritePatternSet patterns(ctx);
    populateMathToLibmConversionPatterns(patterns);
    LogicalResult converted =
        applyPartialConversion(module, target, std::move(patterns));
    // A declaration the conversion made under a user symbol's name gets a
    // unique one and keeps the libm name in sluice.link_name
    // (--sluice-link-executables or the translation to LLVM IR binds it);
    // so do the calls it made.
    SymbolRenameMap renames;
    std::optional<SymbolTable> symbols;
    llvm::DenseSet<StringAttr> taken = userNames;
    for (auto func : module.getOps<FunctionOpInterface>()) {
      StringAttr name = SymbolTable::getSymbolName(func);
      if (!func.isExternal() || !userNames.contains(name))
        continue;
      if (!symbols)
        symbols.emplace(module);
      StringAttr unique;
      for (int64_t n = 0;
           !unique || symbols->lookup(unique) || !taken.insert(unique).second;
           ++n)
        unique = b.getStringAttr("sluice_libm__" + name.getValue() +
                                 (n ? "_" + std::to_string(n) : ""));
      func->setAttr(kLinkNameAttr, name);
      renames[name] = unique;
    }
    if (!renames.empty()) {
      module.walk([&](CallOpInterface call) {
        if (userCalls.contains(call))
          return;
        auto callee =
            dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
        if (StringAttr renamed =
                callee ? renames.lookup(callee.getRootReference()) : nullptr)
          call.setCalleeFromCallable(
              SymbolRefAttr::get(renamed, callee.getNestedReferences()));
      });
      for (auto func : module.getOps<FunctionOpInterface>())
        if (StringAttr renamed =
                renames.lookup(SymbolTable::getSymbolName(func)))
          SymbolTable::setSymbolName(func, renamed);
    }
    for (auto [op, name] : hidden)
      SymbolTable::setSymbolName(op, name);
    if (failed(converted))
      return signalPassFailure();
  }
};

} // namespace
