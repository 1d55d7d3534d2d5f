//===- UtilInterfaces.cpp - util interfaces and value helpers -------------===//

#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/Util/IR/LocalDominance.h"
#include "llvm/ADT/STLExtras.h"

#include <limits>

using namespace mlir;

namespace sluice::util {

#include "sluice/Dialect/Util/IR/UtilAttrInterfaces.cpp.inc"
#include "sluice/Dialect/Util/IR/UtilOpInterfaces.cpp.inc"
#include "sluice/Dialect/Util/IR/UtilTypeInterfaces.cpp.inc"

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

bool isGlobalTypeCompatible(Type globalType, Type accessType) {
  if (isa<ShapedType>(globalType) || isa<ShapedType>(accessType))
    return succeeded(verifyCompatibleShape(globalType, accessType));
  return globalType == accessType;
}

SmallVector<Value> buildShape(Location loc, Type type, ValueRange dynamicDims,
                              OpBuilder &builder) {
  SmallVector<Value> shape;
  auto shapedType = dyn_cast<ShapedType>(type);
  if (!shapedType || !shapedType.hasRank())
    return shape;
  unsigned next = 0;
  for (int64_t dim : shapedType.getShape()) {
    if (ShapedType::isDynamic(dim))
      shape.push_back(next < dynamicDims.size() ? dynamicDims[next++]
                                                : Value());
    else
      shape.push_back(arith::ConstantIndexOp::create(builder, loc, dim));
  }
  return shape;
}

Value HoistableTypeInterface::encodeStorageType(OpBuilder &, Location, Type,
                                                Value value) {
  return value;
}

Value HoistableTypeInterface::decodeStorageType(OpBuilder &, Location, Type,
                                                Value loadedValue) {
  return loadedValue;
}

//===----------------------------------------------------------------------===//
// HoistableAttrInterface
//===----------------------------------------------------------------------===//

void HoistableAttrInterface::gatherHoistableAttrs(Operation *fromOp,
                                                  NamedAttrList &attrs) {
  for (Operation *op = fromOp; op; op = op->getParentOp()) {
    for (NamedAttribute attr : op->getDiscardableAttrs()) {
      if (attrs.get(attr.getName()))
        continue; // An inner value wins.
      if (auto hoistable = dyn_cast<HoistableAttrInterface>(attr.getValue()))
        if (hoistable.shouldAttachToHoistedOps())
          attrs.set(attr.getName(), attr.getValue());
    }
  }
}

void HoistableAttrInterface::gatherHoistableAttrs(Operation *fromOp,
                                                  Operation *toOp) {
  NamedAttrList attrs;
  gatherHoistableAttrs(fromOp, attrs);
  for (NamedAttribute attr : attrs)
    if (!toOp->hasAttr(attr.getName()))
      toOp->setAttr(attr.getName(), attr.getValue());
}

//===----------------------------------------------------------------------===//
// TiedOpInterface
//===----------------------------------------------------------------------===//

std::optional<unsigned> getTiedIndex(ArrayAttr tiedOperands,
                                     unsigned resultIndex) {
  if (!tiedOperands || resultIndex >= tiedOperands.size())
    return std::nullopt;
  auto index = dyn_cast<IntegerAttr>(tiedOperands[resultIndex]);
  if (!index || index.getInt() < 0)
    return std::nullopt;
  return static_cast<unsigned>(index.getInt());
}

namespace detail {

static ArrayAttr getTiedOperandsAttr(Operation *op) {
  return op->getAttrOfType<ArrayAttr>(TiedOpInterface::getStorageAttrName());
}

std::optional<unsigned>
getTiedResultOperandIndexFromAttr(Operation *op, unsigned resultIndex) {
  auto tiedOp = cast<TiedOpInterface>(op);
  ArrayAttr attr = getTiedOperandsAttr(op);
  if (!attr || attr.empty())
    return std::nullopt;
  auto [resultStart, resultLength] = tiedOp.getTiedResultsIndexAndLength();
  if (resultIndex < resultStart || resultIndex >= resultStart + resultLength)
    return std::nullopt;
  unsigned entry = resultIndex - resultStart;
  if (entry >= attr.size())
    return std::nullopt;
  auto value = dyn_cast<IntegerAttr>(attr[entry]);
  if (!value || value.getInt() == TiedOpInterface::kUntiedIndex ||
      value.getInt() < 0)
    return std::nullopt;
  auto [operandStart, operandLength] = tiedOp.getTiedOperandsIndexAndLength();
  (void)operandLength;
  return operandStart + static_cast<unsigned>(value.getInt());
}

void setTiedResultOperandIndexInAttr(Operation *op, unsigned resultIndex,
                                     std::optional<unsigned> operandIndex) {
  auto tiedOp = cast<TiedOpInterface>(op);
  auto [resultStart, resultLength] = tiedOp.getTiedResultsIndexAndLength();
  SmallVector<int64_t> indices;
  if (ArrayAttr attr = getTiedOperandsAttr(op); attr && !attr.empty()) {
    for (Attribute entry : attr)
      indices.push_back(cast<IntegerAttr>(entry).getInt());
  } else {
    indices.assign(resultLength, TiedOpInterface::kUntiedIndex);
  }
  unsigned entry = resultIndex - resultStart;
  if (entry >= indices.size())
    indices.resize(entry + 1, TiedOpInterface::kUntiedIndex);
  indices[entry] = operandIndex ? static_cast<int64_t>(*operandIndex)
                                : TiedOpInterface::kUntiedIndex;
  Builder builder(op->getContext());
  op->setAttr(TiedOpInterface::getStorageAttrName(),
              builder.getIndexArrayAttr(indices));
}

SmallVector<int64_t> getTiedResultOperandIndicesFromAttr(Operation *op) {
  auto tiedOp = cast<TiedOpInterface>(op);
  SmallVector<int64_t> indices;
  ArrayAttr attr = getTiedOperandsAttr(op);
  if (!attr || attr.empty())
    return indices;
  auto [operandStart, operandLength] = tiedOp.getTiedOperandsIndexAndLength();
  (void)operandLength;
  for (Attribute entry : attr) {
    int64_t value = cast<IntegerAttr>(entry).getInt();
    // Negative entries other than kUntiedIndex are invalid; keep them negative
    // (instead of shifting them into the operand range) so verifyTiedOp
    // rejects them. Entries too large to shift stay as they are: they are out
    // of range either way (and shifting them would overflow).
    int64_t start = static_cast<int64_t>(operandStart);
    bool shiftable =
        value >= 0 && value <= std::numeric_limits<int64_t>::max() - start;
    indices.push_back(shiftable ? value + start : value);
  }
  return indices;
}

LogicalResult verifyTiedOp(Operation *op) {
  auto tiedOp = cast<TiedOpInterface>(op);
  if (ArrayAttr attr = getTiedOperandsAttr(op))
    for (Attribute entry : attr)
      if (!isa<IntegerAttr>(entry))
        return op->emitError() << "op tied_operands entries must be integers";
  SmallVector<int64_t> indices = tiedOp.getTiedResultOperandIndices();
  if (indices.empty())
    return success();
  auto [resultStart, resultLength] = tiedOp.getTiedResultsIndexAndLength();
  (void)resultStart;
  if (indices.size() != resultLength)
    return op->emitError() << "op results/tied operand indices mismatch";
  // Everything downstream (printers, getTiedResultOperand, folders) indexes the
  // operand list with these, so an entry outside the tieable operand range must
  // be rejected here rather than read out of bounds later.
  auto [operandStart, operandLength] = tiedOp.getTiedOperandsIndexAndLength();
  ArrayAttr attr = getTiedOperandsAttr(op);
  for (auto [i, index] : llvm::enumerate(indices)) {
    if (index == TiedOpInterface::kUntiedIndex)
      continue;
    if (index < static_cast<int64_t>(operandStart) ||
        index >= static_cast<int64_t>(operandStart + operandLength)) {
      // Name the entry as written (relative to the tieable operands).
      int64_t shown =
          attr && i < attr.size()
              ? cast<IntegerAttr>(attr[i]).getInt()
              : (index < 0 ? index
                           : index - static_cast<int64_t>(operandStart));
      return op->emitError()
             << "op tied operand index " << shown << " is out of range of the "
             << operandLength << " tieable operand(s)";
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GlobalOpInterface
//===----------------------------------------------------------------------===//

LogicalResult verifyGlobalOp(Operation *op) {
  auto globalOp = cast<GlobalOpInterface>(op);
  auto typedValue =
      dyn_cast_or_null<TypedAttr>(globalOp.getGlobalInitialValue());
  if (!typedValue)
    return success();
  Type globalType = globalOp.getGlobalType();
  Type valueType = typedValue.getType();
  bool compatible;
  if (isa<ShapedType>(globalType) && isa<ShapedType>(valueType))
    compatible = succeeded(verifyCompatibleShape(globalType, valueType));
  else if (auto globalTypeInterface = dyn_cast<GlobalTypeInterface>(globalType))
    compatible = globalTypeInterface.isAccessStorageCompatible(valueType);
  else
    compatible = globalType == valueType;
  if (!compatible)
    return op->emitOpError("initial value type mismatch; global ")
           << globalOp.getGlobalName() << " is " << globalType
           << " but initial value provided is " << valueType;
  return success();
}

} // namespace detail

Value TiedOpInterface::findTiedBaseValue(Value value) {
  while (auto tiedOp = value.getDefiningOp<TiedOpInterface>()) {
    Value operand = tiedOp.getTiedResultOperand(value);
    if (!operand)
      break;
    value = operand;
  }
  return value;
}

bool TiedOpInterface::hasAnyTiedUses(Value value) {
  return llvm::any_of(value.getUses(), [](OpOperand &use) {
    auto tiedOp = dyn_cast<TiedOpInterface>(use.getOwner());
    return tiedOp && tiedOp.isOperandTied(use.getOperandNumber());
  });
}

void TiedOpInterface::getAllTiedOperands(SmallVectorImpl<int64_t> &indices) {
  indices.clear();
  if (ArrayAttr attr = detail::getTiedOperandsAttr(getOperation())) {
    for (Attribute entry : attr)
      indices.push_back(cast<IntegerAttr>(entry).getInt());
    return;
  }
  unsigned count = getOperation()->getNumResults();
  if (auto callable = dyn_cast<CallableOpInterface>(getOperation()))
    count = callable.getResultTypes().size();
  indices.assign(count, kUntiedIndex);
}

Value TiedOpInterface::getTiedResultOperand(Value result) {
  OpOperand *operand = getTiedResultOpOperand(result);
  return operand ? operand->get() : Value();
}

OpOperand *TiedOpInterface::getTiedResultOpOperand(Value result) {
  auto opResult = dyn_cast<OpResult>(result);
  if (!opResult || opResult.getOwner() != getOperation())
    return nullptr;
  std::optional<unsigned> index =
      getTiedResultOperandIndex(opResult.getResultNumber());
  if (!index || *index >= getOperation()->getNumOperands())
    return nullptr;
  return &getOperation()->getOpOperand(*index);
}

Value TiedOpInterface::getTiedResult(unsigned resultIndex) {
  return findTiedBaseValue(getOperation()->getResult(resultIndex));
}

bool TiedOpInterface::isOperandTied(unsigned operandIndex) {
  for (int64_t index : getTiedResultOperandIndices())
    if (index == static_cast<int64_t>(operandIndex))
      return true;
  return false;
}

SmallVector<Value>
TiedOpInterface::getOperandTiedResults(unsigned operandIndex) {
  SmallVector<Value> results;
  auto [start, length] = getTiedResultsIndexAndLength();
  for (unsigned i = start; i < start + length; ++i)
    if (std::optional<unsigned> index = getTiedResultOperandIndex(i);
        index && *index == operandIndex)
      results.push_back(getOperation()->getResult(i));
  return results;
}

void excludeTiedOperandAndResultIndices(
    ArrayRef<unsigned> excludedOperandIndices,
    ArrayRef<unsigned> excludedResultIndices,
    SmallVectorImpl<int64_t> &tiedOperandIndices) {
  SmallVector<int64_t> kept;
  for (auto [resultIndex, operandIndex] : llvm::enumerate(tiedOperandIndices)) {
    if (llvm::is_contained(excludedResultIndices, resultIndex))
      continue;
    if (operandIndex == TiedOpInterface::kUntiedIndex) {
      kept.push_back(operandIndex);
      continue;
    }
    if (llvm::is_contained(excludedOperandIndices,
                           static_cast<unsigned>(operandIndex))) {
      kept.push_back(TiedOpInterface::kUntiedIndex);
      continue;
    }
    int64_t removedBefore =
        llvm::count_if(excludedOperandIndices, [&](unsigned i) {
          return static_cast<int64_t>(i) < operandIndex;
        });
    kept.push_back(operandIndex - removedBefore);
  }
  tiedOperandIndices.assign(kept.begin(), kept.end());
}

//===----------------------------------------------------------------------===//
// ShapeAwareOpInterface
//===----------------------------------------------------------------------===//

SmallVector<Value>
ShapeAwareOpInterface::buildResultValueShape(Value result, OpBuilder &builder) {
  auto shapeAwareOp = result.getDefiningOp<ShapeAwareOpInterface>();
  if (!shapeAwareOp)
    return {};
  return shapeAwareOp.buildResultShape(cast<OpResult>(result).getResultNumber(),
                                       builder);
}

//===----------------------------------------------------------------------===//
// Dominance and lookup helpers
//===----------------------------------------------------------------------===//

bool isValueUsableForOp(Value value, Block *block,
                        Block::iterator insertionPoint) {
  if (!block)
    return false;
  Block *definingBlock = value.getParentBlock();
  // Lift the insertion point to the ancestor that lives in the value's block.
  Block *pointBlock = block;
  Block::iterator point = insertionPoint;
  while (pointBlock && pointBlock != definingBlock) {
    Operation *parentOp = pointBlock->getParentOp();
    if (!parentOp || !parentOp->getBlock())
      break;
    point = Block::iterator(parentOp);
    pointBlock = parentOp->getBlock();
  }
  if (pointBlock == definingBlock) {
    if (isa<BlockArgument>(value))
      return true;
    if (point == definingBlock->end())
      return true;
    return value.getDefiningOp()->isBeforeInBlock(&*point);
  }
  // Values defined in the entry block of a function are usable everywhere in
  // it.
  if (Operation *parent = definingBlock->getParentOp())
    if (isa<FunctionOpInterface>(parent) && definingBlock->isEntryBlock())
      return true;
  // Block-level dominance, searched locally; a search too large to be local
  // answers "not usable", the conservative answer for every caller.
  return dominatesLocally(definingBlock, block).value_or(false);
}

unsigned getDynamicDimCount(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.hasRank() ? shaped.getNumDynamicDims() : 0;
  if (isa<SizeAwareTypeInterface>(type))
    return 1;
  return 0;
}

ValueRange findDynamicDimsInList(unsigned idx, ValueRange values,
                                 ValueRange dims) {
  unsigned offset = 0;
  for (unsigned i = 0; i < idx && i < values.size(); ++i)
    offset += getDynamicDimCount(values[i].getType());
  if (idx >= values.size())
    return {};
  unsigned count = getDynamicDimCount(values[idx].getType());
  if (offset + count > dims.size())
    return {};
  return dims.slice(offset, count);
}

Value findValueSizeInList(unsigned idx, ValueRange values, ValueRange sizes) {
  if (idx >= values.size() ||
      !isa<SizeAwareTypeInterface>(values[idx].getType()))
    return {};
  ValueRange dims = findDynamicDimsInList(idx, values, sizes);
  return dims.size() == 1 ? dims.front() : Value();
}

std::optional<ValueRange> findDynamicDims(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (auto shapeAwareOp = dyn_cast<ShapeAwareOpInterface>(op))
      return shapeAwareOp.getResultDynamicDimsFromValue(value);
    if (auto sizeAwareOp = dyn_cast<SizeAwareOpInterface>(op)) {
      unsigned resultIndex = cast<OpResult>(value).getResultNumber();
      Value size = sizeAwareOp.getResultSize(resultIndex);
      if (!size)
        return std::nullopt;
      // The size is an operand or result of the op: return it as a range.
      for (OpOperand &operand : op->getOpOperands())
        if (operand.get() == size)
          return ValueRange(
              op->getOperands().slice(operand.getOperandNumber(), 1));
      for (OpResult result : op->getResults())
        if (result == size)
          return ValueRange(
              op->getResults().slice(result.getResultNumber(), 1));
      return std::nullopt;
    }
    auto tiedOp = dyn_cast<TiedOpInterface>(op);
    if (!tiedOp)
      break;
    Value tied = tiedOp.getTiedResultOperand(value);
    if (!tied)
      break;
    value = tied;
  }
  return std::nullopt;
}

std::optional<ValueRange> findDynamicDims(Value value, Block *block,
                                          Block::iterator insertionPoint) {
  if (std::optional<ValueRange> dims = findDynamicDims(value))
    return dims;
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    if (auto shapeAwareOp = dyn_cast<ShapeAwareOpInterface>(user)) {
      ValueRange dims =
          shapeAwareOp.getOperandDynamicDims(use.getOperandNumber());
      if (llvm::all_of(dims, [&](Value dim) {
            return isValueUsableForOp(dim, block, insertionPoint);
          }))
        return dims;
    } else if (auto sizeAwareOp = dyn_cast<SizeAwareOpInterface>(user)) {
      Value size = sizeAwareOp.getOperandSize(use.getOperandNumber());
      if (size && isValueUsableForOp(size, block, insertionPoint))
        for (OpOperand &operand : user->getOpOperands())
          if (operand.get() == size)
            return ValueRange(
                user->getOperands().slice(operand.getOperandNumber(), 1));
    }
  }
  return std::nullopt;
}

OpFoldResult findDim(Value value, unsigned dim) {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (!shaped || !shaped.hasRank() || dim >= shaped.getRank())
    return {};
  Builder builder(value.getContext());
  if (!shaped.isDynamicDim(dim))
    return builder.getIndexAttr(shaped.getDimSize(dim));
  std::optional<ValueRange> dims = findDynamicDims(value);
  if (!dims)
    return {};
  unsigned dynamicIndex = shaped.getDynamicDimIndex(dim);
  if (dynamicIndex >= dims->size())
    return {};
  return (*dims)[dynamicIndex];
}

SmallVector<Value> buildDynamicDimsForValue(Location loc, Value value,
                                            OpBuilder &builder) {
  auto shaped = dyn_cast<ShapedType>(value.getType());
  if (!shaped) {
    mlir::emitError(loc) << "cannot construct shape for non shaped value: "
                         << value.getType();
    return {};
  }
  if (shaped.hasStaticShape())
    return {};
  if (std::optional<ValueRange> dims = findDynamicDims(
          value, builder.getBlock(), builder.getInsertionPoint()))
    return llvm::to_vector(*dims);
  if (auto shapeAwareOp = value.getDefiningOp<ShapeAwareOpInterface>())
    return llvm::to_vector(shapeAwareOp.getResultDynamicDimsFromValue(value));
  SmallVector<Value> dims;
  for (int64_t i = 0; i < shaped.getRank(); ++i)
    if (shaped.isDynamicDim(i))
      dims.push_back(builder.createOrFold<tensor::DimOp>(loc, value, i));
  return dims;
}

//===----------------------------------------------------------------------===//
// SizeAwareTypeInterface
//===----------------------------------------------------------------------===//

Value SizeAwareTypeInterface::findSizeValue(Value value, Block *block,
                                            Block::iterator insertionPoint) {
  // Upward: size-aware producers, through ties.
  Value current = value;
  while (Operation *op = current.getDefiningOp()) {
    if (auto sizeAwareOp = dyn_cast<SizeAwareOpInterface>(op)) {
      if (Value size = sizeAwareOp.getResultSizeFromValue(current))
        return size;
      break;
    }
    auto tiedOp = dyn_cast<TiedOpInterface>(op);
    if (!tiedOp)
      break;
    Value tied = tiedOp.getTiedResultOperand(current);
    if (!tied)
      break;
    current = tied;
  }
  // Downward: size-aware users, through ties.
  SmallVector<Value> worklist = {value};
  llvm::SmallPtrSet<Value, 8> visited;
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    if (!visited.insert(next).second)
      continue;
    for (OpOperand &use : next.getUses()) {
      Operation *user = use.getOwner();
      if (auto sizeAwareOp = dyn_cast<SizeAwareOpInterface>(user)) {
        Value size = sizeAwareOp.getOperandSize(use.getOperandNumber());
        if (size && isValueUsableForOp(size, block, insertionPoint))
          return size;
      }
      if (auto tiedOp = dyn_cast<TiedOpInterface>(user))
        for (Value result :
             tiedOp.getOperandTiedResults(use.getOperandNumber()))
          worklist.push_back(result);
    }
  }
  return {};
}

Value SizeAwareTypeInterface::queryValueSize(Location loc, Value value,
                                             OpBuilder &builder) {
  if (!isa<SizeAwareTypeInterface>(value.getType()))
    return {};
  if (Block *block = builder.getInsertionBlock();
      block && builder.getInsertionPoint() != block->end())
    if (Value size = findSizeValue(value, block, builder.getInsertionPoint()))
      return size;
  if (auto sizeAwareOp = value.getDefiningOp<SizeAwareOpInterface>())
    if (Value size = sizeAwareOp.getResultSizeFromValue(value))
      return size;
  if (auto inferTypeSize = dyn_cast<InferTypeSizeInterface>(value.getType()))
    return inferTypeSize.inferSizeFromValue(loc, value, builder);
  return {};
}

} // namespace sluice::util
