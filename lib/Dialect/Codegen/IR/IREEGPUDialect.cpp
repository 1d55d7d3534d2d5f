//===- IREEGPUDialect.cpp - iree_gpu target and resolvers -----------------===//
//
// The GPU target description (encoding.md §6.7, parse and print only), the
// GPU data-tiling resolver (§6.5) and the GPU padding resolver (§6.6).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Codegen/IR/IREEGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Codegen/IR/EncodingInfo.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <limits>

using namespace mlir;
using namespace sluice::iree_gpu;
using namespace sluice::codegen;
using sluice::iree_encoding::EncodingAttr;
using sluice::iree_encoding::EncodingOpType;
using sluice::iree_encoding::PaddingAttr;

#include "sluice/Dialect/Codegen/IR/IREEGPUDialect.cpp.inc"
#include "sluice/Dialect/Codegen/IR/IREEGPUEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Codegen/IR/IREEGPUAttrs.cpp.inc"

void IREEGPUDialect::initialize() { registerAttributes(); }

void IREEGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Codegen/IR/IREEGPUAttrs.cpp.inc"
      >();
}

static constexpr llvm::StringLiteral kTargetInfo = "iree_codegen.target_info";
static constexpr llvm::StringLiteral kUkernelProvider =
    "iree_codegen.ukernel_provider";

//===----------------------------------------------------------------------===//
// MMA layouts and lists
//===----------------------------------------------------------------------===//

Attribute MMALayoutAttr::parse(AsmParser &parser, Type) {
  std::string name;
  bool colMajor = false;
  if (parser.parseLess() || parser.parseKeywordOrString(&name))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("col_major") || parser.parseEqual())
      return {};
    if (succeeded(parser.parseOptionalKeyword("true")))
      colMajor = true;
    else if (parser.parseKeyword("false"))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return MMALayoutAttr::get(parser.getContext(),
                            StringAttr::get(parser.getContext(), name),
                            colMajor);
}

void MMALayoutAttr::print(AsmPrinter &printer) const {
  printer << '<' << getIntrinsic().getValue();
  if (getColMajor())
    printer << ", col_major = true";
  printer << '>';
}

namespace sluice::iree_gpu {

FailureOr<ArrayAttr> parseMMAList(AsmParser &parser) {
  SmallVector<Attribute> layouts;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            Attribute layout = MMALayoutAttr::parse(parser, Type());
            if (!layout)
              return failure();
            layouts.push_back(layout);
            return success();
          }))
    return failure();
  if (layouts.empty())
    return ArrayAttr();
  return ArrayAttr::get(parser.getContext(), layouts);
}

void printMMAList(AsmPrinter &printer, ArrayAttr list) {
  printer << '[';
  llvm::interleaveComma(list, printer, [&](Attribute layout) {
    cast<MMALayoutAttr>(layout).print(printer);
  });
  printer << ']';
}

FailureOr<ArrayAttr> parseScaledMMAList(AsmParser &parser) {
  if (parser.parseLSquare())
    return failure();
  if (failed(parser.parseOptionalRSquare())) {
    parser.emitError(parser.getCurrentLocation(),
                     "scaled_mma is not supported by Sluice");
    return failure();
  }
  return ArrayAttr();
}

} // namespace sluice::iree_gpu

//===----------------------------------------------------------------------===//
// #iree_gpu.gpu_encoding_resolver (§6.5)
//===----------------------------------------------------------------------===//

