/*===- CApi.h - C API of the parameter provider and io_parameters module
 * ------===//
 *
 * Extends sluice/Runtime/Core/CApi.h (statuses, devices, fences, buffers).
 * Byte buffers of the io_parameters ABI are passed as (pointer, length); a
 * NULL pointer is a null !vm.buffer (the scope may be null; key table, key
 * data and spans may not). Every error fails the signal fence.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SLUICE_RUNTIME_PARAMETERS_CAPI_H
#define SLUICE_RUNTIME_PARAMETERS_CAPI_H

#include "sluice/Runtime/Core/CApi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sluice_io_parameter_provider_s sluice_io_parameter_provider_t;
typedef struct sluice_io_parameters_module_s sluice_io_parameters_module_t;

typedef enum {
  SLUICE_IO_POLICY_READ = 0,
  SLUICE_IO_POLICY_MMAP = 1,
  SLUICE_IO_POLICY_DIRECT = 2,
} sluice_io_policy_t;

/* --parameter_external_paths (irpa-format.md §7.2). */
typedef enum {
  SLUICE_IO_EXTERNAL_PATHS_RELATIVE = 0,
  SLUICE_IO_EXTERNAL_PATHS_ANY = 1,
  SLUICE_IO_EXTERNAL_PATHS_NONE = 2,
} sluice_io_external_paths_t;

/* --parameter_verify (parameter-runtime.md §11); 0 is the default. */
typedef enum {
  SLUICE_IO_VERIFY_ON_LOAD = 0,
  SLUICE_IO_VERIFY_NONE = 1,
  SLUICE_IO_VERIFY_FULL = 2,
} sluice_io_verify_t;

typedef struct {
  sluice_io_policy_t policy;
  int read_write;           /* --parameter_access=read_write */
  uint32_t max_concurrency; /* 0 = default (16) */
  uint64_t max_read_bytes;  /* 0 = default (64 MiB) */
  int zero_copy_off;        /* --parameter_zero_copy=off */
  int debug_checks;         /* --parameter_debug_checks: detect overlapping
                               gather targets */
  sluice_io_external_paths_t external_paths; /* --parameter_external_paths */
  uint64_t index_max_bytes;  /* --parameter_index_max_bytes; 0 = default
                                (1 GiB) */
  int strict_safetensors;    /* --parameter_strict_safetensors */
  sluice_io_verify_t verify; /* --parameter_verify */
  int cache_off;             /* --parameter_cache=off */
  uint32_t expected_tp_size; /* --parameter_expected_tp_size; 0 = none */
} sluice_io_parameter_provider_options_t;

typedef struct {
  uint64_t bytes_read, bytes_written, bytes_filled;
  uint64_t operations, transfers, coalesced_spans;
  uint64_t zero_copy_hits, zero_copy_misses;
  uint64_t bytes_verified, verify_failures;
  uint64_t cache_hits, cache_misses;
} sluice_io_parameter_statistics_t;

/* Parses `path_count` parameter files (IRPA, GGUF, safetensors) into one
 * index serving `scope` (NUL-terminated; "" for the unscoped provider).
 * `options` may be NULL. The files' ARCHIVE_SHARDING records are checked
 * (irpa-format.md §7.5, against `expected_tp_size` when non-zero);
 * SLUICE_IO_VERIFY_FULL verifies every checksummed entry before returning. */
sluice_status_t sluice_io_parameter_provider_open(
    const char *scope, const char *const *paths, size_t path_count,
    const sluice_io_parameter_provider_options_t *options,
    sluice_io_parameter_provider_t **out_provider);
void sluice_io_parameter_provider_release(
    sluice_io_parameter_provider_t *provider);
sluice_status_t sluice_io_parameter_provider_query_statistics(
    sluice_io_parameter_provider_t *provider,
    sluice_io_parameter_statistics_t *out);
/* fdatasync every file the provider wrote. */
sluice_status_t
sluice_io_parameter_provider_flush(sluice_io_parameter_provider_t *provider);

sluice_status_t
sluice_io_parameters_module_create(sluice_io_parameters_module_t **out_module);
/* Reference counted: create returns one reference. */
void sluice_io_parameters_module_retain(sluice_io_parameters_module_t *module);
void sluice_io_parameters_module_release(sluice_io_parameters_module_t *module);
/* Providers are consulted in registration order; the module retains them. */
sluice_status_t sluice_io_parameters_module_add_provider(
    sluice_io_parameters_module_t *module,
    sluice_io_parameter_provider_t *provider);

/* @io_parameters.load: on success *out_buffers receives `*out_count`
 * retained buffers in a malloc'ed array (free it with free() after
 * releasing the buffers). */
sluice_status_t sluice_io_parameters_load(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    const void *scope, size_t scope_length, int64_t target_queue_affinity,
    uint32_t target_memory_type, uint32_t target_buffer_usage,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length,
    sluice_buffer_t ***out_buffers, size_t *out_count);
/* @io_parameters.load into `count` caller-provided slots (compiled code):
 * on success out_buffers[i] are retained buffers; on failure every slot is
 * NULL. A load producing another number of buffers is FAILED_PRECONDITION
 * «io_parameters.load produced <n> buffers but the program expects <count>».
 */
sluice_status_t sluice_io_parameters_load_into(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    const void *scope, size_t scope_length, int64_t target_queue_affinity,
    uint32_t target_memory_type, uint32_t target_buffer_usage,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length,
    uint32_t count, sluice_buffer_t **out_buffers);
/* @io_parameters.gather. */
sluice_status_t sluice_io_parameters_gather(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    const void *scope, size_t scope_length, sluice_buffer_t *target_buffer,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length);
/* @io_parameters.scatter. */
sluice_status_t sluice_io_parameters_scatter(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    sluice_buffer_t *source_buffer, const void *scope, size_t scope_length,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SLUICE_RUNTIME_PARAMETERS_CAPI_H */
