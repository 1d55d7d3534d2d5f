//===- EncodingInfo.cpp - packed layout records of the resolvers ----------===//
//
// encoding.md §6.1 (record, dictionary form, verifier, storage size,
// bitcast adjustment), the contraction queries of §4.11 and the matmul tile
// selection of §6.3, and the global options of §6.8.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Codegen/IR/EncodingInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using sluice::iree_encoding::EncodingAttr;

namespace sluice::codegen {

//===----------------------------------------------------------------------===//
// Options (§6.8)
//===----------------------------------------------------------------------===//

static llvm::cl::opt<bool> clEnableScalableVectorization(
    "iree-llvmcpu-enable-scalable-vectorization",
    llvm::cl::desc("Enables scalable tiles in the CPU encoding resolver for "
                   "targets that support scalable vectors."),
    llvm::cl::init(false));

static llvm::cl::opt<int64_t> clVscaleValue(
    "iree-experimental-vscale-value",
    llvm::cl::desc("The vscale used to size scalable tiles on the host "
                   "(-1: unset)."),
    llvm::cl::init(-1));

bool isScalableVectorizationEnabled() { return clEnableScalableVectorization; }
int64_t getVscaleValue() { return clVscaleValue; }

//===----------------------------------------------------------------------===//
// Dictionary form
//===----------------------------------------------------------------------===//

static constexpr llvm::StringLiteral kInnerDimsPos = "innerDimsPos";
static constexpr llvm::StringLiteral kInnerTileSizes = "innerTileSizes";
static constexpr llvm::StringLiteral kOuterDimsPerm = "outerDimsPerm";
static constexpr llvm::StringLiteral kScalableTiles = "scalableTiles";
static constexpr llvm::StringLiteral kSwizzle = "swizzle";
static constexpr llvm::StringLiteral kExpandShape = "expandShape";
static constexpr llvm::StringLiteral kPermutation = "permutation";
static constexpr llvm::StringLiteral kEncodingInfo = "encoding_info";

static const char *kindName(SwizzleDim::Kind kind) {
  switch (kind) {
  case SwizzleDim::Kind::Internal:
    return "Internal";
  case SwizzleDim::Kind::CrossThread:
    return "CrossThread";
  case SwizzleDim::Kind::CrossIntrinsic:
    return "CrossIntrinsic";
  }
  return "";
}

static bool isKnownMultiplier(StringRef name) {
  return name == "One" || name == "ArmSveVLIn128bitUnits" ||
         name == "RiscvVlenIn64bitUnits";
}

DictionaryAttr serializeEncodingInfo(MLIRContext *context,
                                     const MaterializeEncodingInfo &info) {
  Builder b(context);
  SmallVector<NamedAttribute> entries = {
      b.getNamedAttr(kInnerDimsPos, b.getI64ArrayAttr(info.innerDimsPos)),
      b.getNamedAttr(kInnerTileSizes, b.getI64ArrayAttr(info.innerTileSizes)),
      b.getNamedAttr(kOuterDimsPerm, b.getI64ArrayAttr(info.outerDimsPerm)),
  };
  if (info.scalableTiles)
    entries.push_back(b.getNamedAttr(
        kScalableTiles,
        b.getBoolArrayAttr(SmallVector<bool>(info.scalableTiles->begin(),
                                             info.scalableTiles->end()))));
  if (info.swizzle) {
    SmallVector<Attribute> groups;
    for (const auto &group : info.swizzle->expandShape) {
      SmallVector<Attribute> dims;
      for (const SwizzleDim &dim : group) {
        SmallVector<Attribute> parts = {
            b.getStringAttr(kindName(dim.kind)),
            b.getIntegerAttr(b.getI16Type(), dim.size)};
        if (dim.kind == SwizzleDim::Kind::Internal)
          parts.push_back(b.getStringAttr(dim.multiplier));
        else if (dim.kind == SwizzleDim::Kind::CrossThread)
          parts.push_back(b.getIntegerAttr(b.getI8Type(), dim.factor));
        dims.push_back(b.getArrayAttr(parts));
      }
      groups.push_back(b.getArrayAttr(dims));
    }
    entries.push_back(b.getNamedAttr(
        kSwizzle,
        b.getDictionaryAttr(
            {b.getNamedAttr(kExpandShape, b.getArrayAttr(groups)),
             b.getNamedAttr(kPermutation,
                            b.getI64ArrayAttr(info.swizzle->permutation))})));
  }
  return b.getDictionaryAttr(entries);
}

/// An array attribute of integers as numbers.
static std::optional<SmallVector<int64_t>> getIntegerList(Attribute attr) {
  auto array = dyn_cast_or_null<ArrayAttr>(attr);
  if (!array)
    return std::nullopt;
  SmallVector<int64_t> values;
  for (Attribute element : array) {
    auto intAttr = dyn_cast<IntegerAttr>(element);
    if (!intAttr)
      return std::nullopt;
    values.push_back(intAttr.getValue().getSExtValue());
  }
  return values;
}

static std::optional<SwizzleDim> deserializeSwizzleDim(Attribute attr) {
  auto parts = dyn_cast<ArrayAttr>(attr);
  if (!parts || parts.size() < 2)
    return std::nullopt;
  auto kind = dyn_cast<StringAttr>(parts[0]);
  auto size = dyn_cast<IntegerAttr>(parts[1]);
  if (!kind || !size)
    return std::nullopt;
  SwizzleDim dim;
  dim.size = size.getValue().getSExtValue();
  if (dim.size < 1 || dim.size > 32767)
    return std::nullopt;
  if (kind.getValue() == "Internal") {
    auto multiplier =
        parts.size() == 3 ? dyn_cast<StringAttr>(parts[2]) : StringAttr();
    if (!multiplier || !isKnownMultiplier(multiplier.getValue()))
      return std::nullopt;
    dim.kind = SwizzleDim::Kind::Internal;
    dim.multiplier = multiplier.getValue().str();
    return dim;
  }
  if (kind.getValue() == "CrossThread") {
    auto factor =
        parts.size() == 3 ? dyn_cast<IntegerAttr>(parts[2]) : IntegerAttr();
    if (!factor)
      return std::nullopt;
    dim.kind = SwizzleDim::Kind::CrossThread;
    dim.factor = factor.getValue().getSExtValue();
    if (dim.factor < 1 || dim.factor > 127)
      return std::nullopt;
    return dim;
  }
  if (kind.getValue() == "CrossIntrinsic" && parts.size() == 2) {
    dim.kind = SwizzleDim::Kind::CrossIntrinsic;
    return dim;
  }
  return std::nullopt;
}

static std::optional<TileSwizzle> deserializeSwizzle(Attribute attr) {
  auto dict = dyn_cast<DictionaryAttr>(attr);
  if (!dict)
    return std::nullopt;
  auto groups = dyn_cast_or_null<ArrayAttr>(dict.get(kExpandShape));
  std::optional<SmallVector<int64_t>> permutation =
      getIntegerList(dict.get(kPermutation));
  if (!groups || !permutation)
    return std::nullopt;
  TileSwizzle swizzle;
  swizzle.permutation = std::move(*permutation);
  for (Attribute groupAttr : groups) {
    auto group = dyn_cast<ArrayAttr>(groupAttr);
    if (!group)
      return std::nullopt;
    SmallVector<SwizzleDim> dims;
    for (Attribute dimAttr : group) {
      std::optional<SwizzleDim> dim = deserializeSwizzleDim(dimAttr);
      if (!dim)
        return std::nullopt;
      dims.push_back(*dim);
    }
    swizzle.expandShape.push_back(std::move(dims));
  }
  return swizzle;
}

std::optional<MaterializeEncodingInfo>
deserializeEncodingInfo(DictionaryAttr dict) {
  if (!dict)
    return std::nullopt;
  std::optional<SmallVector<int64_t>> innerDimsPos =
      getIntegerList(dict.get(kInnerDimsPos));
  std::optional<SmallVector<int64_t>> innerTileSizes =
      getIntegerList(dict.get(kInnerTileSizes));
  std::optional<SmallVector<int64_t>> outerDimsPerm =
      getIntegerList(dict.get(kOuterDimsPerm));
  if (!innerDimsPos || !innerTileSizes || !outerDimsPerm)
    return std::nullopt;
  MaterializeEncodingInfo info;
  info.innerDimsPos = std::move(*innerDimsPos);
  info.innerTileSizes = std::move(*innerTileSizes);
  info.outerDimsPerm = std::move(*outerDimsPerm);
  if (Attribute scalable = dict.get(kScalableTiles)) {
    auto array = dyn_cast<ArrayAttr>(scalable);
    if (!array)
      return std::nullopt;
    SmallVector<bool> flags;
    for (Attribute flag : array) {
      auto boolAttr = dyn_cast<BoolAttr>(flag);
      if (!boolAttr)
        return std::nullopt;
      flags.push_back(boolAttr.getValue());
    }
    info.scalableTiles = std::move(flags);
  }
  if (Attribute swizzle = dict.get(kSwizzle)) {
    info.swizzle = deserializeSwizzle(swizzle);
    if (!info.swizzle)
      return std::nullopt;
  }
  return info;
}

DictionaryAttr getEncodingInfoDict(DictionaryAttr configuration) {
  if (!configuration)
    return {};
  return dyn_cast_or_null<DictionaryAttr>(configuration.get(kEncodingInfo));
}

//===----------------------------------------------------------------------===//
// Verifier
//===----------------------------------------------------------------------===//

/// Entries of `values` must be in [0, rank) and unique.
static LogicalResult
verifyIndexList(StringRef field, ArrayRef<int64_t> values, int64_t rank,
                function_ref<InFlightDiagnostic()> emitError) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t value : values) {
    if (value < 0 || value >= rank)
      return emitError() << field << " index " << value
                         << " is out of bounds for tensor rank " << rank;
    if (!seen.insert(value).second)
      return emitError() << field << " contains duplicate index " << value;
  }
  return success();
}

