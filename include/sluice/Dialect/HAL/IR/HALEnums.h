//===- HALEnums.h - hal enums -----------------------------------*- C++ -*-===//
//
// HAL enums and their textual spelling (support-dialects.md §0.3, §2.3).
//
// Every enum is described by one table (`EnumInfo`): its cases in declaration
// order, whether it is a bit enum, and its description. The three spelling
// rules are implemented once, on top of that table:
//   rule 1/2 (op attributes):         parseEnumOpAttr / printEnumOpAttr
//   rule 3 (attribute parameters):    parseEnumParameter / printEnumParameter
//
// Case order is part of the printed form for bit enums: a value stringifies
// to every case (composites included) whose bits are all set, joined by `|`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_IR_HALENUMS_H
#define SLUICE_DIALECT_HAL_IR_HALENUMS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
class AsmParser;
class AsmPrinter;
} // namespace mlir

namespace sluice::hal {

/// One named case of an enum. `string` is the textual spelling when it
/// differs from the C++ `name` (plain enums such as Lifetime `Unknown` = `*`).
struct EnumCase {
  llvm::StringLiteral name;
  uint64_t value;
  llvm::StringLiteral string = "";

  llvm::StringRef getString() const { return string.empty() ? name : string; }
};
using BitfieldCase = EnumCase;

/// An enum described by its cases in declaration order. Bit enums include a
/// zero-valued `None` case.
struct EnumInfo {
  llvm::StringLiteral description;
  llvm::ArrayRef<EnumCase> cases;
  bool isBitEnum = true;

