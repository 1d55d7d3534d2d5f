//===- FileHandle.cpp - POSIX and memory file handles
//----------------------===//

#include "sluice/Runtime/Archive/FileHandle.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::runtime::archive {

Status FileHandle::readAt(uint64_t offset, void *buffer,
                          uint64_t length) const {
  if (offset > size_ || length > size_ - offset)
    return makeStatus(StatusCode::OutOfRange,
                      "read of %llu bytes at offset %llu is outside '%s' "
                      "(size %llu)",
                      (unsigned long long)length, (unsigned long long)offset,
                      displayName().c_str(), (unsigned long long)size_);
  if (length == 0)
    return Status();
  Status status = readImpl(offset, buffer, length);
  if (status.isOk())
    bytesRead_.fetch_add(length, std::memory_order_relaxed);
  return status;
}

namespace {

class PosixFile final : public FileHandle {
public:
  PosixFile(std::string path, int fd, uint64_t size)
      : FileHandle(std::move(path), size), fd_(fd) {}
  ~PosixFile() override { ::close(fd_); }
  int nativeFd() const override { return fd_; }

protected:
  Status readImpl(uint64_t offset, void *buffer,
                  uint64_t length) const override {
    auto *out = static_cast<char *>(buffer);
    while (length > 0) {
      size_t chunk = length > (1ull << 30) ? (1ull << 30) : (size_t)length;
      ssize_t n = ::pread(fd_, out, chunk, (off_t)offset);
      if (n < 0) {
        if (errno == EINTR)
          continue;
        return makeStatus(
            StatusCode::Unknown, "read of '%s' at offset %llu failed: %s",
            path().c_str(), (unsigned long long)offset, std::strerror(errno));
      }
      if (n == 0)
        return makeStatus(StatusCode::DataLoss,
                          "unexpected end of file reading '%s' at offset %llu "
                          "(the file shrank after it was opened?)",
                          path().c_str(), (unsigned long long)offset);
      out += n;
      offset += (uint64_t)n;
      length -= (uint64_t)n;
    }
    return Status();
  }

private:
  int fd_;
};

class MemoryFile final : public FileHandle {
public:
  MemoryFile(std::string bytes, std::string name)
      : FileHandle(std::string(), bytes.size(), std::move(name)),
        bytes_(std::move(bytes)) {}

protected:
  Status readImpl(uint64_t offset, void *buffer,
                  uint64_t length) const override {
    std::memcpy(buffer, bytes_.data() + offset, (size_t)length);
    return Status();
  }

private:
  std::string bytes_;
};

} // namespace

Expected<FileHandleRef> openFile(const std::string &path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    StatusCode code = errno == ENOENT   ? StatusCode::NotFound
                      : errno == EACCES ? StatusCode::PermissionDenied
                                        : StatusCode::Unknown;
    return makeStatus(code, "failed to open '%s': %s", path.c_str(),
                      std::strerror(errno));
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return makeStatus(StatusCode::Unknown, "failed to stat '%s': %s",
                      path.c_str(), std::strerror(err));
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return makeStatus(StatusCode::InvalidArgument,
                      "'%s' is a directory, not a parameter file",
                      path.c_str());
  }
  return FileHandleRef(
      std::make_shared<PosixFile>(path, fd, (uint64_t)st.st_size));
}

FileHandleRef makeMemoryFile(std::string bytes, std::string name) {
  return std::make_shared<MemoryFile>(std::move(bytes), std::move(name));
}

std::string directoryOf(const std::string &path) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos)
    return ".";
  if (slash == 0)
    return "/";
  return path.substr(0, slash);
}

} // namespace sluice::runtime::archive
