//===- HALAttrs.cpp - hal attributes --------------------------------------===//
//
// Parsers/printers of the HAL attributes (support-dialects.md §2.4), the
// affinity semantics of §2.4.5, topology queries and the asm alias hook.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALAttrs.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "sluice/Dialect/HAL/IR/HALDialect.h"
#include "sluice/Dialect/HAL/IR/HALTypes.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <atomic>

using namespace mlir;
using namespace sluice::hal;

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/HAL/IR/HALAttrs.cpp.inc"

namespace sluice::hal {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::string sanitizeSymbolName(StringRef name) {
  std::string result = name.str();
  for (char &c : result)
    if (!llvm::isAlnum(c) && c != '_')
      c = '_';
  return result;
}

bool isHALAffinityAttr(Attribute attr) {
  return isa_and_present<DeviceAffinityAttr, DevicePromiseAttr,
                         DeviceOptimalAttr>(attr);
}

std::optional<StringRef> getAffinityDeviceKey(Attribute attr) {
  if (auto affinity = dyn_cast_if_present<DeviceAffinityAttr>(attr))
    return affinity.getDevice().getLeafReference().getValue();
  if (auto promise = dyn_cast_if_present<DevicePromiseAttr>(attr))
    return promise.getDevice().getValue();
  return std::nullopt;
}

bool isAffinityExecutableWith(Attribute self, Attribute other) {
  return TypeSwitch<Attribute, bool>(self)
      .Case<DeviceAffinityAttr, DevicePromiseAttr, DeviceOptimalAttr>(
          [&](auto attr) { return attr.isExecutableWith(other); })
      .Default([&](Attribute) { return self == other || !other; });
}

Attribute joinAffinityOR(Attribute self, Attribute other) {
  return TypeSwitch<Attribute, Attribute>(self)
      .Case<DeviceAffinityAttr, DevicePromiseAttr, DeviceOptimalAttr>(
          [&](auto attr) { return attr.joinOR(other); })
      .Default([&](Attribute) { return self; });
}

Attribute joinAffinityAND(Attribute self, Attribute other) {
  return TypeSwitch<Attribute, Attribute>(self)
      .Case<DeviceAffinityAttr, DevicePromiseAttr, DeviceOptimalAttr>(
          [&](auto attr) { return attr.joinAND(other); })
      .Default([&](Attribute) { return self; });
}

bool canAffinitiesExecuteTogether(Attribute a, Attribute b) {
  if (a == b || !a || !b)
    return true;
  return isAffinityExecutableWith(a, b);
}

static Attribute defaultAffinityLookup(Operation *op) {
  for (; op; op = op->getParentOp())
    if (Attribute attr = op->getDiscardableAttr("stream.affinity"))
      if (isHALAffinityAttr(attr))
        return attr;
  return {};
}

static std::atomic<AffinityLookupFn> affinityLookupFn{defaultAffinityLookup};

void setAffinityLookupFn(AffinityLookupFn fn) {
  affinityLookupFn.store(fn ? fn : defaultAffinityLookup);
}

Attribute lookupAffinity(Operation *op) { return affinityLookupFn.load()(op); }

} // namespace sluice::hal

/// Optional `, [q, ...]` after the device: each listed queue sets its bit.
/// Absent list → -1 (any queue).
static ParseResult parseQueueList(AsmParser &parser, int64_t &queueMask) {
  queueMask = -1;
  if (failed(parser.parseOptionalComma()))
    return success();
  uint64_t mask = 0;
  if (parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            SMLoc loc = parser.getCurrentLocation();
            int64_t queue = 0;
            if (parser.parseInteger(queue))
              return failure();
            if (queue < 0 || queue > 63)
              return parser.emitError(loc, "queue index out of range [0, 64)");
            mask |= uint64_t(1) << queue;
            return success();
          }))
    return failure();
  queueMask = static_cast<int64_t>(mask);
  return success();
}

