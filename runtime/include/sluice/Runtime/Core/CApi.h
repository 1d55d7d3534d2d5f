/*===- CApi.h - C API of the Sluice runtime core
 * ---------------------------===//
 *
 * For compiled code and embedders. Every call returning sluice_status_t
 * returns NULL on success, or a status the caller frees with
 * sluice_status_free. Handles are reference-counted: *_retain / *_release.
 * A NULL fence is the empty fence. Timeouts are in nanoseconds; a negative
 * timeout waits forever.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SLUICE_RUNTIME_CORE_CAPI_H
#define SLUICE_RUNTIME_CORE_CAPI_H

#include "sluice/Runtime/CTypes.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status: canonical code (IREE/absl numbering) and message. */
sluice_status_t sluice_status_make(int code, const char *message);
int sluice_status_code(sluice_status_t status);
const char *sluice_status_message(sluice_status_t status);
void sluice_status_free(sluice_status_t status);
/* Appends "; <message>" to a failed status and returns it (NULL stays NULL).
 */
sluice_status_t sluice_status_annotate(sluice_status_t status,
                                       const char *message);

/* Devices. worker_threads == 0 picks a default (max(1, CPUs - 1)). */
sluice_status_t sluice_device_create(uint32_t worker_threads,
                                     sluice_device_t **out_device);
void sluice_device_release(sluice_device_t *device);
/* Waits until every fence is reached, running the device's ready queue work
 * on the calling thread meanwhile. NULL fences are reached. A negative
 * timeout waits forever; DEADLINE_EXCEEDED «fence wait timed out after <t>
 * ms». */
sluice_status_t sluice_device_await(sluice_device_t *device, int64_t timeout_ns,
                                    size_t fence_count,
                                    sluice_fence_t *const *fences);

typedef struct sluice_device_statistics_t {
  /* Allocator: heap allocations behind buffer storage (pooled reuse is not
   * one), their bytes, committed bytes now and at peak. */
  uint64_t allocations, bytes_allocated, bytes_in_use, bytes_peak;
  /* Scheduler (execution.md §4.6). */
  uint64_t submissions, inline_runs, waves, fanouts, worker_wakes;
  /* Submission records allocated because the pool was empty, and payloads
   * too large for a record. */
  uint64_t heap_submissions, heap_payloads;
} sluice_device_statistics_t;
sluice_status_t sluice_device_query_statistics(sluice_device_t *device,
                                               sluice_device_statistics_t *out);

/* Timeline semaphores. */
sluice_status_t sluice_semaphore_create(uint64_t initial_value,
                                        sluice_semaphore_t **out);
void sluice_semaphore_retain(sluice_semaphore_t *semaphore);
void sluice_semaphore_release(sluice_semaphore_t *semaphore);
sluice_status_t sluice_semaphore_query(sluice_semaphore_t *semaphore,
                                       uint64_t *out_value);
sluice_status_t sluice_semaphore_signal(sluice_semaphore_t *semaphore,
                                        uint64_t value);
void sluice_semaphore_fail(sluice_semaphore_t *semaphore, int code,
                           const char *message);
sluice_status_t sluice_semaphore_wait(sluice_semaphore_t *semaphore,
                                      uint64_t value, int64_t timeout_ns);

/* Fences.
 *
 * Trap: `sluice_fence_create` makes an EMPTY fence, and an empty fence counts
 * as reached (like NULL). Passed as the signal fence of a queue operation, of
 * `sluice_call_invoke_async` or of a coarse-fences function, it gives the
 * caller nothing to wait on: a wait or query on it returns at once, before
 * the work ran. It is meant for `sluice_fence_insert`. To make a signal fence,
 * use `sluice_fence_create_at` (a timepoint of a semaphore the caller holds)
 * or `sluice_fence_create_pending` (a timepoint of a new semaphore). */
sluice_status_t sluice_fence_create(sluice_fence_t **out_fence);
/* A fence holding one timepoint: reached once `semaphore` reaches `value`
 * (the fence keeps its own reference to the semaphore). A `value` the
 * semaphore has already reached makes a reached fence. */
sluice_status_t sluice_fence_create_at(sluice_semaphore_t *semaphore,
                                       uint64_t value,
                                       sluice_fence_t **out_fence);
/* A fence holding one fresh timepoint: a new semaphore at 0, the fence
 * reached when it reaches 1 (what compiled code's `hal.fence.create` makes).
 * Pending until signalled, through `sluice_fence_signal` or by the operation
 * it is passed to as a signal fence. */
sluice_status_t sluice_fence_create_pending(sluice_fence_t **out_fence);
void sluice_fence_retain(sluice_fence_t *fence);
void sluice_fence_release(sluice_fence_t *fence);
sluice_status_t sluice_fence_insert(sluice_fence_t *fence,
                                    sluice_semaphore_t *semaphore,
                                    uint64_t value);
sluice_status_t sluice_fence_join(sluice_fence_t *a, sluice_fence_t *b,
                                  sluice_fence_t **out_fence);
