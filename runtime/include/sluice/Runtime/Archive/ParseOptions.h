//===- ParseOptions.h - Options and results shared by the file parsers
//-----===//
#ifndef SLUICE_RUNTIME_ARCHIVE_PARSEOPTIONS_H
#define SLUICE_RUNTIME_ARCHIVE_PARSEOPTIONS_H

#include "sluice/Runtime/Archive/ParameterIndex.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sluice::runtime::archive {

/// --parameter_external_paths=relative|any|none (irpa-format.md §7.2).
enum class ExternalPathPolicy { Relative, Any, None };

struct ParseOptions {
  /// --parameter_index_max_bytes: cap on the header/table/metadata bytes a
  /// parser reads to build the index.
  uint64_t indexMaxBytes = 1ull << 30;
  ExternalPathPolicy externalPaths = ExternalPathPolicy::Relative;
  /// --parameter_strict_safetensors.
  bool strictSafetensors = false;
  /// Opens EXTERNAL files for archives without a path (memory handles).
  std::function<Expected<FileHandleRef>(const std::string &path)>
      externalResolver;
};

/// The result of parsing one file: its entries (staged; the caller appends
/// them to an index only on success) and file-level information.
struct ParsedFile {
  FileHandleRef file;
  FileFormat format = FileFormat::Irpa;
  EntryTable entries;
  /// Non-fatal diagnostics («warning» text without a prefix).
  std::vector<std::string> warnings;
  /// Rendered file-level metadata: GGUF KVs or safetensors __metadata__,
  /// as (key, value) text pairs, for `dump --verbose`.
  std::vector<std::pair<std::string, std::string>> fileMetadata;
  /// IRPA archive-level records (__sluice_archive__ entry), if any.
  std::optional<SlmdRecords> archiveRecords;
};

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_PARSEOPTIONS_H
