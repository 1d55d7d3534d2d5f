//===- WriteJournal.h - redo journal that keeps scatter entries whole
//-------===//
//
// A scatter first writes every byte it will write, with the target offsets,
// to a journal file next to the archive (`<archive>.sluice-journal-<id>`),
// syncs it, and only then writes the archive in place; once the archive
// writes are synced the journal is deleted. After a crash, opening the
// archive for writing replays every complete journal (the writes it records
// are re-applied, so each entry holds either its old bytes or all of its new
// bytes) and deletes incomplete ones (the archive was not touched yet).
//
// Layout (little-endian):
//   "SLJRNL01" | u64 recordCount | recordCount × {u64 offset, u64 length}
//   | data of every record, in order | u32 crc32c(all bytes before it)
//   | "SLJRNLOK"
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_PARAMETERS_WRITEJOURNAL_H
#define SLUICE_RUNTIME_PARAMETERS_WRITEJOURNAL_H

#include "sluice/Runtime/Status.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sluice::runtime::parameters::journal {

struct Record {
  uint64_t fileOffset = 0;
  const uint8_t *data = nullptr;
  uint64_t length = 0;
};

/// Writes, syncs and publishes (directory synced) a new journal for
/// `archivePath`; returns the journal's path.
Expected<std::string> write(const std::string &archivePath,
                            std::span<const Record> records);

/// Deletes a journal whose writes are durable in the archive.
Status remove(const std::string &journalPath);

/// Paths of the journals left next to `archivePath`, oldest first.
std::vector<std::string> pending(const std::string &archivePath);

/// Names of every journal file in `directory` (any archive's), unsorted; one
/// listing can answer hasPending() for all the archives of a directory.
std::vector<std::string> journalNamesIn(const std::string &directory);

/// The directory part of `archivePath` ("." when it has none).
std::string directoryOf(const std::string &archivePath);

/// True when `journalNames` (from journalNamesIn(directoryOf(archivePath)))
/// holds a journal of `archivePath`.
bool hasPending(const std::vector<std::string> &journalNames,
                const std::string &archivePath);

struct RecoveryResult {
  unsigned replayed = 0;  // complete journals re-applied
  unsigned discarded = 0; // incomplete or corrupt journals deleted
};

/// Replays the complete journals of `archivePath` into the writable `fd`,
/// syncs it, and deletes every journal. A journal that names bytes outside
/// `archiveSize` is corrupt: nothing of it is applied.
Expected<RecoveryResult> recover(const std::string &archivePath, int fd,
                                 uint64_t archiveSize);

} // namespace sluice::runtime::parameters::journal

#endif // SLUICE_RUNTIME_PARAMETERS_WRITEJOURNAL_H
