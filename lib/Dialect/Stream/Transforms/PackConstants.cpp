//===- PackConstants.cpp - --iree-stream-pack-constants -------------------===//
//
// Expands `stream.resource.constants` into packed host storage and the
// upload, map, load and gather ops that make it device-visible
// (stream-passes-2.md §8).
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/ConstantSets.h"
#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Support/FusedLocations.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_PACKCONSTANTSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {

namespace {

/// One value of a constants op.
struct ConstantSlice {
  Value result;
  Value resultSize;
  Attribute value;
  int64_t storageSize;
};

/// Where a slice lands in a storage resource.
struct StorageSpan {
  const ConstantSlice *slice;
  int64_t offset;
  int64_t length;
};

/// One host storage buffer (bucket) holding several slices.
struct StorageResource {
  SmallVector<StorageSpan> spans;
  int64_t totalSize = 0;

  Location getLoc(MLIRContext *context) const {
    SmallVector<Location> locs;
    for (const StorageSpan &span : spans)
      locs.push_back(span.slice->result.getLoc());
    return fuseLocations(context, locs);
  }
};

/// `value` rounded up to `alignment` (values below 1 mean none).
static int64_t alignTo(int64_t value, int64_t alignment) {
  if (alignment <= 1)
    return value;
  return static_cast<int64_t>(
      llvm::alignTo(static_cast<uint64_t>(value), alignment));
}

class ConstantsPacker {
public:
  ConstantsPacker(ResourceConstantsOp constantsOp, ResourceConfigAttr config)
      : constantsOp(constantsOp), config(config), builder(constantsOp),
        affinity(constantsOp.getAffinityAttr()),
        i64Set(constantsOp.getLoc(), OpBuilder(constantsOp)),
        indexSet(constantsOp.getLoc(), OpBuilder(constantsOp)) {}

  LogicalResult run();

private:
  SmallVector<StorageResource> bucket(ArrayRef<ConstantSlice> slices);
  util::CompositeAttr packData(const StorageResource &storage);
  Value serializedUpload(ArrayRef<ConstantSlice> slices, Value immediate);
  Value parameterUpload(ArrayRef<ConstantSlice> slices, Value immediate);
  std::pair<Value, Value> fileRead(Value buffer, Type resourceType, Value size,
                                   Value await, Location loc,
                                   OpBuilder &regionBuilder);
  Value subview(Location loc, Value source, Value sourceSize, int64_t offset,
                Value resultSize) {
    return ResourceSubviewOp::create(builder, loc, source.getType(), source,
                                     sourceSize, indexSet.get(offset),
                                     resultSize)
        .getResult();
  }
  Value bufferConstant(Location loc, Attribute value) {
    return util::BufferConstantOp::create(
               builder, loc, builder.getType<util::BufferType>(),
               /*name=*/StringAttr(), value, /*alignment=*/IntegerAttr(),
               /*mime_type=*/StringAttr())
        .getResult();
  }

  ResourceConstantsOp constantsOp;
  ResourceConfigAttr config;
  OpBuilder builder;
  AffinityAttr affinity;
  util::I64Set i64Set;
  util::IndexSet indexSet;
};

} // namespace

SmallVector<StorageResource>
ConstantsPacker::bucket(ArrayRef<ConstantSlice> slices) {
  int64_t maxSize = config.getMaxAllocationSize();
  SmallVector<StorageResource> storages(1);
  for (const ConstantSlice &slice : slices) {
    StorageResource *current = &storages.back();
    int64_t offset =
        alignTo(current->totalSize, config.getMinBufferOffsetAlignment());
    int64_t length = slice.storageSize;
    int64_t padded = alignTo(length, config.getMinBufferRangeAlignment());
    if (length > maxSize)
      constantsOp.emitWarning()
          << "constant of " << length << " bytes exceeds max_allocation_size "
          << maxSize;
    // PC3: the unpadded end is checked, the padded end accounted.
    if (offset + length > maxSize) {
      storages.emplace_back();
      current = &storages.back();
      offset = 0;
    }
    current->spans.push_back({&slice, offset, length});
    current->totalSize = std::max(current->totalSize, offset + padded);
  }
  // PC4 fix: no storage resource without spans survives (the reference
  // drops only a trailing one).
  llvm::erase_if(storages,
                 [](const StorageResource &s) { return s.spans.empty(); });
  return storages;
}

