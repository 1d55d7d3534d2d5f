//===- Memory.h - HAL memory types, buffer usage and access bits
//-----------===//
//
// The numbering is the HAL's (support-dialects.md §2.3.1, §2.3.2) so values
// coming from compiled code (`target_memory_type`, `target_buffer_usage`)
// can be used directly.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_CORE_MEMORY_H
#define SLUICE_RUNTIME_CORE_MEMORY_H

#include <cstdint>
#include <string>

namespace sluice::runtime {

/// MemoryTypeBitfield.
namespace memory_type {
inline constexpr uint32_t None = 0x0000;
inline constexpr uint32_t Optimal = 0x0001;
inline constexpr uint32_t HostVisible = 0x0002;
inline constexpr uint32_t HostCoherent = 0x0004;
inline constexpr uint32_t HostCached = 0x0008;
inline constexpr uint32_t HostLocal = 0x0046;
inline constexpr uint32_t DeviceVisible = 0x0010;
inline constexpr uint32_t DeviceLocal = 0x0030;
inline constexpr uint32_t All = 0x007F;
} // namespace memory_type

/// BufferUsageBitfield.
namespace buffer_usage {
inline constexpr uint32_t None = 0x0;
inline constexpr uint32_t TransferSource = 0x1;
inline constexpr uint32_t TransferTarget = 0x2;
inline constexpr uint32_t Transfer = 0x3;
inline constexpr uint32_t DispatchIndirectParameters = 0x100;
inline constexpr uint32_t DispatchUniformRead = 0x200;
inline constexpr uint32_t DispatchStorageRead = 0x400;
inline constexpr uint32_t DispatchStorageWrite = 0x800;
inline constexpr uint32_t DispatchStorage = 0xC00;
inline constexpr uint32_t DispatchImageRead = 0x1000;
inline constexpr uint32_t DispatchImageWrite = 0x2000;
inline constexpr uint32_t DispatchImage = 0x3000;
inline constexpr uint32_t SharingExport = 0x10000;
inline constexpr uint32_t SharingReplicate = 0x20000;
inline constexpr uint32_t SharingConcurrent = 0x40000;
inline constexpr uint32_t SharingImmutable = 0x80000;
inline constexpr uint32_t MappingScoped = 0x1000000;
inline constexpr uint32_t MappingPersistent = 0x2000000;
inline constexpr uint32_t MappingOptional = 0x4000000;
inline constexpr uint32_t MappingAccessRandom = 0x8000000;
inline constexpr uint32_t MappingAccessSequentialWrite = 0x10000000;
inline constexpr uint32_t Mapping = 0x9000000;
inline constexpr uint32_t All = 0x1FFF3F03;
} // namespace buffer_usage

/// MemoryAccessBitfield (the subset buffers check).
namespace memory_access {
inline constexpr uint32_t None = 0x0;
inline constexpr uint32_t Read = 0x1;
inline constexpr uint32_t Write = 0x2;
inline constexpr uint32_t Discard = 0x4;
inline constexpr uint32_t All = 0x7;
} // namespace memory_access

/// Renders bits as "A|B" using the HAL names ("None" for 0).
std::string memoryTypeToString(uint32_t type);
std::string bufferUsageToString(uint32_t usage);
std::string memoryAccessToString(uint32_t access);

/// Parameters of an allocation (HAL buffer params).
struct BufferParams {
  uint32_t memoryType = memory_type::HostLocal | memory_type::DeviceVisible;
  uint32_t usage = buffer_usage::Transfer | buffer_usage::DispatchStorage |
                   buffer_usage::Mapping;
  uint64_t queueAffinity = ~0ull;
};

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_CORE_MEMORY_H
