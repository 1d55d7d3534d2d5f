//===- HALEnums.cpp - hal bitfield enums ----------------------------------===//

#include "sluice/Dialect/HAL/IR/HALEnums.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace sluice::hal {

std::string BitfieldEnum::stringify(uint64_t value) const {
  if (value == 0)
    return "None";
  SmallVector<StringRef> names;
  for (const BitfieldCase &c : cases)
    if (c.value != 0 && (value & c.value) == c.value)
      names.push_back(c.name);
  return join(names, "|");
}

std::optional<uint64_t> BitfieldEnum::symbolize(StringRef text) const {
  if (text == "None")
    return 0;
  SmallVector<StringRef> pieces;
  text.split(pieces, '|');
  uint64_t value = 0;
  for (StringRef piece : pieces) {
    piece = piece.trim(' ');
    const BitfieldCase *found = find_if(
        cases, [&](const BitfieldCase &c) { return c.name == piece; });
    if (found == cases.end())
      return std::nullopt;
    value |= found->value;
  }
  return value;
}

bool BitfieldEnum::isSingleBitCase(uint64_t value) const {
  return isPowerOf2_64(value) &&
         any_of(cases, [&](const BitfieldCase &c) { return c.value == value; });
}

std::string BitfieldEnum::caseList() const {
  SmallVector<StringRef> names;
  for (const BitfieldCase &c : cases)
    names.push_back(c.name);
  return join(names, ", ");
}

const BitfieldEnum &getMemoryTypeBitfield() {
  static const BitfieldCase cases[] = {
      {"None", MemoryTypeBits::None},
      {"Optimal", MemoryTypeBits::Optimal},
      {"HostVisible", MemoryTypeBits::HostVisible},
      {"HostCoherent", MemoryTypeBits::HostCoherent},
      {"HostCached", MemoryTypeBits::HostCached},
      {"HostLocal", MemoryTypeBits::HostLocal},
      {"DeviceVisible", MemoryTypeBits::DeviceVisible},
      {"DeviceLocal", MemoryTypeBits::DeviceLocal},
  };
  static const BitfieldEnum info{"valid MemoryType", cases};
  return info;
}

const BitfieldEnum &getBufferUsageBitfield() {
  static const BitfieldCase cases[] = {
      {"None", BufferUsageBits::None},
      {"TransferSource", BufferUsageBits::TransferSource},
      {"TransferTarget", BufferUsageBits::TransferTarget},
      {"Transfer", BufferUsageBits::Transfer},
      {"DispatchIndirectParameters", BufferUsageBits::DispatchIndirectParameters},
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
  static const BitfieldEnum info{"valid BufferUsage", cases};
  return info;
}

} // namespace sluice::hal
