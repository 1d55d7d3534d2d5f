//===- LayoutSlices.cpp - --iree-stream-layout-slices ---------------------===//
//
// Replaces `stream.resource.pack` ops with offset arithmetic
// (stream-passes-2.md §9): static slices by the reference's greedy layout on
// an interval index (or, with --sluice-stream-layout-strategy=best or on a
// pack marked `sluice.stream.layout = "best"`, the smallest of several
// heuristics, §9.4), dynamic slices binned by their size value.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/Stream/Analysis/ResourceLiveness.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/ConstantSets.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/CommandLine.h"

namespace sluice::stream {
#define GEN_PASS_DEF_LAYOUTSLICESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace {
enum class LayoutStrategy { Reference, Best };
} // namespace

static llvm::cl::opt<LayoutStrategy> clLayoutStrategy(
    "sluice-stream-layout-strategy",
    llvm::cl::desc("[Sluice] Static slice layout of "
                   "--iree-stream-layout-slices (stream-passes-2.md §9.4)."),
    llvm::cl::values(
        clEnumValN(LayoutStrategy::Reference, "reference",
                   "the reference's greedy layout in slice order (default)"),
        clEnumValN(LayoutStrategy::Best, "best",
                   "the smallest of several placement heuristics")),
    llvm::cl::init(LayoutStrategy::Reference));

namespace sluice::stream {

namespace {

/// One slice of a pack: its lifetime, size value and packed offset result.
struct SliceRef {
  int64_t start, end;
  Value size;
  Value packedOffset;
};

class PackLayout {
public:
  PackLayout(ResourcePackOp packOp, ResourceConfigAttr config)
      : packOp(packOp), builder(packOp),
        indexSet(packOp.getLoc(), OpBuilder(packOp)),
        // An alignment of 0 (a config that leaves it unset) means none.
        offsetAlignment(
            std::max<int64_t>(config.getMinBufferOffsetAlignment(), 1)),
        rangeAlignment(
            std::max<int64_t>(config.getMinBufferRangeAlignment(), 1)) {}

  LogicalResult run();

private:
  FailureOr<Value> packStatic(Value base, ArrayRef<SliceRef> slices,
                              ArrayRef<uint64_t> sizes);
  Value packDynamic(Value base, ArrayRef<SliceRef> slices);
  Value align(Value value, int64_t alignment) {
    Location loc = packOp.getLoc();
    Value alignmentValue =
        arith::ConstantIndexOp::create(builder, loc, alignment);
    return builder.createOrFold<util::AlignOp>(loc, value.getType(), value,
                                               alignmentValue);
  }

