//===- BufferTest.cpp - Allocator, buffers, subspans, mapping
//---------------===//

#include "sluice/Runtime/Core/Allocator.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace sluice::runtime;

namespace {

TEST(Memory, BitNamesMatchTheHal) {
  EXPECT_EQ(
      memoryTypeToString(memory_type::DeviceVisible | memory_type::DeviceLocal),
      "DeviceVisible|DeviceLocal");
  EXPECT_EQ(bufferUsageToString(0x80C03),
            "TransferSource|TransferTarget|Transfer|DispatchStorageRead|"
            "DispatchStorageWrite|DispatchStorage|SharingImmutable");
  EXPECT_EQ(bufferUsageToString(0), "None");
  EXPECT_EQ(memoryAccessToString(memory_access::Read), "Read");
}

TEST(Buffer, AllocateMapWriteRead) {
  Allocator allocator;
  auto buffer = allocator.allocate(BufferParams{}, 100);
  ASSERT_TRUE(buffer) << buffer.status().toString();
  EXPECT_EQ((*buffer)->byteLength(), 100u);
  auto range = (*buffer)->mapAll(memory_access::Write);
  ASSERT_TRUE(range);
  std::memset(range->data, 0x5A, 100);
  auto sub = Buffer::subspan(*buffer, 10, 20);
  ASSERT_TRUE(sub);
  EXPECT_EQ((*sub)->byteLength(), 20u);
  EXPECT_EQ((*sub)->byteOffset(), 10u);
  auto subRange = (*sub)->map(memory_access::Read, 5, 15);
  ASSERT_TRUE(subRange);
  EXPECT_EQ(subRange->data, range->data + 15);
  EXPECT_EQ(allocator.stats()->current(), 100u);
}

TEST(Buffer, StorageIsFreedWithTheLastReference) {
  Allocator allocator;
  {
    auto buffer = allocator.allocate(BufferParams{}, 4096);
    ASSERT_TRUE(buffer);
    auto sub = Buffer::subspan(*buffer, 0, 1);
    ASSERT_TRUE(sub);
    buffer->reset();
    EXPECT_EQ(allocator.stats()->current(), 4096u);
  }
  EXPECT_EQ(allocator.stats()->current(), 0u);
  EXPECT_EQ(allocator.stats()->peak(), 4096u);
}

TEST(Buffer, OutOfRangeSubspansAndMappingsAreRejected) {
  Allocator allocator;
  auto buffer = allocator.allocate(BufferParams{}, 64);
  ASSERT_TRUE(buffer);
  auto sub = Buffer::subspan(*buffer, 60, 8);
  ASSERT_FALSE(sub);
  EXPECT_EQ(sub.status().code(), StatusCode::OutOfRange);
  EXPECT_NE(sub.status().message().find("[60, 68) is outside buffer length 64"),
            std::string::npos)
      << sub.status().message();
  auto wrap = (*buffer)->map(memory_access::Read, 8, ~0ull);
  ASSERT_FALSE(wrap);
  EXPECT_EQ(wrap.status().code(), StatusCode::OutOfRange);
}

TEST(Buffer, MappingRequiresAMappingUsage) {
  Allocator allocator;
  BufferParams params;
  params.usage = buffer_usage::Transfer;
  auto buffer = allocator.allocate(params, 16);
  ASSERT_TRUE(buffer);
  auto range = (*buffer)->mapAll(memory_access::Read);
  ASSERT_FALSE(range);
  EXPECT_EQ(range.status().code(), StatusCode::PermissionDenied);
}

TEST(Buffer, UnknownBitsAreRejected) {
  Allocator allocator;
  BufferParams params;
  params.memoryType = 0x8000;
  auto buffer = allocator.allocate(params, 16);
  ASSERT_FALSE(buffer);
  EXPECT_EQ(buffer.status().code(), StatusCode::InvalidArgument);
}

TEST(Buffer, UncommittedStorageCannotBeMapped) {
  Allocator allocator;
  auto buffer = allocator.allocateUncommitted(BufferParams{}, 16);
  ASSERT_TRUE(buffer);
  auto range = (*buffer)->mapAll(memory_access::Read);
  ASSERT_FALSE(range);
  EXPECT_EQ(range.status().code(), StatusCode::FailedPrecondition);
  ASSERT_TRUE((*buffer)->storage()->commit().isOk());
  EXPECT_TRUE((*buffer)->mapAll(memory_access::Read));
  (*buffer)->storage()->release();
  EXPECT_FALSE((*buffer)->mapAll(memory_access::Read));
  EXPECT_EQ((*buffer)->storage()->commit().code(),
            StatusCode::FailedPrecondition);
}

TEST(Buffer, ImportAliasesHostMemoryAndKeepsOwnerAlive) {
  Allocator allocator;
  auto owner = std::make_shared<std::vector<uint8_t>>(256, 7);
  std::weak_ptr<std::vector<uint8_t>> weak = owner;
  alignas(64) static uint8_t unused[1];
  (void)unused;
  uint8_t *data = owner->data();
  // std::vector storage from operator new is 16-aligned; find a 64-aligned
  // address inside it.
  uint8_t *aligned = reinterpret_cast<uint8_t *>(
      (reinterpret_cast<uintptr_t>(data) + 63) & ~uintptr_t(63));
  BufferParams params;
  params.usage |= buffer_usage::SharingImmutable;
  auto buffer =
      allocator.importHost(params, aligned, 64, memory_access::Read, owner);
  ASSERT_TRUE(buffer) << buffer.status().toString();
  owner.reset();
  EXPECT_FALSE(weak.expired());
  auto range = (*buffer)->mapAll(memory_access::Read);
  ASSERT_TRUE(range);
  EXPECT_EQ(range->data, aligned);
  EXPECT_EQ(range->data[0], 7);
  auto write = (*buffer)->mapAll(memory_access::Write);
  ASSERT_FALSE(write);
  EXPECT_EQ(write.status().code(), StatusCode::PermissionDenied);
  buffer->reset();
  EXPECT_TRUE(weak.expired());
}

TEST(Buffer, ImportChecksAlignmentAndImmutability) {
  Allocator allocator;
  alignas(64) static uint8_t bytes[256];
  BufferParams params;
  params.usage |= buffer_usage::SharingImmutable;
  auto misaligned =
      allocator.importHost(params, bytes + 1, 16, memory_access::Read, nullptr);
  ASSERT_FALSE(misaligned);
  EXPECT_EQ(misaligned.status().code(), StatusCode::InvalidArgument);
  BufferParams mutableParams;
  auto readOnly = allocator.importHost(mutableParams, bytes, 16,
                                       memory_access::Read, nullptr);
  ASSERT_FALSE(readOnly);
  EXPECT_EQ(readOnly.status().code(), StatusCode::PermissionDenied);
}

} // namespace