static LogicalResult
verifySwizzle(const TileSwizzle &swizzle, ArrayRef<int64_t> innerTileSizes,
              function_ref<InFlightDiagnostic()> emitError) {
  size_t expandedRank = 0;
  for (const auto &group : swizzle.expandShape)
    expandedRank += group.size();
  SmallVector<int64_t> sorted(swizzle.permutation);
  llvm::sort(sorted);
  bool isPermutation = sorted.size() == expandedRank;
  for (auto [i, value] : llvm::enumerate(sorted))
    isPermutation &= value == (int64_t)i;
  if (!isPermutation)
    return emitError() << "swizzle permutation is not a permutation of the "
                          "expanded dimensions";
  if (swizzle.expandShape.size() != innerTileSizes.size())
    return emitError() << "swizzle expandShape size ("
                       << swizzle.expandShape.size()
                       << ") does not match innerTileSizes size ("
                       << innerTileSizes.size() << ")";
  for (auto [i, group] : llvm::enumerate(swizzle.expandShape)) {
    int64_t product = 1;
    for (const SwizzleDim &dim : group)
      product *= dim.size;
    if (product != innerTileSizes[i])
      return emitError() << "swizzle expandShape[" << i << "] product ("
                         << product << ") does not match innerTileSizes[" << i
                         << "] (" << innerTileSizes[i] << ")";
  }
  return success();
}

