//===- ImportsTest.cpp - The import table called directly ----------------===//
//
// Entries compiled code reaches through ctx->rt (execution.md §3.4), called
// with a real context's ABI struct.
//
//===----------------------------------------------------------------------===//

#include "ModuleInternal.h"
#include "ModuleTestUtil.h"

#include <cstring>
#include <thread>

using namespace sluice::runtime;
using sluice::test::statusText;

namespace {

class ImportsTest : public sluice::test::ModuleFixture {
protected:
  void SetUp() override {
    ModuleFixture::SetUp();
    ctx_ = &context_->abi;
    rt = ctx_->rt;
  }
  sluice_buffer_t *allocate(uint64_t size) {
    sluice_buffer_t *b = nullptr;
    EXPECT_EQ(statusText(rt->allocator_allocate(ctx_, ctx_->device, -1, 0x32,
                                                0x9000C03, size, &b)),
              "OK");
    return b;
  }
  int32_t count(void *ref) {
    return static_cast<sluice_ref_header_t *>(ref)->ref_count;
  }
  void release(void *ref) {
    if (ref && --static_cast<sluice_ref_header_t *>(ref)->ref_count == 0)
      rt->ref_destroy(ref);
  }
  sluice_context_abi_t *ctx_ = nullptr;
  const sluice_rt_imports_v1_t *rt = nullptr;
};

TEST_F(ImportsTest, ContextAbi) {
  EXPECT_EQ(ctx_->rt, sluice::runtime::module::importTable());
  EXPECT_EQ(ctx_->device, (void *)device());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(ctx_->globals) % 64, 0u);
  EXPECT_EQ(ctx_->runtime_context, (void *)context_);
}

TEST_F(ImportsTest, Statuses) {
  sluice_status_t s = rt->status_make(11, "abcdef", 3);
  EXPECT_EQ(rt->status_code(s), 11);
  s = rt->status_annotate(s, "while testing!", 13);
  EXPECT_EQ(statusText(s), "OUT_OF_RANGE; abc; while testing");
  EXPECT_EQ(rt->status_code(nullptr), 0);
  EXPECT_EQ(rt->status_annotate(nullptr, "x", 1), nullptr);
  rt->status_free(nullptr);
  EXPECT_EQ(statusText(rt->status_make(99, "odd", 3)), "UNKNOWN; odd");
}

TEST_F(ImportsTest, Devices) {
  void *d = nullptr;
  EXPECT_EQ(statusText(rt->devices_get(ctx_, 0, &d)), "OK");
  EXPECT_EQ(d, ctx_->device);
  EXPECT_EQ(statusText(rt->devices_get(ctx_, 1, &d)),
            "OUT_OF_RANGE; device index 1 out of range; the context has 1 "
            "device");
  EXPECT_EQ(d, nullptr);
  auto query = [&](const char *category, const char *key) {
    int32_t ok = -1;
    int64_t value = -1;
    rt->device_query_i64(ctx_, ctx_->device, category, strlen(category), key,
                         strlen(key), &ok, &value);
    return std::make_pair(ok, value);
  };
  EXPECT_EQ(query("hal.executable.format", "sluice-native"),
            std::make_pair(1, 1l));
  EXPECT_EQ(query("hal.device.id", "local"), std::make_pair(1, 1l));
  EXPECT_EQ(query("hal.device.id", "local*"), std::make_pair(1, 1l));
  EXPECT_EQ(query("hal.device.id", "cuda"), std::make_pair(0, 0l));
  EXPECT_EQ(query("hal.executable.format", "embedded-elf-x86_64"),
            std::make_pair(0, 0l));
  EXPECT_EQ(query("other", "local"), std::make_pair(0, 0l));
}

