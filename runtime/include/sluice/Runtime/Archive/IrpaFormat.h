//===- IrpaFormat.h - IRPA v0 layout constants
//------------------------------===//
//
// irpa-format.md Part A. Offsets of the packed little-endian structures;
// readers and writers use memcpy loads/stores at these offsets.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_IRPAFORMAT_H
#define SLUICE_RUNTIME_ARCHIVE_IRPAFORMAT_H

#include <cstdint>

namespace sluice::runtime::archive::irpa {

inline constexpr uint32_t kMagic = 0x41505249; // "IRPA"
inline constexpr uint64_t kPrefixSize = 32;
inline constexpr uint64_t kHeaderV0Size = 88;
inline constexpr uint64_t kHeaderAlignment = 16;
inline constexpr uint64_t kEntryAlignment = 16;
inline constexpr uint64_t kDefaultDataAlignment = 64;
inline constexpr uint64_t kDefaultFileAlignment = 4096;
inline constexpr uint64_t kMaxPatternLength = 16;
inline constexpr uint64_t kMaxLinkedHeaders = 65536;

// Header prefix.
inline constexpr uint64_t kOffMagic = 0;
inline constexpr uint64_t kOffVersionMajor = 4;
inline constexpr uint64_t kOffVersionMinor = 6;
inline constexpr uint64_t kOffHeaderSize = 8;
inline constexpr uint64_t kOffNextHeader = 16;
inline constexpr uint64_t kOffFlags = 24;
// Header v0.
inline constexpr uint64_t kOffEntryCount = 32;
inline constexpr uint64_t kOffEntrySegment = 40;
inline constexpr uint64_t kOffMetadataSegment = 56;
inline constexpr uint64_t kOffStorageSegment = 72;

// Entries.
enum EntryKind : uint32_t { kSkip = 0, kSplat = 1, kData = 2, kExternal = 3 };
inline constexpr uint64_t kEntryHeaderSize = 60;
inline constexpr uint64_t kSplatEntrySize = 85;
inline constexpr uint64_t kDataEntrySize = 76;
inline constexpr uint64_t kExternalEntrySize = 92;
inline constexpr uint64_t kOffEntrySize = 0;
inline constexpr uint64_t kOffEntryType = 8;
inline constexpr uint64_t kOffEntryFlags = 12;
inline constexpr uint64_t kOffEntryName = 20;
inline constexpr uint64_t kOffEntryMetadata = 36;
inline constexpr uint64_t kOffEntryMinAlignment = 52;
inline constexpr uint64_t kOffSplatLength = 60;
inline constexpr uint64_t kOffSplatPattern = 68;
inline constexpr uint64_t kOffSplatPatternLength = 84;
inline constexpr uint64_t kOffDataStorage = 60;
inline constexpr uint64_t kOffExternalPath = 60;
inline constexpr uint64_t kOffExternalRange = 76;

// Sluice extensions (§7).
inline constexpr uint64_t kFlagSluiceExtended = 1ull << 63;
inline constexpr const char kArchiveEntryName[] = "__sluice_archive__";
inline constexpr uint32_t kWrappedExternal = 1;
inline constexpr uint64_t kWrappedHeaderSize = 8; // u32 kind + u32 reserved
inline constexpr uint64_t kSkipWrappedExternalSize =
    kEntryHeaderSize + kWrappedHeaderSize + 32;

} // namespace sluice::runtime::archive::irpa

#endif // SLUICE_RUNTIME_ARCHIVE_IRPAFORMAT_H
