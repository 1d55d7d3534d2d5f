//===- HALEnums.cpp - hal enums -------------------------------------------===//

#include "sluice/Dialect/HAL/IR/HALEnums.h"

#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;
using namespace mlir;

namespace sluice::hal {

//===----------------------------------------------------------------------===//
// EnumInfo
//===----------------------------------------------------------------------===//

std::string EnumInfo::stringify(uint64_t value) const {
  if (!isBitEnum) {
    for (const EnumCase &c : cases)
      if (c.value == value)
        return c.getString().str();
    return "";
  }
  if (value == 0)
    return "None";
  SmallVector<StringRef> names;
  for (const EnumCase &c : cases)
    if (c.value != 0 && (value & c.value) == c.value)
      names.push_back(c.getString());
  return join(names, "|");
}

std::optional<uint64_t> EnumInfo::symbolize(StringRef text) const {
  if (!isBitEnum) {
    for (const EnumCase &c : cases)
      if (c.getString() == text)
        return c.value;
    return std::nullopt;
  }
  if (text == "None")
    return 0;
  SmallVector<StringRef> pieces;
  text.split(pieces, '|');
  uint64_t value = 0;
  for (StringRef piece : pieces) {
    piece = piece.trim(' ');
    const EnumCase *found = find_if(
        cases, [&](const EnumCase &c) { return c.getString() == piece; });
    if (found == cases.end())
      return std::nullopt;
    value |= found->value;
  }
  return value;
}

bool EnumInfo::isSingleBitCase(uint64_t value) const {
  return isPowerOf2_64(value) &&
         any_of(cases, [&](const EnumCase &c) { return c.value == value; });
}

std::string EnumInfo::caseList() const {
  SmallVector<StringRef> names;
  for (const EnumCase &c : cases)
    names.push_back(c.getString());
  return join(names, ", ");
}

bool isBareKeyword(StringRef text) {
  if (text.empty() || !(isAlpha(text.front()) || text.front() == '_'))
    return false;
  return all_of(text.drop_front(), [](char c) {
    return isAlnum(c) || c == '_' || c == '$' || c == '.';
  });
}

//===----------------------------------------------------------------------===//
// Spelling rules
//===----------------------------------------------------------------------===//

ParseResult parseEnumOpAttr(AsmParser &parser, const EnumInfo &info,
                            StringRef attrName, uint64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  std::string text;
  if (failed(parser.parseOptionalKeywordOrString(&text)))
    return parser.emitError(loc, "expected string or keyword containing one "
                                 "of the following enum values for attribute '")
           << attrName << "' [" << info.caseList() << "]";
  std::optional<uint64_t> parsed = info.symbolize(text);
  if (!parsed)
    return parser.emitError(loc, "invalid ")
           << attrName << " attribute specification: \"" << text << '"';
  value = *parsed;
  return success();
}

static void printKeywordOrQuoted(AsmPrinter &printer, StringRef text,
                                 bool bare) {
  if (bare)
    printer.getStream() << text;
  else
    printer.getStream() << '"' << text << '"';
}

void printEnumOpAttr(AsmPrinter &printer, const EnumInfo &info,
                     uint64_t value) {
  std::string text = info.stringify(value);
  bool bare =
      info.isBitEnum ? info.isSingleBitCase(value) : isBareKeyword(text);
  printKeywordOrQuoted(printer, text, bare);
}

ParseResult parseEnumParameter(AsmParser &parser, const EnumInfo &info,
                               uint64_t &value) {
  SMLoc loc = parser.getCurrentLocation();
  std::string text;
  if (failed(parser.parseOptionalKeywordOrString(&text)))
    return parser.emitError(loc, "expected keyword for ") << info.description;
  std::optional<uint64_t> parsed = info.symbolize(text);
  if (!parsed)
    return parser.emitError(loc, "expected one of [")
           << info.caseList() << "] for " << info.description
           << ", got: " << text;
  value = *parsed;
  return success();
}

void printEnumParameter(AsmPrinter &printer, const EnumInfo &info,
                        uint64_t value) {
  std::string text = info.stringify(value);
  bool bare = info.isBitEnum ? (value == 0 || isPowerOf2_64(value))
                             : isBareKeyword(text);
  printKeywordOrQuoted(printer, text, bare);
}

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

const EnumInfo &getMemoryTypeBitfield() {
  static const EnumCase cases[] = {
      {"None", MemoryTypeBits::None},
      {"Optimal", MemoryTypeBits::Optimal},
      {"HostVisible", MemoryTypeBits::HostVisible},
      {"HostCoherent", MemoryTypeBits::HostCoherent},
      {"HostCached", MemoryTypeBits::HostCached},
      {"HostLocal", MemoryTypeBits::HostLocal},
      {"DeviceVisible", MemoryTypeBits::DeviceVisible},
      {"DeviceLocal", MemoryTypeBits::DeviceLocal},
  };
  static const EnumInfo info{"valid MemoryType", cases};
  return info;
}

const EnumInfo &getBufferUsageBitfield() {
  static const EnumCase cases[] = {
      {"None", BufferUsageBits::None},
      {"TransferSource", BufferUsageBits::TransferSource},
      {"TransferTarget", BufferUsageBits::TransferTarget},
      {"Transfer", BufferUsageBits::Transfer},
      {"DispatchIndirectParameters",
       BufferUsageBits::DispatchIndirectParameters},
      {"DispatchUniformRead", BufferUsageBits::DispatchUniformRead},
      {"DispatchStorageRead", BufferUsageBits::DispatchStorageRead},
      {"DispatchStorageWrite", BufferUsageBits::DispatchStorageWrite},
      {"DispatchStorage", BufferUsageBits::DispatchStorage},
      {"DispatchImageRead", BufferUsageBits::DispatchImageRead},
      {"DispatchImageWrite", BufferUsageBits::DispatchImageWrite},
      {"DispatchImage", BufferUsageBits::DispatchImage},
      {"SharingExport", BufferUsageBits::SharingExport},
      {"SharingReplicate", BufferUsageBits::SharingReplicate},
      {"SharingConcurrent", BufferUsageBits::SharingConcurrent},
      {"SharingImmutable", BufferUsageBits::SharingImmutable},
      {"MappingScoped", BufferUsageBits::MappingScoped},
      {"MappingPersistent", BufferUsageBits::MappingPersistent},
      {"MappingOptional", BufferUsageBits::MappingOptional},
      {"MappingAccessRandom", BufferUsageBits::MappingAccessRandom},
      {"MappingAccessSequentialWrite",
       BufferUsageBits::MappingAccessSequentialWrite},
      {"Mapping", BufferUsageBits::Mapping},
  };
  static const EnumInfo info{"valid BufferUsage", cases};
  return info;
}

const EnumInfo &getFenceFlagBitfield() {
  static const EnumCase cases[] = {
      {"None", FenceFlagBits::None},
      {"Reserved", FenceFlagBits::Reserved},
  };
  static const EnumInfo info{"valid FenceFlag", cases};
  return info;
}

const EnumInfo &getLifetimeEnum() {
  static const EnumCase cases[] = {
      {"Unknown", uint64_t(Lifetime::Unknown), "*"},
      {"External", uint64_t(Lifetime::External), "external"},
      {"Staging", uint64_t(Lifetime::Staging), "staging"},
      {"Transient", uint64_t(Lifetime::Transient), "transient"},
      {"Variable", uint64_t(Lifetime::Variable), "variable"},
      {"Constant", uint64_t(Lifetime::Constant), "constant"},
  };
  static const EnumInfo info{"IREE HAL value lifetime", cases,
                             /*isBitEnum=*/false};
  return info;
}

const EnumInfo &getDescriptorTypeEnum() {
  static const EnumCase cases[] = {
      {"UniformBuffer", uint64_t(DescriptorType::UniformBuffer),
       "uniform_buffer"},
      {"StorageBuffer", uint64_t(DescriptorType::StorageBuffer),
       "storage_buffer"},
  };
  static const EnumInfo info{"valid DescriptorType", cases,
                             /*isBitEnum=*/false};
  return info;
}

const EnumInfo &getDescriptorFlagsBitfield() {
  static const EnumCase cases[] = {
      {"None", DescriptorFlagBits::None},
      {"ReadOnly", DescriptorFlagBits::ReadOnly},
      {"Indirect", DescriptorFlagBits::Indirect},
  };
  static const EnumInfo info{"valid Descriptor flags", cases};
  return info;
}

const EnumInfo &getPipelineLayoutFlagsBitfield() {
  static const EnumCase cases[] = {
      {"None", PipelineLayoutFlagBits::None},
      {"Indirect", PipelineLayoutFlagBits::Indirect},
  };
  static const EnumInfo info{"valid PipelineLayout flags", cases};
  return info;
}

const EnumInfo &getExecutionModelEnum() {
  static const EnumCase cases[] = {
      {"Synchronous", uint64_t(ExecutionModel::Synchronous), "synchronous"},
      {"CoarseFences", uint64_t(ExecutionModel::CoarseFences), "coarse_fences"},
  };
  static const EnumInfo info{"IREE HAL execution model", cases,
                             /*isBitEnum=*/false};
  return info;
}

const EnumInfo &getMemoryAccessBitfield() {
  static const EnumCase cases[] = {
      {"None", MemoryAccessBits::None},
      {"Read", MemoryAccessBits::Read},
      {"Write", MemoryAccessBits::Write},
      {"Discard", MemoryAccessBits::Discard},
      {"MayAlias", MemoryAccessBits::MayAlias},
      {"Unaligned", MemoryAccessBits::Unaligned},
      {"Any", MemoryAccessBits::Any},
  };
  static const EnumInfo info{"valid MemoryAccess", cases};
  return info;
}

const EnumInfo &getCommandBufferModeBitfield() {
  static const EnumCase cases[] = {
      {"None", CommandBufferModeBits::None},
      {"OneShot", CommandBufferModeBits::OneShot},
      {"AllowInlineExecution", CommandBufferModeBits::AllowInlineExecution},
  };
  static const EnumInfo info{"valid CommandBufferMode", cases};
  return info;
}

const EnumInfo &getCommandCategoryBitfield() {
  static const EnumCase cases[] = {
      {"None", CommandCategoryBits::None},
      {"Transfer", CommandCategoryBits::Transfer},
      {"Dispatch", CommandCategoryBits::Dispatch},
  };
  static const EnumInfo info{"valid CommandCategory", cases};
  return info;
}

const EnumInfo &getExecutionStageBitfield() {
  static const EnumCase cases[] = {
      {"None", ExecutionStageBits::None},
      {"CommandIssue", ExecutionStageBits::CommandIssue},
      {"CommandProcess", ExecutionStageBits::CommandProcess},
      {"Dispatch", ExecutionStageBits::Dispatch},
      {"Transfer", ExecutionStageBits::Transfer},
      {"CommandRetire", ExecutionStageBits::CommandRetire},
      {"Host", ExecutionStageBits::Host},
  };
  static const EnumInfo info{"valid ExecutionStage", cases};
  return info;
}

const EnumInfo &getAllocaFlagBitfield() {
  static const EnumCase cases[] = {
      {"None", AllocaFlagBits::None},
      {"IndeterminateLifetime", AllocaFlagBits::IndeterminateLifetime},
  };
  static const EnumInfo info{"valid AllocaFlag", cases};
  return info;
}

const EnumInfo &getDeallocaFlagBitfield() {
  static const EnumCase cases[] = {
      {"None", DeallocaFlagBits::None},
      {"PreferOrigin", DeallocaFlagBits::PreferOrigin},
  };
  static const EnumInfo info{"valid DeallocaFlag", cases};
  return info;
}

const EnumInfo &getReservedFlagBitfield() {
  static const EnumCase cases[] = {
      {"None", 0},
      {"Reserved", 1},
  };
  static const EnumInfo info{"valid flags", cases};
  return info;
}

const EnumInfo &getCollectiveKindEnum() {
  static const EnumCase cases[] = {
      {"AllGather", 0, "all_gather"},
      {"AllReduce", 1, "all_reduce"},
      {"AllToAll", 2, "all_to_all"},
      {"Broadcast", 3, "broadcast"},
      {"Reduce", 4, "reduce"},
      {"ReduceScatter", 5, "reduce_scatter"},
      {"Send", 6, "send"},
      {"Recv", 7, "recv"},
      {"SendRecv", 8, "send_recv"},
  };
  static const EnumInfo info{"valid CollectiveKind", cases,
                             /*isBitEnum=*/false};
  return info;
}

const EnumInfo &getCollectiveReductionEnum() {
  static const EnumCase cases[] = {
      {"None", 0, "none"},
      {"ReductionSum", 1, "sum"},
      {"ReductionProduct", 2, "product"},
      {"ReductionMinimum", 3, "minimum"},
      {"ReductionMaximum", 4, "maximum"},
      {"ReductionAverage", 5, "average"},
  };
  static const EnumInfo info{"valid CollectiveReductionOp", cases,
                             /*isBitEnum=*/false};
  return info;
}

const EnumInfo &getCollectiveElementTypeEnum() {
  static const EnumCase cases[] = {
      {"Sint8", 0, "si8"},
      {"Uint8", 1, "ui8"},
      {"Sint16", 2, "si16"},
      {"Uint16", 3, "ui16"},
      {"Sint32", 4, "si32"},
      {"Uint32", 5, "ui32"},
      {"Sint64", 6, "si64"},
      {"Uint64", 7, "ui64"},
      {"Float16", 8, "f16"},
      {"Float32", 9, "f32"},
      {"Float64", 10, "f64"},
      {"BFloat16", 11, "bf16"},
      {"Float8E5M2", 12, "f8E5M2"},
      {"Float8E4M3FN", 13, "f8E4M3FN"},
      {"Float8E5M2FNUZ", 14, "f8E5M2FNUZ"},
      {"Float8E4M3FNUZ", 15, "f8E4M3FNUZ"},
  };
  static const EnumInfo info{"valid CollectiveElementType", cases,
                             /*isBitEnum=*/false};
  return info;
}

} // namespace sluice::hal
