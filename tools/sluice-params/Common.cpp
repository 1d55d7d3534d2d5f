//===- Common.cpp - Shared helpers of the sluice-params subcommands
//---------===//

#include "Common.h"

#include "sluice/Runtime/Archive/Checksum.h"
#include "sluice/Runtime/Archive/IrpaReader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <random>
#include <unistd.h>

namespace sluice::params {

using namespace archive;
using ull = unsigned long long;

void printError(const Status &status) {
  std::fprintf(stderr, "Error: %s\n", status.toString().c_str());
}

void printWarnings(const std::vector<std::string> &warnings) {
  for (const std::string &w : warnings)
    std::fprintf(stderr, "warning: %s\n", w.c_str());
}

void writeStdout(std::string_view text) {
  std::fwrite(text.data(), 1, text.size(), stdout);
}

void declareParameterFlags(Flags &flags) {
  flags.declareList("parameters",
                    "[scope=]path of a parameter file (.irpa, .gguf, "
                    ".safetensors); files of one scope merge in flag order");
  flags.declareString(
      "parameter_mode", "file",
      "file|preload|mmap|direct (tools always use positioned reads)");
  flags.declareString(
      "parameter_external_paths", "relative",
      "relative|any|none: which EXTERNAL entry paths are allowed");
  flags.declareString("parameter_index_max_bytes", "1073741824",
                      "cap on the header bytes read to build an index");
  flags.declareBool("parameter_strict_safetensors",
                    "turn safetensors consistency warnings into errors");
  flags.declareString(
      "parameter_expected_tp_size", "",
      "fail unless sharded scopes were sharded for this tensor-parallel size");
}

static Expected<uint64_t> parseU64(const std::string &flag,
                                   const std::string &text) {
  if (text.empty() ||
      text.find_first_not_of("0123456789") != std::string::npos ||
      text.size() > 20)
    return makeStatus(StatusCode::InvalidArgument,
                      "--%s= expects a non-negative integer (got '%s')",
                      flag.c_str(), text.c_str());
  errno = 0;
  unsigned long long v = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE)
    return makeStatus(StatusCode::InvalidArgument,
                      "--%s= value '%s' is too large", flag.c_str(),
                      text.c_str());
  return (uint64_t)v;
}

Expected<ParseOptions> parseOptionsFromFlags(const Flags &flags) {
  ParseOptions options;
  const std::string &mode = flags.str("parameter_mode");
  if (mode != "file" && mode != "preload" && mode != "mmap" && mode != "direct")
    return makeStatus(StatusCode::InvalidArgument,
                      "unrecognized --parameter_mode= value '%s'",
                      mode.c_str());
  const std::string &paths = flags.str("parameter_external_paths");
  if (paths == "relative")
    options.externalPaths = ExternalPathPolicy::Relative;
  else if (paths == "any")
    options.externalPaths = ExternalPathPolicy::Any;
  else if (paths == "none")
    options.externalPaths = ExternalPathPolicy::None;
  else
    return makeStatus(StatusCode::InvalidArgument,
                      "unrecognized --parameter_external_paths= value '%s' "
                      "(expected relative, any or none)",
                      paths.c_str());
  auto maxBytes = parseU64("parameter_index_max_bytes",
                           flags.str("parameter_index_max_bytes"));
  if (!maxBytes)
    return maxBytes.takeStatus();
  options.indexMaxBytes = *maxBytes;
  options.strictSafetensors = flags.boolean("parameter_strict_safetensors");
  return options;
}

Status loadParameterFlags(const Flags &flags, const ParseOptions &options,
                          ParameterScopes &scopes) {
  for (const std::string &value : flags.list("parameters"))
    SLUICE_RETURN_IF_ERROR(scopes.addFlag(value, options));
  for (const auto &scope : scopes.scopes())
    printWarnings(scope.index->diagnostics());
  std::optional<uint32_t> expectedTpSize;
  if (!flags.str("parameter_expected_tp_size").empty()) {
    auto tp = parseU64("parameter_expected_tp_size",
                       flags.str("parameter_expected_tp_size"));
    if (!tp)
      return tp.takeStatus();
    if (*tp == 0 || *tp > UINT32_MAX)
      return makeStatus(
          StatusCode::InvalidArgument,
          "--parameter_expected_tp_size= must be between 1 and 2^32-1");
    expectedTpSize = (uint32_t)*tp;
  }
  return scopes.validateSharding(expectedTpSize);
}

