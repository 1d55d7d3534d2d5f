//===- IoFile.cpp ---------------------------------------------------------===//

#include "sluice/Runtime/IO/IoFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sluice::runtime::io {

static Status errnoStatus(int err, const char *what, const std::string &path) {
  StatusCode code = StatusCode::Unknown;
  if (err == ENOENT)
    code = StatusCode::NotFound;
  else if (err == EACCES || err == EPERM || err == EROFS)
    code = StatusCode::PermissionDenied;
  else if (err == EINVAL)
    code = StatusCode::InvalidArgument;
  return makeStatus(code, "%s '%s' failed: %s", what, path.c_str(),
                    std::strerror(err));
}

Expected<IoFileRef> IoFile::open(const std::string &path,
                                 const OpenOptions &options) {
  if (path.empty())
    return makeStatus(StatusCode::InvalidArgument,
                      "cannot open a file with an empty path");
  if (!(options.access & (file_access::Read | file_access::Write)))
    return makeStatus(StatusCode::InvalidArgument,
                      "opening '%s' requires read or write access",
                      path.c_str());
  if (options.create && !(options.access & file_access::Write))
    return makeStatus(StatusCode::InvalidArgument,
                      "creating '%s' requires write access", path.c_str());
  int flags = O_CLOEXEC;
  if ((options.access & file_access::Write) &&
      (options.access & file_access::Read))
    flags |= O_RDWR;
  else if (options.access & file_access::Write)
    flags |= O_WRONLY;
  else
    flags |= O_RDONLY;
  if (options.create)
    flags |= O_CREAT;
  int fd = ::open(path.c_str(), flags, 0660);
  if (fd < 0)
    return errnoStatus(errno, "opening", path);
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return errnoStatus(err, "stat of", path);
  }
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    return makeStatus(StatusCode::InvalidArgument, "'%s' is a directory",
                      path.c_str());
  }
  int directFd = -1;
  if (options.direct) {
    // O_DIRECT is optional: tmpfs and some FUSE filesystems refuse it.
    directFd = ::open(path.c_str(), (flags & ~O_CREAT) | O_DIRECT, 0660);
  }
  return IoFileRef(new IoFile(path, fd, directFd, options.access));
}

Expected<IoFileRef> IoFile::fromFd(int fd, uint32_t access) {
  int dupFd = ::fcntl(fd, F_DUPFD_CLOEXEC, 0);
  if (dupFd < 0)
    return makeStatus(StatusCode::InvalidArgument,
                      "cannot duplicate descriptor %d: %s", fd,
                      std::strerror(errno));
  return IoFileRef(new IoFile(std::string(), dupFd, -1, access));
}

IoFile::~IoFile() {
  if (directFd_ >= 0)
    ::close(directFd_);
  if (fd_ >= 0)
    ::close(fd_);
}

Expected<uint64_t> IoFile::size() const {
  struct stat st;
  if (::fstat(fd_, &st) != 0)
    return errnoStatus(errno, "stat of", displayName());
  return (uint64_t)st.st_size;
}

Status IoFile::sync() const {
  while (::fdatasync(fd_) != 0) {
    if (errno == EINTR)
      continue;
    return errnoStatus(errno, "fdatasync of", displayName());
  }
  return Status();
}

} // namespace sluice::runtime::io
