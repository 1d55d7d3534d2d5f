//===- StreamAsyncOps.cpp - async-phase ops ----===//
//
// Verifiers, folders and interface methods of the async-phase resource ops
// (stream-ir.md §12.7). The control-flow ops (func/call/dispatch/execute/
// concurrent) live in StreamAsyncControlOps.cpp, the canonicalization
// patterns in StreamAsyncPatterns.cpp.
//
//===----------------------------------------------------------------------===//

#include "StreamAsyncDirectives.h"
#include "StreamAsyncHelpers.h"
#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

using namespace mlir;
using namespace sluice::stream;

namespace {
/// A full-range access of `resource` of `size` bytes.
AsyncAccessRange makeFullRange(ResourceAccessBitfield access, Value resource,
                               Value size) {
  return makeRange(access, resource, Value(), size, size);
}
constexpr ResourceAccessBitfield kRead = ResourceAccessBitfield::Read;
constexpr ResourceAccessBitfield kWrite = ResourceAccessBitfield::Write;
} // namespace

//===----------------------------------------------------------------------===//
// stream.async.alloca
//===----------------------------------------------------------------------===//

bool AsyncAllocaOp::isMetadata() { return true; }
bool AsyncAllocaOp::preferCloneToConsumers() { return true; }
Value AsyncAllocaOp::getOperandSize(unsigned) { return {}; }
Value AsyncAllocaOp::getResultSize(unsigned) { return getStorageSize(); }

//===----------------------------------------------------------------------===//
// stream.async.constant
//===----------------------------------------------------------------------===//

void AsyncConstantOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), "cst");
}
SmallVector<Value> AsyncConstantOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}
Value AsyncConstantOp::getResultTimepoint() { return {}; }
bool AsyncConstantOp::isMetadata() { return true; }
void AsyncConstantOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeFullRange(kWrite, getResult(), getResultSize()));
}
Value AsyncConstantOp::getOperandSize(unsigned) { return {}; }
Value AsyncConstantOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult AsyncConstantOp::verify() {
  return verifyOpValueSizes(*this, getResult(), getResultSize());
}

//===----------------------------------------------------------------------===//
// stream.async.splat
//===----------------------------------------------------------------------===//

SmallVector<Value> AsyncSplatOp::getAwaitTimepoints() {
  if (Value timepoint = getAwaitTimepoint())
    return {timepoint};
  return {};
}
Value AsyncSplatOp::getResultTimepoint() { return {}; }
bool AsyncSplatOp::preferCloneToConsumers() { return true; }
void AsyncSplatOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeFullRange(kWrite, getResult(), getResultSize()));
}
Value AsyncSplatOp::getOperandSize(unsigned) { return {}; }
Value AsyncSplatOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult AsyncSplatOp::verify() {
  return verifyOpValueSizes(*this, getResult(), getResultSize());
}

//===----------------------------------------------------------------------===//
// stream.async.clone
//===----------------------------------------------------------------------===//

bool AsyncCloneOp::preferCloneToConsumers() { return true; }
void AsyncCloneOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeFullRange(kRead, getSource(), getSourceSize()));
  ranges.push_back(makeFullRange(kWrite, getResult(), getResultSize()));
}
Value AsyncCloneOp::getOperandSize(unsigned) { return getSourceSize(); }
Value AsyncCloneOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult AsyncCloneOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

// The reference has a folder hook here that never folds.
OpFoldResult AsyncCloneOp::fold(FoldAdaptor) { return {}; }

//===----------------------------------------------------------------------===//
// stream.async.slice
//===----------------------------------------------------------------------===//

void AsyncSliceOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeRange(kRead, getSource(), getSourceOffset(),
                             getSourceEnd(), getResultSize()));
  ranges.push_back(makeFullRange(kWrite, getResult(), getResultSize()));
}
Value AsyncSliceOp::getOperandSize(unsigned) { return getSourceSize(); }
Value AsyncSliceOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult AsyncSliceOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

OpFoldResult AsyncSliceOp::fold(FoldAdaptor) {
  if (getSourceSize() == getResultSize())
    return getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// stream.async.fill
//===----------------------------------------------------------------------===//

void AsyncFillOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeRange(kWrite, getTarget(), getTargetOffset(),
                             getTargetEnd(), getTargetLength()));
  ranges.push_back(makeRange(kWrite, getResult(), getTargetOffset(),
                             getTargetEnd(), getTargetLength()));
}
Value AsyncFillOp::getOperandSize(unsigned) { return getTargetSize(); }
Value AsyncFillOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> AsyncFillOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncFillOp::getTiedResultOperandIndices() { return {0}; }

