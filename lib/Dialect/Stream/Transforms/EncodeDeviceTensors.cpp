//===- EncodeDeviceTensors.cpp - --iree-stream-encode-device-tensors ------===//
//
// Makes executables agree with the host's byte layout for odd-width integer
// elements (stream-passes-1.md §7.3, encoding.md §8.3): bindings of such
// tensors are widened to their storage element type, loads truncate back
// and stores extend. Packable sub-byte types (i2, i4; i1 with
// `#iree_encoding.packed_storage`) stay as they are.
//
// [fix] encoding.md §8.3 item 1: the widened binding keeps the bound tensor's
// encoding.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"

namespace sluice::stream {
#define GEN_PASS_DEF_ENCODEDEVICETENSORSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
using sluice::iree_tensor_ext::DispatchTensorLoadOp;
using sluice::iree_tensor_ext::DispatchTensorStoreOp;
using sluice::iree_tensor_ext::DispatchTensorType;

namespace {

struct EncodeBindingSubspan : public OpRewritePattern<BindingSubspanOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(BindingSubspanOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<DispatchTensorType>(op.getResult().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "not a dispatch tensor binding");
    RankedTensorType boundType = type.asRankedTensorType();
    RankedTensorType alignedType = iree_encoding::alignTensorType(boundType);
    if (alignedType == boundType)
      return rewriter.notifyMatchFailure(op, "already a storage type");
    rewriter.modifyOpInPlace(op, [&] {
      op.getResult().setType(DispatchTensorType::get(
          op.getContext(), type.getAccess(), alignedType));
    });
    return success();
  }
};

struct EncodeDispatchTensorLoad
    : public OpRewritePattern<DispatchTensorLoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorLoadOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getResult().getType());
    RankedTensorType alignedType = iree_encoding::alignTensorType(type);
    if (alignedType == type)
      return rewriter.notifyMatchFailure(op, "already a storage type");
    rewriter.setInsertionPointAfter(op);
    auto truncOp =
        arith::TruncIOp::create(rewriter, op.getLoc(), type, op.getResult());
    rewriter.modifyOpInPlace(op, [&] { op.getResult().setType(alignedType); });
    rewriter.replaceAllUsesExcept(op.getResult(), truncOp.getResult(), truncOp);
    return success();
  }
};

struct EncodeDispatchTensorStore
    : public OpRewritePattern<DispatchTensorStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(DispatchTensorStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getValue().getType());
    RankedTensorType alignedType = iree_encoding::alignTensorType(type);
    if (alignedType == type)
      return rewriter.notifyMatchFailure(op, "already a storage type");
    auto extOp = arith::ExtUIOp::create(rewriter, op.getLoc(), alignedType,
                                        op.getValue());
    rewriter.modifyOpInPlace(
        op, [&] { op.getValueMutable().assign(extOp.getResult()); });
    return success();
  }
};

struct EncodeDeviceTensorsPass
    : public stream::impl::EncodeDeviceTensorsPassBase<
          EncodeDeviceTensorsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<EncodeBindingSubspan, EncodeDispatchTensorLoad,
                 EncodeDispatchTensorStore>(&getContext());
    if (failed(util::applyPatternsGreedilyLinear(
            getOperation(), FrozenRewritePatternSet(std::move(patterns)))))
      return signalPassFailure();
  }
};

} // namespace
