//===- Convert.cpp - `sluice-params convert`
//--------------------------------===//
//
// parameter-runtime.md §12.4 (iree-convert-parameters): every scope of the
// inputs flattened into one unscoped IRPA, with --exclude / --rename /
// --splat / --strip, plus the Sluice options (--checksum,
// --preserve-tensor-info, --external-from-inputs, --external-encoding,
// --allow_duplicates). Data is copied by entry, never by key.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "ElementType.h"

#include "sluice/Runtime/Archive/IrpaReader.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <unordered_map>

namespace sluice::params {

using namespace archive;
using ull = unsigned long long;

namespace {

struct SplatFlag {
  std::string name;
  std::string pattern; // bytes
};

Expected<SplatFlag> parseSplatFlag(const std::string &text) {
  SplatFlag flag;
  size_t eq = text.find('=');
  flag.name = text.substr(0, eq);
  if (eq == std::string::npos) {
    flag.pattern.assign(1, '\0');
    return flag;
  }
  std::string spec = text.substr(eq + 1);
  size_t eq2 = spec.find('=');
  if (eq2 == std::string::npos)
    return makeStatus(StatusCode::InvalidArgument,
                      "--splat=%s: expected name[=type=value]", text.c_str());
  std::string typeName = spec.substr(0, eq2);
  auto type = parseElementType(typeName);
  if (!type)
    return type.takeStatus().annotate(formatString("--splat=%s", text.c_str()));
  if (type->bits == 0 || type->bits % 8)
    return subByteTypeError();
  if (type->bits / 8 > 16)
    return makeStatus(StatusCode::OutOfRange,
                      "element type size for %s out of range of splat patterns",
                      typeName.c_str());
  auto value = parseElementValue(*type, spec.substr(eq2 + 1));
  if (!value)
    return value.takeStatus().annotate(
        formatString("--splat=%s", text.c_str()));
  flag.pattern = *value;
  return flag;
}

/// Path of `target` relative to `fromDir` when possible, else absolute.
std::string relativePath(const std::string &target,
                         const std::string &fromDir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path absTarget = fs::weakly_canonical(fs::absolute(target, ec), ec);
  fs::path absDir = fs::weakly_canonical(fs::absolute(fromDir, ec), ec);
  if (ec)
    return fs::absolute(target).string();
  fs::path rel = absTarget.lexically_relative(absDir);
  if (rel.empty())
    return absTarget.string();
  return rel.string();
}

Status convert(const Flags &flags) {
  if (!flags.positional().empty())
    return makeStatus(StatusCode::InvalidArgument,
                      "no positional arguments expected (got '%s')",
                      flags.positional()[0].c_str());
  const std::string &output = flags.str("output");
  if (output.empty())
    return makeStatus(StatusCode::InvalidArgument, "--output= is required");
  auto parseOptions = parseOptionsFromFlags(flags);
  if (!parseOptions)
    return parseOptions.takeStatus();
  WriterOptions writerOptions;
  SLUICE_RETURN_IF_ERROR(writerOptionsFromFlags(flags, writerOptions));

  std::vector<std::pair<std::string, std::string>> renames;
  for (const std::string &text : flags.list("rename")) {
    size_t eq = text.find('=');
    if (eq == std::string::npos)
      return makeStatus(StatusCode::InvalidArgument,
                        "--rename=%s: expected old=new", text.c_str());
    renames.emplace_back(text.substr(0, eq), text.substr(eq + 1));
  }
  std::vector<SplatFlag> splats;
  for (const std::string &text : flags.list("splat")) {
    auto flag = parseSplatFlag(text);
    if (!flag)
      return flag.takeStatus();
    splats.push_back(std::move(*flag));
  }
  const auto &excludes = flags.list("exclude");
  const bool strip = flags.boolean("strip");
  const bool preserveTensorInfo = flags.boolean("preserve-tensor-info");
  const bool externalFromInputs = flags.boolean("external-from-inputs");
  const bool allowDuplicates = flags.boolean("allow_duplicates");

  ParameterScopes scopes;
  SLUICE_RETURN_IF_ERROR(loadParameterFlags(flags, *parseOptions, scopes));

  IrpaBuilder builder;
  std::unordered_map<std::string, std::string> outputKeys; // key -> scope
  const std::string outputDir = directoryOf(output);
  for (const auto &scope : scopes.scopes()) {
    for (const ParameterEntry &entry : *scope.index) {
      if (std::find(excludes.begin(), excludes.end(), entry.key()) !=
          excludes.end())
        continue;
      std::string key(entry.key());
      for (const auto &[from, to] : renames)
        if (from == entry.key()) {
          key = to;
          break;
        }
      auto [it, inserted] = outputKeys.try_emplace(key, scope.name);
      if (!inserted && !allowDuplicates)
        return makeStatus(StatusCode::InvalidArgument,
                          "duplicate parameter key '%s' in output (from scopes "
                          "'%s' and '%s'); use --rename or --exclude",
                          key.c_str(), it->second.c_str(), scope.name.c_str());

      // Carry metadata: foreign bytes verbatim; known Sluice records kept
      // (checksums are recomputed when requested, never copied stale).
      ArchiveEntry out;
      out.name = key;
      out.length = entry.length();
      SlmdRecords records;
      std::vector<std::string> ignored;
      auto decoded = decodeSlmd(entry.metadata(), records, ignored);
      if (decoded && *decoded == SlmdDecodeResult::Decoded) {
        out.metadata = records.foreign.value_or(std::string());
        out.shard = records.shard;
        out.tensorInfo = records.tensorInfo;
      } else {
        out.metadata = entry.metadata();
      }
      if (preserveTensorInfo)
        if (std::optional<TensorInfoRecord> info = entry.tensorInfo())
          out.tensorInfo = std::move(info);
      if (!preserveTensorInfo && entry.sourceFormat() != FileFormat::Irpa)
        out.tensorInfo.reset();

      const SplatFlag *splat = nullptr;
      for (const SplatFlag &s : splats)
        if (s.name == key) {
          splat = &s;
          break;
        }
      if (splat || strip || entry.type() == EntryType::Splat) {
        out.kind = ArchiveEntry::Kind::Splat;
        std::string pattern = splat ? splat->pattern
                              : strip
                                  ? std::string(1, '\0')
                                  : std::string(reinterpret_cast<const char *>(
                                                    entry.pattern().data()),
                                                entry.patternLength());
        out.patternLength = (uint8_t)pattern.size();
        std::memcpy(out.pattern.data(), pattern.data(), pattern.size());
      } else if (externalFromInputs &&
                 entry.sourceFormat() != FileFormat::Irpa) {
        out.kind = ArchiveEntry::Kind::External;
        out.externalPath = relativePath(entry.file()->path(), outputDir);
        out.externalOffset = entry.offset();
        out.externalAlignment = entry.aligned() ? entry.requiredAlignment() : 0;
        out.externalFile = entry.file();
        out.recordExternalFileSize = true;
      } else {
        out.kind = ArchiveEntry::Kind::Data;
        out.alignment = 64;
        out.source = DataSource::fileRange(entry.file(), entry.offset());
      }
      SLUICE_RETURN_IF_ERROR(
          builder.add(std::move(out))
              .annotate(formatString("converting entry '%s' of scope '%s'",
                                     std::string(entry.key()).c_str(),
                                     scope.name.c_str())));
    }
  }

  ParseOptions reparse = *parseOptions;
  reparse.externalPaths = ExternalPathPolicy::Any;
  auto progress = progressModeFromFlags(flags, flags.boolean("quiet"));
  if (!progress)
    return progress.takeStatus();
  return writeArchiveAndDump(std::move(builder), output, writerOptions,
                             flags.boolean("quiet"), *progress, "convert",
                             reparse);
}

} // namespace

int runConvert(const std::vector<std::string_view> &args) {
  Flags flags;
  declareParameterFlags(flags);
  flags.declareString("output", "", "output .irpa path");
  flags.declareList("exclude", "drop entries whose original key equals this");
  flags.declareList("rename",
                    "old=new: rename an entry (first matching flag wins)");
  flags.declareList("splat",
                    "name[=type=value]: turn the (renamed) entry into a splat");
  flags.declareBool(
      "strip",
      "turn every entry not named by --splat into a 1-byte zero splat");
  flags.declareBool("quiet", "do not print the index of the output archive "
                             "(and no progress unless --progress=always)");
  declareProgressFlag(flags);
  flags.declareBool("preserve-tensor-info",
                    "record dtype/shape as TENSOR_INFO records");
  flags.declareBool("external-from-inputs",
                    "reference safetensors/GGUF tensors as EXTERNAL entries "
                    "instead of copying");
  flags.declareBool("allow_duplicates",
                    "write every copy of duplicate output keys");
  declareWriterFlags(flags);
  flags.declareBool("help", "print this help");
  Status status = flags.parse(args);
  if (status.isOk() && flags.boolean("help")) {
    std::printf(
        "Usage: sluice-params convert --parameters=[scope=]file.ext ... "
        "--output=file.irpa [flags]\n\n%s",
        flags.help().c_str());
    return 0;
  }
  if (status.isOk())
    status = convert(flags);
  if (!status.isOk()) {
    printError(status);
    return 1;
  }
  return 0;
}

} // namespace sluice::params