TEST_F(ImportsTest, BuffersCarryTheAbiPrefix) {
  sluice_buffer_t *b = allocate(100);
  const auto *abi = reinterpret_cast<const sluice_buffer_abi_t *>(b);
  EXPECT_EQ(abi->header.ref_count, 1);
  EXPECT_EQ(abi->header.type, (uint32_t)SLUICE_REF_TYPE_BUFFER);
  EXPECT_EQ(abi->byte_offset, 0u);
  EXPECT_EQ(abi->byte_length, 100u);
  EXPECT_EQ(abi->memory_type, 0x32u);
  EXPECT_EQ(abi->usage, 0x9000C03u);
  ASSERT_NE(*abi->data_slot, nullptr);
  sluice_buffer_t *sub = nullptr;
  EXPECT_EQ(statusText(rt->buffer_subspan(ctx_, b, 8, 16, &sub)), "OK");
  const auto *subAbi = reinterpret_cast<const sluice_buffer_abi_t *>(sub);
  EXPECT_EQ(subAbi->data_slot, abi->data_slot); // shared storage slot
  EXPECT_EQ(subAbi->byte_offset, 8u);
  EXPECT_EQ(subAbi->byte_length, 16u);
  sluice_buffer_t *bad = sub;
  EXPECT_EQ(statusText(rt->buffer_subspan(ctx_, b, 90, 20, &bad)),
            "OUT_OF_RANGE; subspan range [90, 110) is outside buffer length "
            "100");
  EXPECT_EQ(bad, nullptr);
  // Load / store through the subspan land in the parent's bytes.
  uint32_t value = 0xDEADBEEF, back = 0;
  EXPECT_EQ(statusText(rt->buffer_store(ctx_, sub, 4, 4, &value)), "OK");
  EXPECT_EQ(statusText(rt->buffer_load(ctx_, b, 12, 4, &back)), "OK");
  EXPECT_EQ(back, 0xDEADBEEFu);
  EXPECT_EQ(statusText(rt->buffer_load(ctx_, sub, 14, 4, &back)),
            "OUT_OF_RANGE; load of 4 bytes at offset 14 is outside buffer "
            "length 16");
  EXPECT_EQ(statusText(rt->buffer_store(ctx_, sub, 16, 1, &value)),
            "OUT_OF_RANGE; store of 1 bytes at offset 16 is outside buffer "
            "length 16");
  release(sub);
  release(b);
}

TEST_F(ImportsTest, QueueAllocaAndAllocationCounts) {
  sluice_fence_t *signal = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  sluice_buffer_t *b = nullptr;
  ASSERT_EQ(statusText(rt->queue_alloca(ctx_, ctx_->device, -1, nullptr, signal,
                                        0, 0x30, 0xC03, 1000, 0, &b)),
            "OK");
  const auto *abi = reinterpret_cast<const sluice_buffer_abi_t *>(b);
  EXPECT_NE(__atomic_load_n(abi->data_slot, __ATOMIC_ACQUIRE), nullptr);
  EXPECT_EQ(statusText(rt->fence_await(ctx_, 0, 1, &signal)), "OK");
  EXPECT_EQ(rt->buffer_allocation_is_terminal(ctx_, b), 1);
  rt->buffer_allocation_preserve(ctx_, b);
  EXPECT_EQ(rt->buffer_allocation_is_terminal(ctx_, b), 0);
  EXPECT_EQ(rt->buffer_allocation_discard(ctx_, b), 0);
  EXPECT_EQ(rt->buffer_allocation_discard(ctx_, b), 1);
  EXPECT_EQ(statusText(rt->queue_dealloca(ctx_, ctx_->device, -1, nullptr,
                                          nullptr, b, 0)),
            "OK");
  EXPECT_EQ(__atomic_load_n(abi->data_slot, __ATOMIC_ACQUIRE), nullptr);
  release(b);
  release(signal);
}

TEST_F(ImportsTest, FencesJoinSignalAwait) {
  sluice_fence_t *a = nullptr, *b = nullptr, *joined = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &a)), "OK");
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &b)), "OK");
  EXPECT_EQ(reinterpret_cast<sluice_ref_header_t *>(a)->type,
            (uint32_t)SLUICE_REF_TYPE_FENCE);
  sluice_fence_t *nulls[2] = {nullptr, nullptr};
  joined = a;
  EXPECT_EQ(statusText(rt->fence_join(ctx_, 2, nulls, &joined)), "OK");
  EXPECT_EQ(joined, nullptr);
  sluice_fence_t *one[2] = {nullptr, a};
  EXPECT_EQ(statusText(rt->fence_join(ctx_, 2, one, &joined)), "OK");
  EXPECT_EQ(joined, a);
  EXPECT_EQ(count(a), 2);
  release(joined);
  sluice_fence_t *both[2] = {a, b};
  EXPECT_EQ(statusText(rt->fence_join(ctx_, 2, both, &joined)), "OK");
  EXPECT_EQ(statusText(rt->fence_await(ctx_, 5, 1, &joined)),
            "DEADLINE_EXCEEDED; fence wait timed out after 5 ms");
  EXPECT_EQ(statusText(rt->fence_signal(ctx_, a)), "OK");
  EXPECT_EQ(statusText(rt->fence_signal(ctx_, nullptr)), "OK");
  std::thread later([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(statusText(rt->fence_signal(ctx_, b)), "OK");
  });
  EXPECT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &joined)), "OK");
  later.join();
  EXPECT_EQ(statusText(rt->fence_await(ctx_, 0, 2, nulls)), "OK");
  release(joined);
  release(a);
  release(b);
}

