//===- StreamPassHelpers.cpp - helpers shared by stream passes ------------===//

#include "StreamPassHelpers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

bool tryMoveProducerBefore(
    Value value, Operation *consumer,
    llvm::function_ref<bool(Operation *)> isAfterConsumer,
    llvm::function_ref<void(Operation *)> onMoved) {
  if (isa<BlockArgument>(value))
    return true;
  Operation *producer = value.getDefiningOp();
  if (producer->getBlock() != consumer->getBlock())
    return util::isValueUsableForOp(value, consumer->getBlock(),
                                    Block::iterator(consumer));
  if (producer == consumer)
    return false;
  if (!isAfterConsumer(producer))
    return true;
  // Everything the producer reads, including values its regions capture.
  llvm::SetVector<Value> inputs;
  inputs.insert(producer->operand_begin(), producer->operand_end());
  getUsedValuesDefinedAbove(producer->getRegions(), inputs);
  for (Value input : inputs) {
    if (input.getDefiningOp() == consumer)
      return false;
    if (!tryMoveProducerBefore(input, consumer, isAfterConsumer, onMoved))
      return false;
  }
  producer->moveBefore(consumer);
  onMoved(producer);
  return true;
}

unsigned getResourceRangeIndex(AsyncDispatchOp dispatchOp,
                               unsigned operandIndex) {
  return llvm::count_if(
      dispatchOp.getResourceOperands().take_front(operandIndex),
      [](Value operand) { return isa<ResourceType>(operand.getType()); });
}

IndexArrayAttrBuilder::IndexArrayAttrBuilder(MLIRContext *context)
    : builder(context) {}

Attribute IndexArrayAttrBuilder::getElement(int64_t value) {
  if (value < 0 || value >= kMaxCached)
    return builder.getIndexAttr(value);
  if (static_cast<size_t>(value) >= elements.size())
    elements.resize(std::min<size_t>(
        kMaxCached, std::max<size_t>(value + 1, elements.size() * 2)));
  Attribute &element = elements[value];
  if (!element)
    element = builder.getIndexAttr(value);
  return element;
}

ArrayAttr IndexArrayAttrBuilder::get(ArrayRef<int64_t> values) {
  scratch.clear();
  scratch.reserve(values.size());
  for (int64_t value : values)
    scratch.push_back(getElement(value));
  return builder.getArrayAttr(scratch);
}

} // namespace sluice::stream