  /// Bit enums: `None` for 0; otherwise every non-zero case whose bits are all
  /// set in `value`, in declaration order, joined by `|`.
  /// Plain enums: the case string, or "" when `value` is not a case.
  std::string stringify(uint64_t value) const;
  /// Bit enums: `None` or `A|B|...` (spaces around pieces allowed).
  /// Plain enums: exactly one case string. nullopt otherwise.
  std::optional<uint64_t> symbolize(llvm::StringRef text) const;
  /// True when `value` equals a single-bit case (printed bare, unquoted).
  bool isSingleBitCase(uint64_t value) const;
  /// All case strings joined by ", ", as used in parse errors.
  std::string caseList() const;
};
using BitfieldEnum = EnumInfo;

/// True when `text` can be printed as a bare keyword (letter or `_` first,
/// then letters, digits, `_`, `$`, `.`).
bool isBareKeyword(llvm::StringRef text);

/// Rules 1 and 2: an enum stored in an op attribute named `attrName`.
/// Accepts a bare keyword or a string; bit enums are symbolized piecewise.
mlir::ParseResult parseEnumOpAttr(mlir::AsmParser &parser, const EnumInfo &info,
                                  llvm::StringRef attrName, uint64_t &value);
/// Plain enums: the case string, bare if it is a valid keyword. Bit enums: the
/// stringified value, bare only for a single-bit case.
void printEnumOpAttr(mlir::AsmPrinter &printer, const EnumInfo &info,
                     uint64_t value);

/// Rule 3: an enum used as an attribute parameter.
mlir::ParseResult parseEnumParameter(mlir::AsmParser &parser,
                                     const EnumInfo &info, uint64_t &value);
/// Plain enums: the case string (quoted if not a keyword). Bit enums: bare for
/// 0 or a single bit, quoted otherwise.
void printEnumParameter(mlir::AsmPrinter &printer, const EnumInfo &info,
                        uint64_t value);

//===----------------------------------------------------------------------===//
// Enum tables
//===----------------------------------------------------------------------===//

const EnumInfo &getMemoryTypeBitfield();
const EnumInfo &getBufferUsageBitfield();
const EnumInfo &getFenceFlagBitfield();
const EnumInfo &getLifetimeEnum();
const EnumInfo &getDescriptorTypeEnum();
const EnumInfo &getDescriptorFlagsBitfield();
const EnumInfo &getPipelineLayoutFlagsBitfield();
const EnumInfo &getExecutionModelEnum();
const EnumInfo &getMemoryAccessBitfield();
// execution.md §2.6.
const EnumInfo &getCommandBufferModeBitfield();
const EnumInfo &getCommandCategoryBitfield();
const EnumInfo &getExecutionStageBitfield();
const EnumInfo &getAllocaFlagBitfield();
const EnumInfo &getDeallocaFlagBitfield();
/// The i64 flag enums with only `None` 0 and `Reserved` 1 (Fill, Copy, Read,
/// Write, Update, Execute, Wait, ExecutionBarrier, Channel, Dispatch).
const EnumInfo &getReservedFlagBitfield();
const EnumInfo &getCollectiveKindEnum();
const EnumInfo &getCollectiveReductionEnum();
const EnumInfo &getCollectiveElementTypeEnum();

namespace MemoryTypeBits {
enum : uint32_t {
  None = 0x0000,
  Optimal = 0x0001,
  HostVisible = 0x0002,
  HostCoherent = 0x0004,
  HostCached = 0x0008,
  HostLocal = 0x0046,
  DeviceVisible = 0x0010,
  DeviceLocal = 0x0030,
};
} // namespace MemoryTypeBits

namespace BufferUsageBits {
enum : uint32_t {
  None = 0x0,
  TransferSource = 0x1,
  TransferTarget = 0x2,
  Transfer = 0x3,
  DispatchIndirectParameters = 0x100,
  DispatchUniformRead = 0x200,
  DispatchStorageRead = 0x400,
  DispatchStorageWrite = 0x800,
  DispatchStorage = 0xC00,
  DispatchImageRead = 0x1000,
  DispatchImageWrite = 0x2000,
  DispatchImage = 0x3000,
  SharingExport = 0x10000,
  SharingReplicate = 0x20000,
  SharingConcurrent = 0x40000,
  SharingImmutable = 0x80000,
  MappingScoped = 0x1000000,
  MappingPersistent = 0x2000000,
  MappingOptional = 0x4000000,
  MappingAccessRandom = 0x8000000,
  MappingAccessSequentialWrite = 0x10000000,
  Mapping = 0x9000000,
};
} // namespace BufferUsageBits

/// i64 bit enum.
namespace FenceFlagBits {
enum : uint64_t {
  None = 0,
  Reserved = 1,
};
} // namespace FenceFlagBits

/// i32 plain enum; same numbering as the stream lifetime enum.
enum class Lifetime : uint32_t {
  Unknown = 0,
  External = 1,
  Staging = 2,
  Transient = 3,
  Variable = 4,
  Constant = 5,
};

/// i32 plain enum.
enum class DescriptorType : uint32_t {
  UniformBuffer = 6,
  StorageBuffer = 7,
};

namespace DescriptorFlagBits {
enum : uint32_t {
  None = 0,
  ReadOnly = 1,
  Indirect = 2,
};
} // namespace DescriptorFlagBits

namespace PipelineLayoutFlagBits {
enum : uint32_t {
  None = 0,
  Indirect = 1,
};
} // namespace PipelineLayoutFlagBits

/// i32 plain enum.
enum class ExecutionModel : uint32_t {
  Synchronous = 0,
  CoarseFences = 1,
};

namespace MemoryAccessBits {
enum : uint32_t {
  None = 0,
  Read = 1,
  Write = 2,
  Discard = 4,
  MayAlias = 8,
  Unaligned = 16,
  Any = 32,
};
} // namespace MemoryAccessBits

namespace CommandBufferModeBits {
enum : uint32_t {
  None = 0,
  OneShot = 1,
  AllowInlineExecution = 16,
};
} // namespace CommandBufferModeBits

namespace CommandCategoryBits {
enum : uint32_t {
  None = 0,
  Transfer = 1,
  Dispatch = 2,
};
} // namespace CommandCategoryBits

namespace ExecutionStageBits {
enum : uint32_t {
  None = 0,
  CommandIssue = 1,
  CommandProcess = 2,
  Dispatch = 4,
  Transfer = 8,
  CommandRetire = 16,
  Host = 32,
};
} // namespace ExecutionStageBits

namespace AllocaFlagBits {
enum : uint64_t {
  None = 0,
  IndeterminateLifetime = 1,
};
} // namespace AllocaFlagBits

namespace DeallocaFlagBits {
enum : uint64_t {
  None = 0,
  PreferOrigin = 1,
};
} // namespace DeallocaFlagBits

/// Collective kinds, reductions and element types share the numbering of
/// `#stream.collective` (stream-ir.md §3); HAL adds four f8 element types.
enum class CollectiveKind : uint32_t {
  AllGather = 0,
  AllReduce = 1,
  AllToAll = 2,
  Broadcast = 3,
  Reduce = 4,
  ReduceScatter = 5,
  Send = 6,
  Recv = 7,
  SendRecv = 8,
};

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_IR_HALENUMS_H
