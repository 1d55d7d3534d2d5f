//===- ExportParameters.cpp - globals -> .irpa archive
//---------------------===//
//
// io-parameters.md §12.1. Serializable tensor globals at or above the size
// threshold move into an archive; their initial values become
// `#flow.parameter.named` references.
//
// Streaming: the archive writer pulls each data entry through a FileHandle
// (AttrDataHandle below) that reads straight out of the attribute's storage
// (dense int/float elements with 8/16/32/64-bit elements, dense resources) or
// fills a repeating pattern (splats), so no second copy of a large constant
// is made. Dense elements in another layout (i1, packed sub-byte) are
// serialized range by range into the writer's buffer. Only composite util
// attributes are serialized whole into a temporary buffer, one entry at a
// time, released as soon as the writer has consumed it.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/IOParameters/Transforms/Passes.h"

#include "ArchiveUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/Util/IR/BuiltinAttrModels.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "llvm/ADT/APInt.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MathExtras.h"

#include <complex>
#include <cstring>
#include <optional>

namespace sluice::io_parameters {
#define GEN_PASS_DEF_EXPORTPARAMETERSPASS
#include "sluice/Dialect/IOParameters/Transforms/Passes.h.inc"
} // namespace sluice::io_parameters

using namespace mlir;
using namespace sluice;
namespace archive = sluice::runtime::archive;
using runtime::Status;
using runtime::StatusCode;

namespace {

/// Serves the bytes of one exported global to the archive writer.
class AttrDataHandle final : public archive::FileHandle {
public:
  AttrDataHandle(Location loc, util::SerializableAttrInterface attr,
                 uint64_t size, std::string name,
                 std::optional<ArrayRef<char>> direct)
      : FileHandle(/*path=*/"", size, std::move(name)), loc(loc), attr(attr),
        direct(direct) {}

  /// Set when serializing the value failed.
  mutable bool serializationFailed = false;

protected:
  Status readImpl(uint64_t offset, void *buffer,
                  uint64_t length) const override {
    if (direct) {
      std::memcpy(buffer, direct->data() + offset, length);
      return Status();
    }
    // Dense elements in another layout (i1, packed sub-byte, odd widths)
    // are serialized range by range, straight into the writer's buffer.
    if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
      if (failed(util::serializeDenseElementsRange(
              loc, dense, llvm::endianness::little, offset,
              MutableArrayRef<char>(static_cast<char *>(buffer), length)))) {
        serializationFailed = true;
        return Status(StatusCode::Internal,
                      "failed to serialize global to archive");
      }
      return Status();
    }
    if (auto string = dyn_cast<StringAttr>(attr)) {
      std::memcpy(buffer, string.getValue().data() + offset, length);
      return Status();
    }
    if (!cached) {
      cache.resize(size());
      if (failed(
              attr.serializeToBuffer(loc, llvm::endianness::little, cache))) {
        serializationFailed = true;
        cache.clear();
        return Status(StatusCode::Internal,
                      "failed to serialize global to archive");
      }
      cached = true;
    }
    std::memcpy(buffer, cache.data() + offset, length);
    if (offset + length >= size()) {
      // The writer reads sequentially: the last chunk frees the buffer.
      cache.clear();
      cache.shrink_to_fit();
      cached = false;
    }
    return Status();
  }

private:
  Location loc;
  util::SerializableAttrInterface attr;
  std::optional<ArrayRef<char>> direct;
  mutable std::vector<char> cache;
  mutable bool cached = false;
};

/// The bits of one splat element (complex: real in the low half).
std::optional<APInt> getSplatElementBits(DenseElementsAttr attr) {
  Type elementType = attr.getElementType();
  if (isa<IntegerType, IndexType>(elementType))
    return attr.getSplatValue<APInt>();
  if (isa<FloatType>(elementType))
    return attr.getSplatValue<APFloat>().bitcastToAPInt();
  if (auto complexType = dyn_cast<ComplexType>(elementType)) {
    if (isa<IntegerType>(complexType.getElementType())) {
      auto value = attr.getSplatValue<std::complex<APInt>>();
      return value.imag().concat(value.real());
    }
    if (isa<FloatType>(complexType.getElementType())) {
      auto value = attr.getSplatValue<std::complex<APFloat>>();
      return value.imag().bitcastToAPInt().concat(
          value.real().bitcastToAPInt());
    }
  }
  return std::nullopt;
}

