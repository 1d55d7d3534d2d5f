//===- IREECPUDialect.cpp - iree_cpu encoding resolvers -------------------===//
//
// `#iree_cpu.cpu_encoding_resolver` (encoding.md §6.3) and
// `#iree_cpu.vmvx_encoding_resolver` (§6.4): configuration simplification,
// the packed-layout record chosen for a tensor, and their behaviour as
// serialized layouts (§6.2).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Codegen/IR/IREECPUDialect.h"

#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Codegen/IR/EncodingInfo.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace sluice::iree_cpu;
using namespace sluice::codegen;
using sluice::iree_encoding::EncodingAttr;
using sluice::iree_encoding::EncodingOpType;

#include "sluice/Dialect/Codegen/IR/IREECPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Codegen/IR/IREECPUAttrs.cpp.inc"

void IREECPUDialect::initialize() { registerAttributes(); }

void IREECPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Codegen/IR/IREECPUAttrs.cpp.inc"
      >();
}

namespace {

//===----------------------------------------------------------------------===//
// Target description (§6.3 "Target predicates")
//===----------------------------------------------------------------------===//

struct CPUTarget {
  llvm::Triple triple;
  SmallVector<StringRef> features;

  explicit CPUTarget(DictionaryAttr config) {
    if (!config)
      return;
    if (auto tripleAttr =
            dyn_cast_or_null<StringAttr>(config.get("target_triple")))
      triple = llvm::Triple(tripleAttr.getValue());
    if (auto featuresAttr =
            dyn_cast_or_null<StringAttr>(config.get("cpu_features")))
      llvm::SplitString(featuresAttr.getValue(), features, ",");
  }
  bool isX86_64() const { return triple.getArch() == llvm::Triple::x86_64; }
  bool isAArch64() const { return triple.isAArch64(); }
  bool isRISCV64() const { return triple.getArch() == llvm::Triple::riscv64; }
  bool hasFeature(StringRef feature) const {
    return llvm::is_contained(features, feature);
  }
};

/// `[M, N, K]` tiles `{m, m/2, ..., 1} x N x K` in preference order.
SmallVector<TileMxNxK> halvingTiles(int64_t m, int64_t n, int64_t k) {
  SmallVector<TileMxNxK> tiles;
  for (int64_t tileM = m; tileM >= 1; tileM /= 2)
    tiles.push_back({tileM, n, k});
  return tiles;
}

bool isOneOf(Type type, ArrayRef<Type> candidates) {
  return llvm::is_contained(candidates, type);
}

/// The matmul tile tables of §6.3.
SmallVector<TileMxNxK> enumerateCPUMatmulTiles(EncodingAttr encoding,
                                               const CPUTarget &target) {
  SmallVector<Type> types = encoding.getElementTypesArray();
  if (types.size() < 3 || !types[0] || !types[1] || !types[2])
    return {};
  MLIRContext *context = encoding.getContext();
  Builder b(context);
  Type lhs = types[0], rhs = types[1], out = types[2];
  Type f32 = b.getF32Type(), f16 = b.getF16Type(), bf16 = b.getBF16Type();
  Type i8 = b.getIntegerType(8), i16 = b.getIntegerType(16);
  Type i32 = b.getIntegerType(32), i4 = b.getIntegerType(4);
  Type ui4 = IntegerType::get(context, 4, IntegerType::Unsigned);
  bool floatOut = isOneOf(out, {f32, f16, bf16});
  bool bf16Inputs = lhs == bf16 && rhs == bf16 && isOneOf(out, {bf16, f32});
  bool floatInputs = isa<FloatType>(lhs) && isa<FloatType>(rhs);

  if (target.isAArch64()) {
    if (floatOut) {
      if (bf16Inputs && target.hasFeature("+bf16"))
        return halvingTiles(8, 8, 4);
      if (floatInputs)
        return halvingTiles(8, 8, 1);
    }
    if (lhs == i8 && rhs == i8 && out == i32) {
      if (target.hasFeature("+i8mm"))
        return halvingTiles(8, 8, 8);
      if (target.hasFeature("+dotprod"))
        return halvingTiles(8, 8, 4);
    }
    if (lhs == i8 && rhs == i4 && out == i32) {
      if (target.hasFeature("+i8mm"))
        return halvingTiles(4, 8, 16);
      if (target.hasFeature("+dotprod"))
        return halvingTiles(8, 8, 8);
      return halvingTiles(4, 16, 2);
    }
    return {};
  }
  if (target.isX86_64()) {
    if (floatOut) {
      if (bf16Inputs && target.hasFeature("+avx512bf16"))
        return halvingTiles(16, 16, 2);
      if (floatInputs) {
        if (target.hasFeature("+avx512f"))
          return halvingTiles(16, 16, 1);
        if (target.hasFeature("+avx"))
          return halvingTiles(8, 8, 1);
        return halvingTiles(8, 4, 1);
      }
    }
    if (out == i32 &&
        ((lhs == i8 && rhs == i8) || (lhs == i16 && rhs == i16))) {
      if (target.hasFeature("+avx512vnni") || target.hasFeature("+avx512bw"))
        return halvingTiles(16, 16, 2);
      if (target.hasFeature("+avx2"))
        return halvingTiles(8, 8, 2);
      return halvingTiles(8, 4, 2);
    }
    if (out == i32 && lhs == i16 && rhs == ui4 &&
        target.hasFeature("+avx512vnni"))
      return {TileMxNxK{1, 32, 8}};
    return {};
  }
  return {};
}

/// §6.3 "Scalable flags"; nullopt when there are none.
std::optional<SmallVector<bool>> getScalableFlags(EncodingAttr encoding,
                                                  const CPUTarget &target,
                                                  const ContractionDims &dims) {
  if (!isScalableVectorizationEnabled())
    return std::nullopt;
  bool supported = (target.isAArch64() && (target.hasFeature("+sve") ||
                                           target.hasFeature("+sve2"))) ||
                   (target.isRISCV64() && target.hasFeature("+v"));
  if (!supported)
    return std::nullopt;
  auto contains = [&](ArrayRef<unsigned> list) {
    return !list.empty() && encoding.mapDimToOperandIndex(list[0]);
  };
  SmallVector<bool> flags;
  if (contains(dims.m)) {
    if (target.hasFeature("+sme"))
      return std::nullopt;
    flags.push_back(false);
  }
  if (contains(dims.n))
    flags.push_back(true);
  if (contains(dims.k))
    flags.push_back(false);
  return flags;
}

//===----------------------------------------------------------------------===//
// Convolutions (§6.3 "Convolution rule")
//===----------------------------------------------------------------------===//

struct ConvolutionDims {
  SmallVector<unsigned> batch, outputImage, outputChannel, filterLoop,
      inputChannel, depth;
  SmallVector<int64_t> dilations;
};

/// `d` or `c * d` / `d * c`: the dimension and its coefficient.
std::optional<std::pair<unsigned, int64_t>> matchScaledDim(AffineExpr expr) {
  if (auto dim = dyn_cast<AffineDimExpr>(expr))
    return std::make_pair(dim.getPosition(), int64_t(1));
  auto mul = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!mul || mul.getKind() != AffineExprKind::Mul)
    return std::nullopt;
  AffineExpr lhs = mul.getLHS(), rhs = mul.getRHS();
  if (isa<AffineConstantExpr>(lhs))
    std::swap(lhs, rhs);
  auto dim = dyn_cast<AffineDimExpr>(lhs);
  auto constant = dyn_cast<AffineConstantExpr>(rhs);
  if (!dim || !constant)
    return std::nullopt;
  return std::make_pair(dim.getPosition(), constant.getValue());
}