LogicalResult
verifyResolverConfiguration(DictionaryAttr configuration,
                            ArrayRef<int64_t> shape,
                            function_ref<InFlightDiagnostic()> emitError) {
  if (!configuration || !configuration.get(kEncodingInfo))
    return success();
  std::optional<MaterializeEncodingInfo> info = deserializeEncodingInfo(
      dyn_cast<DictionaryAttr>(configuration.get(kEncodingInfo)));
  if (!info)
    return emitError() << "invalid encoding_info in configuration";
  if (info->isIdentity())
    return success();
  if (info->innerDimsPos.size() != info->innerTileSizes.size())
    return emitError() << "innerDimsPos size (" << info->innerDimsPos.size()
                       << ") does not match innerTileSizes size ("
                       << info->innerTileSizes.size() << ")";
  int64_t rank = shape.size();
  if (failed(verifyIndexList(kInnerDimsPos, info->innerDimsPos, rank,
                             emitError)) ||
      failed(verifyIndexList(kOuterDimsPerm, info->outerDimsPerm, rank,
                             emitError)))
    return failure();
  if (info->swizzle)
    return verifySwizzle(*info->swizzle, info->innerTileSizes, emitError);
  return success();
}

//===----------------------------------------------------------------------===//
// Storage size
//===----------------------------------------------------------------------===//