util::CompositeAttr ConstantsPacker::packData(const StorageResource &storage) {
  MLIRContext *context = builder.getContext();
  auto zeros = [&](int64_t count) -> Attribute {
    auto type = VectorType::get({count}, builder.getI8Type());
    return DenseElementsAttr::get(type, builder.getI8IntegerAttr(0));
  };
  SmallVector<Attribute> values;
  int64_t cursor = 0;
  for (const StorageSpan &span : storage.spans) {
    if (span.length == 0)
      continue;
    if (span.offset > cursor)
      values.push_back(zeros(span.offset - cursor));
    values.push_back(span.slice->value);
    cursor = span.offset + span.length;
  }
  if (storage.totalSize > cursor)
    values.push_back(zeros(storage.totalSize - cursor));
  return util::CompositeAttr::getFromValues(context, values);
}

std::pair<Value, Value> ConstantsPacker::fileRead(Value buffer,
                                                  Type resourceType, Value size,
                                                  Value await, Location loc,
                                                  OpBuilder &regionBuilder) {
  Value zero = indexSet.get(0);
  Value zeroI64 = i64Set.get(0);
  auto allocOp = ResourceAllocOp::create(regionBuilder, loc, resourceType, size,
                                         /*uninitialized=*/true, affinity);
  auto fileOp = FileConstantOp::create(regionBuilder, loc,
                                       regionBuilder.getType<FileType>(),
                                       buffer, size, zero, size, affinity);
  auto readOp = FileReadOp::create(
      regionBuilder, loc, regionBuilder.getType<TimepointType>(),
      fileOp.getResult(), zeroI64, allocOp.getResult(), size, zero, size, await,
      affinity);
  return {readOp.getResultTimepoint(), allocOp.getResult()};
}

Value ConstantsPacker::serializedUpload(ArrayRef<ConstantSlice> slices,
                                        Value immediate) {
  auto resourceType = cast<ResourceType>(slices.front().result.getType());
  Value current = immediate;
  int64_t alignment = config.getMinBufferOffsetAlignment();
  for (const StorageResource &storage : bucket(slices)) {
    Location loc = storage.getLoc(builder.getContext());
    auto bufferOp = util::BufferConstantOp::create(
        builder, loc, builder.getType<util::BufferType>(),
        /*name=*/StringAttr(), packData(storage),
        builder.getIndexAttr(alignment), /*mime_type=*/StringAttr());
    Value buffer = bufferOp.getResult();
    Value size = indexSet.get(storage.totalSize);
    Value uploaded, timepoint;
    if (resourceType.getLifetime() == Lifetime::Constant) {
      auto tryMapOp = ResourceTryMapOp::create(
          builder, loc, builder.getI1Type(), resourceType, buffer,
          indexSet.get(0), size, affinity);
      // The branches are built before the scf.if is inserted, so memoized
      // constants first requested inside them land before it.
      auto ifOp = scf::IfOp::create(
          builder, loc, tryMapOp.getDidMap(),
          [&](OpBuilder &thenBuilder, Location loc) {
            scf::YieldOp::create(thenBuilder, loc,
                                 ValueRange{current, tryMapOp.getResult()});
          },
          [&](OpBuilder &elseBuilder, Location loc) {
            auto [readTimepoint, alloc] =
                fileRead(buffer, resourceType, size, current, loc, elseBuilder);
            scf::YieldOp::create(elseBuilder, loc,
                                 ValueRange{readTimepoint, alloc});
          });
      timepoint = ifOp.getResult(0);
      uploaded = ifOp.getResult(1);
    } else {
      std::tie(timepoint, uploaded) =
          fileRead(buffer, resourceType, size, current, loc, builder);
    }
    for (const StorageSpan &span : storage.spans)
      Value(span.slice->result)
          .replaceAllUsesWith(subview(span.slice->result.getLoc(), uploaded,
                                      size, span.offset,
                                      span.slice->resultSize));
    // PC1: buckets are uploaded one after another.
    current = timepoint;
  }
  return current;
}