  ResourcePackOp packOp;
  OpBuilder builder;
  util::IndexSet indexSet;
  int64_t offsetAlignment;
  int64_t rangeAlignment;
};

} // namespace

FailureOr<Value> PackLayout::packStatic(Value base, ArrayRef<SliceRef> slices,
                                        ArrayRef<uint64_t> sizes) {
  SmallVector<PackSlice> packSlices;
  for (auto [slice, size] : llvm::zip_equal(slices, sizes))
    packSlices.push_back({slice.start, slice.end, size});
  auto requested = packOp->getAttrOfType<StringAttr>(kPackLayoutAttr);
  bool best = clLayoutStrategy == LayoutStrategy::Best ||
              (requested && requested.getValue() == kPackLayoutBest);
  std::optional<StaticPackResult> layout =
      best ? packSlicesBest(packSlices, offsetAlignment, rangeAlignment)
           : packSlicesReference(packSlices, offsetAlignment, rangeAlignment);
  if (!layout)
    return packOp.emitOpError()
           << "static slice layout exceeds the index range";
  Location loc = packOp.getLoc();
  for (auto [slice, offset] : llvm::zip_equal(slices, layout->offsets))
    Value(slice.packedOffset)
        .replaceAllUsesWith(builder.createOrFold<arith::AddIOp>(
            loc, base, indexSet.get(static_cast<int64_t>(offset))));
  return builder.createOrFold<arith::AddIOp>(
      loc, base, indexSet.get(static_cast<int64_t>(layout->totalSize)));
}

Value PackLayout::packDynamic(Value base, ArrayRef<SliceRef> slices) {
  Location loc = packOp.getLoc();
  llvm::MapVector<Value, SmallVector<const SliceRef *>> buckets;
  for (const SliceRef &slice : slices)
    buckets[slice.size].push_back(&slice);
  Value offset = base;
  bool offsetIsAligned = false;
  for (auto &[size, bucket] : buckets) {
    Value alignedSize = align(size, rangeAlignment);
    SmallVector<PackSlice> packSlices;
    for (const SliceRef *slice : bucket)
      packSlices.push_back({slice->start, slice->end, 0});
    SmallVector<unsigned> binOf = assignSliceBins(packSlices);
    SmallVector<Value> binOffsets;
    for (auto [slice, bin] : llvm::zip_equal(bucket, binOf)) {
      if (bin == binOffsets.size()) {
        binOffsets.push_back(offset);
        Value next =
            builder.createOrFold<arith::AddIOp>(loc, offset, alignedSize);
        if (offsetIsAligned) {
          // `offset` is provably aligned (a util.align, or a sum that one
          // folded into), so util.align(next) folds to `next` iff the size is
          // aligned too. Deciding that here spares the fold its walk down the
          // whole chain of sums, which made a pack with many size values
          // quadratic. The same IR as createOrFold (the alignment constant
          // too): a non-constant sum of an aligned offset and an unaligned
          // size is not provably aligned, so its util.align stays.
          Value alignmentValue =
              arith::ConstantIndexOp::create(builder, loc, offsetAlignment);
          if (matchPattern(next, m_Constant()))
            offset = builder.createOrFold<util::AlignOp>(loc, next.getType(),
                                                         next, alignmentValue);
          else if (util::isAlignedTo(alignedSize, alignmentValue))
            offset = next;
          else
            offset = util::AlignOp::create(builder, loc, next.getType(), next,
                                           alignmentValue);
        } else {
          offset = align(next, offsetAlignment);
        }
        // Either way the new offset is provably aligned: a util.align with
        // the offset alignment, or a sum that such an align folded into.
        offsetIsAligned = true;
      }
      Value(slice->packedOffset).replaceAllUsesWith(binOffsets[bin]);
    }
  }
  return align(offset, rangeAlignment);
}

LogicalResult PackLayout::run() {
  SmallVector<ResourcePackOp::Slice> slices = packOp.getSlices();
  SmallVector<SliceRef> staticSlices, dynamicSlices;
  SmallVector<uint64_t> staticSizes;
  for (auto [i, slice] : llvm::enumerate(slices)) {
    SliceRef ref = {slice.lifetimeStart, slice.lifetimeEnd, slice.dynamicSize,
                    slice.packedOffset};
    APInt size;
    if (matchPattern(slice.dynamicSize, m_ConstantInt(&size))) {
      if (size.isNegative())
        return packOp.emitOpError() << "slice " << i << " has a negative size "
                                    << size.getSExtValue();
      staticSlices.push_back(ref);
      staticSizes.push_back(size.getZExtValue());
    } else {
      dynamicSlices.push_back(ref);
    }
  }
  Value offset = packOp.getOffset();
  if (!offset)
    offset = indexSet.get(0);
  if (!staticSlices.empty()) {
    FailureOr<Value> end = packStatic(offset, staticSlices, staticSizes);
    if (failed(end))
      return failure();
    offset = *end;
  }
  if (!dynamicSlices.empty())
    offset = packDynamic(offset, dynamicSlices);
  packOp.getTotalLength().replaceAllUsesWith(offset);
  packOp.erase();
  return success();
}

namespace {

struct LayoutSlicesPass : public impl::LayoutSlicesPassBase<LayoutSlicesPass> {
  void runOnOperation() override {
    CallableOpInterface callableOp = getOperation();
    Region *region = callableOp.getCallableRegion();
    if (!region || region->empty())
      return markAllAnalysesPreserved();
    SmallVector<ResourcePackOp> packOps;
    region->walk([&](ResourcePackOp packOp) { packOps.push_back(packOp); });
    // Every pack op is laid out and replaced; without one nothing changes.
    if (packOps.empty())
      return markAllAnalysesPreserved();
    for (ResourcePackOp packOp : packOps) {
      PackLayout layout(packOp, ResourceConfigAttr::lookup(packOp));
      if (failed(layout.run()))
        return signalPassFailure();
    }
  }
};

} // namespace

} // namespace sluice::stream
