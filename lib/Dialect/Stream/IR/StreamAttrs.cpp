//===- StreamAttrs.cpp - stream attributes --------------------------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamTypes.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"

#include <limits>

using namespace mlir;
using namespace sluice::stream;

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Stream/IR/StreamAttrs.cpp.inc"

void StreamDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Stream/IR/StreamAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Options behind the default configurations
//===----------------------------------------------------------------------===//

static llvm::cl::opt<int64_t> clResourceMaxAllocationSize(
    "iree-stream-resource-max-allocation-size",
    llvm::cl::desc("Maximum size of an individual memory allocation."),
    llvm::cl::init(std::numeric_limits<int64_t>::max()));
static llvm::cl::opt<int64_t> clResourceMinOffsetAlignment(
    "iree-stream-resource-min-offset-alignment",
    llvm::cl::desc("Minimum required alignment in bytes for resource offsets "
                   "and ranges."),
    llvm::cl::init(64));
static llvm::cl::opt<int64_t>
    clResourceMaxRange("iree-stream-resource-max-range",
                       llvm::cl::desc("Maximum range of a resource binding."),
                       llvm::cl::init(std::numeric_limits<int64_t>::max()));
static llvm::cl::opt<unsigned> clResourceIndexBits(
    "iree-stream-resource-index-bits",
    llvm::cl::desc("Bit width of indices used to reference resource offsets."),
    llvm::cl::init(64));
static llvm::cl::opt<bool> clResourceAliasMutableBindings(
    "iree-stream-resource-alias-mutable-bindings",
    llvm::cl::desc("Allow mutable bindings to alias."), llvm::cl::init(false));
static llvm::cl::opt<MemoryModel> clResourceMemoryModel(
    "iree-stream-resource-memory-model",
    llvm::cl::desc("Memory model used for host-device resource access."),
    llvm::cl::values(clEnumValN(MemoryModel::Unified, "unified",
                                "Host and device share one memory space."),
                     clEnumValN(MemoryModel::Discrete, "discrete",
                                "Host and device memory are separate.")),
    llvm::cl::init(MemoryModel::Unified));
static llvm::cl::opt<Favor> clPartitioningFavor(
    "iree-stream-partitioning-favor",
    llvm::cl::desc("Default stream partitioning favor configuration."),
    llvm::cl::values(clEnumValN(Favor::Debug, "debug",
                                "Force debug partitioning."),
                     clEnumValN(Favor::MinPeakMemory, "min-peak-memory",
                                "Favor minimizing peak memory usage."),
                     clEnumValN(Favor::MaxConcurrency, "max-concurrency",
                                "Favor maximizing concurrency.")),
    llvm::cl::init(Favor::MinPeakMemory));

//===----------------------------------------------------------------------===//
// #stream.timepoint
//===----------------------------------------------------------------------===//

Attribute TimepointAttr::parse(AsmParser &parser, Type) {
  StringRef keyword;
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  if (keyword != "immediate") {
    parser.emitError(parser.getCurrentLocation(),
                     "only immediate timepoint attrs are supported");
    return {};
  }
  if (parser.parseGreater())
    return {};
  return TimepointAttr::get(parser.getContext(),
                            TimepointType::get(parser.getContext()));
}

void TimepointAttr::print(AsmPrinter &printer) const {
  printer << "<immediate>";
}

//===----------------------------------------------------------------------===//
// #stream.collective
//===----------------------------------------------------------------------===//

/// Parses one enum keyword of the attribute body. A bad keyword gets the
/// generated-parser text of stream-ir.md §4.3: `failed to parse
/// Stream_CollectiveAttr parameter '<param>' which is to be a `<EnumType>``.
template <typename EnumT>
static ParseResult
parseEnumKeyword(AsmParser &parser, EnumT &value,
                 std::optional<EnumT> (*symbolize)(StringRef), StringRef param,
                 StringRef enumType) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> parsed = symbolize(keyword);
  if (!parsed)
    return parser.emitError(loc, "failed to parse Stream_CollectiveAttr "
                                 "parameter '")
           << param << "' which is to be a `" << enumType << "`";
  value = *parsed;
  return success();
}