/// Little-endian bytes of the low `byteCount * 8` bits of `bits`.
std::string toLittleEndianBytes(const APInt &bits, unsigned byteCount) {
  APInt wide = bits.zextOrTrunc(std::max(byteCount * 8, 1u));
  std::string bytes(byteCount, '\0');
  for (unsigned i = 0; i < byteCount; ++i)
    bytes[i] = static_cast<char>(wide.extractBitsAsZExtValue(8, i * 8));
  return bytes;
}

/// The splat pattern of io-parameters.md §12.1: one element at its rounded
/// byte width, or for packed sub-byte types one physical word holding
/// `perWord` copies of the element filled from bit 0 upward.
std::optional<std::string> getSplatPattern(DenseElementsAttr attr) {
  std::optional<APInt> bits = getSplatElementBits(attr);
  if (!bits)
    return std::nullopt;
  Type elementType = attr.getElementType();
  uint64_t bitWidth = util::getTypeBitWidth(elementType);
  if (bitWidth == 0)
    return std::nullopt;
  if (bitWidth == 1)
    return std::string(1, bits->isZero() ? '\0' : '\1');
  if (bitWidth % 8 == 0 && llvm::isPowerOf2_64(bitWidth))
    return toLittleEndianBytes(*bits, bitWidth / 8);
  uint64_t wordBits = util::getPhysicalStorageBitWidth(elementType);
  if (wordBits < bitWidth)
    return toLittleEndianBytes(*bits, llvm::divideCeil(bitWidth, 8));
  uint64_t perWord = wordBits / bitWidth;
  APInt element = bits->zextOrTrunc(bitWidth).zext(wordBits);
  APInt word(wordBits, 0);
  for (uint64_t i = 0; i < perWord; ++i)
    word |= element.shl(i * bitWidth);
  return toLittleEndianBytes(word, wordBits / 8);
}

bool isValidPatternLength(size_t n) {
  return n == 1 || n == 2 || n == 4 || n == 8 || n == 16;
}

/// In-memory bytes identical to the little-endian archive layout, if any.
std::optional<ArrayRef<char>> getDirectBytes(Attribute value, uint64_t size) {
  if constexpr (llvm::endianness::native != llvm::endianness::little)
    return std::nullopt;
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(value)) {
    if (dense.isSplat())
      return std::nullopt;
    Type elementType = dense.getElementType();
    if (!isa<IntegerType, FloatType>(elementType))
      return std::nullopt;
    uint64_t bitWidth = util::getTypeBitWidth(elementType);
    if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64)
      return std::nullopt;
    ArrayRef<char> raw = dense.getRawData();
    if (raw.size() != size)
      return std::nullopt;
    return raw;
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != size)
      return std::nullopt;
    return blob->getData();
  }
  return std::nullopt;
}

/// safetensors dtype name of an element type, or "" when there is none.
std::string getDtypeName(Type elementType) {
  if (auto intType = dyn_cast<IntegerType>(elementType)) {
    unsigned w = intType.getWidth();
    if (w == 1)
      return "BOOL";
    if (w != 8 && w != 16 && w != 32 && w != 64)
      return "";
    return (intType.isUnsigned() ? "U" : "I") + std::to_string(w);
  }
  if (elementType.isF16())
    return "F16";
  if (elementType.isBF16())
    return "BF16";
  if (elementType.isF32())
    return "F32";
  if (elementType.isF64())
    return "F64";
  return "";
}

struct ExportedGlobal {
  util::GlobalOpInterface op;
  std::shared_ptr<AttrDataHandle> handle; // data entries served lazily
};

