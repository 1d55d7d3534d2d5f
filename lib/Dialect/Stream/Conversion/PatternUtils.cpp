//===- PatternUtils.cpp - shared pieces of the stream conversion ----------===//
//
// stream-passes-1.md §0 (IndexSet) and §3.2 (resolve, transfer, sizeof).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Conversion/PatternUtils.h"

#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace sluice::stream {

ConvertedTensor resolveTensor(Value original, ValueRange converted,
                              AffinityAnalysis *analysis) {
  assert(converted.size() == 2 && "tensors convert to (resource, size)");
  return {analysis->lookupResourceAffinity(original), converted[0],
          converted[1]};
}

ConvertedTensor transferTensor(Location loc, Value original,
                               ValueRange converted,
                               AffinityAttr requiredAffinity,
                               AffinityAnalysis *analysis, OpBuilder &builder) {
  ConvertedTensor tensor = resolveTensor(original, converted, analysis);
  if (tensor.affinity != requiredAffinity &&
      !tensor.resource.getDefiningOp<AsyncBarrierOp>()) {
    tensor.resource = AsyncTransferOp::create(
        builder, loc, tensor.getResourceType(), tensor.resource,
        tensor.resourceSize, tensor.resourceSize, tensor.affinity,
        requiredAffinity);
  }
  tensor.affinity = requiredAffinity;
  return tensor;
}

Value buildLifetimeTransfer(Location loc, Value resource, Value size,
                            Type resultType, AffinityAttr affinity,
                            OpBuilder &builder) {
  return AsyncTransferOp::create(builder, loc, resultType, resource, size, size,
                                 affinity, affinity);
}

Value buildTensorSizeOf(Location loc, Type tensorType, ValueRange dims,
                        AffinityAttr affinity, OpBuilder &builder) {
  return TensorSizeOfOp::create(builder, loc, builder.getIndexType(),
                                TypeAttr::get(tensorType), dims, affinity);
}

ConvertedTensor buildTensorConstant(Location loc, Type tensorType,
                                    ValueRange dims, TypedAttr value,
                                    Lifetime lifetime, AffinityAttr affinity,
                                    OpBuilder &builder) {
  Type resourceType = getResourceType(builder.getContext(), lifetime);
  Value resource = TensorConstantOp::create(builder, loc, resourceType,
                                            convertConstantValue(value),
                                            tensorType, dims, affinity);
  Value size = ResourceSizeOp::create(builder, loc, builder.getIndexType(),
                                      resource, AffinityAttr());
  return {affinity, resource, size};
}

ConvertedTensor buildUnknownTensorConstant(Location loc, Type tensorType,
                                           ValueRange dims, TypedAttr value,
                                           AffinityAttr affinity,
                                           OpBuilder &builder) {
  ConvertedTensor constant = buildTensorConstant(
      loc, tensorType, dims, value, Lifetime::Constant, affinity, builder);
  constant.resource = AsyncTransferOp::create(
      builder, loc, getUnknownResourceType(builder.getContext()),
      constant.resource, constant.resourceSize, constant.resourceSize, affinity,
      affinity);
  return constant;
}

Type getUnknownResourceType(MLIRContext *context) {
  return ResourceType::get(context, Lifetime::Unknown);
}

Type getResourceType(MLIRContext *context, Lifetime lifetime) {
  return ResourceType::get(context, lifetime);
}

TypedAttr convertConstantValue(TypedAttr value) {
  auto parameterAttr = dyn_cast<flow::NamedParameterAttr>(value);
  if (!parameterAttr)
    return value;
  MLIRContext *context = value.getContext();
  return NamedParameterAttr::get(
      context, parameterAttr.getType(), parameterAttr.getScope(),
      parameterAttr.getKey(), parameterAttr.getConfig());
}

SmallVector<Value> flattenValues(ArrayRef<ValueRange> values) {
  SmallVector<Value> flat;
  for (ValueRange range : values)
    flat.append(range.begin(), range.end());
  return flat;
}

SmallVector<Value> singleValues(ArrayRef<ValueRange> values) {
  SmallVector<Value> single;
  single.reserve(values.size());
  for (ValueRange range : values) {
    assert(range.size() == 1 && "expected a 1:1 converted value");
    single.push_back(range.front());
  }
  return single;
}

void IndexSet::populate(ValueRange values) {
  for (Value value : values) {
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant)))
      memo.try_emplace(constant.getSExtValue(), value);
  }
}

Value IndexSet::get(int64_t value) {
  auto [it, inserted] = memo.try_emplace(value, Value());
  if (inserted) {
    auto constantOp = arith::ConstantIndexOp::create(builder, loc, value);
    created.push_back(constantOp);
    it->second = constantOp;
  }
  return it->second;
}

void IndexSet::eraseUnusedCreated() {
  for (Operation *op : created) {
    if (!op->use_empty())
      continue;
    memo.erase(cast<arith::ConstantIndexOp>(op).value());
    op->erase();
  }
  created.clear();
}

AffinityAttr lookupExecutionAffinity(AffinityAnalysis *analysis,
                                     Operation *op) {
  return analysis->lookupExecutionAffinity(op);
}

} // namespace sluice::stream
