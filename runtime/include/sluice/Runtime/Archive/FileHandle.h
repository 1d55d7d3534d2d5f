//===- FileHandle.h - Read-only positioned file access
//---------------------===//
//
// Parsers never map or read whole files: they issue bounded positioned reads
// through this interface. Two implementations: POSIX files (pread) and
// in-memory byte buffers (tests, fuzzers). Every handle counts the bytes read
// through it so tests and benchmarks can check the I/O a parse performs.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_FILEHANDLE_H
#define SLUICE_RUNTIME_ARCHIVE_FILEHANDLE_H

#include "sluice/Runtime/Status.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

namespace sluice::runtime::archive {

class FileHandle {
public:
  virtual ~FileHandle() = default;

  /// Path the handle was opened with ("" for memory handles).
  const std::string &path() const { return path_; }
  /// Size of the file when it was opened.
  uint64_t size() const { return size_; }

  /// Reads exactly `length` bytes at `offset`; fails with OUT_OF_RANGE when
  /// the range is not inside the file and with DATA_LOSS/UNKNOWN on I/O
  /// errors or short reads.
  Status readAt(uint64_t offset, void *buffer, uint64_t length) const;

  /// Total bytes returned by readAt so far.
  uint64_t bytesRead() const {
    return bytesRead_.load(std::memory_order_relaxed);
  }

  /// True when the handle has a path on disk (relative EXTERNAL paths can be
  /// resolved against its directory).
  bool hasPath() const { return !path_.empty(); }

  /// The POSIX descriptor backing the handle, or -1 (memory handles).
  virtual int nativeFd() const { return -1; }

  /// Name used in messages: the path, else the memory handle's name, else
  /// "<memory>".
  std::string displayName() const {
    return !path_.empty() ? path_ : !name_.empty() ? name_ : "<memory>";
  }

protected:
  FileHandle(std::string path, uint64_t size, std::string name = {})
      : path_(std::move(path)), name_(std::move(name)), size_(size) {}
  virtual Status readImpl(uint64_t offset, void *buffer,
                          uint64_t length) const = 0;

private:
  std::string path_;
  std::string name_;
  uint64_t size_;
  mutable std::atomic<uint64_t> bytesRead_{0};
};

using FileHandleRef = std::shared_ptr<const FileHandle>;

/// Opens `path` read-only.
Expected<FileHandleRef> openFile(const std::string &path);

/// Wraps `bytes` as a handle; `name` is used only in messages (the handle
/// has no path, so relative EXTERNAL paths cannot be resolved against it).
FileHandleRef makeMemoryFile(std::string bytes, std::string name = {});

/// Returns the directory part of `path` ("." when there is none).
std::string directoryOf(const std::string &path);

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_FILEHANDLE_H