Value calculatePackedStorageSizeInBytes(const MaterializeEncodingInfo &info,
                                        Location loc, OpBuilder &builder,
                                        RankedTensorType type,
                                        ValueRange dynamicDims) {
  if (type.getNumDynamicDims() != dynamicDims.size() ||
      info.innerDimsPos.size() != info.innerTileSizes.size())
    return {};
  SmallVector<int64_t> paddedShape(type.getShape());
  SmallVector<Value> dims(dynamicDims);
  auto nsw = arith::IntegerOverflowFlags::nsw;
  for (auto [i, dim] : llvm::enumerate(info.innerDimsPos)) {
    if (dim < 0 || dim >= type.getRank())
      return {};
    int64_t tile = info.innerTileSizes[i];
    if (ShapedType::isDynamic(tile))
      tile = 16;
    if (info.scalableTiles && i < info.scalableTiles->size() &&
        (*info.scalableTiles)[i]) {
      int64_t vscale = getVscaleValue();
      if (vscale < 1)
        return {};
      tile *= vscale;
    }
    if (tile == 1)
      continue;
    if (tile < 1)
      return {};
    if (type.isDynamicDim(dim)) {
      unsigned dynamicIndex = type.getDynamicDimIndex(dim);
      Value tileValue = arith::ConstantIndexOp::create(builder, loc, tile);
      dims[dynamicIndex] = arith::CeilDivSIOp::create(
          builder, loc, dims[dynamicIndex], tileValue);
      dims[dynamicIndex] = arith::MulIOp::create(
          builder, loc, dims[dynamicIndex], tileValue, nsw);
    } else {
      paddedShape[dim] = llvm::alignTo(paddedShape[dim], tile);
    }
  }
  uint64_t bitWidth = util::getTypeBitWidth(type.getElementType());
  int64_t bytesPerElement = bitWidth > 8 ? bitWidth / 8 : 1;
  int64_t staticSize = bytesPerElement;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (!type.isDynamicDim(i) &&
        llvm::MulOverflow(staticSize, paddedShape[i], staticSize))
      return {};
  Value result = arith::ConstantIndexOp::create(builder, loc, staticSize);
  for (Value dim : dims)
    result = arith::MulIOp::create(builder, loc, result, dim, nsw);
  if (bitWidth < 8) {
    if (bitWidth == 0 || 8 % bitWidth != 0)
      return {};
    result = arith::CeilDivUIOp::create(
        builder, loc, result,
        arith::ConstantIndexOp::create(builder, loc, 8 / bitWidth));
  }
  return result;
}

