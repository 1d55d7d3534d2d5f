//===- BuiltinAttrModels.cpp - util interfaces on builtin attributes ------===//
//
// Dense elements, dense resources and strings have a storage size and can be
// serialized (support-dialects.md §1.3.8).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/IR/BuiltinAttrModels.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/MLIRContext.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"

#include <cstring>

using namespace mlir;

namespace sluice::util {

static llvm::cl::opt<bool> clZeroFillElidedAttrs(
    "iree-util-zero-fill-elided-attrs",
    llvm::cl::desc("Serialize elided dense_resource attributes as zeros (for "
                   "testing only: results are invalid)."),
    llvm::cl::init(false));

/// Writes the low `byteWidth` bytes of `bits` in `endian` order.
static void writeWord(char *out, uint64_t bits, unsigned byteWidth,
                      llvm::endianness endian) {
  for (unsigned i = 0; i < byteWidth; ++i) {
    unsigned shift =
        endian == llvm::endianness::little ? 8 * i : 8 * (byteWidth - 1 - i);
    out[i] = static_cast<char>(shift < 64 ? (bits >> shift) & 0xFF : 0);
  }
}

/// The raw bits of element `i` of `attr`.
static APInt getElementBits(DenseIntOrFPElementsAttr attr, uint64_t i) {
  Type elementType = attr.getElementType();
  if (isa<FloatType>(elementType))
    return (*(attr.getValues<APFloat>().begin() + i)).bitcastToAPInt();
  return *(attr.getValues<APInt>().begin() + i);
}

LogicalResult serializeDenseElementsRange(Location loc,
                                          DenseIntOrFPElementsAttr attr,
                                          llvm::endianness endian,
                                          uint64_t byteOffset,
                                          MutableArrayRef<char> buffer) {
  auto type = cast<ShapedType>(attr.getType());
  Type elementType = type.getElementType();
  uint64_t count = type.getNumElements();
  uint64_t size = getRoundedPhysicalStorageSize(count, elementType);
  if (byteOffset > size || buffer.size() > size - byteOffset)
    return emitError(loc) << "serialization range [" << byteOffset << ", "
                          << byteOffset + buffer.size()
                          << ") exceeds the storage size " << size;
  if (isa<ComplexType>(elementType))
    return emitError(loc) << "serializing complex elements is not supported";
  uint64_t logical = getTypeBitWidth(elementType);
  if (logical == 0 || logical > 64)
    return emitError(loc) << "unsupported element type for serialization: "
                          << elementType;
  // Every layout is a sequence of words: `perWord` elements packed low bits
  // first into `wordBytes` little- (or big-) endian bytes, zero padded.
  uint64_t wordBytes, perWord;
  if (logical == 1) {
    wordBytes = 1;
    perWord = 1;
  } else if (logical < 8) {
    uint64_t physical = getPhysicalStorageBitWidth(elementType);
    wordBytes = physical / 8;
    perWord = physical / logical;
  } else {
    wordBytes = getRoundedElementByteWidth(elementType);
    perWord = 1;
  }
  uint64_t mask = logical == 64 ? ~uint64_t(0) : (uint64_t(1) << logical) - 1;
  bool splat = attr.isSplat();
  auto bitsAt = [&](uint64_t i) {
    return getElementBits(attr, splat ? 0 : i).getZExtValue();
  };
  uint64_t end = byteOffset + buffer.size();
  char word[8];
  for (uint64_t w = byteOffset / wordBytes; w * wordBytes < end; ++w) {
    uint64_t bits = 0;
    for (uint64_t j = 0; j < perWord && w * perWord + j < count; ++j)
      bits |= (bitsAt(w * perWord + j) & mask) << (j * logical);
    writeWord(word, bits, wordBytes, endian);
    uint64_t wordStart = w * wordBytes;
    uint64_t from = std::max(wordStart, byteOffset);
    uint64_t to = std::min(wordStart + wordBytes, end);
    std::memcpy(buffer.data() + (from - byteOffset), word + (from - wordStart),
                to - from);
  }
  return success();
}

LogicalResult serializeDenseElements(Location loc,
                                     DenseIntOrFPElementsAttr attr,
                                     llvm::endianness endian,
                                     MutableArrayRef<char> buffer) {
  uint64_t size = getRoundedPhysicalStorageSize(
      cast<ShapedType>(attr.getType()).getNumElements(), attr.getElementType());
  if (buffer.size() < size)
    return emitError(loc) << "serialization buffer too small: " << buffer.size()
                          << " < " << size;
  return serializeDenseElementsRange(loc, attr, endian, 0,
                                     buffer.take_front(size));
}

namespace {

/// Stream and vector serialization in terms of the model's storage size and
/// buffer serialization (shared by the models below).
template <typename ModelT, typename AttrT>
struct SerializableModelBase
    : public SerializableAttrInterface::ExternalModel<ModelT, AttrT> {
  LogicalResult serializeToStream(Attribute attr, Location loc,
                                  llvm::endianness endian,
                                  llvm::raw_ostream &os) const {
    const auto &model = static_cast<const ModelT &>(*this);
    SmallVector<char> bytes(model.getStorageSize(attr));
    if (failed(model.serializeToBuffer(attr, loc, endian, bytes)))
      return failure();
    os.write(bytes.data(), bytes.size());
    return success();
  }
  LogicalResult serializeToVector(Attribute attr, Location loc,
                                  llvm::endianness endian,
                                  SmallVectorImpl<char> &buffer) const {
    const auto &model = static_cast<const ModelT &>(*this);
    buffer.resize(model.getStorageSize(attr));
    return model.serializeToBuffer(attr, loc, endian, buffer);
  }
};

struct DenseElementsStorageModel
    : public SerializableModelBase<DenseElementsStorageModel,
                                   DenseIntOrFPElementsAttr> {
  int64_t getStorageSize(Attribute attr) const {
    return getRoundedPhysicalStorageSize(
        cast<ShapedType>(cast<DenseIntOrFPElementsAttr>(attr).getType()));
  }
  LogicalResult serializeToBuffer(Attribute attr, Location loc,
                                  llvm::endianness endian,
                                  MutableArrayRef<char> buffer) const {
    return serializeDenseElements(loc, cast<DenseIntOrFPElementsAttr>(attr),
                                  endian, buffer);
  }
};

struct DenseResourceStorageModel
    : public SerializableModelBase<DenseResourceStorageModel,
                                   DenseResourceElementsAttr> {
  int64_t getStorageSize(Attribute attr) const {
    return getRoundedPhysicalStorageSize(
        cast<ShapedType>(cast<DenseResourceElementsAttr>(attr).getType()));
  }
  LogicalResult serializeToBuffer(Attribute attr, Location loc,
                                  llvm::endianness endian,
                                  MutableArrayRef<char> buffer) const {
    auto resource = cast<DenseResourceElementsAttr>(attr);
    int64_t size = getStorageSize(attr);
    if (static_cast<int64_t>(buffer.size()) < size)
      return emitError(loc) << "serialization buffer too small";
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    if (!blob) {
      if (clZeroFillElidedAttrs) {
        std::memset(buffer.data(), 0, size);
        return success();
      }
      return emitError(loc)
             << "elided attributes cannot be serialized; provide non-elided "
                "values or pass --iree-util-zero-fill-elided-attrs for testing "
                "and expect invalid execution results";
    }
    ArrayRef<char> data = blob->getData();
    size_t copied = std::min<size_t>(data.size(), size);
    std::memcpy(buffer.data(), data.data(), copied);
    std::memset(buffer.data() + copied, 0, size - copied);
    return success();
  }
};

struct StringStorageModel
    : public SerializableModelBase<StringStorageModel, StringAttr> {
  int64_t getStorageSize(Attribute attr) const {
    return cast<StringAttr>(attr).getValue().size();
  }
  LogicalResult serializeToBuffer(Attribute attr, Location loc,
                                  llvm::endianness,
                                  MutableArrayRef<char> buffer) const {
    StringRef value = cast<StringAttr>(attr).getValue();
    if (buffer.size() < value.size())
      return emitError(loc) << "serialization buffer too small";
    std::memcpy(buffer.data(), value.data(), value.size());
    return success();
  }
  LogicalResult serializeToStream(Attribute attr, Location, llvm::endianness,
                                  llvm::raw_ostream &os) const {
    os << cast<StringAttr>(attr).getValue();
    return success();
  }
};

// SizedStorageAttr is the base interface of SerializableAttrInterface: each
// attribute gets both, the size coming from the serializable model.
template <typename AttrT, typename SerializableModel>
struct SizedStorageModel
    : public SizedStorageAttr::ExternalModel<
          SizedStorageModel<AttrT, SerializableModel>, AttrT> {
  int64_t getStorageSize(Attribute attr) const {
    return SerializableModel().getStorageSize(attr);
  }
};

} // namespace

void attachBuiltinAttrModels(MLIRContext *context) {
  DenseIntOrFPElementsAttr::attachInterface<
      SizedStorageModel<DenseIntOrFPElementsAttr, DenseElementsStorageModel>,
      DenseElementsStorageModel>(*context);
  DenseResourceElementsAttr::attachInterface<
      SizedStorageModel<DenseResourceElementsAttr, DenseResourceStorageModel>,
      DenseResourceStorageModel>(*context);
  StringAttr::attachInterface<SizedStorageModel<StringAttr, StringStorageModel>,
                              StringStorageModel>(*context);
}

} // namespace sluice::util
