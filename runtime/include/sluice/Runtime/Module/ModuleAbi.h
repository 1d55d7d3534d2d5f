/*===- ModuleAbi.h - The ABI between compiled Sluice modules and the runtime
 * -===
 *
 * Plain C. Everything compiled code (host functions, command functions,
 * workgroup functions, the module descriptor) sees of the runtime is declared
 * here (execution.md §3, §4.4, §4.5). All structs are little-endian x86-64 and
 * naturally aligned; the offsets in the comments are normative and checked by
 * unittests/Runtime/Module/AbiLayoutTest.cpp. Any change to a layout or to the
 * import table bumps SLUICE_MODULE_ABI_VERSION.
 *
 * Conventions (§3.1):
 *  - every fallible entry point returns sluice_status_t: NULL is OK, anything
 *    else is a heap status owned by whoever receives it;
 *  - a fallible entry point producing references stores NULL in every
 *    reference out-parameter when it fails;
 *  - reference arguments are borrowed, out-references are +1;
 *  - every reference object starts with sluice_ref_header_t; generated code
 *    retains with an atomic fetch_add(+1) and releases with fetch_sub(1), and
 *    calls rt->ref_destroy when the count it removed was the last one.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SLUICE_RUNTIME_MODULE_MODULEABI_H
#define SLUICE_RUNTIME_MODULE_MODULEABI_H

#include "sluice/Runtime/CTypes.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SLUICE_MODULE_ABI_VERSION 1

/* Handle types (sluice_status_t, sluice_buffer_t, sluice_fence_t, ...) come
 * from sluice/Runtime/CTypes.h, shared with the core C API. */

/* Canonical status codes (IREE/absl numbering). */
enum {
  SLUICE_STATUS_OK = 0,
  SLUICE_STATUS_CANCELLED = 1,
  SLUICE_STATUS_UNKNOWN = 2,
  SLUICE_STATUS_INVALID_ARGUMENT = 3,
  SLUICE_STATUS_DEADLINE_EXCEEDED = 4,
  SLUICE_STATUS_NOT_FOUND = 5,
  SLUICE_STATUS_ALREADY_EXISTS = 6,
  SLUICE_STATUS_PERMISSION_DENIED = 7,
  SLUICE_STATUS_RESOURCE_EXHAUSTED = 8,
  SLUICE_STATUS_FAILED_PRECONDITION = 9,
  SLUICE_STATUS_ABORTED = 10,
  SLUICE_STATUS_OUT_OF_RANGE = 11,
  SLUICE_STATUS_UNIMPLEMENTED = 12,
  SLUICE_STATUS_INTERNAL = 13,
  SLUICE_STATUS_UNAVAILABLE = 14,
  SLUICE_STATUS_DATA_LOSS = 15,
  SLUICE_STATUS_UNAUTHENTICATED = 16
};

/*===----------------------------------------------------------------------===
 * §3.2 Object layouts
 *===----------------------------------------------------------------------===*/

/* Type tags of sluice_ref_header_t.type. */
enum {
  SLUICE_REF_TYPE_BUFFER = 1,
  SLUICE_REF_TYPE_BUFFER_VIEW = 2,
  SLUICE_REF_TYPE_FENCE = 3,
  SLUICE_REF_TYPE_SEMAPHORE = 4,
  SLUICE_REF_TYPE_FILE = 5
};

typedef struct sluice_ref_header_t { /* first 8 bytes of every ref object */
  int32_t ref_count;                 /* +0 atomic */
  uint32_t type;                     /* +4 SLUICE_REF_TYPE_* */
} sluice_ref_header_t;

typedef struct sluice_buffer_abi_t { /* sluice_buffer_t begins with this */
  sluice_ref_header_t header;        /* +0 */
  uint8_t *const *data_slot; /* +8  address of the storage's base pointer;
                                    *data_slot is NULL until the storage is
                                    committed (acquire load) */
  uint64_t byte_offset;      /* +16 offset of this buffer in its storage */
  uint64_t byte_length;      /* +24 */
  uint32_t memory_type;      /* +32 HAL MemoryTypeBitfield */
  uint32_t usage;            /* +36 HAL BufferUsageBitfield */
  uint32_t allowed_access;   /* +40 MemoryAccessBitfield */
  uint32_t reserved;         /* +44 */
} sluice_buffer_abi_t;       /* 48 bytes; runtime-private fields follow */

#define SLUICE_BUFFER_VIEW_MAX_RANK 16
/* hal.encoding_type of a dense row-major view. */
#define SLUICE_ENCODING_TYPE_DENSE_ROW_MAJOR 1u