llvm::SmallDenseSet<unsigned> bareDims(AffineMap map) {
  llvm::SmallDenseSet<unsigned> dims;
  for (AffineExpr expr : map.getResults())
    if (auto dim = dyn_cast<AffineDimExpr>(expr))
      dims.insert(dim.getPosition());
  return dims;
}

/// The classification of upstream `linalg::inferConvolutionDims`, on the
/// (input, filter, output) maps.
std::optional<ConvolutionDims> inferConvolutionDims(ArrayRef<AffineMap> maps) {
  if (maps.size() != 3 || llvm::any_of(maps, [](AffineMap m) { return !m; }))
    return std::nullopt;
  unsigned numDims = maps[0].getNumDims();
  if (maps[1].getNumDims() != numDims || maps[2].getNumDims() != numDims)
    return std::nullopt;
  llvm::SmallDenseSet<unsigned> input = bareDims(maps[0]),
                                filter = bareDims(maps[1]),
                                output = bareDims(maps[2]);
  SmallVector<std::pair<unsigned, int64_t>> image, window;
  for (AffineExpr expr : maps[0].getResults()) {
    if (isa<AffineDimExpr>(expr))
      continue;
    auto add = dyn_cast<AffineBinaryOpExpr>(expr);
    if (!add || add.getKind() != AffineExprKind::Add)
      return std::nullopt;
    auto lhs = matchScaledDim(add.getLHS());
    auto rhs = matchScaledDim(add.getRHS());
    if (!lhs || !rhs)
      return std::nullopt;
    if (!output.contains(lhs->first))
      std::swap(lhs, rhs);
    if (!output.contains(lhs->first) || !filter.contains(rhs->first))
      return std::nullopt;
    image.push_back(*lhs);
    window.push_back(*rhs);
  }
  if (image.empty())
    return std::nullopt;
  ConvolutionDims dims;
  llvm::sort(image);
  llvm::sort(window);
  for (auto [dim, stride] : image)
    dims.outputImage.push_back(dim);
  for (auto [dim, dilation] : window) {
    dims.filterLoop.push_back(dim);
    dims.dilations.push_back(dilation);
  }
  for (unsigned d = 0; d < numDims; ++d) {
    if (llvm::is_contained(dims.outputImage, d) ||
        llvm::is_contained(dims.filterLoop, d))
      continue;
    bool inInput = input.contains(d), inFilter = filter.contains(d),
         inOutput = output.contains(d);
    if (inInput && inFilter && inOutput)
      dims.depth.push_back(d);
    else if (inInput && inOutput)
      dims.batch.push_back(d);
    else if (inFilter && inOutput)
      dims.outputChannel.push_back(d);
    else if (inInput && inFilter)
      dims.inputChannel.push_back(d);
  }
  return dims;
}