static void printQueueList(AsmPrinter &printer, int64_t queueMask) {
  if (queueMask == -1)
    return;
  printer << ", [";
  bool first = true;
  for (int i = 0; i < 64; ++i) {
    if (!(static_cast<uint64_t>(queueMask) & (uint64_t(1) << i)))
      continue;
    if (!first)
      printer << ", ";
    printer << i;
    first = false;
  }
  printer << "]";
}

static bool isQueueMaskSubset(int64_t mine, int64_t theirs) {
  return (mine & theirs) == mine;
}

//===----------------------------------------------------------------------===//
// #hal.device.affinity
//===----------------------------------------------------------------------===//

Attribute DeviceAffinityAttr::parse(AsmParser &parser, Type) {
  SymbolRefAttr device;
  int64_t queueMask = -1;
  if (parser.parseLess() || parser.parseAttribute(device) ||
      parseQueueList(parser, queueMask) || parser.parseGreater())
    return {};
  return get(parser.getContext(), device, queueMask);
}

void DeviceAffinityAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printAttribute(getDevice());
  printQueueList(printer, getQueueMask());
  printer << ">";
}

// The single-device semantics shared by affinity and promise: both sides must
// be the same attribute kind on the same device.
template <typename AttrT>
static bool isSingleDeviceExecutableWith(AttrT self, Attribute other) {
  if (!other)
    return true;
  auto otherAttr = dyn_cast<AttrT>(other);
  if (!otherAttr || otherAttr.getDevice() != self.getDevice())
    return false;
  return isQueueMaskSubset(self.getQueueMask(), otherAttr.getQueueMask());
}

template <typename AttrT>
static Attribute singleDeviceJoinOR(AttrT self, Attribute other) {
  if (!other)
    return self;
  if (auto optimal = dyn_cast<DeviceOptimalAttr>(other))
    return optimal.joinOR(self);
  if (auto otherAttr = dyn_cast<AttrT>(other))
    if (otherAttr.getDevice() == self.getDevice())
      return AttrT::get(self.getContext(), self.getDevice(),
                        self.getQueueMask() | otherAttr.getQueueMask());
  return DeviceOptimalAttr::get(self.getContext(), {self, other});
}

template <typename AttrT>
static Attribute singleDeviceJoinAND(AttrT self, Attribute other) {
  if (!other)
    return self;
  if (!canAffinitiesExecuteTogether(self, other))
    return {};
  auto otherAttr = dyn_cast<AttrT>(other);
  if (!otherAttr || otherAttr.getDevice() != self.getDevice())
    return {};
  return AttrT::get(self.getContext(), self.getDevice(),
                    self.getQueueMask() & otherAttr.getQueueMask());
}

bool DeviceAffinityAttr::isExecutableWith(Attribute other) const {
  return isSingleDeviceExecutableWith(*this, other);
}
Attribute DeviceAffinityAttr::joinOR(Attribute other) const {
  return singleDeviceJoinOR(*this, other);
}
Attribute DeviceAffinityAttr::joinAND(Attribute other) const {
  return singleDeviceJoinAND(*this, other);
}
bool DeviceAffinityAttr::isLegalToInline(Operation *inlineSite,
                                         Operation *inlinable) const {
  return lookupAffinity(inlineSite) == Attribute(*this);
}

//===----------------------------------------------------------------------===//
// #hal.device.promise
//===----------------------------------------------------------------------===//

Attribute DevicePromiseAttr::parse(AsmParser &parser, Type) {
  StringAttr device;
  int64_t queueMask = -1;
  if (parser.parseLess() || parser.parseSymbolName(device) ||
      parseQueueList(parser, queueMask) || parser.parseGreater())
    return {};
  return get(parser.getContext(), device, queueMask);
}

