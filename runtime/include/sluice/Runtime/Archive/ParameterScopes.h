//===- ParameterScopes.h - Format selection and scoped indices
//-------------===//
//
// parameter-runtime.md §12.1 (`--parameters=[scope=]path`) and
// irpa-format.md Part D (format selection by extension, then by magic).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_PARAMETERSCOPES_H
#define SLUICE_RUNTIME_ARCHIVE_PARAMETERSCOPES_H

#include "sluice/Runtime/Archive/ParseOptions.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::runtime::archive {

/// Picks the parser for `path`: by extension (case-insensitive; the whole
/// basename when there is no '.'), else by sniffing the magic (with a
/// warning appended to `warnings`). Unknown → UNIMPLEMENTED with the
/// reference message.
Expected<FileFormat> detectFileFormat(const std::string &path,
                                      const FileHandle &file,
                                      std::vector<std::string> &warnings);

/// Opens and parses one parameter file of any supported format.
Expected<ParsedFile> parseParameterFile(const std::string &path,
                                        const ParseOptions &options = {});

/// Splits a `--parameters` value at its first '=' into (scope, path).
struct ParametersFlag {
  std::string scope;
  std::string path;
};
ParametersFlag parseParametersFlag(std::string_view value);

/// The tensor-parallel checks of ParameterScopes::validateSharding for one
/// scope named `scopeName` made of `files` (entries may have been moved out).
Status validateScopeSharding(std::string_view scopeName,
                             const std::vector<ParsedFile> &files,
                             std::optional<uint32_t> expectedTpSize);

/// An ordered list of scopes, each with one index fed by one or more files
/// (files of the same scope merge in flag order).
class ParameterScopes {
public:
  struct Scope {
    std::string name;
    std::unique_ptr<ParameterIndex> index;
    std::vector<ParsedFile> files; // file-level info (entries moved out)
  };

  /// Parses `path` and appends its entries to `scope`'s index. A file that
  /// fails to parse adds nothing.
  Status addFile(std::string_view scope, const std::string &path,
                 const ParseOptions &options = {});
  /// addFile for a `--parameters=[scope=]path` flag value.
  Status addFlag(std::string_view flagValue, const ParseOptions &options = {});

  const std::vector<Scope> &scopes() const { return scopes_; }

  /// Tensor-parallel checks of irpa-format.md §7.5 for every scope: when
  /// several files of a scope carry ARCHIVE_SHARDING they must share the
  /// group id and tp_size and their rank-specific files must cover
  /// 0..tp_size-1 exactly once; with `expectedTpSize` (embedder or
  /// --parameter_expected_tp_size) every sharded scope must match it.
  /// Violations are FAILED_PRECONDITION.
  Status
  validateSharding(std::optional<uint32_t> expectedTpSize = std::nullopt) const;
  const Scope *findScope(std::string_view name) const;

  /// Resolves (scope, key). A missing scope is NOT_FOUND «no provider
  /// registered that handles scopes like '<scope>'; ...»; a missing key is
  /// the index's NOT_FOUND.
  Expected<const ParameterEntry *> lookup(std::string_view scope,
                                          std::string_view key) const;

private:
  std::vector<Scope> scopes_;
};

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_PARAMETERSCOPES_H
