//===- IoFile.h - POSIX files for the I/O engine
//------------------------------===//
//
// An IoFile owns a buffered descriptor and, when asked for, a second
// O_DIRECT descriptor on the same file. Filesystems that refuse O_DIRECT
// (tmpfs) leave directFd() at -1 and direct requests are served buffered.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_IO_IOFILE_H
#define SLUICE_RUNTIME_IO_IOFILE_H

#include "sluice/Runtime/Status.h"

#include <cstdint>
#include <memory>
#include <string>

namespace sluice::runtime::io {

namespace file_access {
inline constexpr uint32_t Read = 1;
inline constexpr uint32_t Write = 2;
} // namespace file_access

class IoFile;
using IoFileRef = std::shared_ptr<IoFile>;

class IoFile {
public:
  struct OpenOptions {
    uint32_t access = file_access::Read;
    /// Also open an O_DIRECT descriptor.
    bool direct = false;
    /// Create the file when missing (mode 0660); requires Write.
    bool create = false;
  };

  /// Opens `path`. Errors name the path and the errno text
  /// (NOT_FOUND / PERMISSION_DENIED / UNKNOWN).
  static Expected<IoFileRef> open(const std::string &path,
                                  const OpenOptions &options);
  /// Wraps a descriptor the caller keeps owning (dup'ed internally).
  static Expected<IoFileRef> fromFd(int fd, uint32_t access);

  ~IoFile();
  IoFile(const IoFile &) = delete;
  IoFile &operator=(const IoFile &) = delete;

  const std::string &path() const { return path_; }
  std::string displayName() const { return path_.empty() ? "<fd>" : path_; }
  int fd() const { return fd_; }
  /// O_DIRECT descriptor or -1.
  int directFd() const { return directFd_; }
  uint32_t access() const { return access_; }
  bool writable() const { return access_ & file_access::Write; }
  /// Current size (fstat).
  Expected<uint64_t> size() const;
  /// fdatasync.
  Status sync() const;

private:
  IoFile(std::string path, int fd, int directFd, uint32_t access)
      : path_(std::move(path)), fd_(fd), directFd_(directFd), access_(access) {}
  std::string path_;
  int fd_;
  int directFd_;
  uint32_t access_;
};

} // namespace sluice::runtime::io

#endif // SLUICE_RUNTIME_IO_IOFILE_H