void DevicePromiseAttr::print(AsmPrinter &printer) const {
  // The raw name, never quoted.
  printer << "<@" << getDevice().getValue();
  printQueueList(printer, getQueueMask());
  printer << ">";
}

bool DevicePromiseAttr::isExecutableWith(Attribute other) const {
  return isSingleDeviceExecutableWith(*this, other);
}
Attribute DevicePromiseAttr::joinOR(Attribute other) const {
  return singleDeviceJoinOR(*this, other);
}
Attribute DevicePromiseAttr::joinAND(Attribute other) const {
  return singleDeviceJoinAND(*this, other);
}
bool DevicePromiseAttr::isLegalToInline(Operation *inlineSite,
                                        Operation *inlinable) const {
  return lookupAffinity(inlineSite) == Attribute(*this);
}

//===----------------------------------------------------------------------===//
// #hal.device.optimal
//===----------------------------------------------------------------------===//

Attribute DeviceOptimalAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Attribute> affinities;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       Attribute attr;
                                       if (parser.parseAttribute(attr))
                                         return failure();
                                       affinities.push_back(attr);
                                       return success();
                                     }) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    affinities);
}

void DeviceOptimalAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getAffinities(), printer,
                        [&](Attribute attr) { printer.printAttribute(attr); });
  printer << "]>";
}

LogicalResult
DeviceOptimalAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<Attribute> affinities) {
  if (affinities.empty())
    return emitError() << "must have at least one device affinity";
  for (Attribute attr : affinities)
    if (!isa<DeviceAffinityAttr, DevicePromiseAttr>(attr))
      return emitError() << "can only select between HAL affinity attrs";
  return success();
}

bool DeviceOptimalAttr::isExecutableWith(Attribute other) const {
  if (!other)
    return true;
  if (auto otherOptimal = dyn_cast<DeviceOptimalAttr>(other)) {
    for (Attribute mine : getAffinities())
      for (Attribute theirs : otherOptimal.getAffinities())
        if (!isAffinityExecutableWith(mine, theirs))
          return false;
    return true;
  }
  return llvm::all_of(getAffinities(), [&](Attribute mine) {
    return isAffinityExecutableWith(mine, other);
  });
}

// Joins `other` into the members of this keyed by device (§2.4.5). For OR new
// devices are appended; for AND they are ignored. Existing entries are joined
// with the member of `other` on the same device.
static Attribute joinOptimal(DeviceOptimalAttr self, Attribute other,
                             bool isOR) {
  if (!other)
    return self;
  llvm::MapVector<StringRef, Attribute> byDevice;
  for (Attribute member : self.getAffinities()) {
    std::optional<StringRef> key = getAffinityDeviceKey(member);
    if (!key)
      return {};
    byDevice[*key] = member;
  }
  SmallVector<Attribute> others;
  if (auto otherOptimal = dyn_cast<DeviceOptimalAttr>(other))
    llvm::append_range(others, otherOptimal.getAffinities());
  else
    others.push_back(other);
  for (Attribute member : others) {
    std::optional<StringRef> key = getAffinityDeviceKey(member);
    if (!key)
      return {};
    auto it = byDevice.find(*key);
    if (it == byDevice.end()) {
      if (isOR)
        byDevice[*key] = member;
      continue;
    }
    Attribute joined = isOR ? joinAffinityOR(it->second, member)
                            : joinAffinityAND(it->second, member);
    if (!joined)
      return {};
    it->second = joined;
  }
  SmallVector<Attribute> members;
  for (auto &entry : byDevice)
    members.push_back(entry.second);
  return DeviceOptimalAttr::get(self.getContext(), members);
}

Attribute DeviceOptimalAttr::joinOR(Attribute other) const {
  return joinOptimal(*this, other, /*isOR=*/true);
}
Attribute DeviceOptimalAttr::joinAND(Attribute other) const {
  return joinOptimal(*this, other, /*isOR=*/false);
}
bool DeviceOptimalAttr::isLegalToInline(Operation *inlineSite,
                                        Operation *inlinable) const {
  return isExecutableWith(lookupAffinity(inlineSite));
}

