//===- ParameterScopes.cpp - Format selection and scoped indices
//-----------===//

#include "sluice/Runtime/Archive/ParameterScopes.h"

#include "sluice/Runtime/Archive/GgufReader.h"
#include "sluice/Runtime/Archive/IrpaReader.h"
#include "sluice/Runtime/Archive/SafetensorsReader.h"

#include "Bytes.h"

#include <algorithm>
#include <cctype>
#include <map>

namespace sluice::runtime::archive {

using namespace detail;

static std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char &c : out)
    c = (char)std::tolower((unsigned char)c);
  return out;
}

Expected<FileFormat> detectFileFormat(const std::string &path,
                                      const FileHandle &file,
                                      std::vector<std::string> &warnings) {
  std::string_view basename = path;
  if (size_t slash = basename.rfind('/'); slash != std::string_view::npos)
    basename = basename.substr(slash + 1);
  std::string_view extension = basename;
  if (size_t dot = basename.rfind('.'); dot != std::string_view::npos)
    extension = basename.substr(dot + 1);
  std::string ext = lowercase(extension);
  if (ext == "irpa")
    return FileFormat::Irpa;
  if (ext == "gguf")
    return FileFormat::Gguf;
  if (ext == "safetensors")
    return FileFormat::Safetensors;

  // Sniff the magic.
  char head[9] = {};
  uint64_t n = std::min<uint64_t>(file.size(), 9);
  std::optional<FileFormat> sniffed;
  if (n >= 4 && file.readAt(0, head, n).isOk()) {
    if (std::memcmp(head, "IRPA", 4) == 0)
      sniffed = FileFormat::Irpa;
    else if (std::memcmp(head, "GGUF", 4) == 0)
      sniffed = FileFormat::Gguf;
    else if (n == 9 && load64(head) < file.size() - 8 && head[8] == '{')
      sniffed = FileFormat::Safetensors;
  }
  if (sniffed) {
    warnings.push_back(formatString(
        "parameter file '%s' has unknown extension; detected %s by content",
        path.c_str(), fileFormatName(*sniffed)));
    return *sniffed;
  }
  return makeStatus(StatusCode::Unimplemented,
                    "unsupported file format `%.*s`; ensure the extension "
                    "matches one of the supported formats: [.irpa, .gguf, "
                    ".safetensors]",
                    (int)extension.size(), extension.data());
}

Expected<ParsedFile> parseParameterFile(const std::string &path,
                                        const ParseOptions &options) {
  auto file = openFile(path);
  if (!file)
    return file.takeStatus();
  std::vector<std::string> warnings;
  auto format = detectFileFormat(path, **file, warnings);
  if (!format)
    return format.takeStatus();
  Expected<ParsedFile> parsed = Status(StatusCode::Internal, "unreachable");
  switch (*format) {
  case FileFormat::Irpa:
    parsed = parseIrpaFile(*file, options);
    break;
  case FileFormat::Gguf:
    parsed = parseGgufFile(*file, options);
    break;
  case FileFormat::Safetensors:
    parsed = parseSafetensorsFile(*file, options);
    break;
  }
  if (parsed)
    parsed->warnings.insert(parsed->warnings.begin(), warnings.begin(),
                            warnings.end());
  return parsed;
}

ParametersFlag parseParametersFlag(std::string_view value) {
  size_t eq = value.find('=');
  if (eq == std::string_view::npos)
    return {std::string(), std::string(value)};
  return {std::string(value.substr(0, eq)), std::string(value.substr(eq + 1))};
}

Status ParameterScopes::addFile(std::string_view scope, const std::string &path,
                                const ParseOptions &options) {
  auto parsed = parseParameterFile(path, options);
  if (!parsed)
    return parsed.takeStatus();
  Scope *target = nullptr;
  for (Scope &s : scopes_)
    if (s.name == scope)
      target = &s;
  if (!target) {
    scopes_.push_back(
        Scope{std::string(scope), std::make_unique<ParameterIndex>(), {}});
    target = &scopes_.back();
  }
  for (const std::string &w : parsed->warnings)
    target->index->addDiagnostic(w);
  SLUICE_RETURN_IF_ERROR(target->index->append(std::move(parsed->entries)));
  parsed->entries = EntryTable();
  target->files.push_back(std::move(*parsed));
  return Status();
}

Status ParameterScopes::addFlag(std::string_view flagValue,
                                const ParseOptions &options) {
  ParametersFlag flag = parseParametersFlag(flagValue);
  return addFile(flag.scope, flag.path, options);
}

