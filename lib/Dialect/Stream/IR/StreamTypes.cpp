//===- StreamTypes.cpp - stream types and enums ---------------------------===//

#include "sluice/Dialect/Stream/IR/StreamTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::stream;

#include "sluice/Dialect/Stream/IR/StreamEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/Stream/IR/StreamTypes.cpp.inc"

void StreamDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/Stream/IR/StreamTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !stream.resource
//===----------------------------------------------------------------------===//

Type ResourceType::parse(AsmParser &parser) {
  if (parser.parseLess())
    return {};
  Lifetime lifetime = Lifetime::Unknown;
  if (failed(parser.parseOptionalStar())) {
    SMLoc loc = parser.getNameLoc();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<Lifetime> parsed = symbolizeLifetime(keyword);
    if (!parsed || *parsed == Lifetime::Unknown) {
      parser.emitError(loc, "unknown lifetime value: ") << keyword;
      return {};
    }
    lifetime = *parsed;
  }
  if (parser.parseGreater())
    return {};
  return ResourceType::get(parser.getContext(), lifetime);
}

void ResourceType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyLifetime(getLifetime()) << '>';
}

bool ResourceType::isAccessStorageCompatible(Type accessType) const {
  // Reference behaviour: any resource (or shaped) access type is compatible.
  return isa<ResourceType>(accessType) || isa<ShapedType>(accessType);
}

Value ResourceType::inferSizeFromValue(Location loc, Value value,
                                       OpBuilder &builder) const {
  return builder.createOrFold<ResourceSizeOp>(loc, builder.getIndexType(),
                                              value);
}

Value ResourceType::createSubrangeOp(Location loc, Value resource,
                                     Value resourceSize, Value subrangeOffset,
                                     Value subrangeLength,
                                     OpBuilder &builder) const {
  return ResourceSubviewOp::create(builder, loc, resource.getType(), resource,
                                   resourceSize, subrangeOffset,
                                   subrangeLength);
}

bool sluice::stream::isTransientResourceType(Type type) {
  auto resourceType = dyn_cast<ResourceType>(type);
  return resourceType && resourceType.getLifetime() == Lifetime::Transient;
}