namespace {

/// One row of the intrinsic table of §6.5.
struct IntrinsicInfo {
  StringRef name;
  int64_t m, n, k;
  Type (*aType)(MLIRContext *), (*bType)(MLIRContext *),
      (*cType)(MLIRContext *);
  int64_t aBits, bBits, cBits;
  bool isBlock;
};

Type f32Type(MLIRContext *context) { return Float32Type::get(context); }

const IntrinsicInfo kIntrinsics[] = {
    {"MFMA_F32_16x16x4_F32", 16, 16, 4, f32Type, f32Type, f32Type, 32, 32, 128,
     false},
};

const IntrinsicInfo *lookupIntrinsic(StringRef name) {
  for (const IntrinsicInfo &info : kIntrinsics)
    if (info.name == name)
      return &info;
  return nullptr;
}

/// Arithmetic intensity `x·y / (x + y)`.
double intensity(int64_t x, int64_t y) {
  return double(x) * double(y) / double(x + y);
}

int64_t floorPowerOf2(int64_t value) {
  return value <= 0 ? 0 : int64_t(llvm::bit_floor(uint64_t(value)));
}

MaterializeEncodingInfo computeGPUEncodingInfo(DictionaryAttr config,
                                               RankedTensorType type) {
  auto encoding = dyn_cast_or_null<EncodingAttr>(type.getEncoding());
  auto target = config ? dyn_cast_or_null<TargetAttr>(config.get(kTargetInfo))
                       : TargetAttr();
  if (!encoding || !target)
    return {};
  TargetWgpAttr wgp = target.getWgp();
  std::optional<int32_t> loadBits = wgp.getMaxLoadInstructionBits();
  std::optional<int32_t> vgprBits = wgp.getVgprSpaceBits();
  std::optional<int32_t> simds = wgp.getSimdsPerWgp();
  if (!loadBits || !vgprBits || !simds ||
      encoding.getOpType() != EncodingOpType::matmul)
    return {};

  SmallVector<Type> types = encoding.getElementTypesArray();
  if (types.size() < 3)
    return {};
  MLIRContext *context = encoding.getContext();
  const IntrinsicInfo *chosen = nullptr;
  if (ArrayAttr mmas = wgp.getMma()) {
    for (Attribute mmaAttr : mmas) {
      const IntrinsicInfo *info =
          lookupIntrinsic(cast<MMALayoutAttr>(mmaAttr).getIntrinsic());
      if (!info || info->isBlock || info->aType(context) != types[0] ||
          info->bType(context) != types[1] || info->cType(context) != types[2])
        continue;
      if (!chosen || !(chosen->k > info->k))
        chosen = info;
    }
  }
  if (!chosen)
    return {};

  int64_t a = chosen->aBits, b = chosen->bBits, c = chosen->cBits;
  int64_t kUnroll = std::max<int64_t>(1, *loadBits / std::min(a, b));
  constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max();
  int64_t maxM = kUnbounded, maxN = kUnbounded, maxMN = kUnbounded;
  if (std::optional<ContractionSizes> sizes = getContractionSizes(encoding)) {
    bool mStatic = !ShapedType::isDynamic(sizes->m);
    bool nStatic = !ShapedType::isDynamic(sizes->n);
    if (mStatic)
      maxM = llvm::divideCeil(sizes->m, chosen->m);
    if (nStatic)
      maxN = llvm::divideCeil(sizes->n, chosen->n);
    if (mStatic && nStatic) {
      int64_t wgpCount =
          target.getChip() ? target.getChip().getWgpCount() : 512;
      maxMN = llvm::divideCeil(sizes->m * sizes->n,
                               wgpCount * chosen->m * chosen->n);
    }
  }

  // Total unrolling (step 7).
  int64_t bestM = 1, bestN = 1;
  double best = intensity(1, 1);
  int64_t memoryBits = int64_t(wgp.getMaxWorkgroupMemoryBytes()) * 8;
  for (int64_t tm = 1; tm <= maxM; tm *= 2) {
    int64_t tnV = (*vgprBits - tm * kUnroll * a) / (kUnroll * b + tm * c);
    int64_t tnS = (memoryBits - tm * kUnroll * a) / (kUnroll * b);
    int64_t tn = std::min({tnV, tnS, maxN, maxMN / tm});
    if (tn <= 0)
      break;
    tn = floorPowerOf2(tn);
    if (intensity(tm, tn) > best) {
      best = intensity(tm, tn);
      bestM = tm;
      bestN = tn;
    }
    if (tm > kUnbounded / 2)
      break;
  }

  // Subgroup split (step 8).
  int64_t sm = 1, sn = 1, im = 1, in = 1;
  best = intensity(1, 1);
  for (int64_t s = 1; s <= std::min<int64_t>(*simds, bestM); s *= 2) {
    int64_t candidateN = floorPowerOf2(std::min<int64_t>(*simds / s, bestN));
    if (candidateN <= 0)
      break;
    int64_t candidateIM = bestM / s, candidateIN = bestN / candidateN;
    if (intensity(candidateIM, candidateIN) > best) {
      best = intensity(candidateIM, candidateIN);
      sm = s;
      sn = candidateN;
      im = candidateIM;
      in = candidateIN;
    }
  }

  TileMxNxK tile{chosen->m * im * sm, chosen->n * in * sn, chosen->k * kUnroll};
  std::optional<MaterializeEncodingInfo> info =
      getMatmulEncodingInfo(encoding, tile);
  return info ? *info : MaterializeEncodingInfo();
}

} // namespace