Status validateScopeSharding(std::string_view scopeName,
                             const std::vector<ParsedFile> &files,
                             std::optional<uint32_t> expectedTpSize) {
  constexpr uint32_t kGlobalRank = 0xFFFFFFFFu;
  {
    std::string name =
        scopeName.empty() ? "<global>" : "'" + printable(scopeName) + "'";
    std::vector<std::pair<const ParsedFile *, const ArchiveShardingRecord *>>
        sharded;
    for (const ParsedFile &file : files)
      if (file.archiveRecords && file.archiveRecords->archiveSharding)
        sharded.emplace_back(&file, &*file.archiveRecords->archiveSharding);
    if (sharded.empty())
      return Status();
    const auto &[firstFile, first] = sharded.front();
    auto path = [](const ParsedFile *f) { return f->file->displayName(); };
    for (const auto &[file, record] : sharded) {
      if (record->groupId != first->groupId)
        return makeStatus(
            StatusCode::FailedPrecondition,
            "parameter scope %s mixes files from different sharded "
            "checkpoints (group ids differ: %s, %s)",
            name.c_str(), path(firstFile).c_str(), path(file).c_str());
      if (record->tpSize != first->tpSize)
        return makeStatus(
            StatusCode::FailedPrecondition,
            "parameter scope %s mixes tensor-parallel sizes (%u in "
            "%s, %u in %s)",
            name.c_str(), first->tpSize, path(firstFile).c_str(),
            record->tpSize, path(file).c_str());
      if (record->tpSize == 0)
        return makeStatus(StatusCode::FailedPrecondition,
                          "parameter scope %s has tensor-parallel size 0 (%s)",
                          name.c_str(), path(file).c_str());
      if (record->tpRank != kGlobalRank && record->tpRank >= record->tpSize)
        return makeStatus(
            StatusCode::FailedPrecondition,
            "parameter scope %s has rank %u outside tensor-parallel "
            "size %u (%s)",
            name.c_str(), record->tpRank, record->tpSize, path(file).c_str());
    }
    if (expectedTpSize && first->tpSize != *expectedTpSize)
      return makeStatus(
          StatusCode::FailedPrecondition,
          "parameter scope %s was sharded for tensor-parallel size "
          "%u but the program expects %u",
          name.c_str(), first->tpSize, *expectedTpSize);
    if (sharded.size() < 2)
      return Status(); // one rank file per process is a valid deployment
    // tp_size comes from the file: never allocate proportionally to it.
    std::map<uint32_t, const ParsedFile *> byRank;
    for (const auto &[file, record] : sharded) {
      if (record->tpRank == kGlobalRank)
        continue;
      auto [it, inserted] = byRank.emplace(record->tpRank, file);
      if (!inserted)
        return makeStatus(
            StatusCode::FailedPrecondition,
            "parameter scope %s has tensor-parallel rank %u in more "
            "than one file (%s, %s)",
            name.c_str(), record->tpRank, path(it->second).c_str(),
            path(file).c_str());
    }
    uint32_t expectedRank = 0;
    for (const auto &[rank, file] : byRank) {
      if (rank != expectedRank)
        break;
      ++expectedRank;
    }
    if (expectedRank < first->tpSize)
      return makeStatus(
          StatusCode::FailedPrecondition,
          "parameter scope %s has tensor-parallel size %u but rank "
          "%u is missing",
          name.c_str(), first->tpSize, expectedRank);
  }
  return Status();
}

Status ParameterScopes::validateSharding(
    std::optional<uint32_t> expectedTpSize) const {
  for (const Scope &scope : scopes_)
    SLUICE_RETURN_IF_ERROR(
        validateScopeSharding(scope.name, scope.files, expectedTpSize));
  return Status();
}

const ParameterScopes::Scope *
ParameterScopes::findScope(std::string_view name) const {
  for (const Scope &s : scopes_)
    if (s.name == name)
      return &s;
  return nullptr;
}

Expected<const ParameterEntry *>
ParameterScopes::lookup(std::string_view scope, std::string_view key) const {
  const Scope *s = findScope(scope);
  if (!s) {
    std::string message = formatString(
        "no provider registered that handles scopes like '%s'; pass "
        "--parameters=<scope>=<file> or register a provider for this scope",
        printable(scope).c_str());
    message += " (registered scopes:";
    size_t shown = 0;
    for (const Scope &other : scopes_) {
      if (shown == 8) {
        message += " ...";
        break;
      }
      message += shown++ ? ", " : " ";
      message +=
          other.name.empty() ? "<global>" : "'" + printable(other.name) + "'";
    }
    message += shown ? ")" : " none)";
    return Status(StatusCode::NotFound, std::move(message));
  }
  auto entry = s->index->lookup(key);
  if (!entry)
    return entry.takeStatus().annotate(formatString(
        "in parameter scope %s",
        scope.empty() ? "<global>" : ("'" + printable(scope) + "'").c_str()));
  return entry;
}

} // namespace sluice::runtime::archive