void declareWriterFlags(Flags &flags) {
  flags.declareString("checksum", "none",
                      "none|crc32c|sha256: per-entry checksum records");
  flags.declareString(
      "checksum_chunk", "67108864",
      "checksum chunk size in bytes (a power of two >= 4096; 0 = "
      "one digest per entry)");
  flags.declareString("external-encoding", "native",
                      "native|skip: encoding of EXTERNAL entries");
  flags.declareString(
      "archive_sharding", "",
      "GROUP_HEX32,TP_SIZE,TP_RANK|global[,FILE_INDEX,FILE_COUNT]: "
      "record the file's place in a tensor-parallel checkpoint");
}

static Status parseArchiveSharding(const std::string &text,
                                   WriterOptions &options) {
  auto bad = [&] {
    return makeStatus(StatusCode::InvalidArgument,
                      "--archive_sharding=%s: expected GROUP_HEX32,TP_SIZE,"
                      "TP_RANK|global[,FILE_INDEX,FILE_COUNT]",
                      text.c_str());
  };
  std::vector<std::string> parts;
  for (size_t start = 0;;) {
    size_t comma = text.find(',', start);
    parts.push_back(text.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if ((parts.size() != 3 && parts.size() != 5) || parts[0].size() != 32 ||
      parts[0].find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
    return bad();
  ArchiveShardingRecord record;
  for (int i = 0; i < 16; ++i)
    record.groupId[i] =
        (uint8_t)std::stoul(parts[0].substr(2 * i, 2), nullptr, 16);
  auto number = [&](const std::string &value, uint32_t &out) {
    auto v = parseU64("archive_sharding", value);
    if (!v || *v > UINT32_MAX)
      return false;
    out = (uint32_t)*v;
    return true;
  };
  if (!number(parts[1], record.tpSize) || record.tpSize == 0)
    return bad();
  if (parts[2] == "global")
    record.tpRank = 0xFFFFFFFFu;
  else if (!number(parts[2], record.tpRank) || record.tpRank >= record.tpSize)
    return bad();
  if (parts.size() == 5 && (!number(parts[3], record.fileIndex) ||
                            !number(parts[4], record.fileCount) ||
                            record.fileIndex >= record.fileCount))
    return bad();
  options.archiveSharding = record;
  options.creator = "sluice-params";
  return Status();
}

Status writerOptionsFromFlags(const Flags &flags, WriterOptions &options) {
  const std::string &checksum = flags.str("checksum");
  if (checksum == "none")
    options.checksum = ChecksumAlgorithm::None;
  else if (checksum == "crc32c")
    options.checksum = ChecksumAlgorithm::Crc32c;
  else if (checksum == "sha256")
    options.checksum = ChecksumAlgorithm::Sha256;
  else
    return makeStatus(StatusCode::InvalidArgument,
                      "unrecognized --checksum= value '%s' (expected none, "
                      "crc32c or sha256)",
                      checksum.c_str());
  auto chunk = parseU64("checksum_chunk", flags.str("checksum_chunk"));
  if (!chunk)
    return chunk.takeStatus();
  if (*chunk == 0) {
    options.checksumChunkLog2 = 0;
  } else {
    if ((*chunk & (*chunk - 1)) || *chunk < 4096 || *chunk > (1ull << 40))
      return makeStatus(StatusCode::InvalidArgument,
                        "--checksum_chunk= must be a power of two between 4096 "
                        "and 2^40 (got %llu)",
                        (ull)*chunk);
    options.checksumChunkLog2 = (uint8_t)__builtin_ctzll(*chunk);
  }
  const std::string &encoding = flags.str("external-encoding");
  if (encoding == "native")
    options.externalEncoding = ExternalEncoding::Native;
  else if (encoding == "skip")
    options.externalEncoding = ExternalEncoding::Skip;
  else
    return makeStatus(StatusCode::InvalidArgument,
                      "unrecognized --external-encoding= value '%s' (expected "
                      "native or skip)",
                      encoding.c_str());
  if (!flags.str("archive_sharding").empty())
    SLUICE_RETURN_IF_ERROR(
        parseArchiveSharding(flags.str("archive_sharding"), options));
  return Status();
}

namespace {

/// A fixed buffer in front of stdout: rows are formatted straight into it
/// and written with fwrite when it fills up.
class StdoutBuffer {
public:
  ~StdoutBuffer() { flush(); }
  void append(std::string_view text) {
    if (text.size() > sizeof(buffer_) - used_) {
      flush();
      if (text.size() > sizeof(buffer_)) {
        writeStdout(text);
        return;
      }
    }
    std::memcpy(buffer_ + used_, text.data(), text.size());
    used_ += text.size();
  }
  /// Reserves `n` (<= 256) bytes and returns where to write them.
  char *reserve(size_t n) {
    if (n > sizeof(buffer_) - used_)
      flush();
    char *out = buffer_ + used_;
    used_ += n;
    return out;
  }
  /// Gives back the last `n` reserved bytes.
  void unreserve(size_t n) { used_ -= n; }
  void flush() {
    if (used_)
      writeStdout(std::string_view(buffer_, used_));
    used_ = 0;
  }

private:
  char buffer_[1 << 16];
  size_t used_ = 0;
};

/// Writes `value` right-aligned in `width` columns (wider values are written
/// whole, as printf's %<width>llu does); returns the bytes written.
size_t formatUnsigned(char *out, uint64_t value, size_t width) {
  char digits[20];
  size_t n = 0;
  do {
    digits[n++] = (char)('0' + value % 10);
    value /= 10;
  } while (value);
  size_t pad = n < width ? width - n : 0;
  std::memset(out, ' ', pad);
  for (size_t i = 0; i < n; ++i)
    out[pad + i] = digits[n - 1 - i];
  return pad + n;
}

} // namespace

void printIndexDump(std::string_view scope, const ParameterIndex &index) {
  StdoutBuffer out;
  out.append(
      "//===--------------------------------------------------------------"
      "------------------------------------------------===//\n");
  out.append("// Parameter scope ");
  if (scope.empty()) {
    out.append("<global>");
  } else {
    out.append("`");
    out.append(scope);
    out.append("`");
  }
  out.append(formatString(" (%zu entries, %llu total bytes)\n", index.size(),
                          (ull)index.totalBytes()));
  out.append("//===------------+------------------+------------------+-------"
             "----------------------------------------------------===//\n");
  out.append("//         Start |              End |           Length | Key\n");
  out.append("//---------------+------------------+------------------+-------"
             "-------------------------------------------------------//\n");
  for (const ParameterEntry &entry : index) {
    // At most 3 * 20 digits plus the separators.
    char *row = out.reserve(80);
    size_t n = 0;
    switch (entry.type()) {
    case EntryType::File:
      n += formatUnsigned(row + n, entry.offset(), 16);
      std::memcpy(row + n, " | ", 3);
      n += 3;
      n += formatUnsigned(row + n, entry.offset() + entry.length(), 16);
      std::memcpy(row + n, " | ", 3);
      n += 3;
      break;
    case EntryType::Splat: {
      static constexpr std::string_view kSplat =
          "               - |                - | ";
      std::memcpy(row + n, kSplat.data(), kSplat.size());
      n += kSplat.size();
      break;
    }
    }
    n += formatUnsigned(row + n, entry.length(), 16);
    std::memcpy(row + n, " | `", 4);
    n += 4;
    // Give back the unused part of the reservation, then the key.
    out.unreserve(80 - n);
    out.append(entry.key());
    out.append("`\n");
  }
  out.append("\n");
}

static std::string renderDims(const std::vector<uint64_t> &dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    out += (i ? ", " : "") + std::to_string(dims[i]);
  return out + "]";
}

std::string formatVerboseDetails(const ParameterScopes::Scope &scope) {
  std::string out;
  for (const ParsedFile &file : scope.files) {
    out += formatString("// File '%s' (%s, %llu bytes)\n",
                        file.file->path().c_str(), fileFormatName(file.format),
                        (ull)file.file->size());
    for (const auto &[key, value] : file.fileMetadata)
      out += "//   metadata " + key + " = " + value + "\n";
    if (file.archiveRecords) {
      const SlmdRecords &r = *file.archiveRecords;
      if (r.creator)
        out += "//   creator: " + *r.creator + "\n";
      if (r.archiveSharding)
        out += formatString(
            "//   sharding: group %s, tp_size %u, tp_rank %s, file %u of %u\n",
            runtime::archive::toHex(r.archiveSharding->groupId.data(), 16)
                .c_str(),
            r.archiveSharding->tpSize,
            r.archiveSharding->tpRank == 0xFFFFFFFFu
                ? "global"
                : std::to_string(r.archiveSharding->tpRank).c_str(),
            r.archiveSharding->fileIndex, r.archiveSharding->fileCount);
    }
  }
  for (const ParameterEntry &e : *scope.index) {
    out += "// Entry `";
    out += e.key();
    out += "`: ";
    if (e.type() == EntryType::Splat) {
      out += formatString(
          "splat of %llu bytes, pattern %s", (ull)e.length(),
          runtime::archive::toHex(e.pattern().data(), e.patternLength())
              .c_str());
    } else {
      out += formatString("%s%s offset %llu, %llu bytes",
                          e.external() ? "external file " : "file ",
                          e.file() ? e.file()->path().c_str() : "?",
                          (ull)e.offset(), (ull)e.length());
      if (e.requiredAlignment())
        out += formatString(", alignment %llu%s", (ull)e.requiredAlignment(),
                            e.aligned() ? "" : " (unaligned)");
    }
    if (std::optional<ChecksumRecord> checksum = e.checksum())
      out += formatString(", %s checksum (%llu chunk%s)",
                          checksumAlgorithmName(checksum->algorithm),
                          (ull)checksum->digestCount(),
                          checksum->digestCount() == 1 ? "" : "s");
    if (std::optional<TensorInfoRecord> info = e.tensorInfo())
      out += ", tensor " + info->dtype + " " + renderDims(info->dims);
    SlmdRecords records;
    std::vector<std::string> ignored;
    auto decoded = decodeSlmd(e.metadata(), records, ignored);
    if (decoded && *decoded == SlmdDecodeResult::Decoded) {
      if (records.shard)
        out +=
            formatString(", shard %u/%u axis %d [%llu, +%llu) of %s",
                         records.shard->shardIndex, records.shard->shardCount,
                         records.shard->axis, (ull)records.shard->axisOffset,
                         (ull)records.shard->axisLength,
                         renderDims(records.shard->globalDims).c_str());
      if (records.foreign)
        out += formatString(", metadata %zu bytes", records.foreign->size());
    } else if (!e.metadata().empty()) {
      out += formatString(", metadata %zu bytes", e.metadata().size());
    }
    out += "\n";
  }
  if (!scope.index->empty() || !scope.files.empty())
    out += "\n";
  return out;
}

void declareProgressFlag(Flags &flags) {
  flags.declareString("progress", "auto",
                      "auto|always|never: progress line on stderr (auto: only "
                      "on a terminal and for work taking over ~1 s)");
}

Expected<ProgressMode> progressModeFromFlags(const Flags &flags, bool quiet) {
  const std::string &mode = flags.str("progress");
  if (mode == "auto")
    return quiet ? ProgressMode::Never : ProgressMode::Auto;
  if (mode == "always")
    return ProgressMode::Always;
  if (mode == "never")
    return ProgressMode::Never;
  return makeStatus(StatusCode::InvalidArgument,
                    "unrecognized --progress= value '%s' (expected auto, "
                    "always or never)",
                    mode.c_str());
}

static std::string formatBytes(double bytes) {
  static const char *const kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024)
    return formatString("%.0f B", bytes);
  int unit = -1;
  while (bytes >= 1024 && unit < 4) {
    bytes /= 1024;
    ++unit;
  }
  return formatString("%.1f %s", bytes, kUnits[unit]);
}

static std::string formatDuration(double seconds) {
  if (!(seconds < 360000))
    return "?";
  uint64_t s = (uint64_t)(seconds + 0.5);
  if (seconds < 10)
    return formatString("%.1fs", seconds);
  if (s < 60)
    return formatString("%llus", (ull)s);
  if (s < 3600)
    return formatString("%llum%02llus", (ull)(s / 60), (ull)(s % 60));
  return formatString("%lluh%02llum", (ull)(s / 3600), (ull)(s / 60 % 60));
}

std::string Progress::formatLine(std::string_view label, uint64_t done,
                                 uint64_t total, double seconds, bool final) {
  int percent =
      total ? (int)(100.0 * (double)std::min(done, total) / (double)total)
            : 100;
  double rate = seconds > 0 ? (double)done / seconds : 0;
  std::string out = formatString(
      "%.*s: %s / %s (%d%%), %s/s, ", (int)label.size(), label.data(),
      formatBytes((double)done).c_str(), formatBytes((double)total).c_str(),
      percent, formatBytes(rate).c_str());
  if (final)
    return out + "done in " + formatDuration(seconds);
  return out + "ETA " +
         formatDuration(
             rate > 0 ? (double)(total - std::min(done, total)) / rate : 1e9);
}

Progress::Progress(std::string label, uint64_t total, ProgressMode mode)
    : label_(std::move(label)), total_(total), mode_(mode),
      tty_(::isatty(STDERR_FILENO)), start_(std::chrono::steady_clock::now()),
      last_(start_) {
  if (mode_ == ProgressMode::Auto && !tty_)
    mode_ = ProgressMode::Never;
}

Progress::~Progress() {
  // Abandoned (an error): end a line drawn in place, claim nothing more.
  if (!finished_ && drawn_ && tty_) {
    std::fputc('\n', stderr);
    std::fflush(stderr);
  }
}

void Progress::set(uint64_t done) {
  done_ = done;
  if (mode_ == ProgressMode::Never || finished_)
    return;
  auto now = std::chrono::steady_clock::now();
  double sinceLast = std::chrono::duration<double>(now - last_).count();
  double elapsed = std::chrono::duration<double>(now - start_).count();
  if (!tty_) {
    // `always` into a file or pipe: a line per second.
    if (sinceLast < 1.0)
      return;
  } else if (!drawn_ && mode_ == ProgressMode::Auto) {
    // Only work predicted to take ~1 s or more gets a line.
    if (elapsed < 0.5 || done_ == 0 ||
        elapsed * (double)total_ / (double)done_ < 1.0)
      return;
  } else if (drawn_ && sinceLast < 0.1) {
    return;
  }
  last_ = now;
  draw(false);
}

void Progress::draw(bool final) {
  double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
          .count();
  std::string line = formatLine(label_, done_, total_, elapsed, final);
  if (tty_)
    std::fprintf(stderr, "\r%s\x1b[K%s", line.c_str(), final ? "\n" : "");
  else
    std::fprintf(stderr, "%s\n", line.c_str());
  std::fflush(stderr);
  drawn_ = true;
}

void Progress::finish() {
  if (finished_)
    return;
  finished_ = true;
  // A final line when something was shown, and always in `always` mode.
  if (mode_ == ProgressMode::Always || (mode_ == ProgressMode::Auto && drawn_))
    draw(true);
}

Status writeArchiveAndDump(IrpaBuilder builder, const std::string &output,
                           WriterOptions options, bool quiet,
                           ProgressMode progressMode, std::string_view label,
                           const ParseOptions &reparse) {
  uint64_t total = builder.dataBytes();
  if (options.checksum != ChecksumAlgorithm::None)
    for (size_t i = 0; i < builder.size(); ++i) {
      ArchiveEntry e = builder.entry(i);
      if (e.kind == ArchiveEntry::Kind::External && e.externalFile)
        total += e.length;
    }
  Progress progress(std::string(label), total, progressMode);
  options.progress = [&](uint64_t done, uint64_t) { progress.set(done); };
  options.reportEntries = false;
  auto written = builder.write(output, options);
  if (!written)
    return written.takeStatus();
  progress.finish();
  // The declarations are no longer needed: free them before the output's
  // index is built for the dump.
  builder = IrpaBuilder();
  if (quiet)
    return Status();
  auto file = openFile(output);
  if (!file)
    return file.takeStatus();
  auto parsed = parseIrpaFile(*file, reparse);
  if (!parsed)
    return parsed.takeStatus();
  ParameterIndex index;
  SLUICE_RETURN_IF_ERROR(index.append(std::move(parsed->entries)));
  printIndexDump("", index);
  return Status();
}

Status writeFileAtomically(
    const std::string &path, uint64_t size,
    const std::function<Status(uint64_t, char *, uint64_t)> &fill) {
  std::string dir = directoryOf(path);
  std::string base = path.substr(
      path.rfind('/') == std::string::npos ? 0 : path.rfind('/') + 1);
  std::random_device rd;
  std::string temp =
      (path.find('/') == std::string::npos ? std::string() : dir + "/") + "." +
      base + formatString(".%d.%08x.tmp", (int)::getpid(), (unsigned)rd());
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0)
    return makeStatus(StatusCode::Unknown, "creating '%s' failed: %s",
                      temp.c_str(), std::strerror(errno));
  const uint64_t bufferSize = 8ull << 20;
  std::unique_ptr<char[]> buffer(new char[bufferSize]);
  Status status;
  for (uint64_t pos = 0; pos < size && status.isOk();) {
    uint64_t n = std::min(bufferSize, size - pos);
    status = fill(pos, buffer.get(), n);
    for (uint64_t w = 0; status.isOk() && w < n;) {
      ssize_t r = ::write(fd, buffer.get() + w, n - w);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        status = makeStatus(StatusCode::Unknown, "writing '%s' failed: %s",
                            temp.c_str(), std::strerror(errno));
      else
        w += (uint64_t)r;
    }
    pos += n;
  }
  if (status.isOk() && ::fdatasync(fd) != 0)
    status = makeStatus(StatusCode::Unknown, "syncing '%s' failed: %s",
                        temp.c_str(), std::strerror(errno));
  ::close(fd);
  if (status.isOk() && ::rename(temp.c_str(), path.c_str()) != 0)
    status = makeStatus(StatusCode::Unknown, "renaming '%s' to '%s' failed: %s",
                        temp.c_str(), path.c_str(), std::strerror(errno));
  if (!status.isOk())
    ::unlink(temp.c_str());
  return status;
}

} // namespace sluice::params