//===----------------------------------------------------------------------===//
// #hal.device.link / #hal.device.topology
//===----------------------------------------------------------------------===//

DeviceLinkAttr DeviceLinkAttr::parseBody(AsmParser &parser) {
  SymbolRefAttr source, target;
  bool unifiedMemory = false, transparentAccess = false;
  bool seenUnified = false, seenTransparent = false;
  DictionaryAttr properties;
  if (parser.parseLParen() || parser.parseAttribute(source) ||
      parser.parseArrow() || parser.parseAttribute(target) ||
      parser.parseEqual() || parser.parseLBrace())
    return {};
  if (failed(parser.parseOptionalRBrace())) {
    do {
      SMLoc loc = parser.getCurrentLocation();
      StringRef name;
      if (parser.parseKeyword(&name) || parser.parseEqual())
        return {};
      bool *field = nullptr, *seen = nullptr;
      if (name == "unified_memory") {
        field = &unifiedMemory;
        seen = &seenUnified;
      } else if (name == "transparent_access") {
        field = &transparentAccess;
        seen = &seenTransparent;
      } else {
        parser.emitError(loc, "expected a parameter name in struct");
        return {};
      }
      if (*seen) {
        parser.emitError(loc, "struct is missing required parameter: ") << name;
        return {};
      }
      *seen = true;
      if (succeeded(parser.parseOptionalKeyword("true"))) {
        *field = true;
      } else if (succeeded(parser.parseOptionalKeyword("false"))) {
        *field = false;
      } else {
        parser.emitError(parser.getCurrentLocation(),
                         "expected 'true' or 'false'");
        return {};
      }
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return {};
  }
  if (succeeded(parser.parseOptionalComma()))
    if (parser.parseAttribute(properties))
      return {};
  if (parser.parseRParen())
    return {};
  return get(parser.getContext(), source, target, unifiedMemory,
             transparentAccess, properties);
}

void DeviceLinkAttr::printBody(AsmPrinter &printer) const {
  printer << "(";
  printer.printAttribute(getSourceDevice());
  printer << " -> ";
  printer.printAttribute(getTargetDevice());
  printer << " = {";
  if (getUnifiedMemory())
    printer << "unified_memory = true";
  if (getTransparentAccess())
    printer << (getUnifiedMemory() ? ", " : "") << "transparent_access = true";
  printer << "}";
  if (getLinkProperties()) {
    printer << ", ";
    printer.printAttribute(getLinkProperties());
  }
  printer << ")";
}

Attribute DeviceLinkAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  DeviceLinkAttr link = parseBody(parser);
  if (!link || parser.parseGreater())
    return {};
  return link;
}

void DeviceLinkAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printBody(printer);
  printer << ">";
}

Attribute DeviceTopologyAttr::parse(AsmParser &parser, Type) {
  SmallVector<DeviceLinkAttr> links;
  if (parser.parseLess() || parser.parseKeyword("links") ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       DeviceLinkAttr link =
                                           DeviceLinkAttr::parseBody(parser);
                                       if (!link)
                                         return failure();
                                       links.push_back(link);
                                       return success();
                                     }) ||
      parser.parseGreater())
    return {};
  return get(parser.getContext(), links);
}

void DeviceTopologyAttr::print(AsmPrinter &printer) const {
  printer << "<links = [";
  llvm::interleaveComma(getLinks(), printer,
                        [&](DeviceLinkAttr link) { link.printBody(printer); });
  printer << "]>";
}