MaterializeEncodingInfo getConvolutionEncodingInfo(EncodingAttr encoding,
                                                   const CPUTarget &target) {
  std::optional<ConvolutionDims> dims =
      inferConvolutionDims(encoding.getRootMaps());
  if (!dims || !dims->depth.empty() || dims->outputImage.size() != 2 ||
      llvm::any_of(dims->dilations, [](int64_t d) { return d != 1; }))
    return {};
  SmallVector<Type> types = encoding.getElementTypesArray();
  bool allF32 =
      types.size() >= 3 && llvm::all_of(ArrayRef(types).take_front(3),
                                        [](Type t) { return t && t.isF32(); });
  int64_t tileOC = 0, tileIC = 0;
  if (target.isAArch64() && allF32)
    tileOC = tileIC = 8;
  else if (target.isX86_64() && allF32 && target.hasFeature("+avx512f"))
    tileOC = tileIC = 16;
  else
    return {};
  if (dims->inputChannel.empty() || dims->outputChannel.empty())
    return {};
  auto positions = [&](ArrayRef<unsigned> loops) {
    SmallVector<int64_t> result;
    for (unsigned loop : loops)
      if (std::optional<unsigned> p = encoding.mapDimToOperandIndex(loop))
        result.push_back(*p);
    return result;
  };
  SmallVector<int64_t> bat = positions(dims->batch),
                       oc = positions(dims->outputChannel),
                       fl = positions(dims->filterLoop),
                       ic = positions(dims->inputChannel);
  MaterializeEncodingInfo info;
  switch (encoding.getOperandIndexValue()) {
  case 0: {
    AffineMap map = encoding.getLastMapForOperandIndex();
    if (ic.empty() || !map)
      return {};
    SmallVector<int64_t> img;
    for (int64_t p = 0, e = map.getNumResults(); p < e; ++p)
      if (!llvm::is_contained(bat, p) && !llvm::is_contained(ic, p))
        img.push_back(p);
    llvm::append_range(info.outerDimsPerm, bat);
    llvm::append_range(info.outerDimsPerm, ic);
    llvm::append_range(info.outerDimsPerm, img);
    info.innerDimsPos = {ic[0]};
    info.innerTileSizes = {tileIC};
    return info;
  }
  case 1:
    if (oc.empty() || ic.empty())
      return {};
    llvm::append_range(info.outerDimsPerm, oc);
    llvm::append_range(info.outerDimsPerm, ic);
    llvm::append_range(info.outerDimsPerm, fl);
    info.innerDimsPos = {ic[0], oc[0]};
    info.innerTileSizes = {tileIC, tileOC};
    return info;
  case 2: {
    if (oc.empty())
      return {};
    SmallVector<int64_t> img = positions(dims->outputImage);
    llvm::append_range(info.outerDimsPerm, bat);
    llvm::append_range(info.outerDimsPerm, oc);
    llvm::append_range(info.outerDimsPerm, img);
    info.innerDimsPos = {oc[0]};
    info.innerTileSizes = {tileOC};
    return info;
  }
  default:
    return {};
  }
}

