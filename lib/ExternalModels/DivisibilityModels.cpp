//===- DivisibilityModels.cpp - int divisibility on arith/affine ops ------===//
//
// InferIntDivisibilityOpInterface models on upstream arith and affine ops
// (support-dialects.md §6.5.1). Exactly these ops get a model:
//   arith.constant, arith.muli, arith.divui, arith.addi, arith.subi,
//   arith.minui, arith.maxui, arith.minsi, arith.maxsi, arith.select,
//   affine.apply, affine.min, affine.max, affine.delinearize_index.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Util/IR/UtilDivisibility.h"
#include "sluice/ExternalModels.h"

#include <numeric>

using namespace mlir;
using sluice::util::ConstantIntDivisibility;
using sluice::util::getOperandDivisibility;
using sluice::util::InferIntDivisibilityOpInterface;
using sluice::util::IntegerDivisibility;
using sluice::util::SetIntDivisibilityFn;

namespace {

/// |c| as an unsigned 64-bit number (INT64_MIN gives 2^63).
uint64_t absValue(int64_t c) {
  return c < 0 ? 0 - static_cast<uint64_t>(c) : static_cast<uint64_t>(c);
}

/// Operand divisibilities of `op` following the §6.5.1 operand rule.
SmallVector<ConstantIntDivisibility>
getOperandDivisibilities(Operation *op, ArrayRef<IntegerDivisibility> argDivs) {
  SmallVector<ConstantIntDivisibility> divs;
  for (auto [operand, known] : llvm::zip_equal(op->getOperands(), argDivs))
    divs.push_back(getOperandDivisibility(operand, known));
  return divs;
}

//===----------------------------------------------------------------------===//
// Affine expressions
//===----------------------------------------------------------------------===//

/// Evaluates the divisibility of `expr` with dims and symbols seeded from
/// `dimDivs` / `symbolDivs` (unseeded ones are {1, 1}).
ConstantIntDivisibility
evaluateAffineExpr(AffineExpr expr, ArrayRef<ConstantIntDivisibility> dimDivs,
                   ArrayRef<ConstantIntDivisibility> symbolDivs) {
  const ConstantIntDivisibility minDiv =
      ConstantIntDivisibility::getMinDivisibility();
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    uint64_t c = absValue(constant.getValue());
    return {c, c};
  }
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return dim.getPosition() < dimDivs.size() ? dimDivs[dim.getPosition()]
                                              : minDiv;
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr))
    return symbol.getPosition() < symbolDivs.size()
               ? symbolDivs[symbol.getPosition()]
               : minDiv;

  auto binary = cast<AffineBinaryOpExpr>(expr);
  ConstantIntDivisibility lhs =
      evaluateAffineExpr(binary.getLHS(), dimDivs, symbolDivs);
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    return lhs.getUnion(
        evaluateAffineExpr(binary.getRHS(), dimDivs, symbolDivs));
  case AffineExprKind::Mul: {
    ConstantIntDivisibility rhs =
        evaluateAffineExpr(binary.getRHS(), dimDivs, symbolDivs);
    return {lhs.udiv() * rhs.udiv(), lhs.sdiv() * rhs.sdiv()};
  }
  case AffineExprKind::FloorDiv:
  case AffineExprKind::CeilDiv:
  case AffineExprKind::Mod: {
    auto divisor = dyn_cast<AffineConstantExpr>(binary.getRHS());
    if (!divisor || divisor.getValue() == 0)
      return minDiv;
    uint64_t c = absValue(divisor.getValue());
    bool isMod = expr.getKind() == AffineExprKind::Mod;
    auto component = [&](uint64_t d) -> uint64_t {
      if (isMod)
        return d % c == 0 ? 0 : std::gcd(d, c);
      return d % c == 0 ? d / c : 1;
    };
    return {component(lhs.udiv()), component(lhs.sdiv())};
  }
  default:
    return minDiv;
  }
}