TEST_F(ImportsTest, FailedFencesReturnTheirStatus) {
  sluice_fence_t *signal = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  sluice_buffer_t *b = allocate(16);
  // A fill with a bad pattern length fails at submission and fails the fence.
  EXPECT_EQ(statusText(rt->queue_fill(ctx_, ctx_->device, -1, nullptr, signal,
                                      b, 0, 16, 0, 3, 0)),
            "INVALID_ARGUMENT; fill pattern length 3 is not 1, 2 or 4");
  EXPECT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &signal)),
            "INVALID_ARGUMENT; fill pattern length 3 is not 1, 2 or 4");
  release(signal);
  release(b);
}

TEST_F(ImportsTest, QueueFillCopyBarrier) {
  sluice_buffer_t *a = allocate(64), *b = allocate(64);
  sluice_fence_t *f1 = nullptr, *f2 = nullptr, *f3 = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &f1)), "OK");
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &f2)), "OK");
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &f3)), "OK");
  EXPECT_EQ(statusText(rt->queue_fill(ctx_, ctx_->device, -1, nullptr, f1, a, 0,
                                      64, 0xA1B2C3D4, 4, 0)),
            "OK");
  EXPECT_EQ(statusText(rt->queue_copy(ctx_, ctx_->device, -1, f1, f2, a, 4, b,
                                      0, 8, 0)),
            "OK");
  EXPECT_EQ(statusText(rt->queue_barrier(ctx_, ctx_->device, -1, f2, f3, 0)),
            "OK");
  EXPECT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &f3)), "OK");
  std::vector<uint8_t> bytes = bytesOf(b);
  EXPECT_EQ(
      std::vector<uint8_t>(bytes.begin(), bytes.begin() + 8),
      (std::vector<uint8_t>{0xD4, 0xC3, 0xB2, 0xA1, 0xD4, 0xC3, 0xB2, 0xA1}));
  release(a);
  release(b);
  release(f1);
  release(f2);
  release(f3);
}

/// A command function: adds closure[1] to the i32 at closure[0]'s storage.
sluice_status_t bumpCommand(sluice_context_abi_t *ctx, sluice_exec_t *exec,
                            const uint64_t *closure) {
  const auto *b = reinterpret_cast<const sluice_buffer_abi_t *>(closure[0]);
  uint8_t *base = __atomic_load_n(b->data_slot, __ATOMIC_ACQUIRE);
  if (!base)
    return ctx->rt->status_make(SLUICE_STATUS_FAILED_PRECONDITION, "no storage",
                                10);
  *reinterpret_cast<int32_t *>(base + b->byte_offset) += (int32_t)closure[1];
  if (exec->environment == nullptr)
    return ctx->rt->status_make(SLUICE_STATUS_INTERNAL, "no environment", 14);
  return nullptr;
}

TEST_F(ImportsTest, QueueExecuteRetainsClosureReferencesUntilItRan) {
  sluice_buffer_t *b = allocate(4);
  std::memset(*reinterpret_cast<sluice_buffer_abi_t *>(b)->data_slot, 0, 4);
  sluice_fence_t *wait = nullptr, *signal = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &wait)), "OK");
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  uint64_t closure[2] = {reinterpret_cast<uint64_t>(b), 5};
  ASSERT_EQ(statusText(rt->queue_execute(ctx_, ctx_->device, -1, wait, signal,
                                         bumpCommand, closure, 2, 1, 10)),
            "OK");
  EXPECT_EQ(count(b), 2); // the submission holds one
  closure[1] = 1000;      // the closure was copied
  ASSERT_EQ(statusText(rt->fence_signal(ctx_, wait)), "OK");
  ASSERT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &signal)), "OK");
  EXPECT_EQ(count(b), 1);
  int32_t value = 0;
  ASSERT_EQ(statusText(rt->buffer_load(ctx_, b, 0, 4, &value)), "OK");
  EXPECT_EQ(value, 5);
  release(wait);
  release(signal);
  release(b);
}

TEST_F(ImportsTest, AFailedWaitDropsTheCommandAndItsReferences) {
  sluice_buffer_t *b = allocate(4);
  sluice_semaphore_t *sem = nullptr;
  ASSERT_EQ(statusText(sluice_semaphore_create(0, &sem)), "OK");
  sluice_fence_t *wait = nullptr, *signal = nullptr;
  ASSERT_EQ(statusText(sluice_fence_create(&wait)), "OK");
  ASSERT_EQ(statusText(sluice_fence_insert(wait, sem, 1)), "OK");
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  uint64_t closure[2] = {reinterpret_cast<uint64_t>(b), 5};
  ASSERT_EQ(statusText(rt->queue_execute(ctx_, ctx_->device, -1, wait, signal,
                                         bumpCommand, closure, 2, 1, 10)),
            "OK");
  sluice_semaphore_fail(sem, 10, "upstream aborted");
  EXPECT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &signal)),
            "ABORTED; upstream aborted");
  EXPECT_EQ(count(b), 1);
  release(wait);
  release(signal);
  sluice_semaphore_release(sem);
  release(b);
}