Attribute CollectiveAttr::parseBody(AsmParser &parser) {
  CollectiveKind kind;
  std::optional<CollectiveReductionOp> reduction;
  CollectiveElementType elementType;
  if (parser.parseLess() ||
      parseEnumKeyword(parser, kind, symbolizeCollectiveKind, "kind",
                       "CollectiveKind"))
    return {};
  if (succeeded(parser.parseOptionalKeyword("with"))) {
    CollectiveReductionOp op;
    if (parseEnumKeyword(parser, op, symbolizeCollectiveReductionOp,
                         "reduction", "CollectiveReductionOp"))
      return {};
    reduction = op;
  }
  if (parser.parseColon() ||
      parseEnumKeyword(parser, elementType, symbolizeCollectiveElementType,
                       "element_type", "CollectiveElementType") ||
      parser.parseGreater())
    return {};
  return CollectiveAttr::get(parser.getContext(), kind, reduction, elementType);
}

void CollectiveAttr::printBody(AsmPrinter &printer) const {
  printer << '<' << stringifyCollectiveKind(getKind());
  if (getReduction())
    printer << " with " << stringifyCollectiveReductionOp(*getReduction());
  printer << " : " << stringifyCollectiveElementType(getElementType()) << '>';
}

Attribute CollectiveAttr::parse(AsmParser &parser, Type) {
  return parseBody(parser);
}

void CollectiveAttr::print(AsmPrinter &printer) const { printBody(printer); }

//===----------------------------------------------------------------------===//
// #stream.parameter.named
//===----------------------------------------------------------------------===//

Attribute NamedParameterAttr::parse(AsmParser &parser, Type type) {
  StringAttr scope, key;
  DictionaryAttr config;
  if (parser.parseLess())
    return {};
  // Parsed with an explicit type so that a following `::` is not taken as a
  // type suffix.
  Type noneType = NoneType::get(parser.getContext());
  StringAttr first;
  if (parser.parseAttribute(first, noneType))
    return {};
  if (succeeded(parser.parseOptionalColon())) {
    if (parser.parseColon() || parser.parseAttribute(key, noneType))
      return {};
    scope = first;
  } else {
    key = first;
  }
  if (succeeded(parser.parseOptionalComma()))
    if (parser.parseAttribute(config))
      return {};
  if (parser.parseGreater())
    return {};
  if (!type)
    type = NoneType::get(parser.getContext());
  return NamedParameterAttr::get(parser.getContext(), type, scope, key, config);
}

void NamedParameterAttr::print(AsmPrinter &printer) const {
  // Reference behaviour: scope and key are written raw, without escaping.
  printer << '<';
  if (getScope())
    printer << '"' << getScope().getValue() << "\"::";
  printer << '"' << getKey().getValue() << '"';
  if (getConfig() && !getConfig().empty()) {
    printer << ", ";
    printer.printAttribute(getConfig());
  }
  printer << '>';
}

int64_t NamedParameterAttr::getStorageSize() const {
  if (DictionaryAttr config = getConfig())
    if (auto length = config.getAs<IntegerAttr>("length"))
      return length.getInt();
  if (auto shaped = dyn_cast<ShapedType>(getType()))
    return sluice::util::getRoundedPhysicalStorageSize(shaped);
  // Reference quirk: a bit count for non-shaped types.
  return sluice::util::getPhysicalStorageBitWidth(getType());
}

//===----------------------------------------------------------------------===//
// #stream.resource_config
//===----------------------------------------------------------------------===//

Attribute ResourceConfigAttr::parse(AsmParser &parser, Type) {
  int64_t maxAllocationSize = 0, minBufferOffsetAlignment = 0,
          maxBufferRange = 0, minBufferRangeAlignment = 0, indexBits = 32;
  bool aliasMutableBindings = false;
  MemoryModel memoryModel = MemoryModel::Discrete;
  if (parser.parseLess() || parser.parseLBrace())
    return {};
  while (failed(parser.parseOptionalRBrace())) {
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (key == "max_allocation_size") {
      if (parser.parseInteger(maxAllocationSize))
        return {};
    } else if (key == "min_buffer_offset_alignment") {
      if (parser.parseInteger(minBufferOffsetAlignment))
        return {};
    } else if (key == "max_buffer_range") {
      if (parser.parseInteger(maxBufferRange))
        return {};
    } else if (key == "min_buffer_range_alignment") {
      if (parser.parseInteger(minBufferRangeAlignment))
        return {};
    } else if (key == "index_bits") {
      if (parser.parseInteger(indexBits))
        return {};
    } else if (key == "alias_mutable_bindings") {
      StringRef value;
      if (parser.parseKeyword(&value) || (value != "true" && value != "false"))
        return {};
      aliasMutableBindings = value == "true";
    } else if (key == "memory_model") {
      StringRef value;
      if (parser.parseKeyword(&value))
        return {};
      std::optional<MemoryModel> model = symbolizeMemoryModel(value);
      if (!model)
        return {};
      memoryModel = *model;
    } else {
      parser.emitError(parser.getCurrentLocation(),
                       "unknown resource config key: ")
          << key;
      return {};
    }
    (void)parser.parseOptionalComma();
  }
  if (parser.parseGreater())
    return {};
  return ResourceConfigAttr::get(parser.getContext(), maxAllocationSize,
                                 minBufferOffsetAlignment, maxBufferRange,
                                 minBufferRangeAlignment, indexBits,
                                 aliasMutableBindings, memoryModel);
}

