//===- UtilIntOps.cpp - integer utility ops -------------------------------===//

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/STLExtras.h"

#include <numeric>

using namespace mlir;
using namespace sluice::util;

//===----------------------------------------------------------------------===//
// util.align
//===----------------------------------------------------------------------===//

bool sluice::util::isAlignedTo(Value value, Value alignment) {
  APInt valueInt, alignInt;
  bool alignConst = matchPattern(alignment, m_ConstantInt(&alignInt));
  if (alignConst && matchPattern(value, m_ConstantInt(&valueInt)))
    return alignInt.getZExtValue() != 0 &&
           valueInt.getZExtValue() % alignInt.getZExtValue() == 0;
  Operation *op = value.getDefiningOp();
  if (!op)
    return false;
  if (auto inner = dyn_cast<AlignOp>(op)) {
    if (inner.getAlignment() == alignment)
      return true;
    APInt innerInt;
    if (alignConst &&
        matchPattern(inner.getAlignment(), m_ConstantInt(&innerInt)) &&
        alignInt.getZExtValue() != 0 &&
        innerInt.getZExtValue() >= alignInt.getZExtValue() &&
        innerInt.getZExtValue() % alignInt.getZExtValue() == 0)
      return true;
    return isAlignedTo(inner.getValue(), alignment);
  }
  if (auto apply = dyn_cast<affine::AffineApplyOp>(op)) {
    if (!alignConst || alignInt.getZExtValue() == 0)
      return false;
    int64_t divisor =
        apply.getAffineMap().getResult(0).getLargestKnownDivisor();
    return divisor > 0 &&
           static_cast<uint64_t>(divisor) % alignInt.getZExtValue() == 0;
  }
  if (isa<arith::AddIOp, arith::SubIOp>(op))
    return isAlignedTo(op->getOperand(0), alignment) &&
           isAlignedTo(op->getOperand(1), alignment);
  if (isa<arith::MulIOp>(op))
    return isAlignedTo(op->getOperand(0), alignment) ||
           isAlignedTo(op->getOperand(1), alignment);
  return false;
}

OpFoldResult AlignOp::fold(FoldAdaptor adaptor) {
  if (isAlignedTo(getValue(), getAlignment()))
    return getValue();
  auto value = dyn_cast_or_null<IntegerAttr>(adaptor.getValue());
  auto alignment = dyn_cast_or_null<IntegerAttr>(adaptor.getAlignment());
  if (value && alignment && alignment.getValue().getZExtValue() != 0) {
    uint64_t a = alignment.getValue().getZExtValue();
    uint64_t v = value.getValue().getZExtValue();
    return IntegerAttr::get(getType(), alignUp(v, a));
  }
  return {};
}

void AlignOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                SetIntRangeFn setResultRange) {
  const ConstantIntRanges &value = argRanges[0];
  const ConstantIntRanges &alignment = argRanges[1];
  unsigned width = value.umin().getBitWidth();
  if (alignment.umin() == alignment.umax() && !alignment.umin().isZero()) {
    APInt a = alignment.umin();
    auto alignUpChecked = [&](const APInt &v, bool &overflow) {
      APInt mask = a - 1;
      APInt sum = v.uadd_ov(mask, overflow);
      return sum & ~mask;
    };
    bool overflowMin = false, overflowMax = false;
    APInt umin = alignUpChecked(value.umin(), overflowMin);
    APInt umax = alignUpChecked(value.umax(), overflowMax);
    if (!overflowMin && !overflowMax) {
      setResultRange(getResult(), ConstantIntRanges::fromUnsigned(umin, umax));
      return;
    }
  }
  setResultRange(getResult(), ConstantIntRanges::maxRange(width));
}

/// The result is a multiple of the alignment, so it inherits the alignment
/// operand's divisibility when that is known (support-dialects.md §1.4.11).
void AlignOp::inferResultDivisibility(ArrayRef<IntegerDivisibility> argDivs,
                                      SetIntDivisibilityFn setResultDivs) {
  const IntegerDivisibility &alignmentDiv = argDivs[1];
  if (alignmentDiv.isUninitialized())
    return;
  setResultDivs(getResult(), alignmentDiv.getValue());
}

//===----------------------------------------------------------------------===//
// util.assume.int
//===----------------------------------------------------------------------===//