Attribute GPUEncodingResolverAttr::cloneWithSimplifiedConfig(
    DictionaryAttr config) const {
  NamedAttrList entries;
  if (getConfiguration())
    entries.append(getConfiguration().getValue());
  if (config) {
    if (auto target = dyn_cast_or_null<TargetAttr>(config.get(kTargetInfo)))
      entries.set(kTargetInfo, target);
    if (Attribute provider = config.get(kUkernelProvider))
      entries.set(kUkernelProvider, provider);
  }
  return get(getContext(), entries.getDictionary(getContext()));
}

Attribute GPUEncodingResolverAttr::getLayout(RankedTensorType type) const {
  auto compute = [config = getConfiguration()](RankedTensorType t) {
    return computeGPUEncodingInfo(config, t);
  };
  return get(getContext(),
             getLayoutConfiguration(getConfiguration(), type, compute,
                                    /*withEncodingAttr=*/false));
}

Attribute GPUEncodingResolverAttr::getUnifiedEncoding(
    ArrayRef<Attribute> encodings) const {
  return encodings.empty() ? Attribute() : encodings.front();
}

bool GPUEncodingResolverAttr::isSerialized() const {
  return getEncodingInfoDict(getConfiguration()) != nullptr;
}

Value GPUEncodingResolverAttr::calculateStorageSizeInBytes(
    Location loc, OpBuilder &builder, RankedTensorType type,
    ValueRange dynamicDims) const {
  auto compute = [config = getConfiguration()](RankedTensorType t) {
    return computeGPUEncodingInfo(config, t);
  };
  return calculateResolverStorageSize(getConfiguration(), compute, loc, builder,
                                      type, dynamicDims);
}

LogicalResult GPUEncodingResolverAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyResolverConfiguration(getConfiguration(), shape, emitError);
}

//===----------------------------------------------------------------------===//
// #iree_gpu.gpu_padding_resolver (§6.6)
//===----------------------------------------------------------------------===//

Attribute
GPUPaddingResolverAttr::cloneWithSimplifiedConfig(DictionaryAttr config) const {
  auto target =
      config ? dyn_cast_or_null<TargetAttr>(config.get(kTargetInfo)) : nullptr;
  if (target) {
    StringRef arch = target.getArch().getValue();
    if (arch == "gfx90a" || arch == "gfx942" || arch == "gfx950")
      return get(getContext(), uint32_t(128), uint32_t(4));
  }
  return get(getContext(), std::nullopt, std::nullopt);
}

Attribute GPUPaddingResolverAttr::getLayout(RankedTensorType type) const {
  int64_t rank = type.getRank();
  Attribute zero = PaddingAttr::getIdentity(getContext(), rank);
  if (!getCacheLineBytes() || !getCacheSets())
    return zero;
  auto padding = dyn_cast_or_null<PaddingAttr>(type.getEncoding());
  if (!padding)
    return {};
  ArrayRef<int64_t> values = padding.getPadding().asArrayRef();
  if (llvm::none_of(values, ShapedType::isDynamic))
    return padding;
  if (!ShapedType::isDynamic(values.back()) ||
      llvm::any_of(values.drop_back(), [](int64_t v) { return v != 0; }) ||
      (int64_t)values.size() != rank)
    return {};
  if (type.isDynamicDim(rank - 1))
    return {};
  int64_t elementBits = sluice::util::getTypeBitWidth(type.getElementType());
  int64_t lineBytes = *getCacheLineBytes();
  int64_t setBytes = int64_t(*getCacheSets()) * lineBytes;
  if (lineBytes == 0 || setBytes == 0)
    return zero;
  if (elementBits % 8 != 0 || elementBits > lineBytes || elementBits == 0)
    return zero;
  int64_t rowBytes = type.getDimSize(rank - 1) * elementBits / 8;
  if (rowBytes < setBytes)
    return zero;
  int64_t pad =
      rowBytes % lineBytes != 0 ? lineBytes - rowBytes % lineBytes : 0;
  if ((rowBytes + pad) % setBytes == 0)
    pad += lineBytes;
  SmallVector<int64_t> result(rank, 0);
  result.back() = pad * 8 / elementBits;
  return PaddingAttr::get(getContext(),
                          DenseI64ArrayAttr::get(getContext(), result));
}
