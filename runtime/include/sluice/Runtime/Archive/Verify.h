//===- Verify.h - Reading entry bytes and verifying checksums
//---------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_VERIFY_H
#define SLUICE_RUNTIME_ARCHIVE_VERIFY_H

#include "sluice/Runtime/Archive/ParameterIndex.h"

#include <functional>
#include <string_view>
#include <vector>

namespace sluice::runtime::archive {

/// Reads bytes [offset, offset+length) of a parameter into `buffer`: file
/// entries with a positioned read, splats expanded honouring the phase
/// (byte i of the parameter is pattern[i % pattern_length]).
Status readEntryBytes(const ParameterEntry &entry, uint64_t offset,
                      void *buffer, uint64_t length);

struct VerifyOptions {
  uint64_t bufferBytes = 8ull << 20;
  /// Called with the number of bytes just processed.
  std::function<void(uint64_t)> progress;
};

/// Re-checks the entry's bounds against its file and, when it carries a
/// (non-stale) CHECKSUM record, reads the whole entry and verifies every
/// chunk. A mismatch is DATA_LOSS «parameter '<scope>::<key>' failed
/// <CRC32C|SHA-256> verification at chunk <i> (bytes [a, b))»; with an empty
/// scope the name is just '<key>'.
Status verifyEntry(const ParameterEntry &entry, std::string_view scope,
                   const VerifyOptions &options = {});

/// On-load verification (parameter-runtime.md §11, policy on_load): `data`
/// holds bytes [offset, offset+length) of the entry, already in host memory.
/// Verifies every checksum chunk the range touches when the entry carries a
/// (non-stale) CHECKSUM record; the bytes of a touched chunk outside the
/// range are read from the entry's storage (the only extra I/O, for the
/// partially covered first and last chunks). Same DATA_LOSS message as
/// verifyEntry. `hashedBytes` (optional) accumulates the bytes digested.
Status verifyEntryRange(const ParameterEntry &entry, std::string_view scope,
                        uint64_t offset, const void *data, uint64_t length,
                        uint64_t *hashedBytes = nullptr);

/// Verifies `entries` with up to `threads` worker threads (entries are
/// handed out dynamically, largest first). Returns one status per entry, in
/// the order given. `options.progress` may be called concurrently.
std::vector<Status>
verifyEntries(const std::vector<const ParameterEntry *> &entries,
              std::string_view scope, unsigned threads,
              const VerifyOptions &options = {});

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_VERIFY_H
