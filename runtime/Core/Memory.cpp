//===- Memory.cpp - Bitfield printing
//---------------------------------------===//

#include "sluice/Runtime/Core/Memory.h"

#include <cstdio>

namespace sluice::runtime {
namespace {
struct Name {
  uint32_t bits;
  const char *name;
};

std::string render(uint32_t value, const Name *names, size_t count) {
  if (value == 0)
    return "None";
  std::string out;
  uint32_t covered = 0;
  for (size_t i = 0; i < count; ++i) {
    if ((value & names[i].bits) == names[i].bits && names[i].bits) {
      if (!out.empty())
        out += '|';
      out += names[i].name;
      covered |= names[i].bits;
    }
  }
  if (value & ~covered) {
    char hex[16];
    std::snprintf(hex, sizeof(hex), "0x%x", value & ~covered);
    if (!out.empty())
      out += '|';
    out += hex;
  }
  return out;
}
} // namespace

std::string memoryTypeToString(uint32_t type) {
  static const Name names[] = {{memory_type::Optimal, "Optimal"},
                               {memory_type::HostVisible, "HostVisible"},
                               {memory_type::HostCoherent, "HostCoherent"},
                               {memory_type::HostCached, "HostCached"},
                               {memory_type::HostLocal, "HostLocal"},
                               {memory_type::DeviceVisible, "DeviceVisible"},
                               {memory_type::DeviceLocal, "DeviceLocal"}};
  return render(type, names, sizeof(names) / sizeof(names[0]));
}

std::string bufferUsageToString(uint32_t usage) {
  static const Name names[] = {
      {buffer_usage::TransferSource, "TransferSource"},
      {buffer_usage::TransferTarget, "TransferTarget"},
      {buffer_usage::Transfer, "Transfer"},
      {buffer_usage::DispatchIndirectParameters, "DispatchIndirectParameters"},
      {buffer_usage::DispatchUniformRead, "DispatchUniformRead"},
      {buffer_usage::DispatchStorageRead, "DispatchStorageRead"},
      {buffer_usage::DispatchStorageWrite, "DispatchStorageWrite"},
      {buffer_usage::DispatchStorage, "DispatchStorage"},
      {buffer_usage::DispatchImageRead, "DispatchImageRead"},
      {buffer_usage::DispatchImageWrite, "DispatchImageWrite"},
      {buffer_usage::DispatchImage, "DispatchImage"},
      {buffer_usage::SharingExport, "SharingExport"},
      {buffer_usage::SharingReplicate, "SharingReplicate"},
      {buffer_usage::SharingConcurrent, "SharingConcurrent"},
      {buffer_usage::SharingImmutable, "SharingImmutable"},
      {buffer_usage::MappingScoped, "MappingScoped"},
      {buffer_usage::MappingPersistent, "MappingPersistent"},
      {buffer_usage::MappingOptional, "MappingOptional"},
      {buffer_usage::MappingAccessRandom, "MappingAccessRandom"},
      {buffer_usage::MappingAccessSequentialWrite,
       "MappingAccessSequentialWrite"},
      {buffer_usage::Mapping, "Mapping"}};
  return render(usage, names, sizeof(names) / sizeof(names[0]));
}

std::string memoryAccessToString(uint32_t access) {
  static const Name names[] = {{memory_access::Read, "Read"},
                               {memory_access::Write, "Write"},
                               {memory_access::Discard, "Discard"}};
  return render(access, names, sizeof(names) / sizeof(names[0]));
}

} // namespace sluice::runtime