TEST_F(ImportsTest, LargeClosuresAreCopiedToTheHeap) {
  sluice_buffer_t *b = allocate(4);
  std::memset(*reinterpret_cast<sluice_buffer_abi_t *>(b)->data_slot, 0, 4);
  sluice_fence_t *signal = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  std::vector<uint64_t> closure(40, 0);
  closure[0] = reinterpret_cast<uint64_t>(b);
  closure[1] = 7;
  sluice_device_statistics_t before, after;
  ASSERT_EQ(statusText(sluice_device_query_statistics(device(), &before)),
            "OK");
  ASSERT_EQ(
      statusText(rt->queue_execute(ctx_, ctx_->device, -1, nullptr, signal,
                                   bumpCommand, closure.data(), 40, 1, 10)),
      "OK");
  ASSERT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &signal)), "OK");
  ASSERT_EQ(statusText(sluice_device_query_statistics(device(), &after)), "OK");
  EXPECT_EQ(after.heap_payloads - before.heap_payloads, 1u);
  int32_t value = 0;
  ASSERT_EQ(statusText(rt->buffer_load(ctx_, b, 0, 4, &value)), "OK");
  EXPECT_EQ(value, 7);
  release(signal);
  release(b);
}

TEST_F(ImportsTest, MemoryFileErrors) {
  static const uint8_t data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  sluice_util_buffer_t source = {data, 8};
  sluice_file_t *file = nullptr;
  EXPECT_EQ(statusText(rt->file_from_memory(ctx_, ctx_->device, -1, 1, &source,
                                            4, 8, 0, &file)),
            "OUT_OF_RANGE; file range [4, 12) is outside buffer length 8");
  EXPECT_EQ(file, nullptr);
  ASSERT_EQ(statusText(rt->file_from_memory(ctx_, ctx_->device, -1, 1, &source,
                                            2, 4, 0, &file)),
            "OK");
  EXPECT_EQ(reinterpret_cast<sluice_ref_header_t *>(file)->type,
            (uint32_t)SLUICE_REF_TYPE_FILE);
  sluice_buffer_t *b = allocate(4);
  sluice_fence_t *signal = nullptr;
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  EXPECT_EQ(statusText(rt->queue_write(ctx_, ctx_->device, -1, nullptr, signal,
                                       b, 0, file, 0, 4, 0)),
            "PERMISSION_DENIED; cannot write to a memory file (read-only)");
  release(signal);
  ASSERT_EQ(statusText(rt->fence_create(ctx_, ctx_->device, &signal)), "OK");
  ASSERT_EQ(statusText(rt->queue_read(ctx_, ctx_->device, -1, nullptr, signal,
                                      file, 0, b, 0, 4, 0)),
            "OK");
  ASSERT_EQ(statusText(rt->fence_await(ctx_, -1, 1, &signal)), "OK");
  EXPECT_EQ(bytesOf(b), (std::vector<uint8_t>{3, 4, 5, 6}));
  release(signal);
  release(file);
  release(b);
}

TEST_F(ImportsTest, BufferViewCreateSubspansAndTraces) {
  sluice_buffer_t *b = allocate(32);
  for (int i = 0; i < 8; ++i) {
    float v = (float)i;
    ASSERT_EQ(statusText(rt->buffer_store(ctx_, b, 4 * i, 4, &v)), "OK");
  }
  int64_t shape[2] = {2, 2};
  sluice_buffer_view_t *view = nullptr;
  ASSERT_EQ(statusText(rt->buffer_view_create(ctx_, b, 8, 16, 0x21000020, 1, 2,
                                              shape, &view)),
            "OK");
  const auto *abi = reinterpret_cast<const sluice_buffer_view_abi_t *>(view);
  EXPECT_NE((void *)abi->buffer, (void *)b); // a subspan of exactly the bytes
  EXPECT_EQ(
      reinterpret_cast<const sluice_buffer_abi_t *>(abi->buffer)->byte_length,
      16u);
  EXPECT_EQ(format(view), "2x2xf32=[2 3][4 5]");
  int64_t big[17] = {};
  sluice_buffer_view_t *bad = view;
  EXPECT_EQ(statusText(rt->buffer_view_create(ctx_, b, 0, 32, 0x21000020, 1, 17,
                                              big, &bad)),
            "INVALID_ARGUMENT; buffer view rank 17 exceeds 16");
  EXPECT_EQ(bad, nullptr);
  std::string traced;
  sluice_context_set_trace_sink(
      context_,
      [](void *user, const char *text, size_t length) {
        static_cast<std::string *>(user)->append(text, length);
      },
      &traced);
  rt->buffer_view_trace(ctx_, "step", 4, 1, &view);
  EXPECT_EQ(traced, "=== step ===\n2x2xf32=[2 3][4 5]\n");
  release(view);
  release(b);
}

} // namespace