/// Union of the divisibilities of every result of `map`.
ConstantIntDivisibility
evaluateAffineMapUnion(AffineMap map, ArrayRef<ConstantIntDivisibility> divs) {
  ArrayRef<ConstantIntDivisibility> dimDivs = divs.take_front(map.getNumDims());
  ArrayRef<ConstantIntDivisibility> symbolDivs =
      divs.drop_front(map.getNumDims());
  std::optional<ConstantIntDivisibility> result;
  for (AffineExpr expr : map.getResults()) {
    ConstantIntDivisibility div = evaluateAffineExpr(expr, dimDivs, symbolDivs);
    result = result ? result->getUnion(div) : div;
  }
  return result.value_or(ConstantIntDivisibility::getMinDivisibility());
}

//===----------------------------------------------------------------------===//
// arith models
//===----------------------------------------------------------------------===//

struct ConstantDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          ConstantDivisibilityModel, arith::ConstantOp> {
  void inferResultDivisibility(Operation *op, ArrayRef<IntegerDivisibility>,
                               SetIntDivisibilityFn setResultDivs) const {
    auto constantOp = cast<arith::ConstantOp>(op);
    auto value = dyn_cast<IntegerAttr>(constantOp.getValue());
    if (!value)
      return;
    if (auto div = ConstantIntDivisibility::fromConstant(value.getValue()))
      setResultDivs(constantOp.getResult(), *div);
  }
};

struct MulIDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          MulIDivisibilityModel, arith::MulIOp> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto divs = getOperandDivisibilities(op, argDivs);
    // Products wrap at 64 bits like the reference.
    setResultDivs(op->getResult(0), {divs[0].udiv() * divs[1].udiv(),
                                     divs[0].sdiv() * divs[1].sdiv()});
  }
};

struct DivUIDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          DivUIDivisibilityModel, arith::DivUIOp> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto divOp = cast<arith::DivUIOp>(op);
    APInt rhs;
    if (!matchPattern(divOp.getRhs(), m_ConstantInt(&rhs)))
      return;
    std::optional<ConstantIntDivisibility> divisor =
        ConstantIntDivisibility::fromConstant(rhs);
    // A zero divisor (undefined behaviour) or one wider than 64 bits says
    // nothing.
    if (!divisor || divisor->udiv() == 0 || divisor->sdiv() == 0)
      return;
    ConstantIntDivisibility lhs =
        getOperandDivisibility(divOp.getLhs(), argDivs[0]);
    auto quotient = [](uint64_t d, uint64_t c) -> uint64_t {
      return d % c == 0 ? d / c : 1;
    };
    setResultDivs(divOp.getResult(), {quotient(lhs.udiv(), divisor->udiv()),
                                      quotient(lhs.sdiv(), divisor->sdiv())});
  }
};

/// Ops whose result is divisible by whatever divides both operands:
/// addi, subi, minui, maxui, minsi, maxsi.
template <typename OpT>
struct UnionDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          UnionDivisibilityModel<OpT>, OpT> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto divs = getOperandDivisibilities(op, argDivs);
    setResultDivs(op->getResult(0), divs[0].getUnion(divs[1]));
  }
};

struct SelectDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          SelectDivisibilityModel, arith::SelectOp> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto selectOp = cast<arith::SelectOp>(op);
    // The condition (operand 0) is ignored.
    ConstantIntDivisibility trueDiv =
        getOperandDivisibility(selectOp.getTrueValue(), argDivs[1]);
    ConstantIntDivisibility falseDiv =
        getOperandDivisibility(selectOp.getFalseValue(), argDivs[2]);
    setResultDivs(selectOp.getResult(), trueDiv.getUnion(falseDiv));
  }
};

//===----------------------------------------------------------------------===//
// affine models
//===----------------------------------------------------------------------===//

struct ApplyDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          ApplyDivisibilityModel, affine::AffineApplyOp> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto applyOp = cast<affine::AffineApplyOp>(op);
    auto divs = getOperandDivisibilities(op, argDivs);
    AffineMap map = applyOp.getAffineMap();
    // affine.apply maps have exactly one result (verified).
    setResultDivs(
        applyOp.getResult(),
        evaluateAffineExpr(map.getResult(0),
                           ArrayRef(divs).take_front(map.getNumDims()),
                           ArrayRef(divs).drop_front(map.getNumDims())));
  }
};