template <typename FlagFn>
static bool queryTopology(DeviceTopologyAttr topology, Attribute source,
                          Attribute target, FlagFn flag) {
  std::optional<StringRef> sourceKey = getAffinityDeviceKey(source);
  std::optional<StringRef> targetKey = getAffinityDeviceKey(target);
  if (!sourceKey || !targetKey)
    return false;
  if (*sourceKey == *targetKey)
    return true;
  for (DeviceLinkAttr link : topology.getLinks())
    if (link.getSourceDevice().getLeafReference().getValue() == *sourceKey &&
        link.getTargetDevice().getLeafReference().getValue() == *targetKey)
      return flag(link);
  return false;
}

bool DeviceTopologyAttr::hasTransparentAccess(Attribute source,
                                              Attribute target) const {
  return queryTopology(*this, source, target, [](DeviceLinkAttr link) {
    return link.getTransparentAccess();
  });
}

bool DeviceTopologyAttr::hasUnifiedMemory(Attribute source,
                                          Attribute target) const {
  return queryTopology(*this, source, target, [](DeviceLinkAttr link) {
    return link.getUnifiedMemory();
  });
}

//===----------------------------------------------------------------------===//
// #hal.executable.target / #hal.device.target
//===----------------------------------------------------------------------===//

Attribute ExecutableTargetAttr::parse(AsmParser &parser, Type) {
  StringAttr backend, format;
  DictionaryAttr configuration;
  if (parser.parseLess() || parser.parseAttribute(backend) ||
      parser.parseComma() || parser.parseAttribute(format))
    return {};
  if (succeeded(parser.parseOptionalComma()))
    if (parser.parseAttribute(configuration))
      return {};
  if (parser.parseGreater())
    return {};
  if (!configuration)
    configuration = DictionaryAttr::get(parser.getContext());
  return get(parser.getContext(), backend, format, configuration);
}

void ExecutableTargetAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printAttribute(getBackend());
  printer << ", ";
  printer.printAttribute(getFormat());
  if (getConfiguration() && !getConfiguration().empty()) {
    printer << ", ";
    printer.printAttribute(getConfiguration());
  }
  printer << ">";
}

Attribute ExecutableTargetAttr::getConfigurationAttr(StringRef name) const {
  return getConfiguration() ? getConfiguration().get(name) : Attribute();
}

std::string ExecutableTargetAttr::getSymbolNameFragment() const {
  return sanitizeSymbolName(getFormat().getValue().lower());
}

Attribute DeviceTargetAttr::parse(AsmParser &parser, Type) {
  StringAttr deviceID;
  DictionaryAttr configuration;
  SmallVector<ExecutableTargetAttr> targets;
  auto parseTargets = [&]() -> ParseResult {
    return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                          [&]() -> ParseResult {
                                            ExecutableTargetAttr target;
                                            if (parser.parseAttribute(target))
                                              return failure();
                                            targets.push_back(target);
                                            return success();
                                          });
  };
  if (parser.parseLess() || parser.parseAttribute(deviceID))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalLSquare())) {
      // Re-enter the list parser: the `[` was consumed, so parse elements
      // until `]`.
      if (failed(parser.parseOptionalRSquare())) {
        do {
          ExecutableTargetAttr target;
          if (parser.parseAttribute(target))
            return {};
          targets.push_back(target);
        } while (succeeded(parser.parseOptionalComma()));
        if (parser.parseRSquare())
          return {};
      }
    } else {
      if (parser.parseAttribute(configuration))
        return {};
      if (succeeded(parser.parseOptionalComma()))
        if (parseTargets())
          return {};
    }
  }
  if (parser.parseGreater())
    return {};
  if (!configuration)
    configuration = DictionaryAttr::get(parser.getContext());
  return get(parser.getContext(), deviceID, configuration, targets);
}

void DeviceTargetAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printer.printAttribute(getDeviceID());
  if (getConfiguration() && !getConfiguration().empty()) {
    printer << ", ";
    printer.printAttribute(getConfiguration());
  }
  if (!getExecutableTargets().empty()) {
    printer << ", [";
    llvm::interleaveComma(getExecutableTargets(), printer, [&](Attribute attr) {
      printer.printAttribute(attr);
    });
    printer << "]";
  }
  printer << ">";
}