MaterializeEncodingInfo getEncodingInfo(DictionaryAttr configuration,
                                        RankedTensorType type,
                                        EncodingInfoFn compute) {
  if (DictionaryAttr dict = getEncodingInfoDict(configuration)) {
    std::optional<MaterializeEncodingInfo> info = deserializeEncodingInfo(dict);
    return info ? *info : MaterializeEncodingInfo();
  }
  MaterializeEncodingInfo info = compute(type);
  auto encoding = dyn_cast_or_null<EncodingAttr>(type.getEncoding());
  if (!encoding || !encoding.getOriginalElementType() ||
      encoding.getOriginalElementType() == type.getElementType() ||
      info.innerTileSizes.empty() ||
      ShapedType::isDynamic(info.innerTileSizes.back()))
    return info;
  uint64_t originalBits =
      util::getTypeBitWidth(encoding.getOriginalElementType());
  uint64_t storageBits = util::getTypeBitWidth(type.getElementType());
  if (storageBits == 0)
    return info;
  info.innerTileSizes.back() =
      info.innerTileSizes.back() * originalBits / storageBits;
  if (info.swizzle && !info.swizzle->expandShape.empty() &&
      !info.swizzle->expandShape.back().empty()) {
    SwizzleDim &innermost = info.swizzle->expandShape.back().back();
    innermost.size = innermost.size * originalBits / storageBits;
  }
  return info;
}

DictionaryAttr getLayoutConfiguration(DictionaryAttr configuration,
                                      RankedTensorType type,
                                      EncodingInfoFn compute,
                                      bool withEncodingAttr) {
  MLIRContext *context = type.getContext();
  Builder b(context);
  SmallVector<NamedAttribute> entries;
  if (withEncodingAttr)
    if (auto encoding = dyn_cast_or_null<EncodingAttr>(type.getEncoding()))
      entries.push_back(b.getNamedAttr("encoding_attr", encoding));
  entries.push_back(b.getNamedAttr(
      kEncodingInfo,
      serializeEncodingInfo(context,
                            getEncodingInfo(configuration, type, compute))));
  return b.getDictionaryAttr(entries);
}

Value calculateResolverStorageSize(DictionaryAttr configuration,
                                   EncodingInfoFn compute, Location loc,
                                   OpBuilder &builder, RankedTensorType type,
                                   ValueRange dynamicDims) {
  return calculatePackedStorageSizeInBytes(
      getEncodingInfo(configuration, type, compute), loc, builder, type,
      dynamicDims);
}

//===----------------------------------------------------------------------===//
// Contractions and matmul tiles
//===----------------------------------------------------------------------===//

std::optional<ContractionDims> getContractionDims(EncodingAttr encoding) {
  SmallVector<AffineMap> roots = encoding.getRootMaps();
  if (roots.empty() || llvm::any_of(roots, [](AffineMap m) { return !m; }))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(roots);
  if (failed(dims))
    return std::nullopt;
  ContractionDims result;
  result.batch.assign(dims->batch.begin(), dims->batch.end());
  result.m.assign(dims->m.begin(), dims->m.end());
  result.n.assign(dims->n.begin(), dims->n.end());
  result.k.assign(dims->k.begin(), dims->k.end());
  return result;
}

std::optional<ContractionSizes> getContractionSizes(EncodingAttr encoding) {
  SmallVector<int64_t> sizes = encoding.getIterationSizesArray();
  if (sizes.empty())
    return std::nullopt;
  std::optional<ContractionDims> dims = getContractionDims(encoding);
  if (!dims || dims->batch.size() > 1 || dims->m.size() > 1 ||
      dims->n.size() > 1 || dims->k.size() != 1)
    return std::nullopt;
  auto sizeOf = [&](ArrayRef<unsigned> list) -> std::optional<int64_t> {
    if (list.empty())
      return 1;
    if (list[0] >= sizes.size())
      return std::nullopt;
    return sizes[list[0]];
  };
  std::optional<int64_t> batch = sizeOf(dims->batch), m = sizeOf(dims->m),
                         n = sizeOf(dims->n), k = sizeOf(dims->k);
  if (!batch || !m || !n || !k)
    return std::nullopt;
  return ContractionSizes{*batch, *m, *n, *k};
}

bool TileMxNxK::isDynamic() const {
  return ShapedType::isDynamic(m) || ShapedType::isDynamic(n) ||
         ShapedType::isDynamic(k);
}