LogicalResult AsyncFillOp::verify() {
  return verifyOpValueSizes(*this, getResult(), getTargetSize());
}

//===----------------------------------------------------------------------===//
// stream.async.update
//===----------------------------------------------------------------------===//

void AsyncUpdateOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeFullRange(kRead, getUpdate(), getUpdateSize()));
  ranges.push_back(makeRange(kWrite, getTarget(), getTargetOffset(),
                             getTargetEnd(), getUpdateSize()));
  ranges.push_back(makeRange(kWrite, getResult(), getTargetOffset(),
                             getTargetEnd(), getUpdateSize()));
}
Value AsyncUpdateOp::getOperandSize(unsigned idx) {
  return idx == 0 ? getTargetSize() : getUpdateSize();
}
Value AsyncUpdateOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> AsyncUpdateOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncUpdateOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult AsyncUpdateOp::verify() {
  if (failed(verifyOpValueSizes(*this, getUpdate(), getUpdateSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getTargetSize())))
    return failure();
  return success();
}

namespace sluice::stream {
/// stream-folding.md §3.12 `hasValueSemantics`.
bool hasAsyncValueSemantics(Value value) {
  Operation *defOp = value.getDefiningOp();
  if (!defOp)
    return false;
  if (auto tiedOp = dyn_cast<sluice::util::TiedOpInterface>(defOp))
    if (tiedOp.getTiedResultOperand(value))
      return false;
  return defOp->hasTrait<OpTrait::AsyncPhaseOp>();
}
} // namespace sluice::stream

OpFoldResult AsyncUpdateOp::fold(FoldAdaptor) {
  if (getUpdateSize() == getTargetSize() &&
      getUpdate().getType() == getResult().getType() &&
      hasAsyncValueSemantics(getTarget()))
    return getUpdate();
  if (getUpdate() == getTarget() && getUpdateSize() == getTargetSize())
    return getTarget();
  return {};
}

//===----------------------------------------------------------------------===//
// stream.async.copy
//===----------------------------------------------------------------------===//

void AsyncCopyOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeRange(kRead, getSource(), getSourceOffset(),
                             getSourceEnd(), getLength()));
  ranges.push_back(makeRange(kWrite, getTarget(), getTargetOffset(),
                             getTargetEnd(), getLength()));
  ranges.push_back(makeRange(kWrite, getResult(), getTargetOffset(),
                             getTargetEnd(), getLength()));
}
Value AsyncCopyOp::getOperandSize(unsigned idx) {
  return idx == 0 ? getTargetSize() : getSourceSize();
}
Value AsyncCopyOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> AsyncCopyOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncCopyOp::getTiedResultOperandIndices() { return {0}; }

LogicalResult AsyncCopyOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getTargetSize())))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// stream.async.collective
//===----------------------------------------------------------------------===//

void AsyncCollectiveOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeRange(kRead, getSource(), getSourceOffset(),
                             getSourceEnd(), getSourceLength()));
  ranges.push_back(makeRange(kWrite, getTarget(), getTargetOffset(),
                             getTargetEnd(), getTargetLength()));
  ranges.push_back(makeRange(kWrite, getResult(), getTargetOffset(),
                             getTargetEnd(), getTargetLength()));
}
Value AsyncCollectiveOp::getOperandSize(unsigned idx) {
  return idx == 0 ? getTargetSize() : getSourceSize();
}
Value AsyncCollectiveOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> AsyncCollectiveOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncCollectiveOp::getTiedResultOperandIndices() {
  return {0};
}

LogicalResult AsyncCollectiveOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getTargetSize())))
    return failure();
  StringRef keyword = getCollectiveParamKeyword(getOp().getKind());
  if (!keyword.empty() && !getParam())
    return emitOpError("collective operation requires a ")
           << keyword << " parameter but none present";
  if (keyword.empty() && getParam())
    return emitOpError(
        "collective operation does not require a parameter but one present");
  return success();
}

//===----------------------------------------------------------------------===//
// stream.async.barrier
//===----------------------------------------------------------------------===//

bool AsyncBarrierOp::isMetadata() { return true; }
Value AsyncBarrierOp::getOperandSize(unsigned) { return getSize(); }
Value AsyncBarrierOp::getResultSize(unsigned) { return getSize(); }
std::optional<unsigned> AsyncBarrierOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncBarrierOp::getTiedResultOperandIndices() {
  return {0};
}

