//===- MappedFile.cpp -----------------------------------------------------===//

#include "sluice/Runtime/IO/MappedFile.h"

#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace sluice::runtime::io {

Expected<MappedFileRef> MappedFile::map(int fd, uint64_t size,
                                        const std::string &name) {
  if (size == 0)
    return MappedFileRef(new MappedFile(nullptr, 0));
  void *p = ::mmap(nullptr, (size_t)size, PROT_READ, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED)
    return makeStatus(StatusCode::Unavailable,
                      "mmap of '%s' (%llu bytes) failed: %s", name.c_str(),
                      (unsigned long long)size, std::strerror(errno));
  return MappedFileRef(new MappedFile(static_cast<uint8_t *>(p), size));
}

MappedFile::~MappedFile() {
  if (data_)
    ::munmap(data_, (size_t)size_);
}

void MappedFile::advise(uint64_t offset, uint64_t length, Advice advice) const {
  if (!data_ || offset >= size_ || length == 0)
    return;
  if (length > size_ - offset)
    length = size_ - offset;
  uint64_t page = (uint64_t)::sysconf(_SC_PAGESIZE);
  uint64_t begin = offset & ~(page - 1);
  uint64_t end = offset + length;
  int value = MADV_NORMAL;
  switch (advice) {
  case Advice::Normal:
    value = MADV_NORMAL;
    break;
  case Advice::Sequential:
    value = MADV_SEQUENTIAL;
    break;
  case Advice::Random:
    value = MADV_RANDOM;
    break;
  case Advice::WillNeed:
    value = MADV_WILLNEED;
    break;
  case Advice::DontNeed:
    value = MADV_DONTNEED;
    break;
  }
  // One call per advice value; never OR-ed (MADV_* are not bit flags).
  (void)::madvise(data_ + begin, (size_t)(end - begin), value);
}

} // namespace sluice::runtime::io
