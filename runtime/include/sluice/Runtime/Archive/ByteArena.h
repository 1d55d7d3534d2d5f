//===- ByteArena.h - Append-only byte storage in large blocks ---*- C++ -*-===//
//
// Stores many small byte strings (keys, names, metadata) without a heap
// object per string: bytes are carved out of 64 KiB blocks that never move,
// so pointers into the arena stay valid for its lifetime. Requests over 16
// KiB get a block of their own, so they never waste a block's tail.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_BYTEARENA_H
#define SLUICE_RUNTIME_ARCHIVE_BYTEARENA_H

#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace sluice::runtime::archive {

class ByteArena {
public:
  ByteArena() = default;
  ByteArena(ByteArena &&) = default;
  ByteArena &operator=(ByteArena &&) = default;

  /// `bytes` uninitialized bytes.
  char *allocate(size_t bytes) {
    if (bytes > left_) {
      size_t blockSize = bytes > kLargeBytes ? bytes : kBlockBytes;
      blocks_.emplace_back(new char[blockSize]);
      blockBytes_ += blockSize;
      if (bytes > kLargeBytes)
        return blocks_.back().get();
      cursor_ = blocks_.back().get();
      left_ = blockSize;
    }
    char *out = cursor_;
    cursor_ += bytes;
    left_ -= bytes;
    return out;
  }
  /// A copy of `bytes` that lives as long as the arena.
  std::string_view copy(std::string_view bytes) {
    if (bytes.empty())
      return {};
    char *p = allocate(bytes.size());
    std::memcpy(p, bytes.data(), bytes.size());
    return {p, bytes.size()};
  }
  /// Heap bytes held.
  size_t memoryBytes() const {
    return blockBytes_ + blocks_.capacity() * sizeof(void *);
  }

private:
  static constexpr size_t kBlockBytes = 64 * 1024;
  static constexpr size_t kLargeBytes = 16 * 1024;
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t blockBytes_ = 0;
  char *cursor_ = nullptr;
  size_t left_ = 0;
};

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_BYTEARENA_H