typedef struct sluice_buffer_view_abi_t { /* sluice_buffer_view_t */
  sluice_ref_header_t header;             /* +0 */
  struct sluice_buffer_s *buffer; /* +8  retained by the view; covers exactly
                                         the viewed bytes */
  uint32_t element_type;          /* +16 hal.element_type encoding */
  uint32_t encoding_type;         /* +20 1 = dense row-major */
  uint32_t rank;                  /* +24 <= 16 */
  uint32_t reserved;              /* +28 */
  int64_t shape[];                /* +32 rank entries */
} sluice_buffer_view_abi_t;       /* 32 bytes + 8 * rank */

typedef struct sluice_util_buffer_t { /* a !util.buffer value points to one */
  const uint8_t *data;                /* +0 */
  uint64_t length;                    /* +8 */
} sluice_util_buffer_t;

typedef union sluice_value_t { /* one argument or result slot, 8 bytes */
  int32_t i32;
  int64_t i64;
  float f32;
  double f64;
  void *ref;
} sluice_value_t;

struct sluice_rt_imports_v1_t;

typedef struct sluice_context_abi_t { /* what every host function receives */
  const struct sluice_rt_imports_v1_t *rt; /* +0  the runtime entry points */
  void *device;     /* +8  the value of every !hal.device / !hal.allocator */
  uint8_t *globals; /* +16 global storage, 64-byte aligned */
  void *runtime_context; /* +24 opaque to compiled code */
} sluice_context_abi_t;

/*===----------------------------------------------------------------------===
 * §4.5 The workgroup function ABI (IREE executable_library.h v0 layouts)
 *===----------------------------------------------------------------------===*/

typedef struct sluice_environment_t { /* same for every dispatch of a device */
  const uint32_t *constants;          /* +0  specialization constants: NULL */
  void *import_thunk;                 /* +8  NULL */
  const void *import_funcs;           /* +16 NULL */
  const void **import_contexts;       /* +24 NULL */
  uint64_t processor_data[8];         /* +32 zero in v1 */
} sluice_environment_t;               /* 96 bytes */

#define SLUICE_MAX_DISPATCH_CONSTANTS 64
#define SLUICE_MAX_DISPATCH_BINDINGS 64

typedef struct sluice_dispatch_state_t { /* same for every workgroup */
  uint32_t workgroup_size_x;  /* +0  from the export's workgroup_size, else 1 */
  uint32_t workgroup_size_y;  /* +4 */
  uint16_t workgroup_size_z;  /* +8 */
  uint16_t constant_count;    /* +10 <= 64 */
  uint32_t workgroup_count_x; /* +12 */
  uint32_t workgroup_count_y; /* +16 */
  uint16_t workgroup_count_z; /* +20 */
  uint8_t max_concurrency;    /* +22 participants that may run workgroups */
  uint8_t binding_count;      /* +23 <= 64 */
  const uint32_t *constants;  /* +24 */
  void *const *binding_ptrs;  /* +32 host pointer of each binding */
  const size_t *binding_lengths; /* +40 */
} sluice_dispatch_state_t;       /* 48 bytes */

typedef struct sluice_workgroup_state_t { /* per workgroup */
  uint32_t workgroup_id_x;                /* +0 */
  uint32_t workgroup_id_y;                /* +4 */
  uint16_t workgroup_id_z;                /* +8 */
  uint16_t reserved;                      /* +10 */
  uint32_t processor_id;      /* +12 participant index of the running thread */
  void *local_memory;         /* +16 NULL in v1 */
  uint32_t local_memory_size; /* +24 0 in v1 */
} sluice_workgroup_state_t;   /* 32 bytes */

/* 0 = success; anything else fails the dispatch. */
typedef int32_t (*sluice_workgroup_fn_t)(
    const sluice_environment_t *env, const sluice_dispatch_state_t *dispatch,
    const sluice_workgroup_state_t *workgroup);

/* sluice_wave_item_t.kind */
enum {
  SLUICE_WAVE_ITEM_DISPATCH = 0,
  SLUICE_WAVE_ITEM_FILL = 1,
  SLUICE_WAVE_ITEM_COPY = 2
};

typedef struct sluice_wave_dispatch_t {
  sluice_workgroup_fn_t fn;             /* item +8 */
  const sluice_dispatch_state_t *state; /* item +16 */
  uint64_t cost_ns_per_workgroup;       /* item +24 */
} sluice_wave_dispatch_t;