/// affine.min / affine.max: the union over every map result.
template <typename OpT>
struct MinMaxDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          MinMaxDivisibilityModel<OpT>, OpT> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto minMaxOp = cast<OpT>(op);
    auto divs = getOperandDivisibilities(op, argDivs);
    setResultDivs(minMaxOp.getResult(),
                  evaluateAffineMapUnion(minMaxOp.getAffineMap(), divs));
  }
};

struct DelinearizeDivisibilityModel
    : public InferIntDivisibilityOpInterface::ExternalModel<
          DelinearizeDivisibilityModel, affine::AffineDelinearizeIndexOp> {
  void inferResultDivisibility(Operation *op,
                               ArrayRef<IntegerDivisibility> argDivs,
                               SetIntDivisibilityFn setResultDivs) const {
    auto delinOp = cast<affine::AffineDelinearizeIndexOp>(op);
    MLIRContext *context = op->getContext();
    auto divs = getOperandDivisibilities(op, argDivs);
    // Operand 0 is the linear index (dim 0); the dynamic basis operands
    // follow and become symbols s0, s1, ... in order.
    ConstantIntDivisibility linearDiv = divs[0];
    ArrayRef<ConstantIntDivisibility> symbolDivs = ArrayRef(divs).drop_front();

    SmallVector<AffineExpr> basis;
    unsigned nextSymbol = 0;
    for (int64_t size : delinOp.getStaticBasis()) {
      if (ShapedType::isDynamic(size))
        basis.push_back(getAffineSymbolExpr(nextSymbol++, context));
      else
        basis.push_back(getAffineConstantExpr(size, context));
    }
    unsigned numResults = op->getNumResults();
    if (basis.size() == numResults && !basis.empty())
      basis.erase(basis.begin());
    // One entry per result but the first remains; anything else is invalid IR.
    if (basis.size() + 1 != numResults)
      return;

    AffineExpr x = getAffineDimExpr(0, context);
    // stride[i] = b[i] * ... * b[N-2] (1 past the end).
    SmallVector<AffineExpr> strides(numResults,
                                    getAffineConstantExpr(1, context));
    for (int i = static_cast<int>(numResults) - 2; i >= 0; --i)
      strides[i] = basis[i] * strides[i + 1];

    for (unsigned i = 0; i < numResults; ++i) {
      AffineExpr expr;
      if (i == 0)
        expr = x.floorDiv(strides[0]);
      else if (i == numResults - 1)
        expr = x % basis[numResults - 2];
      else
        expr = x.floorDiv(strides[i]) % basis[i - 1];
      setResultDivs(op->getResult(i),
                    evaluateAffineExpr(expr, linearDiv, symbolDivs));
    }
  }
};

} // namespace

void sluice::registerDivisibilityModels(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, affine::AffineDialect>();
  registry.addExtension(+[](MLIRContext *context, arith::ArithDialect *) {
    arith::ConstantOp::attachInterface<ConstantDivisibilityModel>(*context);
    arith::MulIOp::attachInterface<MulIDivisibilityModel>(*context);
    arith::DivUIOp::attachInterface<DivUIDivisibilityModel>(*context);
    arith::AddIOp::attachInterface<UnionDivisibilityModel<arith::AddIOp>>(
        *context);
    arith::SubIOp::attachInterface<UnionDivisibilityModel<arith::SubIOp>>(
        *context);
    arith::MinUIOp::attachInterface<UnionDivisibilityModel<arith::MinUIOp>>(
        *context);
    arith::MaxUIOp::attachInterface<UnionDivisibilityModel<arith::MaxUIOp>>(
        *context);
    arith::MinSIOp::attachInterface<UnionDivisibilityModel<arith::MinSIOp>>(
        *context);
    arith::MaxSIOp::attachInterface<UnionDivisibilityModel<arith::MaxSIOp>>(
        *context);
    arith::SelectOp::attachInterface<SelectDivisibilityModel>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, affine::AffineDialect *) {
    affine::AffineApplyOp::attachInterface<ApplyDivisibilityModel>(*context);
    affine::AffineMinOp::attachInterface<
        MinMaxDivisibilityModel<affine::AffineMinOp>>(*context);
    affine::AffineMaxOp::attachInterface<
        MinMaxDivisibilityModel<affine::AffineMaxOp>>(*context);
    affine::AffineDelinearizeIndexOp::attachInterface<
        DelinearizeDivisibilityModel>(*context);
  });
}
