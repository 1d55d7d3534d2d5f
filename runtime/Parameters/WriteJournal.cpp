//===- WriteJournal.cpp - redo journal that keeps scatter entries whole
//-----===//

#include "WriteJournal.h"

#include "sluice/Runtime/Archive/Checksum.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sluice::runtime::parameters::journal {

namespace {

constexpr char kMagic[8] = {'S', 'L', 'J', 'R', 'N', 'L', '0', '1'};
constexpr char kCommit[8] = {'S', 'L', 'J', 'R', 'N', 'L', 'O', 'K'};
constexpr const char *kSuffix = ".sluice-journal-";

std::atomic<uint64_t> gJournalCounter{0};

std::string baseNameOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

void putU64(std::vector<uint8_t> &out, uint64_t value) {
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<uint8_t>(value >> (8 * i)));
}

uint64_t getU64(const uint8_t *p) {
  uint64_t value = 0;
  for (int i = 7; i >= 0; --i)
    value = (value << 8) | p[i];
  return value;
}

Status writeAll(int fd, const uint8_t *data, uint64_t length, uint64_t offset,
                const char *what, const std::string &path) {
  while (length) {
    ssize_t n = ::pwrite(fd, data, std::min<uint64_t>(length, 1ull << 30),
                         (off_t)offset);
    if (n < 0) {
      if (errno == EINTR)
        continue;
      return makeStatus(StatusCode::Unavailable, "writing %s '%s' failed: %s",
                        what, path.c_str(), std::strerror(errno));
    }
    data += n;
    offset += (uint64_t)n;
    length -= (uint64_t)n;
  }
  return Status();
}

Status syncDirectory(const std::string &dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0)
    return makeStatus(StatusCode::Unavailable,
                      "opening directory '%s' failed: %s", dir.c_str(),
                      std::strerror(errno));
  int rc = ::fsync(fd);
  int err = errno;
  ::close(fd);
  if (rc != 0)
    return makeStatus(StatusCode::Unavailable,
                      "syncing directory '%s' failed: %s", dir.c_str(),
                      std::strerror(err));
  return Status();
}

/// Reads a whole journal; empty on any read error.
std::vector<uint8_t> readFile(const std::string &path) {
  std::vector<uint8_t> bytes;
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return bytes;
  struct stat st;
  if (::fstat(fd, &st) == 0 && st.st_size > 0) {
    bytes.resize((size_t)st.st_size);
    uint64_t done = 0;
    while (done < bytes.size()) {
      ssize_t n =
          ::pread(fd, bytes.data() + done, bytes.size() - done, (off_t)done);
      if (n <= 0) {
        if (n < 0 && errno == EINTR)
          continue;
        bytes.clear();
        break;
      }
      done += (uint64_t)n;
    }
  }
  ::close(fd);
  return bytes;
}

struct ParsedRecord {
  uint64_t offset;
  uint64_t length;
  uint64_t dataOffset; // within the journal bytes
};

/// Validates a journal image; false when it is incomplete or corrupt.
bool parse(const std::vector<uint8_t> &bytes, uint64_t archiveSize,
           std::vector<ParsedRecord> &records) {
  constexpr uint64_t kHeader = 16, kTrailer = 12;
  if (bytes.size() < kHeader + kTrailer ||
      std::memcmp(bytes.data(), kMagic, 8) != 0 ||
      std::memcmp(bytes.data() + bytes.size() - 8, kCommit, 8) != 0)
    return false;
  uint64_t body = bytes.size() - kTrailer;
  uint32_t stored = 0;
  for (int i = 3; i >= 0; --i)
    stored = (stored << 8) | bytes[body + i];
  if (archive::crc32c(0, bytes.data(), body) != stored)
    return false;
  uint64_t count = getU64(bytes.data() + 8);
  if (count > (body - kHeader) / 16)
    return false;
  uint64_t dataOffset = kHeader + count * 16;
  for (uint64_t i = 0; i < count; ++i) {
    const uint8_t *p = bytes.data() + kHeader + i * 16;
    uint64_t offset = getU64(p), length = getU64(p + 8);
    if (offset > archiveSize || length > archiveSize - offset ||
        length > body - dataOffset)
      return false;
    records.push_back({offset, length, dataOffset});
    dataOffset += length;
  }
  return dataOffset == body;
}

} // namespace