//===----------------------------------------------------------------------===//
// Records
//===----------------------------------------------------------------------===//

bool hasSingleContractionDims(const ContractionDims &dims) {
  return dims.batch.size() <= 1 && dims.m.size() <= 1 && dims.n.size() <= 1 &&
         dims.k.size() <= 1;
}

/// §6.3 "Record for T".
MaterializeEncodingInfo computeCPUEncodingInfo(DictionaryAttr config,
                                               RankedTensorType type) {
  auto encoding = dyn_cast_or_null<EncodingAttr>(type.getEncoding());
  if (!encoding)
    return {};
  CPUTarget target(config);
  if (encoding.getOpType() == EncodingOpType::conv)
    return getConvolutionEncodingInfo(encoding, target);
  std::optional<ContractionDims> dims = getContractionDims(encoding);
  if (!dims || !hasSingleContractionDims(*dims))
    return {};
  SmallVector<TileMxNxK> tiles = enumerateCPUMatmulTiles(encoding, target);
  if (tiles.empty())
    return {};
  bool scalable = isScalableVectorizationEnabled();
  NarrowDim narrow = getPo2NarrowDim(encoding);
  if (scalable && narrow.isN() && !dims->m.empty()) {
    std::optional<ContractionSizes> sizes = getContractionSizes(encoding);
    if (!sizes || ShapedType::isDynamic(sizes->m))
      narrow = NarrowDim();
    else
      narrow = NarrowDim{NarrowDim::Dim::M, sizes->m};
  }
  TileMxNxK tile = chooseMatmulTile(tiles, narrow, !scalable);
  std::optional<MaterializeEncodingInfo> info =
      getMatmulEncodingInfo(encoding, tile);
  if (!info)
    return {};
  std::optional<SmallVector<bool>> flags =
      getScalableFlags(encoding, target, *dims);
  if (flags)
    info->scalableTiles = flags;
  bool anyScalable = flags && llvm::is_contained(*flags, true);
  if (isNarrowNResult(encoding) && !anyScalable)
    transposeNarrowNResult(*info);
  return *info;
}

/// §6.4 "ukernels enabled".
bool hasUkernels(DictionaryAttr config) {
  StringRef ukernels = "default";
  if (config)
    if (auto attr = dyn_cast_or_null<StringAttr>(config.get("ukernels")))
      ukernels = attr.getValue();
  if (ukernels == "default")
    ukernels = "none";
  return ukernels != "none" && !ukernels.empty();
}