class ExportParametersPass
    : public io_parameters::impl::ExportParametersPassBase<
          ExportParametersPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (path.empty())
      return;
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    auto [scopeRef, filePathRef] = io_parameters::detail::splitScopePath(path);
    std::string scopeName = scopeRef.str();
    std::string filePath = filePathRef.str();

    archive::WriterOptions writerOptions;
    if (checksum == "none") {
      writerOptions.checksum = archive::ChecksumAlgorithm::None;
    } else if (checksum == "crc32c") {
      writerOptions.checksum = archive::ChecksumAlgorithm::Crc32c;
    } else if (checksum == "sha256") {
      writerOptions.checksum = archive::ChecksumAlgorithm::Sha256;
    } else {
      module.emitError() << "invalid checksum algorithm '" << checksum
                         << "'; expected none, crc32c or sha256";
      return signalPassFailure();
    }

    archive::IrpaBuilder builder;
    SmallVector<ExportedGlobal> exported;
    for (Operation &op : module.getBody()->getOperations()) {
      auto global = dyn_cast<util::GlobalOpInterface>(&op);
      if (!global)
        continue;
      auto value = dyn_cast_if_present<util::SerializableAttrInterface>(
          global.getGlobalInitialValue());
      if (!value)
        continue;
      // [SLUICE] tensor globals only (io-parameters.md §13 #11).
      auto globalType = dyn_cast<ShapedType>(global.getGlobalType());
      if (!globalType)
        continue;
      int64_t storageSize = value.getStorageSize();
      if (storageSize < minimumSize)
        continue;
      std::string key = global.getGlobalName().getValue().str();

      Status status;
      std::shared_ptr<AttrDataHandle> handle;
      auto dense = dyn_cast<DenseElementsAttr>(global.getGlobalInitialValue());
      std::optional<std::string> splatPattern;
      if (dense && dense.isSplat())
        splatPattern = getSplatPattern(dense);
      if (!global.isGlobalMutable() && splatPattern) {
        if (!isValidPatternLength(splatPattern->size())) {
          status = Status(StatusCode::InvalidArgument,
                          "splat pattern length " +
                              std::to_string(splatPattern->size()) +
                              " invalid; must be 1, 2, 4, 8, or 16 bytes");
        } else {
          status = builder.addSplat(key, *splatPattern,
                                    static_cast<uint64_t>(storageSize));
        }
        if (!status.isOk()) {
          global.emitError() << "failed to add splat entry for global\n"
                             << io_parameters::detail::formatStatus(status);
          return signalPassFailure();
        }
      } else {
        archive::DataSource source;
        if (splatPattern && isValidPatternLength(splatPattern->size())) {
          // Mutable splat: exactly storageSize bytes of the packed pattern.
          source = archive::DataSource::pattern(*splatPattern);
        } else {
          handle = std::make_shared<AttrDataHandle>(
              global.getLoc(), value, static_cast<uint64_t>(storageSize),
              "global @" + key,
              getDirectBytes(global.getGlobalInitialValue(),
                             static_cast<uint64_t>(storageSize)));
          source = archive::DataSource::fileRange(handle, 0);
        }
        status = builder.addData(key, static_cast<uint64_t>(storageSize),
                                 std::move(source), /*alignment=*/64);
        if (!status.isOk()) {
          global.emitError() << "failed to add data entry for global\n"
                             << io_parameters::detail::formatStatus(status);
          return signalPassFailure();
        }
      }
      if (tensorInfo && globalType.hasStaticShape()) {
        std::string dtype = getDtypeName(globalType.getElementType());
        if (!dtype.empty()) {
          archive::TensorInfoRecord info;
          info.dtype = std::move(dtype);
          for (int64_t dim : globalType.getShape())
            info.dims.push_back(static_cast<uint64_t>(dim));
          builder.setTensorInfo(builder.size() - 1, std::move(info));
        }
      }
      exported.push_back({global, std::move(handle)});
    }

    // Nothing qualifies: no file is created and the IR is unchanged.
    if (exported.empty())
      return;

    runtime::Expected<archive::WriteResult> result =
        builder.write(filePath, writerOptions);
    if (!result) {
      const Status &status = result.status();
      for (ExportedGlobal &e : exported) {
        if (e.handle && e.handle->serializationFailed) {
          e.op.emitError() << "failed to serialize global to archive";
          return signalPassFailure();
        }
      }
      StringRef message = status.message();
      if (message.starts_with("creating temporary file") ||
          message.starts_with("sizing")) {
        module.emitError() << "failed to create file output buffer at "
                           << filePath << " with error: " << message;
      } else {
        module.emitError() << "failed to commit archive with error: "
                           << message;
      }
      return signalPassFailure();
    }

    StringAttr scopeAttr = StringAttr::get(context, scopeName);
    for (ExportedGlobal &e : exported) {
      e.op.setGlobalInitialValue(flow::NamedParameterAttr::get(
          context, e.op.getGlobalType(), scopeAttr, e.op.getGlobalName(),
          DictionaryAttr()));
    }
  }
};

} // namespace