std::string directoryOf(const std::string &path) {
  size_t slash = path.find_last_of('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

Expected<std::string> write(const std::string &archivePath,
                            std::span<const Record> records) {
  std::vector<uint8_t> header(kMagic, kMagic + 8);
  putU64(header, records.size());
  for (const Record &r : records) {
    putU64(header, r.fileOffset);
    putU64(header, r.length);
  }
  std::string path = archivePath + kSuffix + std::to_string(::getpid()) + "-" +
                     std::to_string(gJournalCounter.fetch_add(1));
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    return makeStatus(StatusCode::Unavailable,
                      "creating journal '%s' failed: %s", path.c_str(),
                      std::strerror(errno));
  auto fail = [&](Status status) -> Status {
    ::close(fd);
    ::unlink(path.c_str());
    return status;
  };
  uint32_t crc = archive::crc32c(0, header.data(), header.size());
  uint64_t offset = 0;
  Status status =
      writeAll(fd, header.data(), header.size(), offset, "journal", path);
  offset += header.size();
  for (const Record &r : records) {
    if (!status.isOk())
      break;
    crc = archive::crc32c(crc, r.data, r.length);
    status = writeAll(fd, r.data, r.length, offset, "journal", path);
    offset += r.length;
  }
  if (!status.isOk())
    return fail(std::move(status));
  uint8_t trailer[12];
  for (int i = 0; i < 4; ++i)
    trailer[i] = static_cast<uint8_t>(crc >> (8 * i));
  std::memcpy(trailer + 4, kCommit, 8);
  status = writeAll(fd, trailer, sizeof(trailer), offset, "journal", path);
  if (status.isOk() && ::fdatasync(fd) != 0)
    status =
        makeStatus(StatusCode::Unavailable, "syncing journal '%s' failed: %s",
                   path.c_str(), std::strerror(errno));
  if (!status.isOk())
    return fail(std::move(status));
  ::close(fd);
  SLUICE_RETURN_IF_ERROR(syncDirectory(directoryOf(path)));
  return path;
}

Status remove(const std::string &journalPath) {
  if (::unlink(journalPath.c_str()) != 0 && errno != ENOENT)
    return makeStatus(StatusCode::Unavailable,
                      "removing journal '%s' failed: %s", journalPath.c_str(),
                      std::strerror(errno));
  return Status();
}

std::vector<std::string> journalNamesIn(const std::string &directory) {
  std::vector<std::string> names;
  DIR *d = ::opendir(directory.c_str());
  if (!d)
    return names;
  while (struct dirent *e = ::readdir(d))
    if (std::strstr(e->d_name, kSuffix))
      names.emplace_back(e->d_name);
  ::closedir(d);
  return names;
}

static bool isJournalOf(const std::string &name, const std::string &prefix) {
  return name.compare(0, prefix.size(), prefix) == 0;
}

bool hasPending(const std::vector<std::string> &journalNames,
                const std::string &archivePath) {
  const std::string prefix = baseNameOf(archivePath) + kSuffix;
  return std::any_of(
      journalNames.begin(), journalNames.end(),
      [&](const std::string &name) { return isJournalOf(name, prefix); });
}

std::vector<std::string> pending(const std::string &archivePath) {
  const std::string dir = directoryOf(archivePath);
  const std::string prefix = baseNameOf(archivePath) + kSuffix;
  std::vector<std::pair<uint64_t, std::string>> found;
  for (const std::string &name : journalNamesIn(dir)) {
    if (!isJournalOf(name, prefix))
      continue;
    std::string path = dir == "/" ? "/" + name : dir + "/" + name;
    struct stat st;
    uint64_t mtime = 0;
    if (::stat(path.c_str(), &st) == 0)
      mtime = (uint64_t)st.st_mtim.tv_sec * 1000000000ull +
              (uint64_t)st.st_mtim.tv_nsec;
    found.push_back({mtime, path});
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto &f : found)
    out.push_back(std::move(f.second));
  return out;
}

Expected<RecoveryResult> recover(const std::string &archivePath, int fd,
                                 uint64_t archiveSize) {
  RecoveryResult result;
  std::vector<std::string> journals = pending(archivePath);
  for (const std::string &path : journals) {
    std::vector<uint8_t> bytes = readFile(path);
    std::vector<ParsedRecord> records;
    if (!parse(bytes, archiveSize, records)) {
      ++result.discarded;
      continue;
    }
    for (const ParsedRecord &r : records)
      SLUICE_RETURN_IF_ERROR(writeAll(fd, bytes.data() + r.dataOffset, r.length,
                                      r.offset, "archive", archivePath));
    ++result.replayed;
  }
  if (journals.empty())
    return result;
  if (result.replayed && ::fdatasync(fd) != 0)
    return makeStatus(StatusCode::Unavailable,
                      "syncing '%s' after journal replay failed: %s",
                      archivePath.c_str(), std::strerror(errno));
  for (const std::string &path : journals)
    SLUICE_RETURN_IF_ERROR(remove(path));
  return result;
}

} // namespace sluice::runtime::parameters::journal