// The reference's custom verifier always succeeds (no size check).
LogicalResult AsyncBarrierOp::verify() { return success(); }

//===----------------------------------------------------------------------===//
// stream.async.transfer
//===----------------------------------------------------------------------===//

AffinityAttr AsyncTransferOp::getAffinityAttr() {
  if (AffinityAttr execution = getExecutionAffinityAttr())
    return execution;
  auto sourceType = cast<ResourceType>(getSource().getType());
  auto resultType = cast<ResourceType>(getResult().getType());
  Lifetime source = sourceType.getLifetime();
  Lifetime result = resultType.getLifetime();
  if (source == Lifetime::Staging && result == Lifetime::Staging)
    return getSourceAffinityAttr();
  if (source == Lifetime::External || source == Lifetime::Staging)
    return getTargetAffinityAttr();
  if (result == Lifetime::External || result == Lifetime::Staging)
    return getSourceAffinityAttr();
  return getSourceAffinityAttr();
}
void AsyncTransferOp::setAffinityAttr(AffinityAttr value) {
  if (value)
    setExecutionAffinityAttr(value);
  else
    removeExecutionAffinityAttr();
}
AffinityAttr AsyncTransferOp::getResultAffinityAttr() {
  return getTargetAffinityAttr();
}
void AsyncTransferOp::removeAffinityAttrs() {
  removeSourceAffinityAttr();
  removeTargetAffinityAttr();
  removeExecutionAffinityAttr();
}
void AsyncTransferOp::getAsyncAccessRanges(
    SmallVectorImpl<AsyncAccessRange> &ranges) {
  ranges.push_back(makeFullRange(kRead, getSource(), getSourceSize()));
  ranges.push_back(makeFullRange(kWrite, getResult(), getResultSize()));
}
Value AsyncTransferOp::getOperandSize(unsigned) { return getSourceSize(); }
Value AsyncTransferOp::getResultSize(unsigned) { return getResultSize(); }

LogicalResult AsyncTransferOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  return success();
}

OpFoldResult AsyncTransferOp::fold(FoldAdaptor) {
  auto inner = getSource().getDefiningOp<AsyncTransferOp>();
  if (!inner || getExecutionAffinityAttr() || inner.getExecutionAffinityAttr())
    return {};
  if (inner.getSource().getType() != getResult().getType() ||
      inner.getSourceAffinityAttr() != getTargetAffinityAttr())
    return {};
  return inner.getSource();
}

//===----------------------------------------------------------------------===//
// stream.async.cast
//===----------------------------------------------------------------------===//

Value AsyncCastOp::getOperandSize(unsigned) { return getSourceSize(); }
Value AsyncCastOp::getResultSize(unsigned) { return getResultSize(); }
std::optional<unsigned> AsyncCastOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncCastOp::getTiedResultOperandIndices() { return {0}; }

LogicalResult AsyncCastOp::verify() {
  if (failed(verifyOpValueSizes(*this, getSource(), getSourceSize())) ||
      failed(verifyOpValueSizes(*this, getResult(), getResultSize())))
    return failure();
  if (getSourceSize() != getResultSize())
    return emitOpError("source and result sizes must be equal (tied storage)");
  return success();
}

OpFoldResult AsyncCastOp::fold(FoldAdaptor) {
  if (getSource().getType() == getResult().getType())
    return getSource();
  if (auto inner = getSource().getDefiningOp<AsyncCastOp>())
    if (inner.getSource().getType() == getResult().getType())
      return inner.getSource();
  return {};
}

//===----------------------------------------------------------------------===//
// stream.async.load / store
//===----------------------------------------------------------------------===//

Value AsyncLoadOp::getOperandSize(unsigned) { return getSourceSize(); }
Value AsyncLoadOp::getResultSize(unsigned) { return {}; }

LogicalResult AsyncLoadOp::verify() {
  return verifyOpValueSizes(*this, getSource(), getSourceSize());
}

Value AsyncStoreOp::getOperandSize(unsigned) { return getTargetSize(); }
Value AsyncStoreOp::getResultSize(unsigned) { return getTargetSize(); }
std::optional<unsigned> AsyncStoreOp::getTiedResultOperandIndex(unsigned) {
  return 0u;
}
SmallVector<int64_t> AsyncStoreOp::getTiedResultOperandIndices() { return {0}; }

LogicalResult AsyncStoreOp::verify() {
  return verifyOpValueSizes(*this, getTarget(), getTargetSize());
}