Type DeviceTargetAttr::getType() const { return DeviceType::get(getContext()); }

Attribute DeviceTargetAttr::getConfigurationAttr(StringRef name) const {
  return getConfiguration() ? getConfiguration().get(name) : Attribute();
}

std::string DeviceTargetAttr::getSymbolNameFragment() const {
  std::string name = getDeviceID().getValue().lower();
  if (auto ordinal =
          dyn_cast_if_present<IntegerAttr>(getConfigurationAttr("ordinal"))) {
    name += "_";
    name += std::to_string(ordinal.getValue().getSExtValue());
    name += "_";
  }
  return sanitizeSymbolName(name);
}

//===----------------------------------------------------------------------===//
// #hal.pipeline.binding / #hal.pipeline.layout
//===----------------------------------------------------------------------===//

Attribute PipelineBindingAttr::parse(AsmParser &parser, Type) {
  uint64_t type = 0, flags = 0;
  if (parser.parseLess() ||
      parseEnumParameter(parser, getDescriptorTypeEnum(), type))
    return {};
  if (succeeded(parser.parseOptionalComma()))
    if (parseEnumParameter(parser, getDescriptorFlagsBitfield(), flags))
      return {};
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), static_cast<DescriptorType>(type),
             static_cast<uint32_t>(flags));
}

void PipelineBindingAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printEnumParameter(printer, getDescriptorTypeEnum(),
                     static_cast<uint64_t>(getType()));
  if (getFlags() != 0) {
    printer << ", ";
    printEnumParameter(printer, getDescriptorFlagsBitfield(), getFlags());
  }
  printer << ">";
}

Attribute PipelineLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<PipelineBindingAttr> bindings;
  int64_t constants = 0;
  std::optional<uint32_t> flags;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalKeyword("constants"))) {
    if (parser.parseEqual() || parser.parseInteger(constants) ||
        parser.parseComma())
      return {};
  }
  if (parser.parseKeyword("bindings") || parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       PipelineBindingAttr binding;
                                       if (parser.parseAttribute(binding))
                                         return failure();
                                       bindings.push_back(binding);
                                       return success();
                                     }))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    uint64_t value = 0;
    if (parser.parseKeyword("flags") || parser.parseEqual() ||
        parseEnumParameter(parser, getPipelineLayoutFlagsBitfield(), value))
      return {};
    flags = static_cast<uint32_t>(value);
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), bindings, constants, flags);
}

void PipelineLayoutAttr::print(AsmPrinter &printer) const {
  printer << "<";
  if (getConstants() != 0)
    printer << "constants = " << getConstants() << ", ";
  printer << "bindings = [";
  llvm::interleaveComma(getBindings(), printer,
                        [&](Attribute attr) { printer.printAttribute(attr); });
  printer << "]";
  if (getFlags()) {
    printer << ", flags = ";
    printEnumParameter(printer, getPipelineLayoutFlagsBitfield(), *getFlags());
  }
  printer << ">";
}

//===----------------------------------------------------------------------===//
// #hal.abi.convention / #hal.descriptor_type
//===----------------------------------------------------------------------===//

template <typename AttrT, typename EnumT>
static Attribute parseEnumAttr(AsmParser &parser, const EnumInfo &info) {
  uint64_t value = 0;
  if (parser.parseLess() || parseEnumParameter(parser, info, value) ||
      parser.parseGreater())
    return {};
  return AttrT::get(parser.getContext(), static_cast<EnumT>(value));
}

Attribute ExecutionModelAttr::parse(AsmParser &parser, Type) {
  return parseEnumAttr<ExecutionModelAttr, ExecutionModel>(
      parser, getExecutionModelEnum());
}
void ExecutionModelAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printEnumParameter(printer, getExecutionModelEnum(),
                     static_cast<uint64_t>(getValue()));
  printer << ">";
}

