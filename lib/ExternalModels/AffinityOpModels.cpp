//===- AffinityOpModels.cpp - stream op interfaces on foreign ops ---------===//
//
// AffinityOpInterface on arith, flow, util and hal ops (support-dialects.md
// §6.2) and StreamableOpInterface on flow ops (§6.3). The set of ops is
// observable (annotate-affinities, clone-to-consumers): attach exactly these.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectRegistry.h"
#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Flow/IR/FlowOps.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/ExternalModels.h"

using namespace mlir;
using sluice::stream::AffinityAttr;
using sluice::stream::AffinityOpInterface;

namespace {

/// How a model decides requiresAffinity/pinsValueAffinity.
enum class AffinityKind {
  OptionalConstant, // K1: required iff the result is a tensor.
  Required,         // K2
  Structural,       // K3
  Global,           // K4: required iff the global's type is a tensor.
  Target,           // K5: stored in `target`.
  HALTensor,        // K6: stored in `affinity`, pins when present.
};

template <typename OpT, AffinityKind kind>
struct AffinityOpModel
    : public AffinityOpInterface::ExternalModel<AffinityOpModel<OpT, kind>,
                                                OpT> {
  static StringRef storageName() {
    if constexpr (kind == AffinityKind::Target)
      return "target";
    else if constexpr (kind == AffinityKind::HALTensor)
      return "affinity";
    else
      return "stream.affinity";
  }

  bool requiresAffinity(Operation *op) const {
    if constexpr (kind == AffinityKind::OptionalConstant)
      return isa<TensorType>(op->getResult(0).getType());
    else if constexpr (kind == AffinityKind::Global)
      return isa<TensorType>(cast<sluice::util::GlobalOp>(op).getType());
    else
      return kind == AffinityKind::Required || kind == AffinityKind::Target;
  }

  bool pinsValueAffinity(Operation *op) const {
    if constexpr (kind == AffinityKind::HALTensor)
      return static_cast<bool>(getAffinityAttr(op));
    else if constexpr (kind == AffinityKind::Target)
      return op->getName().getStringRef() == "flow.tensor.barrier" &&
             static_cast<bool>(getAffinityAttr(op));
    else
      return false;
  }

  AffinityAttr getAffinityAttr(Operation *op) const {
    return dyn_cast_or_null<AffinityAttr>(op->getAttr(storageName()));
  }

  void setAffinityAttr(Operation *op, AffinityAttr value) const {
    if constexpr (kind == AffinityKind::Target)
      assert(value && "the target of a flow transfer/barrier is required");
    if (value)
      op->setAttr(storageName(), value);
    else
      op->removeAttr(storageName());
  }

  AffinityAttr getResultAffinityAttr(Operation *op) const {
    return getAffinityAttr(op);
  }

  void removeAffinityAttrs(Operation *op) const {
    op->removeAttr(storageName());
  }
};

template <typename OpT>
struct CloneToConsumersModel
    : public sluice::stream::StreamableOpInterface::ExternalModel<
          CloneToConsumersModel<OpT>, OpT> {
  bool isMetadata(Operation *) const { return false; }
  bool preferCloneToConsumers(Operation *) const { return true; }
};

struct DispatchStreamableModel
    : public sluice::stream::StreamableOpInterface::ExternalModel<
          DispatchStreamableModel, sluice::flow::DispatchOp> {
  bool isMetadata(Operation *) const { return false; }
  /// A dispatch that consumes no tensor or resource behaves like a splat.
  bool preferCloneToConsumers(Operation *op) const {
    return llvm::none_of(op->getOperandTypes(), [](Type type) {
      return isa<sluice::stream::AffinityTypeInterface>(type);
    });
  }
};

template <AffinityKind kind, typename... OpTs>
void attachAffinity(MLIRContext *context) {
  (OpTs::template attachInterface<AffinityOpModel<OpTs, kind>>(*context), ...);
}

} // namespace

void sluice::registerAffinityOpModels(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, flow::FlowDialect, hal::HALDialect,
                  util::UtilDialect>();
  registry.addExtension(+[](MLIRContext *context, arith::ArithDialect *) {
    attachAffinity<AffinityKind::OptionalConstant, arith::ConstantOp>(context);
  });
  registry.addExtension(+[](MLIRContext *context, flow::FlowDialect *) {
    using namespace sluice::flow;
    attachAffinity<AffinityKind::Required, DispatchWorkgroupsOp, DispatchOp,
                   CallOp, TensorConstantOp, TensorDynamicConstantOp,
                   TensorAllocaOp, TensorEmptyOp, TensorSplatOp, TensorCloneOp,
                   TensorEncodeOp, TensorSliceOp, TensorUpdateOp,
                   ChannelDefaultOp, CollectiveAllGatherOp,
                   CollectiveAllReduceOp, CollectiveAllToAllOp,
                   CollectiveReduceScatterOp, CollectiveSendRecvOp>(context);
    attachAffinity<AffinityKind::Target, TensorBarrierOp, TensorTransferOp>(
        context);
    TensorReshapeOp::attachInterface<CloneToConsumersModel<TensorReshapeOp>>(
        *context);
    TensorAllocaOp::attachInterface<CloneToConsumersModel<TensorAllocaOp>>(
        *context);
    TensorEmptyOp::attachInterface<CloneToConsumersModel<TensorEmptyOp>>(
        *context);
    TensorSplatOp::attachInterface<CloneToConsumersModel<TensorSplatOp>>(
        *context);
    DispatchOp::attachInterface<DispatchStreamableModel>(*context);
  });
  registry.addExtension(+[](MLIRContext *context, util::UtilDialect *) {
    attachAffinity<AffinityKind::Structural, util::FuncOp, util::InitializerOp>(
        context);
    attachAffinity<AffinityKind::Global, util::GlobalOp>(context);
  });
  registry.addExtension(+[](MLIRContext *context, hal::HALDialect *) {
    attachAffinity<AffinityKind::HALTensor, hal::TensorImportOp,
                   hal::TensorExportOp, hal::TensorAliasOp,
                   hal::TensorTransientsOp>(context);
  });
}