/// §6.4 "Record for T".
MaterializeEncodingInfo computeVMVXEncodingInfo(DictionaryAttr config,
                                                RankedTensorType type) {
  auto encoding = dyn_cast_or_null<EncodingAttr>(type.getEncoding());
  if (!encoding || encoding.getOpType() == EncodingOpType::conv)
    return {};
  std::optional<ContractionDims> dims = getContractionDims(encoding);
  if (!dims || !hasSingleContractionDims(*dims))
    return {};
  NarrowDim narrow = getPo2NarrowDim(encoding);
  SmallVector<TileMxNxK> tiles;
  if (hasUkernels(config) && dims->batch.empty() && !narrow)
    tiles.push_back(
        {ShapedType::kDynamic, ShapedType::kDynamic, ShapedType::kDynamic});
  else
    tiles = halvingTiles(8, 8, 4);
  TileMxNxK tile = chooseMatmulTile(tiles, narrow, /*transposeNarrowN=*/true);
  std::optional<MaterializeEncodingInfo> info =
      getMatmulEncodingInfo(encoding, tile);
  if (!info)
    return {};
  if (isNarrowNResult(encoding))
    transposeNarrowNResult(*info);
  return *info;
}

/// The entries of `source` named in `keys`, as a dictionary.
DictionaryAttr selectEntries(MLIRContext *context, DictionaryAttr source,
                             ArrayRef<StringRef> keys) {
  SmallVector<NamedAttribute> entries;
  if (source)
    for (StringRef key : keys)
      if (Attribute value = source.get(key))
        entries.push_back(NamedAttribute(StringAttr::get(context, key), value));
  return DictionaryAttr::get(context, entries);
}

/// The record computations bound to a resolver's configuration.
auto computeCPU(CPUEncodingResolverAttr attr) {
  return [config = attr.getConfiguration()](RankedTensorType type) {
    return computeCPUEncodingInfo(config, type);
  };
}
auto computeVMVX(VMVXEncodingResolverAttr attr) {
  return [config = attr.getConfiguration()](RankedTensorType type) {
    return computeVMVXEncodingInfo(config, type);
  };
}

} // namespace

//===----------------------------------------------------------------------===//
// #iree_cpu.cpu_encoding_resolver
//===----------------------------------------------------------------------===//

Attribute CPUEncodingResolverAttr::cloneWithSimplifiedConfig(
    DictionaryAttr config) const {
  return get(getContext(), selectEntries(getContext(), config,
                                         {"cpu_features", "target_triple",
                                          "ukernels", "enable_inner_tiled"}));
}

Attribute CPUEncodingResolverAttr::getLayout(RankedTensorType type) const {
  return get(getContext(),
             getLayoutConfiguration(getConfiguration(), type, computeCPU(*this),
                                    /*withEncodingAttr=*/false));
}

bool CPUEncodingResolverAttr::isSerialized() const {
  return getEncodingInfoDict(getConfiguration()) != nullptr;
}

Value CPUEncodingResolverAttr::calculateStorageSizeInBytes(
    Location loc, OpBuilder &builder, RankedTensorType type,
    ValueRange dynamicDims) const {
  return calculateResolverStorageSize(getConfiguration(), computeCPU(*this),
                                      loc, builder, type, dynamicDims);
}

LogicalResult CPUEncodingResolverAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyResolverConfiguration(getConfiguration(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// #iree_cpu.vmvx_encoding_resolver
//===----------------------------------------------------------------------===//

Attribute VMVXEncodingResolverAttr::cloneWithSimplifiedConfig(
    DictionaryAttr config) const {
  return get(getContext(), selectEntries(getContext(), config, {"ukernels"}));
}

Attribute VMVXEncodingResolverAttr::getLayout(RankedTensorType type) const {
  return get(getContext(), getLayoutConfiguration(getConfiguration(), type,
                                                  computeVMVX(*this),
                                                  /*withEncodingAttr=*/true));
}

bool VMVXEncodingResolverAttr::isSerialized() const {
  return getEncodingInfoDict(getConfiguration()) != nullptr;
}

Value VMVXEncodingResolverAttr::calculateStorageSizeInBytes(
    Location loc, OpBuilder &builder, RankedTensorType type,
    ValueRange dynamicDims) const {
  return calculateResolverStorageSize(getConfiguration(), computeVMVX(*this),
                                      loc, builder, type, dynamicDims);
}

LogicalResult VMVXEncodingResolverAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyResolverConfiguration(getConfiguration(), shape, emitError);
}