Value ConstantsPacker::parameterUpload(ArrayRef<ConstantSlice> slices,
                                       Value immediate) {
  auto resourceType = cast<ResourceType>(slices.front().result.getType());
  SmallVector<StorageResource> storages;
  if (resourceType.getLifetime() == Lifetime::Constant &&
      config.getMemoryModel() == MemoryModel::Unified) {
    // Each parameter keeps its own storage so it can be mapped in place.
    for (const ConstantSlice &slice : slices) {
      StorageResource storage;
      storage.spans.push_back({&slice, 0, slice.storageSize});
      storage.totalSize = slice.storageSize;
      storages.push_back(std::move(storage));
    }
  } else {
    // PC2: the packed composite data is never used, so it is not built.
    storages = bucket(slices);
  }

  auto paramOf = [](const StorageSpan &span) {
    return cast<NamedParameterAttr>(span.slice->value);
  };
  auto sourceOffsetOf = [&](const StorageSpan &span) {
    int64_t offset = 0;
    if (DictionaryAttr config = paramOf(span).getConfig())
      if (auto attr = config.getAs<IntegerAttr>("offset"))
        offset = attr.getInt();
    return i64Set.get(offset);
  };
  // The reference also requests the parameter's source length and never uses
  // it (a dead constant when it is not a result size).
  auto requestSourceLength = [&](const StorageSpan &span) {
    indexSet.get(span.slice->storageSize);
  };
  auto scopeConstant = [&](StringAttr scope, Location loc) -> Value {
    return scope ? bufferConstant(loc, scope) : Value();
  };

  llvm::MapVector<StringAttr, SmallVector<const StorageResource *>> loads;
  SmallVector<const StorageResource *> gathers;
  for (const StorageResource &storage : storages) {
    if (storage.spans.size() == 1)
      loads[paramOf(storage.spans.front()).getScope()].push_back(&storage);
    else
      gathers.push_back(&storage);
  }

  SmallVector<Value> timepoints;
  Type timepointType = builder.getType<TimepointType>();
  for (auto &[scope, loadStorages] : loads) {
    SmallVector<Value> keys, sourceOffsets, lengths;
    SmallVector<Location> locs;
    for (const StorageResource *storage : loadStorages) {
      const StorageSpan &span = storage->spans.front();
      Location loc = span.slice->result.getLoc();
      requestSourceLength(span);
      keys.push_back(bufferConstant(loc, paramOf(span).getKey()));
      sourceOffsets.push_back(sourceOffsetOf(span));
      lengths.push_back(indexSet.get(span.length));
      locs.push_back(loc);
    }
    Location loc = fuseLocations(builder.getContext(), locs);
    Value scopeValue = scopeConstant(scope, loc);
    auto loadOp = CmdParameterLoadOp::create(
        builder, loc, SmallVector<Type>(keys.size(), resourceType),
        timepointType, scopeValue, keys, sourceOffsets, lengths, immediate,
        affinity);
    for (auto [i, storage] : llvm::enumerate(loadStorages)) {
      const StorageSpan &span = storage->spans.front();
      Value(span.slice->result)
          .replaceAllUsesWith(subview(span.slice->result.getLoc(),
                                      loadOp.getResults()[i], lengths[i],
                                      span.offset, span.slice->resultSize));
    }
    timepoints.push_back(loadOp.getResultTimepoint());
  }

  for (const StorageResource *storage : gathers) {
    Location loc = storage->getLoc(builder.getContext());
    Value total = indexSet.get(storage->totalSize);
    auto allocOp = ResourceAllocOp::create(builder, loc, resourceType, total,
                                           /*uninitialized=*/true, affinity);
    llvm::MapVector<StringAttr, SmallVector<const StorageSpan *>> byScope;
    for (const StorageSpan &span : storage->spans)
      byScope[paramOf(span).getScope()].push_back(&span);
    SmallVector<Value> gatherTimepoints;
    for (auto &[scope, spans] : byScope) {
      SmallVector<Value> keys, sourceOffsets, targetOffsets, lengths;
      for (const StorageSpan *span : spans) {
        requestSourceLength(*span);
        keys.push_back(bufferConstant(loc, paramOf(*span).getKey()));
        sourceOffsets.push_back(sourceOffsetOf(*span));
        targetOffsets.push_back(indexSet.get(span->offset));
        lengths.push_back(indexSet.get(span->length));
      }
      Value scopeValue = scopeConstant(scope, loc);
      auto gatherOp = CmdParameterGatherOp::create(
          builder, loc, timepointType, scopeValue, keys, sourceOffsets,
          allocOp.getResult(), total, targetOffsets, lengths, immediate,
          affinity);
      gatherTimepoints.push_back(gatherOp.getResultTimepoint());
    }
    for (const StorageSpan &span : storage->spans)
      Value(span.slice->result)
          .replaceAllUsesWith(subview(span.slice->result.getLoc(),
                                      allocOp.getResult(), total, span.offset,
                                      span.slice->resultSize));
    timepoints.push_back(TimepointJoinOp::join(gatherTimepoints, builder));
  }
  return TimepointJoinOp::join(timepoints, builder);
}

