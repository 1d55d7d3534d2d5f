//===- UtilAttrs.cpp - util attributes ------------------------------------===//

#include "sluice/Dialect/Util/IR/UtilAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::util;

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Util/IR/UtilAttrs.cpp.inc"

void UtilDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Util/IR/UtilAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #util.composite
//===----------------------------------------------------------------------===//

CompositeAttr CompositeAttr::getFromValues(MLIRContext *context,
                                           ArrayRef<Attribute> values) {
  int64_t total = 0;
  for (Attribute value : values) {
    auto sized = dyn_cast<SizedStorageAttr>(value);
    if (!sized)
      return {};
    total += sized.getStorageSize();
  }
  return Base::get(context, total, ArrayAttr::get(context, values));
}

Attribute CompositeAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> dims;
  Type elementType;
  if (parser.parseLess())
    return {};
  SMLoc lengthLoc = parser.getCurrentLocation();
  if (failed(parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                       /*withTrailingX=*/true)) ||
      dims.size() != 1 || ShapedType::isDynamic(dims.front())) {
    parser.emitError(lengthLoc, "invalid length specifier");
    return {};
  }
  SMLoc typeLoc = parser.getCurrentLocation();
  if (failed(parser.parseType(elementType)) || !elementType.isInteger(8)) {
    parser.emitError(typeLoc, "invalid type specifier; expected i8");
    return {};
  }
  if (parser.parseComma() || parser.parseLSquare())
    return {};
  SmallVector<Attribute> values;
  if (failed(parser.parseOptionalRSquare())) {
    while (true) {
      Attribute value;
      SMLoc valueLoc = parser.getCurrentLocation();
      if (failed(parser.parseAttribute(value))) {
        parser.emitError(valueLoc, "invalid value attribute");
        return {};
      }
      values.push_back(value);
      if (failed(parser.parseOptionalComma())) {
        if (failed(parser.parseOptionalRSquare())) {
          parser.emitError(parser.getCurrentLocation(),
                           "unterminated value list");
          return {};
        }
        break;
      }
      if (succeeded(parser.parseOptionalRSquare()))
        break; // Trailing comma.
    }
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<CompositeAttr>(
      parser.getContext(), dims.front(),
      ArrayAttr::get(parser.getContext(), values));
}

void CompositeAttr::print(AsmPrinter &printer) const {
  printer << '<' << getTotalLength() << "xi8, [";
  if (getTotalLength() > 0) {
    printer.getStream() << '\n';
    for (Attribute value : getValues()) {
      printer.getStream() << "    ";
      printer.printAttribute(value);
      printer.getStream() << ",\n";
    }
  }
  printer << "]>";
}

LogicalResult
CompositeAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      int64_t totalLength, ArrayAttr values) {
  int64_t calculated = 0;
  for (Attribute value : values) {
    auto sized = dyn_cast<SizedStorageAttr>(value);
    if (!sized)
      return emitError() << "value is not serializable: " << value;
    calculated += sized.getStorageSize();
  }
  if (calculated != totalLength)
    return emitError() << "total length mismatch: calculated size of values is "
                       << calculated << " but composite reports "
                       << totalLength;
  return success();
}

int64_t CompositeAttr::getStorageSize() const { return getTotalLength(); }

LogicalResult
CompositeAttr::serializeToBuffer(Location loc, llvm::endianness endian,
                                 MutableArrayRef<char> buffer) const {
  size_t offset = 0;
  for (Attribute value : getValues()) {
    auto serializable = dyn_cast<SerializableAttrInterface>(value);
    if (!serializable)
      return emitError(loc) << "unable to serialize a non-serializable "
                               "attribute: "
                            << value;
    size_t size = serializable.getStorageSize();
    if (offset + size > buffer.size())
      return emitError(loc) << "serialization buffer too small";
    if (failed(serializable.serializeToBuffer(loc, endian,
                                              buffer.slice(offset, size))))
      return failure();
    offset += size;
  }
  return success();
}

LogicalResult CompositeAttr::serializeToStream(Location loc,
                                               llvm::endianness endian,
                                               llvm::raw_ostream &os) const {
  for (Attribute value : getValues()) {
    auto serializable = dyn_cast<SerializableAttrInterface>(value);
    if (!serializable)
      return emitError(loc) << "unable to serialize a non-serializable "
                               "attribute: "
                            << value;
    if (failed(serializable.serializeToStream(loc, endian, os)))
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// #util.uninitialized
//===----------------------------------------------------------------------===//

int64_t UninitializedAttr::getStorageSize() const {
  if (auto shaped = dyn_cast<ShapedType>(getType()))
    return getRoundedPhysicalStorageSize(shaped);
  // Reference quirk kept for compatibility: the bit width, not bytes.
  return getPhysicalStorageBitWidth(getType());
}

//===----------------------------------------------------------------------===//
// #util.int.assumption
//===----------------------------------------------------------------------===//

Attribute IntAssumptionAttr::parseBody(AsmParser &parser) {
  std::optional<uint64_t> umin, umax, udiv;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    do {
      SMLoc loc = parser.getCurrentLocation();
      StringRef key;
      uint64_t value;
      if (parser.parseKeyword(&key) || parser.parseEqual() ||
          parser.parseInteger(value))
        return {};
      std::optional<uint64_t> *slot = key == "umin"   ? &umin
                                      : key == "umax" ? &umax
                                      : key == "udiv" ? &udiv
                                                      : nullptr;
      if (!slot) {
        parser.emitError(loc, "expected one of umin, umax, udiv; got ") << key;
        return {};
      }
      if (slot->has_value()) {
        parser.emitError(loc, "duplicate assumption key ") << key;
        return {};
      }
      *slot = value;
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseGreater())
      return {};
  }
  return IntAssumptionAttr::get(parser.getContext(), umin, umax, udiv);
}

void IntAssumptionAttr::printBody(AsmPrinter &printer) const {
  printer << '<';
  bool first = true;
  auto printKey = [&](StringRef key, std::optional<uint64_t> value) {
    if (!value)
      return;
    if (!first)
      printer << ", ";
    first = false;
    printer << key << " = " << *value;
  };
  printKey("umin", getUmin());
  printKey("umax", getUmax());
  printKey("udiv", getUdiv());
  printer << '>';
}

Attribute IntAssumptionAttr::parse(AsmParser &parser, Type) {
  return parseBody(parser);
}

void IntAssumptionAttr::print(AsmPrinter &printer) const { printBody(printer); }

//===----------------------------------------------------------------------===//
// Inlining policies
//===----------------------------------------------------------------------===//

bool InlineNeverAttr::isLegalToInline(Operation *, Operation *) const {
  return false;
}

bool InlineAlwaysAttr::isLegalToInline(Operation *, Operation *) const {
  return true;
}