sluice_status_t sluice_fence_signal(sluice_fence_t *fence);
void sluice_fence_fail(sluice_fence_t *fence, int code, const char *message);
sluice_status_t sluice_fence_wait(sluice_fence_t *fence, int64_t timeout_ns);
/* *out_reached = 1 when reached, 0 when pending; failure returns the status. */
sluice_status_t sluice_fence_query(sluice_fence_t *fence, int *out_reached);

/* Buffers. memory_type / usage use the HAL bit numbering. */
sluice_status_t sluice_buffer_allocate(sluice_device_t *device,
                                       uint32_t memory_type, uint32_t usage,
                                       uint64_t size,
                                       sluice_buffer_t **out_buffer);
sluice_status_t sluice_buffer_subspan(sluice_buffer_t *buffer, uint64_t offset,
                                      uint64_t length,
                                      sluice_buffer_t **out_buffer);
/* Zero-copy import of host memory [data, data + size) (64-byte aligned).
 * `release(user)` runs once the last buffer over it is gone (may be NULL). */
sluice_status_t sluice_buffer_import_host(sluice_device_t *device, void *data,
                                          uint64_t size, uint32_t memory_type,
                                          uint32_t usage,
                                          void (*release)(void *user),
                                          void *user,
                                          sluice_buffer_t **out_buffer);
void sluice_buffer_retain(sluice_buffer_t *buffer);
void sluice_buffer_release(sluice_buffer_t *buffer);
uint64_t sluice_buffer_length(sluice_buffer_t *buffer);
/* access: 1 = read, 2 = write, 4 = discard. */
sluice_status_t sluice_buffer_map(sluice_buffer_t *buffer, uint32_t access,
                                  uint64_t offset, uint64_t length,
                                  void **out_data);

/* Files for queue reads and writes. access: 1 = read, 2 = write. */
/* A read-only file over [data, data + length); `release(user)` runs when the
 * last reference is gone (may be NULL). */
sluice_status_t sluice_file_from_memory(const void *data, uint64_t length,
                                        void (*release)(void *user), void *user,
                                        sluice_file_t **out_file);
sluice_status_t sluice_file_open(const char *path, uint32_t access,
                                 sluice_file_t **out_file);
void sluice_file_retain(sluice_file_t *file);
void sluice_file_release(sluice_file_t *file);

/* Queue operations: wait on `wait`, then run, then signal `signal`. */
sluice_status_t sluice_queue_alloca(sluice_device_t *device, uint64_t affinity,
                                    sluice_fence_t *wait,
                                    sluice_fence_t *signal,
                                    uint32_t memory_type, uint32_t usage,
                                    uint64_t size,
                                    sluice_buffer_t **out_buffer);
sluice_status_t sluice_queue_dealloca(sluice_device_t *device,
                                      uint64_t affinity, sluice_fence_t *wait,
                                      sluice_fence_t *signal,
                                      sluice_buffer_t *buffer);
sluice_status_t sluice_queue_fill(sluice_device_t *device, uint64_t affinity,
                                  sluice_fence_t *wait, sluice_fence_t *signal,
                                  sluice_buffer_t *target, uint64_t offset,
                                  uint64_t length, const void *pattern,
                                  size_t pattern_length);
sluice_status_t sluice_queue_copy(sluice_device_t *device, uint64_t affinity,
                                  sluice_fence_t *wait, sluice_fence_t *signal,
                                  sluice_buffer_t *source,
                                  uint64_t source_offset,
                                  sluice_buffer_t *target,
                                  uint64_t target_offset, uint64_t length);
/* file[file_offset, +length) -> target[target_offset, +length). Memory files
 * copy on a worker; other files go to the I/O engine. */
sluice_status_t sluice_queue_read(sluice_device_t *device, uint64_t affinity,
                                  sluice_fence_t *wait, sluice_fence_t *signal,
                                  sluice_file_t *file, uint64_t file_offset,
                                  sluice_buffer_t *target,
                                  uint64_t target_offset, uint64_t length);
/* source[source_offset, +length) -> file[file_offset, +length). */
sluice_status_t sluice_queue_write(sluice_device_t *device, uint64_t affinity,
                                   sluice_fence_t *wait, sluice_fence_t *signal,
                                   sluice_buffer_t *source,
                                   uint64_t source_offset, sluice_file_t *file,
                                   uint64_t file_offset, uint64_t length);
sluice_status_t sluice_queue_barrier(sluice_device_t *device, uint64_t affinity,
                                     sluice_fence_t *wait,
                                     sluice_fence_t *signal);
/* `fn` runs on a worker; a non-NULL status it returns fails `signal` (the
 * runtime frees it). */
typedef sluice_status_t (*sluice_host_fn_t)(void *user_data);
sluice_status_t sluice_queue_host_call(sluice_device_t *device,
                                       uint64_t affinity, sluice_fence_t *wait,
                                       sluice_fence_t *signal,
                                       sluice_host_fn_t fn, void *user_data);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SLUICE_RUNTIME_CORE_CAPI_H */
