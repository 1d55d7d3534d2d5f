//===- FlowAttrs.cpp - flow types, attributes and enums -------------------===//
//
// `!flow.channel`, `#flow.parameter.named` and the collective enums
// (support-dialects.md §3.2, io-parameters.md §6).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Flow/IR/FlowTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Util/IR/DialectTypeSyntax.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::flow;

#include "sluice/Dialect/Flow/IR/FlowEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Flow/IR/FlowTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Flow/IR/FlowAttrs.cpp.inc"

void FlowDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/Flow/IR/FlowTypes.cpp.inc"
      >();
}

void FlowDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Flow/IR/FlowAttrs.cpp.inc"
      >();
}

Type FlowDialect::parseType(DialectAsmParser &parser) const {
  return sluice::util::parseTypeOrReportUnknown(parser, generatedTypeParser,
                                                "Flow");
}

void FlowDialect::printType(Type type, DialectAsmPrinter &printer) const {
  if (failed(generatedTypePrinter(type, printer)))
    llvm_unreachable("unhandled Flow type");
}

//===----------------------------------------------------------------------===//
// #flow.parameter.named
//===----------------------------------------------------------------------===//

Attribute NamedParameterAttr::parse(AsmParser &parser, Type type) {
  SMLoc loc = parser.getCurrentLocation();
  std::string first;
  if (parser.parseLess() || parser.parseString(&first))
    return {};
  StringAttr scope;
  StringAttr key;
  if (succeeded(parser.parseOptionalColon())) {
    std::string second;
    if (parser.parseColon() || parser.parseString(&second))
      return {};
    scope = parser.getBuilder().getStringAttr(first);
    key = parser.getBuilder().getStringAttr(second);
  } else {
    key = parser.getBuilder().getStringAttr(first);
  }
  DictionaryAttr config;
  if (succeeded(parser.parseOptionalComma()))
    if (parser.parseAttribute(config))
      return {};
  if (parser.parseGreater())
    return {};
  // Without a trailing `: T` the attribute is untyped (NoneType).
  if (!type)
    type = NoneType::get(parser.getContext());
  return parser.getChecked<NamedParameterAttr>(loc, parser.getContext(), type,
                                               scope, key, config);
}

void NamedParameterAttr::print(AsmPrinter &printer) const {
  // Sluice escapes both strings (io-parameters.md §6.1).
  printer << '<';
  if (getScope()) {
    printer.printString(getScope().getValue());
    printer << "::";
  }
  printer.printString(getKey().getValue());
  if (getConfig()) {
    printer << ", ";
    printer.printAttribute(getConfig());
  }
  printer << '>';
}

LogicalResult
NamedParameterAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           Type type, StringAttr scope, StringAttr key,
                           DictionaryAttr config) {
  if (!key)
    return emitError() << "parameter key is required";
  if (!config)
    return success();
  for (StringRef name : {"offset", "length"}) {
    Attribute value = config.get(name);
    if (!value)
      continue;
    auto integer = dyn_cast<IntegerAttr>(value);
    if (!integer || integer.getValue().isNegative())
      return emitError() << "parameter config '" << name
                         << "' must be a non-negative integer";
  }
  return success();
}

int64_t NamedParameterAttr::getStorageSize() const {
  if (DictionaryAttr config = getConfig())
    if (auto length = config.getAs<IntegerAttr>("length"))
      return length.getInt();
  if (auto shapedType = dyn_cast<ShapedType>(getType())) {
    // Dynamically shaped parameters have no static size.
    if (!shapedType.hasStaticShape())
      return 0;
    return static_cast<int64_t>(
        sluice::util::getRoundedPhysicalStorageSize(shapedType));
  }
  // Sluice returns bytes where the reference returns bits (io-parameters.md
  // §6.2).
  return static_cast<int64_t>(
      sluice::util::getPhysicalStorageBitWidth(getType()) / 8);
}

//===----------------------------------------------------------------------===//
// Collective element types
//===----------------------------------------------------------------------===//

namespace sluice::flow {

std::optional<CollectiveElementType> getCollectiveElementTypeFor(Type type) {
  if (type.isF16())
    return CollectiveElementType::Float16;
  if (type.isBF16())
    return CollectiveElementType::BFloat16;
  if (type.isF32())
    return CollectiveElementType::Float32;
  if (type.isF64())
    return CollectiveElementType::Float64;
  auto integerType = dyn_cast<IntegerType>(type);
  if (!integerType)
    return std::nullopt;
  bool isSigned = integerType.isSigned();
  switch (integerType.getWidth()) {
  case 8:
    return isSigned ? CollectiveElementType::Sint8
                    : CollectiveElementType::Uint8;
  case 16:
    return isSigned ? CollectiveElementType::Sint16
                    : CollectiveElementType::Uint16;
  case 32:
    return isSigned ? CollectiveElementType::Sint32
                    : CollectiveElementType::Uint32;
  case 64:
    return isSigned ? CollectiveElementType::Sint64
                    : CollectiveElementType::Uint64;
  default:
    return std::nullopt;
  }
}

IntegerAttr getCollectiveElementTypeAttr(RankedTensorType type) {
  std::optional<CollectiveElementType> elementType =
      getCollectiveElementTypeFor(type.getElementType());
  if (!elementType)
    return {};
  return CollectiveElementTypeAttr::get(type.getContext(), *elementType);
}

} // namespace sluice::flow
