//===- BuiltinAttrModels.cpp - util interfaces on builtin attributes ------===//
//
// Dense elements, dense resources and strings have a storage size and can be
// serialized (support-dialects.md §1.3.8).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Util/IR/BuiltinAttrModels.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Diagnostics.h"
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
    unsigned shift = endian == llvm::endianness::little
                         ? 8 * i
                         : 8 * (byteWidth - 1 - i);
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

LogicalResult serializeDenseElements(Location loc, DenseIntOrFPElementsAttr attr,
                                     llvm::endianness endian,
                                     MutableArrayRef<char> buffer) {
  auto type = cast<ShapedType>(attr.getType());
  Type elementType = type.getElementType();
  uint64_t count = type.getNumElements();
  uint64_t size = getRoundedPhysicalStorageSize(count, elementType);
  if (buffer.size() < size)
    return emitError(loc) << "serialization buffer too small: " << buffer.size()
                          << " < " << size;
  std::memset(buffer.data(), 0, size);
  if (isa<ComplexType>(elementType))
    return emitError(loc) << "serializing complex elements is not supported";
  uint64_t logical = getTypeBitWidth(elementType);
  if (logical == 0)
    return emitError(loc) << "unsupported element type for serialization: "
                          << elementType;
  bool splat = attr.isSplat();
  auto bitsAt = [&](uint64_t i) {
    return getElementBits(attr, splat ? 0 : i).getZExtValue();
  };
  if (logical == 1) {
    for (uint64_t i = 0; i < count; ++i)
      buffer[i] = static_cast<char>(bitsAt(i) & 1);
    return success();
  }
  if (logical < 8) {
    // Bit-pack `perWord` elements into each physical word, low bits first.
    uint64_t physical = getPhysicalStorageBitWidth(elementType);
    uint64_t perWord = physical / logical;
    unsigned wordBytes = physical / 8;
    uint64_t mask = (uint64_t(1) << logical) - 1;
    for (uint64_t word = 0; word * perWord < count; ++word) {
      uint64_t bits = 0;
      for (uint64_t j = 0; j < perWord && word * perWord + j < count; ++j)
        bits |= (bitsAt(word * perWord + j) & mask) << (j * logical);
      writeWord(buffer.data() + word * wordBytes, bits, wordBytes, endian);
    }
    return success();
  }
  if (logical > 64)
    return emitError(loc) << "unsupported element bit width for serialization: "
                          << logical;
  unsigned byteWidth = getRoundedElementByteWidth(elementType);
  for (uint64_t i = 0; i < count; ++i)
    writeWord(buffer.data() + i * byteWidth, bitsAt(i), byteWidth, endian);
  return success();
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