void ResourceConfigAttr::print(AsmPrinter &printer) const {
  printer << "<{max_allocation_size = " << getMaxAllocationSize()
          << ", min_buffer_offset_alignment = " << getMinBufferOffsetAlignment()
          << ", max_buffer_range = " << getMaxBufferRange()
          << ", min_buffer_range_alignment = " << getMinBufferRangeAlignment()
          << ", index_bits = " << getIndexBits()
          << ", alias_mutable_bindings = "
          << (getAliasMutableBindings() ? 1 : 0)
          << ", memory_model = " << stringifyMemoryModel(getMemoryModel())
          << "}>";
}

ResourceConfigAttr
ResourceConfigAttr::intersectBufferConstraints(ResourceConfigAttr a,
                                               ResourceConfigAttr b) {
  if (!a)
    return b;
  if (!b)
    return a;
  return ResourceConfigAttr::get(
      a.getContext(),
      std::min(a.getMaxAllocationSize(), b.getMaxAllocationSize()),
      std::max(a.getMinBufferOffsetAlignment(),
               b.getMinBufferOffsetAlignment()),
      std::min(a.getMaxBufferRange(), b.getMaxBufferRange()),
      std::max(a.getMinBufferRangeAlignment(), b.getMinBufferRangeAlignment()),
      std::max(a.getIndexBits(), b.getIndexBits()),
      a.getAliasMutableBindings() && b.getAliasMutableBindings(),
      a.getMemoryModel() == MemoryModel::Unified &&
              b.getMemoryModel() == MemoryModel::Unified
          ? MemoryModel::Unified
          : MemoryModel::Discrete);
}

ResourceConfigAttr
ResourceConfigAttr::getDefaultHostConstraints(MLIRContext *context) {
  return ResourceConfigAttr::get(
      context, clResourceMaxAllocationSize, clResourceMinOffsetAlignment,
      clResourceMaxRange, clResourceMinOffsetAlignment, clResourceIndexBits,
      clResourceAliasMutableBindings, clResourceMemoryModel);
}

ResourceConfigAttr ResourceConfigAttr::lookup(Operation *op) {
  MLIRContext *context = op->getContext();
  for (; op; op = op->getParentOp()) {
    if (auto config = op->getAttrOfType<ResourceConfigAttr>("stream.resources"))
      return config;
    if (auto affinityOp = dyn_cast<AffinityOpInterface>(op))
      if (AffinityAttr affinity = affinityOp.getAffinityAttr())
        if (ResourceConfigAttr config = affinity.getResourceConfigAttr())
          return config;
  }
  return getDefaultHostConstraints(context);
}

//===----------------------------------------------------------------------===//
// #stream.partitioning_config
//===----------------------------------------------------------------------===//

Attribute PartitioningConfigAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getNameLoc();
  std::string text;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalStar()))
    text = "size";
  else if (parser.parseString(&text))
    return {};
  if (parser.parseGreater())
    return {};
  std::optional<Favor> favor = symbolizeFavor(text);
  if (!favor) {
    parser.emitError(loc, "unknown favor value: ") << text;
    return {};
  }
  return PartitioningConfigAttr::get(parser.getContext(), *favor);
}

void PartitioningConfigAttr::print(AsmPrinter &printer) const {
  printer << "<favor-" << stringifyFavor(getFavor()) << '>';
}

PartitioningConfigAttr PartitioningConfigAttr::lookup(Operation *op) {
  MLIRContext *context = op->getContext();
  for (; op; op = op->getParentOp())
    if (auto config =
            op->getAttrOfType<PartitioningConfigAttr>("stream.partitioning"))
      return config;
  return PartitioningConfigAttr::get(context, clPartitioningFavor);
}