static ParseResult parseAssumptionRow(OpAsmParser &parser,
                                      SmallVectorImpl<Attribute> &row) {
  if (succeeded(parser.parseOptionalLSquare())) {
    if (succeeded(parser.parseOptionalRSquare()))
      return success();
    do {
      Attribute assumption = IntAssumptionAttr::parseBody(parser);
      if (!assumption)
        return failure();
      row.push_back(assumption);
    } while (succeeded(parser.parseOptionalComma()));
    return parser.parseRSquare();
  }
  Attribute assumption = IntAssumptionAttr::parseBody(parser);
  if (!assumption)
    return failure();
  row.push_back(assumption);
  return success();
}

ParseResult AssumeIntOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SmallVector<Attribute> rows;
  do {
    SmallVector<Attribute> row;
    if (parser.parseOperand(operands.emplace_back()) ||
        parseAssumptionRow(parser, row))
      return failure();
    rows.push_back(parser.getBuilder().getArrayAttr(row));
  } while (succeeded(parser.parseOptionalComma()));
  SmallVector<Type> types;
  SMLoc typesLoc = parser.getCurrentLocation();
  if (parser.parseColonTypeList(types) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  if (parser.resolveOperands(operands, types, typesLoc, result.operands))
    return failure();
  result.addTypes(types);
  result.addAttribute(getAssumptionsAttrName(result.name),
                      parser.getBuilder().getArrayAttr(rows));
  return success();
}

static void printAssumptionRow(OpAsmPrinter &p, ArrayAttr row) {
  if (row.size() == 1) {
    cast<IntAssumptionAttr>(row[0]).printBody(p);
    return;
  }
  p << '[';
  llvm::interleaveComma(
      row, p, [&](Attribute a) { cast<IntAssumptionAttr>(a).printBody(p); });
  p << ']';
}

void AssumeIntOp::print(OpAsmPrinter &p) {
  ArrayAttr rows = getAssumptions();
  auto printOperand = [&](unsigned i) {
    p.printOperand(getOperands()[i]);
    if (i < rows.size())
      printAssumptionRow(p, cast<ArrayAttr>(rows[i]));
  };
  if (getNumOperands() == 1) {
    p << ' ';
    printOperand(0);
    p << " : ";
    p.printType(getOperands()[0].getType());
  } else {
    p << ' ';
    p.increaseIndent();
    p.increaseIndent();
    p.printNewline();
    for (unsigned i = 0; i < getNumOperands(); ++i) {
      if (i) {
        p << ',';
        p.printNewline();
      }
      printOperand(i);
    }
    p.decreaseIndent();
    p.printNewline();
    p << ": ";
    llvm::interleaveComma(getOperandTypes(), p,
                          [&](Type t) { p.printType(t); });
    p.decreaseIndent();
  }
  p.printOptionalAttrDict((*this)->getAttrs(), {getAssumptionsAttrName()});
}

LogicalResult AssumeIntOp::verify() {
  ArrayAttr rows = getAssumptions();
  if (rows.size() != getNumOperands())
    return emitOpError("expected ")
           << getNumOperands()
           << " assumption rows to match number of operands";
  std::optional<size_t> rowLength;
  for (auto [i, rowAttr] : llvm::enumerate(rows)) {
    auto row = dyn_cast<ArrayAttr>(rowAttr);
    if (!row || !llvm::all_of(row, llvm::IsaPred<IntAssumptionAttr>))
      return emitOpError("expected assumption row #")
             << i << " to be an array of #util.int.assumption";
    if (row.size() <= 1)
      continue;
    if (!rowLength)
      rowLength = row.size();
    else if (*rowLength != row.size())
      return emitOpError("expected operand #")
             << i << " to have " << *rowLength << " assumptions but it has "
             << row.size();
  }
  return success();
}

LogicalResult AssumeIntOp::inferReturnTypes(MLIRContext *,
                                            std::optional<Location>,
                                            ValueRange operands, DictionaryAttr,
                                            OpaqueProperties, RegionRange,
                                            SmallVectorImpl<Type> &inferred) {
  llvm::append_range(inferred, operands.getTypes());
  return success();
}

SmallVector<IntAssumptionAttr>
AssumeIntOp::getOperandAssumptions(unsigned index) {
  SmallVector<IntAssumptionAttr> result;
  for (Attribute a : cast<ArrayAttr>(getAssumptions()[index]))
    result.push_back(cast<IntAssumptionAttr>(a));
  return result;
}

std::pair<std::optional<uint64_t>, std::optional<uint64_t>>
AssumeIntOp::getUnionedUnsignedRange(unsigned index) {
  std::optional<uint64_t> umin, umax;
  bool allMin = true, allMax = true;
  SmallVector<IntAssumptionAttr> row = getOperandAssumptions(index);
  for (IntAssumptionAttr a : row) {
    if (a.getUmin())
      umin = umin ? std::min(*umin, *a.getUmin()) : *a.getUmin();
    else
      allMin = false;
    if (a.getUmax())
      umax = umax ? std::max(*umax, *a.getUmax()) : *a.getUmax();
    else
      allMax = false;
  }
  if (row.empty())
    allMin = allMax = false;
  return {allMin ? umin : std::nullopt, allMax ? umax : std::nullopt};
}

