//===- MappedFile.h - Read-only shared file mappings
//-----------------------===//
//
// The whole file mapped PROT_READ/MAP_SHARED. Advice is issued one madvise
// call per advice value (advice values are never OR-ed together).
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_IO_MAPPEDFILE_H
#define SLUICE_RUNTIME_IO_MAPPEDFILE_H

#include "sluice/Runtime/Status.h"

#include <cstdint>
#include <memory>
#include <string>

namespace sluice::runtime::io {

class MappedFile;
using MappedFileRef = std::shared_ptr<const MappedFile>;

class MappedFile {
public:
  enum class Advice { Normal, Sequential, Random, WillNeed, DontNeed };

  /// Maps `fd` (size bytes) read-only. A zero-sized file maps to nullptr.
  static Expected<MappedFileRef> map(int fd, uint64_t size,
                                     const std::string &name);
  ~MappedFile();
  MappedFile(const MappedFile &) = delete;
  MappedFile &operator=(const MappedFile &) = delete;

  const uint8_t *data() const { return data_; }
  uint64_t size() const { return size_; }
  /// Advises [offset, offset + length) (page-rounded); best effort.
  void advise(uint64_t offset, uint64_t length, Advice advice) const;

private:
  MappedFile(uint8_t *data, uint64_t size) : data_(data), size_(size) {}
  uint8_t *data_;
  uint64_t size_;
};

} // namespace sluice::runtime::io

#endif // SLUICE_RUNTIME_IO_MAPPEDFILE_H