typedef struct sluice_wave_fill_t {
  uint8_t *target;         /* item +8  host pointer of the first byte */
  uint64_t length;         /* item +16 */
  uint32_t pattern;        /* item +24 the pattern in its low bytes */
  uint32_t pattern_length; /* item +28 1, 2 or 4 */
} sluice_wave_fill_t;

typedef struct sluice_wave_copy_t {
  const uint8_t *source; /* item +8 */
  uint8_t *target;       /* item +16 */
  uint64_t length;       /* item +24 */
} sluice_wave_copy_t;

typedef struct sluice_wave_item_t { /* 32 bytes */
  uint32_t kind;                    /* +0 SLUICE_WAVE_ITEM_* */
  uint32_t export_index; /* +4 into the descriptor's export_infos (dispatch) */
  union {                /* +8 */
    sluice_wave_dispatch_t dispatch;
    sluice_wave_fill_t fill;
    sluice_wave_copy_t copy;
  };
} sluice_wave_item_t;

typedef struct sluice_exec_t { /* the thread running a command function */
  const sluice_environment_t *environment; /* +0 */
  uint32_t participant;                    /* +8 */
  uint32_t participant_count;              /* +12 */
} sluice_exec_t; /* 16 bytes; runtime-private fields follow */

/* A command function (§4.4): closure slots are 8 bytes each, references
 * first. */
typedef sluice_status_t (*sluice_command_fn_t)(sluice_context_abi_t *ctx,
                                               sluice_exec_t *exec,
                                               const uint64_t *closure);

/*===----------------------------------------------------------------------===
 * §3.3 The module descriptor
 *===----------------------------------------------------------------------===*/

/* Packed thunk of an exported function: args borrowed, results +1. */
typedef sluice_status_t (*sluice_export_fn_t)(sluice_context_abi_t *ctx,
                                              const sluice_value_t *args,
                                              sluice_value_t *results);

typedef struct sluice_module_function_t {
  const char *name;         /* +0  exported name, NUL-terminated */
  sluice_export_fn_t entry; /* +8  packed thunk */
  const char *cconv; /* +16 "0<args>_<results>": i = i32 (i1/i8/i16 widened),
                              I = i64/index, f = f32, F = f64, r = reference;
                              'v' for an empty list ("0rr_r", "0v_v") */
  uint32_t reflection_count;            /* +24 */
  const char *const *reflection_keys;   /* +32 iree.reflection entries */
  const char *const *reflection_values; /* +40 */
} sluice_module_function_t;             /* 48 bytes */

typedef struct sluice_module_export_info_t { /* one per hal.executable.export */
  const char *executable;                    /* +0 */
  const char *name;                          /* +8 */
  uint32_t constant_count;                   /* +16 */
  uint32_t binding_count;                    /* +20 */
  uint32_t workgroup_cost_ns;                /* +24 */
  uint32_t reserved;                         /* +28 */
} sluice_module_export_info_t;               /* 32 bytes */

typedef struct sluice_module_descriptor_t {
  uint32_t abi_version;                /* +0  SLUICE_MODULE_ABI_VERSION */
  uint32_t flags;                      /* +4  0 */
  const char *name;                    /* +8  module name */
  const char *target_cpu;              /* +16 e.g. "x86-64-v3" */
  const char *target_features;         /* +24 e.g. "+avx,+avx2,+fma,..." */
  uint64_t global_storage_size;        /* +32 */
  const uint8_t *global_initial_image; /* +40 global_storage_size bytes, or
                                               NULL for all zeros */
  uint32_t ref_global_count;           /* +48 */
  const uint32_t *ref_global_offsets;  /* +56 reference slots, released when
                                               the context is destroyed */
  uint32_t function_count;             /* +64 */
  const sluice_module_function_t *functions; /* +72 sorted by name (strcmp) */
  sluice_status_t (*initialize)(sluice_context_abi_t *ctx); /* +80 runs every
                                          initializer in module order */
  uint32_t export_info_count;                               /* +88 */
  const sluice_module_export_info_t *export_infos;          /* +96 */
} sluice_module_descriptor_t;                               /* 104 bytes */

/* The only symbol a module exports. Returns NULL when the module cannot serve
 * `abi_version`. */
typedef const sluice_module_descriptor_t *(*sluice_module_query_fn_t)(
    uint32_t abi_version);
#define SLUICE_MODULE_QUERY_SYMBOL "sluice_module_query"