std::optional<uint64_t> AssumeIntOp::getUnionedUnsignedDivisor(unsigned index) {
  std::optional<uint64_t> divisor;
  for (IntAssumptionAttr a : getOperandAssumptions(index)) {
    // Entries pinning the value to zero say nothing about divisibility.
    if (a.getUmin() && a.getUmax() && *a.getUmin() == 0 && *a.getUmax() == 0)
      continue;
    if (!a.getUdiv())
      return std::nullopt;
    divisor = divisor ? std::gcd(*divisor, *a.getUdiv()) : *a.getUdiv();
  }
  return divisor;
}

void AssumeIntOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                    SetIntRangeFn setResultRange) {
  for (auto [i, result] : llvm::enumerate(getResults())) {
    unsigned width = ConstantIntRanges::getStorageBitwidth(result.getType());
    auto [umin, umax] = getUnionedUnsignedRange(i);
    APInt lo = umin ? APInt(width, *umin) : APInt::getZero(width);
    APInt hi = umax ? APInt(width, *umax) : APInt::getMaxValue(width);
    setResultRange(result, ConstantIntRanges::fromUnsigned(lo, hi));
  }
}

/// Each result is divisible by the union divisor of its operand's row (when
/// the row defines one), read as both the unsigned and the signed divisor.
void AssumeIntOp::inferResultDivisibility(ArrayRef<IntegerDivisibility>,
                                          SetIntDivisibilityFn setResultDivs) {
  for (auto [i, result] : llvm::enumerate(getResults()))
    if (std::optional<uint64_t> divisor = getUnionedUnsignedDivisor(i))
      setResultDivs(result, ConstantIntDivisibility(*divisor, *divisor));
}

namespace {

/// Bypasses constants, collapses uniform rows, replaces single-value rows
/// with constants and drops unused results.
struct NormalizeAssumeInt : public OpRewritePattern<AssumeIntOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssumeIntOp op,
                                PatternRewriter &rewriter) const override {
    bool changed = false;
    SmallVector<Value> keptOperands;
    SmallVector<Attribute> keptRows;
    SmallVector<Value> keptResults;
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      Value result = op.getResult(i);
      auto row = cast<ArrayAttr>(op.getAssumptions()[i]);
      if (matchPattern(operand, m_Constant())) {
        rewriter.replaceAllUsesWith(result, operand);
        changed = true;
        continue;
      }
      if (row.size() == 1) {
        auto a = cast<IntAssumptionAttr>(row[0]);
        if (a.getUmin() && a.getUmax() && *a.getUmin() == *a.getUmax()) {
          Value constant;
          if (operand.getType().isIndex())
            constant = arith::ConstantIndexOp::create(rewriter, op.getLoc(),
                                                      *a.getUmin());
          else
            constant = arith::ConstantIntOp::create(
                rewriter, op.getLoc(), operand.getType(), *a.getUmin());
          rewriter.replaceAllUsesWith(result, constant);
          changed = true;
          continue;
        }
      }
      if (result.use_empty()) {
        changed = true;
        continue;
      }
      if (row.size() > 1 && llvm::all_equal(row)) {
        row = rewriter.getArrayAttr({row[0]});
        changed = true;
      }
      keptOperands.push_back(operand);
      keptRows.push_back(row);
      keptResults.push_back(result);
    }
    if (!changed)
      return failure();
    if (keptOperands.empty()) {
      rewriter.eraseOp(op);
      return success();
    }
    auto newOp = AssumeIntOp::create(
        rewriter, op.getLoc(), ValueRange(keptOperands).getTypes(),
        keptOperands, rewriter.getArrayAttr(keptRows));
    for (auto [oldResult, newResult] :
         llvm::zip_equal(keptResults, newOp.getResults()))
      rewriter.replaceAllUsesWith(oldResult, newResult);
    rewriter.eraseOp(op);
    return success();
  }
};