NarrowDim getPo2NarrowDim(EncodingAttr encoding) {
  std::optional<ContractionSizes> sizes = getContractionSizes(encoding);
  if (!sizes)
    return {};
  int64_t m = sizes->m, n = sizes->n;
  bool mDynamic = ShapedType::isDynamic(m), nDynamic = ShapedType::isDynamic(n);
  auto narrowN = [&] {
    return NarrowDim{NarrowDim::Dim::N, (int64_t)llvm::PowerOf2Ceil(n)};
  };
  auto narrowM = [&] {
    return NarrowDim{NarrowDim::Dim::M, (int64_t)llvm::PowerOf2Ceil(m)};
  };
  if (mDynamic && nDynamic)
    return {};
  if (mDynamic)
    return narrowN();
  if (nDynamic)
    return narrowM();
  if (n < m)
    return narrowN();
  if (m < n)
    return narrowM();
  return {};
}

bool isNarrowNResult(EncodingAttr encoding) {
  return encoding.getOperandIndexValue() == 2 &&
         getPo2NarrowDim(encoding).isN();
}

TileMxNxK chooseMatmulTile(ArrayRef<TileMxNxK> tiles, NarrowDim narrow,
                           bool transposeNarrowN) {
  if (narrow.isN() && transposeNarrowN) {
    TileMxNxK tile = chooseMatmulTile(
        tiles, NarrowDim{NarrowDim::Dim::M, narrow.size}, transposeNarrowN);
    std::swap(tile.m, tile.n);
    return tile;
  }
  for (const TileMxNxK &tile : tiles)
    if (tile.isDynamic())
      return tile;
  auto penalty = [&](const TileMxNxK &tile) -> int64_t {
    if (!narrow)
      return 0;
    int64_t limit = llvm::PowerOf2Ceil(narrow.size);
    return std::max<int64_t>(tile.m - limit, 0);
  };
  const TileMxNxK *best = nullptr;
  for (const TileMxNxK &tile : tiles) {
    if (!best) {
      best = &tile;
      continue;
    }
    int64_t p = penalty(tile), bestPenalty = penalty(*best);
    if (p < bestPenalty ||
        (p == bestPenalty &&
         tile.m * tile.n * tile.k > best->m * best->n * best->k))
      best = &tile;
  }
  return best ? *best : TileMxNxK();
}

std::optional<MaterializeEncodingInfo>
getMatmulEncodingInfo(EncodingAttr encoding, const TileMxNxK &tile) {
  std::optional<ContractionDims> dims = getContractionDims(encoding);
  if (!dims)
    return std::nullopt;
  MaterializeEncodingInfo info;
  auto visit = [&](ArrayRef<unsigned> list, std::optional<int64_t> tileSize) {
    if (list.empty())
      return;
    std::optional<unsigned> position = encoding.mapDimToOperandIndex(list[0]);
    if (!position)
      return;
    info.outerDimsPerm.push_back(*position);
    if (!tileSize)
      return;
    info.innerDimsPos.push_back(*position);
    info.innerTileSizes.push_back(*tileSize);
  };
  visit(dims->batch, std::nullopt);
  visit(dims->m, tile.m);
  visit(dims->n, tile.n);
  visit(dims->k, tile.k);
  return info;
}

void transposeNarrowNResult(MaterializeEncodingInfo &info) {
  if (info.innerTileSizes.size() < 2 || info.innerDimsPos.size() < 2 ||
      info.outerDimsPerm.size() < 2)
    return;
  auto swapLast = [](auto &list) {
    std::swap(list[list.size() - 1], list[list.size() - 2]);
  };
  swapLast(info.innerDimsPos);
  swapLast(info.innerTileSizes);
  swapLast(info.outerDimsPerm);
  if (info.scalableTiles && info.scalableTiles->size() >= 2)
    swapLast(*info.scalableTiles);
}

} // namespace sluice::codegen