/*===----------------------------------------------------------------------===
 * §3.4 The import table
 *
 * ctx->rt points to one sluice_rt_imports_v1_t: function pointers in exactly
 * this order; entry #k (1-based, as numbered in execution.md §3.4) is at byte
 * offset 8 * (k - 1). Unless stated otherwise entries take the context first,
 * accept NULL fences (empty wait / no signal) and fail the signal fence with
 * the status they return. `aff` is the int64 queue affinity (-1 = any).
 *===----------------------------------------------------------------------===*/

typedef struct sluice_rt_imports_v1_t {
  /* A. Statuses and references */
  /*  1 +0   */ sluice_status_t (*status_make)(int32_t code, const char *msg,
                                               size_t msg_length);
  /*  2 +8   */ sluice_status_t (*status_annotate)(sluice_status_t status,
                                                   const char *msg,
                                                   size_t msg_length);
  /*  3 +16  */ int32_t (*status_code)(sluice_status_t status);
  /*  4 +24  */ void (*status_free)(sluice_status_t status);
  /*  5 +32  */ void (*ref_destroy)(void *ref);

  /* B. Devices and allocation */
  /*  6 +40  */ sluice_status_t (*devices_get)(sluice_context_abi_t *ctx,
                                               int64_t index,
                                               void **out_device);
  /*  7 +48  */ void (*device_query_i64)(sluice_context_abi_t *ctx,
                                         void *device, const char *category,
                                         size_t category_length,
                                         const char *key, size_t key_length,
                                         int32_t *out_ok, int64_t *out_value);
  /*  8 +56  */ sluice_status_t (*allocator_allocate)(
      sluice_context_abi_t *ctx, void *allocator, int64_t aff,
      uint32_t memory_type, uint32_t usage, uint64_t size,
      sluice_buffer_t **out_buffer);
  /*  9 +64  */ sluice_status_t (*allocator_import)(
      sluice_context_abi_t *ctx, void *allocator, int64_t aff,
      uint32_t memory_type, uint32_t usage, const sluice_util_buffer_t *source,
      uint64_t offset, uint64_t length, int32_t *out_did_import,
      sluice_buffer_t **out_buffer);
  /* 10 +72  */ sluice_status_t (*queue_alloca)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, int64_t pool,
      uint32_t memory_type, uint32_t usage, uint64_t size, uint64_t flags,
      sluice_buffer_t **out_buffer);
  /* 11 +80  */ sluice_status_t (*queue_dealloca)(sluice_context_abi_t *ctx,
                                                  void *device, int64_t aff,
                                                  sluice_fence_t *wait,
                                                  sluice_fence_t *signal,
                                                  sluice_buffer_t *buffer,
                                                  uint64_t flags);
  /* 12 +88  */ void (*buffer_allocation_preserve)(sluice_context_abi_t *ctx,
                                                   sluice_buffer_t *buffer);
  /* 13 +96  */ int32_t (*buffer_allocation_discard)(sluice_context_abi_t *ctx,
                                                     sluice_buffer_t *buffer);
  /* 14 +104 */ int32_t (*buffer_allocation_is_terminal)(
      sluice_context_abi_t *ctx, sluice_buffer_t *buffer);

  /* C. Buffers, views, files */
  /* 15 +112 */ sluice_status_t (*buffer_subspan)(sluice_context_abi_t *ctx,
                                                  sluice_buffer_t *buffer,
                                                  uint64_t offset,
                                                  uint64_t length,
                                                  sluice_buffer_t **out_buffer);
  /* 16 +120 */ sluice_status_t (*buffer_assert)(
      sluice_context_abi_t *ctx, sluice_buffer_t *buffer, const char *msg,
      size_t msg_length, void *allocator, uint64_t minimum_length,
      uint32_t memory_type, uint32_t usage);
  /* 17 +128 */ sluice_status_t (*buffer_load)(sluice_context_abi_t *ctx,
                                               sluice_buffer_t *buffer,
                                               uint64_t offset, uint32_t width,
                                               void *out_value);
  /* 18 +136 */ sluice_status_t (*buffer_store)(sluice_context_abi_t *ctx,
                                                sluice_buffer_t *buffer,
                                                uint64_t offset, uint32_t width,
                                                const void *value);
  /* 19 +144 */ sluice_status_t (*buffer_view_create)(
      sluice_context_abi_t *ctx, sluice_buffer_t *buffer, uint64_t offset,
      uint64_t length, uint32_t element_type, uint32_t encoding_type,
      uint32_t rank, const int64_t *shape, sluice_buffer_view_t **out_view);
  /* 20 +152 */ sluice_status_t (*buffer_view_assert)(
      sluice_context_abi_t *ctx, sluice_buffer_view_t *view, const char *msg,
      size_t msg_length, uint32_t element_type, uint32_t encoding_type,
      uint32_t rank, const int64_t *shape);
  /* 21 +160 */ void (*buffer_view_trace)(sluice_context_abi_t *ctx,
                                          const char *key, size_t key_length,
                                          uint32_t count,
                                          sluice_buffer_view_t *const *views);
  /* 22 +168 */ sluice_status_t (*file_from_memory)(
      sluice_context_abi_t *ctx, void *device, int64_t aff, uint32_t access,
      const sluice_util_buffer_t *source, uint64_t offset, uint64_t length,
      uint32_t flags, sluice_file_t **out_file);
  /* 23 +176 */ sluice_status_t (*queue_fill)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, sluice_buffer_t *target,
      uint64_t offset, uint64_t length, uint64_t pattern,
      uint32_t pattern_length, uint64_t flags);
  /* 24 +184 */ sluice_status_t (*queue_copy)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, sluice_buffer_t *source,
      uint64_t source_offset, sluice_buffer_t *target, uint64_t target_offset,
      uint64_t length, uint64_t flags);
  /* 25 +192 */ sluice_status_t (*queue_read)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, sluice_file_t *file,
      uint64_t file_offset, sluice_buffer_t *target, uint64_t target_offset,
      uint64_t length, uint64_t flags);
  /* 26 +200 */ sluice_status_t (*queue_write)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, sluice_buffer_t *source,
      uint64_t source_offset, sluice_file_t *file, uint64_t file_offset,
      uint64_t length, uint64_t flags);
  /* 27 +208 */ sluice_status_t (*queue_barrier)(sluice_context_abi_t *ctx,
                                                 void *device, int64_t aff,
                                                 sluice_fence_t *wait,
                                                 sluice_fence_t *signal,
                                                 uint64_t flags);

  /* D. Fences and execution */
  /* 28 +216 */ sluice_status_t (*fence_create)(sluice_context_abi_t *ctx,
                                                void *device,
                                                sluice_fence_t **out_fence);
  /* 29 +224 */ sluice_status_t (*fence_join)(sluice_context_abi_t *ctx,
                                              uint32_t count,
                                              sluice_fence_t *const *fences,
                                              sluice_fence_t **out_fence);
  /* 30 +232 */ sluice_status_t (*fence_signal)(sluice_context_abi_t *ctx,
                                                sluice_fence_t *fence);
  /* 31 +240 */ sluice_status_t (*fence_await)(sluice_context_abi_t *ctx,
                                               int32_t timeout_millis,
                                               uint32_t count,
                                               sluice_fence_t *const *fences);
  /* 32 +248 */ sluice_status_t (*queue_execute)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, sluice_command_fn_t fn,
      const uint64_t *closure, uint32_t closure_slots,
      uint32_t closure_ref_count, uint32_t cost_hint_ns);
  /* 33 +256 */ sluice_status_t (*wave)(sluice_exec_t *exec, uint32_t count,
                                        const sluice_wave_item_t *items);

  /* E. Parameters */
  /* 34 +264 */ sluice_status_t (*parameters_load)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, const void *scope,
      size_t scope_length, int64_t target_aff, uint32_t memory_type,
      uint32_t usage, const void *key_table, size_t key_table_length,
      const void *key_data, size_t key_data_length, const void *spans,
      size_t spans_length, uint32_t count, sluice_buffer_t **out_buffers);
  /* 35 +272 */ sluice_status_t (*parameters_gather)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, const void *scope,
      size_t scope_length, sluice_buffer_t *target, const void *key_table,
      size_t key_table_length, const void *key_data, size_t key_data_length,
      const void *spans, size_t spans_length);
  /* 36 +280 */ sluice_status_t (*parameters_scatter)(
      sluice_context_abi_t *ctx, void *device, int64_t aff,
      sluice_fence_t *wait, sluice_fence_t *signal, sluice_buffer_t *source,
      const void *scope, size_t scope_length, const void *key_table,
      size_t key_table_length, const void *key_data, size_t key_data_length,
      const void *spans, size_t spans_length);
} sluice_rt_imports_v1_t; /* 36 entries, 288 bytes */

#define SLUICE_RT_IMPORTS_V1_COUNT 36

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SLUICE_RUNTIME_MODULE_MODULEABI_H */
