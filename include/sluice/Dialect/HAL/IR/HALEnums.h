//===- HALEnums.h - hal bitfield enums --------------------------*- C++ -*-===//
//
// HAL bitfield enums and their textual spelling. Cases are kept in declaration
// order because that order is part of the printed form: a value stringifies to
// every case (composites included) whose bits are all set, joined by `|`.
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

namespace sluice::hal {

/// One named case of a bitfield enum.
struct BitfieldCase {
  llvm::StringLiteral name;
  uint64_t value;
};

/// A bitfield enum described by its cases in declaration order (including a
/// zero-valued `None` case).
struct BitfieldEnum {
  llvm::StringLiteral description;
  llvm::ArrayRef<BitfieldCase> cases;

  /// `None` for 0; otherwise every non-zero case whose bits are all set in
  /// `value`, in declaration order, joined by `|`.
  std::string stringify(uint64_t value) const;
  /// Parses `None` or `A|B|...` (spaces around pieces allowed); nullopt when a
  /// piece is not a case name.
  std::optional<uint64_t> symbolize(llvm::StringRef text) const;
  /// True when `value` equals a single-bit case (printed bare, unquoted).
  bool isSingleBitCase(uint64_t value) const;
  /// All case names joined by ", ", as used in parse errors.
  std::string caseList() const;
};

const BitfieldEnum &getMemoryTypeBitfield();
const BitfieldEnum &getBufferUsageBitfield();

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

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_IR_HALENUMS_H