LogicalResult ConstantsPacker::run() {
  auto immediate =
      TimepointImmediateOp::create(builder, constantsOp.getLoc(),
                                   builder.getType<TimepointType>())
          .getResult();
  indexSet.populate(constantsOp.getResultSizes());

  SmallVector<ConstantSlice> serialized, parameters;
  for (auto [result, size, value] :
       llvm::zip_equal(constantsOp.getResults(), constantsOp.getResultSizes(),
                       constantsOp.getValues())) {
    auto sized = dyn_cast<util::SizedStorageAttr>(value);
    if (!sized)
      return constantsOp.emitOpError()
             << "constant value has no storage size: " << value;
    int64_t storageSize = sized.getStorageSize();
    if (storageSize < 0)
      return constantsOp.emitOpError()
             << "constant value has a negative storage size: " << value;
    ConstantSlice slice = {result, size, value, storageSize};
    (isa<NamedParameterAttr>(value) ? parameters : serialized).push_back(slice);
  }

  SmallVector<Value> timepoints;
  if (!serialized.empty())
    timepoints.push_back(serializedUpload(serialized, immediate));
  if (!parameters.empty())
    timepoints.push_back(parameterUpload(parameters, immediate));
  Value timepoint = timepoints.empty()
                        ? immediate
                        : TimepointJoinOp::join(timepoints, builder);
  constantsOp.getResultTimepoint().replaceAllUsesWith(timepoint);
  constantsOp.erase();
  return success();
}

namespace {

struct PackConstantsPass
    : public impl::PackConstantsPassBase<PackConstantsPass> {
  void runOnOperation() override {
    Region *region = getOperation().getCallableRegion();
    if (!region || region->empty())
      return markAllAnalysesPreserved();
    SmallVector<ResourceConstantsOp> constantsOps;
    region->walk([&](ResourceConstantsOp op) { constantsOps.push_back(op); });
    // Every constants op is rewritten; without one nothing is.
    if (constantsOps.empty())
      return markAllAnalysesPreserved();
    for (ResourceConstantsOp constantsOp : constantsOps) {
      ConstantsPacker packer(constantsOp,
                             ResourceConfigAttr::lookup(constantsOp));
      if (failed(packer.run()))
        return signalPassFailure();
    }
  }
};

} // namespace

} // namespace sluice::stream