/// Merges two assumptions entry-wise: umin = max, umax = min, udiv = lcm.
static IntAssumptionAttr mergeAssumptions(IntAssumptionAttr a,
                                          IntAssumptionAttr b) {
  auto pick = [](std::optional<uint64_t> x, std::optional<uint64_t> y,
                 auto combine) -> std::optional<uint64_t> {
    if (x && y)
      return combine(*x, *y);
    return x ? x : y;
  };
  return IntAssumptionAttr::get(
      a.getContext(),
      pick(a.getUmin(), b.getUmin(),
           [](uint64_t x, uint64_t y) { return std::max(x, y); }),
      pick(a.getUmax(), b.getUmax(),
           [](uint64_t x, uint64_t y) { return std::min(x, y); }),
      pick(a.getUdiv(), b.getUdiv(),
           [](uint64_t x, uint64_t y) { return std::lcm(x, y); }));
}

/// Keeps each operand once, merging the rows of its duplicates.
struct DeduplicateAssumeIntOperands : public OpRewritePattern<AssumeIntOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(AssumeIntOp op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallDenseMap<Value, unsigned> firstIndex;
    SmallVector<Value> operands;
    SmallVector<SmallVector<Attribute>> rows;
    SmallVector<unsigned> resultToNew;
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      auto row = llvm::to_vector(cast<ArrayAttr>(op.getAssumptions()[i]));
      auto [it, inserted] = firstIndex.try_emplace(operand, operands.size());
      if (inserted) {
        operands.push_back(operand);
        rows.push_back(row);
        resultToNew.push_back(it->second);
        continue;
      }
      SmallVector<Attribute> &kept = rows[it->second];
      size_t length = std::max(kept.size(), row.size());
      SmallVector<Attribute> merged;
      for (size_t j = 0; j < length; ++j) {
        auto a = cast<IntAssumptionAttr>(kept.size() == 1 ? kept[0] : kept[j]);
        auto b = cast<IntAssumptionAttr>(row.size() == 1 ? row[0] : row[j]);
        merged.push_back(mergeAssumptions(a, b));
      }
      kept = merged;
      resultToNew.push_back(it->second);
    }
    if (operands.size() == op.getNumOperands())
      return failure();
    SmallVector<Attribute> rowAttrs;
    for (auto &row : rows)
      rowAttrs.push_back(rewriter.getArrayAttr(row));
    auto newOp = AssumeIntOp::create(rewriter, op.getLoc(),
                                     ValueRange(operands).getTypes(), operands,
                                     rewriter.getArrayAttr(rowAttrs));
    SmallVector<Value> replacements;
    for (unsigned index : resultToNew)
      replacements.push_back(newOp.getResult(index));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// `muli(divui(x, C), C)` → `x` when `x` is assumed divisible by C.
struct FoldDivMulOfAssumedDivisible : public OpRewritePattern<arith::MulIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::MulIOp op,
                                PatternRewriter &rewriter) const override {
    for (unsigned side = 0; side < 2; ++side) {
      auto div = op->getOperand(side).getDefiningOp<arith::DivUIOp>();
      Value factor = op->getOperand(1 - side);
      APInt mulConst, divConst;
      if (!div || !matchPattern(factor, m_ConstantInt(&mulConst)) ||
          !matchPattern(div.getRhs(), m_ConstantInt(&divConst)) ||
          mulConst != divConst || mulConst.isZero())
        continue;
      auto assume = div.getLhs().getDefiningOp<AssumeIntOp>();
      if (!assume)
        continue;
      unsigned index = cast<OpResult>(div.getLhs()).getResultNumber();
      std::optional<uint64_t> divisor = assume.getUnionedUnsignedDivisor(index);
      if (!divisor || *divisor % mulConst.getZExtValue() != 0)
        continue;
      rewriter.replaceOp(op, div.getLhs());
      return success();
    }
    return failure();
  }
};

} // namespace

void AssumeIntOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<NormalizeAssumeInt, DeduplicateAssumeIntOperands,
              FoldDivMulOfAssumedDivisible>(context);
}

//===----------------------------------------------------------------------===//
// util.cmp.eq / util.cmp.ne
//===----------------------------------------------------------------------===//

OpFoldResult CmpEQOp::fold(FoldAdaptor adaptor) {
  auto trueAttr = BoolAttr::get(getContext(), true);
  if (getLhs() == getRhs())
    return trueAttr;
  if (adaptor.getLhs() && adaptor.getLhs() == adaptor.getRhs())
    return trueAttr;
  return {};
}

OpFoldResult CmpNEOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return BoolAttr::get(getContext(), false);
  return {};
}

//===----------------------------------------------------------------------===//
// util.sizeof
//===----------------------------------------------------------------------===//

OpFoldResult SizeOfOp::fold(FoldAdaptor) {
  Type type = getSizedType();
  if (!type.isIntOrFloat())
    return {};
  return IntegerAttr::get(IndexType::get(getContext()),
                          getRoundedElementByteWidth(type));
}