Attribute DescriptorTypeAttr::parse(AsmParser &parser, Type) {
  return parseEnumAttr<DescriptorTypeAttr, DescriptorType>(
      parser, getDescriptorTypeEnum());
}
void DescriptorTypeAttr::print(AsmPrinter &printer) const {
  printer << "<";
  printEnumParameter(printer, getDescriptorTypeEnum(),
                     static_cast<uint64_t>(getValue()));
  printer << ">";
}

//===----------------------------------------------------------------------===//
// #hal.collective
//===----------------------------------------------------------------------===//

/// One plain-enum keyword of the collective body.
static ParseResult parseCollectiveKeyword(AsmParser &parser,
                                          const EnumInfo &info, StringRef what,
                                          uint32_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(&keyword)))
    return parser.emitError(loc, "expected ") << what << " keyword";
  std::optional<uint64_t> parsed = info.symbolize(keyword);
  if (!parsed)
    return parser.emitError(loc, "expected one of [")
           << info.caseList() << "] for " << what << ", got: " << keyword;
  value = static_cast<uint32_t>(*parsed);
  return success();
}

Attribute CollectiveAttr::parseBody(AsmParser &parser) {
  uint32_t kind = 0, elementType = 0;
  std::optional<uint32_t> reduction;
  if (parser.parseLess() ||
      parseCollectiveKeyword(parser, getCollectiveKindEnum(), "kind", kind))
    return {};
  if (succeeded(parser.parseOptionalKeyword("with"))) {
    uint32_t value = 0;
    if (parseCollectiveKeyword(parser, getCollectiveReductionEnum(),
                               "reduction", value))
      return {};
    reduction = value;
  }
  if (parser.parseColon() ||
      parseCollectiveKeyword(parser, getCollectiveElementTypeEnum(),
                             "element type", elementType) ||
      parser.parseGreater())
    return {};
  return CollectiveAttr::get(parser.getContext(), kind, reduction, elementType);
}

void CollectiveAttr::printBody(AsmPrinter &printer) const {
  printer << '<' << getCollectiveKindEnum().stringify(getKind());
  if (getReduction())
    printer << " with "
            << getCollectiveReductionEnum().stringify(*getReduction());
  printer << " : " << getCollectiveElementTypeEnum().stringify(getElementType())
          << '>';
}

Attribute CollectiveAttr::parse(AsmParser &parser, Type) {
  return parseBody(parser);
}

void CollectiveAttr::print(AsmPrinter &printer) const { printBody(printer); }

//===----------------------------------------------------------------------===//
// Dialect hooks
//===----------------------------------------------------------------------===//

namespace {
struct HALOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (auto target = dyn_cast<DeviceTargetAttr>(attr)) {
      os << "device_target_" << target.getSymbolNameFragment();
      return AliasResult::OverridableAlias;
    }
    if (auto target = dyn_cast<ExecutableTargetAttr>(attr)) {
      os << "executable_target_" << target.getSymbolNameFragment();
      return AliasResult::OverridableAlias;
    }
    if (isa<PipelineLayoutAttr>(attr)) {
      os << "pipeline_layout";
      return AliasResult::OverridableAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

void HALDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/HAL/IR/HALAttrs.cpp.inc"
      >();
  addInterfaces<HALOpAsmInterface>();
}

Attribute HALDialect::parseAttribute(DialectAsmParser &parser,
                                     Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult result =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (result.has_value())
    return succeeded(*result) ? attr : Attribute();
  parser.emitError(loc, "unknown HAL attribute: ") << mnemonic;
  return {};
}

void HALDialect::printAttribute(Attribute attr,
                                DialectAsmPrinter &printer) const {
  if (failed(generatedAttributePrinter(attr, printer)))
    llvm_unreachable("unhandled HAL attribute");
}
