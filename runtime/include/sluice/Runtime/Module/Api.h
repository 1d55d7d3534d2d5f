/*===- Api.h - Embedding API: load compiled modules and call them ----------===
 *
 * execution.md §6.3. Extends the core C API (Core/CApi.h) and the parameter
 * C API (Parameters/CApi.h). Every function returning sluice_status_t
 * returns NULL on success or a heap status the caller frees; reference out-
 * parameters are NULL on failure. All objects are thread-safe except
 * sluice_call_t (one thread at a time). RAII C++ wrappers: Api.hpp.
 *
 *===----------------------------------------------------------------------===*/
#ifndef SLUICE_RUNTIME_MODULE_API_H
#define SLUICE_RUNTIME_MODULE_API_H

#include "sluice/Runtime/Core/CApi.h"
#include "sluice/Runtime/Module/ModuleAbi.h"
#include "sluice/Runtime/Parameters/CApi.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sluice_runtime_s sluice_runtime_t; /* device + scheduler + I/O */
typedef struct sluice_module_s sluice_module_t;   /* loaded code + descriptor */
typedef struct sluice_context_s sluice_context_t; /* globals + parameters */
typedef struct sluice_function_s sluice_function_t; /* borrowed from context */
typedef struct sluice_call_s sluice_call_t; /* a prepared, reusable call */

/*===----------------------------------------------------------------------===
 * Runtime
 *===----------------------------------------------------------------------===*/

typedef struct sluice_runtime_options_t {
  int32_t worker_threads;       /* -1 = default (max(1, CPUs - 1)), 0 = none */
  uint32_t worker_spin_us;      /* 0 = default (100) */
  uint32_t inline_threshold_ns; /* 0 = default (5000) */
  int32_t io_backend;           /* 0 = auto, 1 = io_uring, 2 = threads */
  uint32_t reserved;            /* 0 */
  uint64_t io_staging_bytes;    /* O_DIRECT staging ring of the device's I/O
                                   engine (--parameter_staging_bytes);
                                   0 = default (256 MiB) */
} sluice_runtime_options_t;

/* `options` may be NULL (all defaults). */
sluice_status_t sluice_runtime_create(const sluice_runtime_options_t *options,
                                      sluice_runtime_t **out);
/* Drops the caller's reference; modules and contexts keep the runtime alive.
 * The last release waits for pending work. */
void sluice_runtime_release(sluice_runtime_t *runtime);
sluice_device_t *
sluice_runtime_device(sluice_runtime_t *runtime); /* borrowed */

/*===----------------------------------------------------------------------===
 * Modules
 *===----------------------------------------------------------------------===*/

/* dlopen of a shared object exporting sluice_module_query. Errors:
 * INVALID_ARGUMENT «'<path>' is not a Sluice module (no sluice_module_query)»,
 * FAILED_PRECONDITION «module '<path>' was built for Sluice module ABI <n>;
 * this runtime supports 1», FAILED_PRECONDITION «module '<name>' was compiled
 * for <cpu> but this CPU lacks <feature>[, <feature>...]». */
sluice_status_t sluice_module_load_file(sluice_runtime_t *rt, const char *path,
                                        sluice_module_t **out);
/* The same from a shared-object image in memory (memfd + dlopen). */
sluice_status_t sluice_module_load_memory(sluice_runtime_t *rt,
                                          const void *so_image, size_t size,
                                          sluice_module_t **out);
/* Registers a module whose code is already in this process (JIT): `query` is
 * its sluice_module_query; `origin` names it in errors (like a path).
 * `release_owner(owner)` runs when the module is destroyed (e.g. to free the
 * JIT engine holding the code); it may be NULL. On failure it is not
 * called: the caller still owns `owner`. */
sluice_status_t sluice_module_register(sluice_runtime_t *rt,
                                       sluice_module_query_fn_t query,
                                       const char *origin,
                                       void (*release_owner)(void *owner),
                                       void *owner, sluice_module_t **out);
void sluice_module_retain(sluice_module_t *m);
void sluice_module_release(sluice_module_t *m);
const char *sluice_module_name(sluice_module_t *m);
const sluice_module_descriptor_t *sluice_module_descriptor(sluice_module_t *m);
/* In libSluiceJit (links MLIR/LLVM): compile MLIR text (any phase accepted by
 * sluice-compile). */
sluice_status_t sluice_jit_compile_module(sluice_runtime_t *rt,
                                          const char *mlir, size_t length,
                                          const char *const *compile_flags,
                                          size_t flag_count,
                                          sluice_module_t **out);

/*===----------------------------------------------------------------------===
 * Contexts and functions
 *===----------------------------------------------------------------------===*/

typedef struct sluice_context_options_t {
  /* May be NULL: parameter ops then fail with the routing error. Retained. */
  sluice_io_parameters_module_t *parameters;
} sluice_context_options_t;

/* Runs the initializers; failures are annotated «initializing module
 * '<name>'». `options` may be NULL. */
sluice_status_t sluice_context_create(sluice_module_t *m,
                                      const sluice_context_options_t *options,
                                      sluice_context_t **out);
/* Waits for the context's pending command functions, releases its globals
 * and drops the caller's reference (buffers imported from module rodata keep
 * the context alive until they are released). */
void sluice_context_release(sluice_context_t *c);
sluice_module_t *sluice_context_module(sluice_context_t *c); /* borrowed */
/* Where hal.buffer_view.trace prints (default: stderr). `sink` receives one
 * chunk of text per call; NULL restores stderr. */
void sluice_context_set_trace_sink(sluice_context_t *c,
                                   void (*sink)(void *user, const char *text,
                                                size_t length),
                                   void *user);

/* NOT_FOUND «function '<fn>' not found in module '<m>'; exported functions:
 * <a>, <b>». */
sluice_status_t sluice_context_lookup_function(sluice_context_t *c,
                                               const char *name,
                                               sluice_function_t **out);
size_t sluice_function_count(sluice_context_t *c);
sluice_function_t *sluice_function_at(sluice_context_t *c, size_t i);
const char *sluice_function_name(sluice_function_t *f);
const char *sluice_function_cconv(sluice_function_t *f);
size_t sluice_function_argument_count(sluice_function_t *f);
size_t sluice_function_result_count(sluice_function_t *f);
/* 'i', 'I', 'f', 'F' or 'r' (cconv letter) of argument / result `i`; 0 when
 * out of range. */
char sluice_function_argument_kind(sluice_function_t *f, size_t i);
char sluice_function_result_kind(sluice_function_t *f, size_t i);
/* NULL when absent. */
const char *sluice_function_reflection(sluice_function_t *f, const char *key);
/* external-transients.md §2.5: the constant key, else the query function
 * called with `args` (storage and fences may be null), else 0. */
sluice_status_t sluice_function_transients_size(sluice_function_t *f,
                                                const sluice_value_t *args,
                                                size_t arg_count,
                                                uint64_t *out_bytes);

/*===----------------------------------------------------------------------===
 * Calls
 *===----------------------------------------------------------------------===*/

sluice_status_t sluice_call_create(sluice_function_t *f, sluice_call_t **out);
void sluice_call_release(sluice_call_t *call);
/* Reference setters retain the object (NULL passes a null reference).
 * Errors: OUT_OF_RANGE «argument index <i> out of range; '<fn>' takes <n>
 * arguments»; INVALID_ARGUMENT «argument <i> of '<fn>' is a <kind>; cannot
 * set a <kind>». */
sluice_status_t sluice_call_set_buffer_view(sluice_call_t *call, size_t i,
                                            sluice_buffer_view_t *v);
sluice_status_t sluice_call_set_buffer(sluice_call_t *call, size_t i,
                                       sluice_buffer_t *b);
sluice_status_t sluice_call_set_fence(sluice_call_t *call, size_t i,
                                      sluice_fence_t *f);
sluice_status_t sluice_call_set_value(sluice_call_t *call, size_t i,
                                      sluice_value_t v); /* scalars */
/* Sets every storage argument listed by iree.abi.transients.args. */
sluice_status_t sluice_call_set_transients(sluice_call_t *call,
                                           sluice_buffer_t *storage);
/* Runs the function on the calling thread. No heap allocation and no lock in
 * this layer. Results of the previous invoke are released first. */
sluice_status_t sluice_call_invoke(sluice_call_t *call);
/* coarse-fences functions: wait/signal are passed as the last two arguments;
 * sync functions run as a host task that waits on `wait` and signals (or
 * fails) `signal`. Results may be read once `signal` is reached. `signal`
 * must hold a timepoint (sluice_fence_create_pending / _create_at): an empty
 * fence from sluice_fence_create is reached at once, before the call ran. */
sluice_status_t sluice_call_invoke_async(sluice_call_t *call,
                                         sluice_fence_t *wait,
                                         sluice_fence_t *signal);
size_t sluice_call_result_count(sluice_call_t *call);
/* References are borrowed from the call, valid until the next invoke or the
 * release of the call. */
sluice_value_t sluice_call_result(sluice_call_t *call, size_t i);

/*===----------------------------------------------------------------------===
 * Buffer views
 *===----------------------------------------------------------------------===*/

/* A dense row-major view of the whole buffer (its length must equal the
 * element count times the element size). */
sluice_status_t sluice_buffer_view_create(sluice_buffer_t *b,
                                          uint32_t element_type, uint32_t rank,
                                          const int64_t *shape,
                                          sluice_buffer_view_t **out);
/* A new DeviceLocal|HostVisible buffer (Transfer|DispatchStorage|Mapping)
 * holding a copy of `data` (NULL = zeros). */
sluice_status_t sluice_buffer_view_allocate(sluice_device_t *d,
                                            uint32_t element_type,
                                            uint32_t rank, const int64_t *shape,
                                            const void *data,
                                            size_t data_length,
                                            sluice_buffer_view_t **out);
/* `[d0 x d1 x ...] elem = data` (execution.md §6.2 input grammar, tensor
 * form). */
sluice_status_t sluice_buffer_view_parse(sluice_device_t *d, const char *text,
                                         sluice_buffer_view_t **out);
/* The §6.2 printed form (`2x2xi32=[1 2][3 4]`), at most `max_elements`
 * elements. Writes at most `capacity` bytes including a NUL; `*out_length`
 * is the full length without the NUL (RESOURCE_EXHAUSTED when it does not
 * fit). */
sluice_status_t sluice_buffer_view_format(sluice_buffer_view_t *v,
                                          size_t max_elements, char *buffer,
                                          size_t capacity, size_t *out_length);
void sluice_buffer_view_retain(sluice_buffer_view_t *v);
void sluice_buffer_view_release(sluice_buffer_view_t *v);
sluice_buffer_t *
sluice_buffer_view_buffer(sluice_buffer_view_t *v); /* borrowed */
uint32_t sluice_buffer_view_element_type(sluice_buffer_view_t *v);
uint32_t sluice_buffer_view_rank(sluice_buffer_view_t *v);
int64_t sluice_buffer_view_dim(sluice_buffer_view_t *v, uint32_t i);

/* hal.element_type encodings of the grammar's element names (0 when
 * unknown), and the MLIR spelling of an encoding ("f32", "i8", "bf16"). */
uint32_t sluice_element_type_from_name(const char *name, size_t length);
const char *sluice_element_type_name(uint32_t element_type);

/*===----------------------------------------------------------------------===
 * Any reference object (sluice_ref_header_t first)
 *===----------------------------------------------------------------------===*/

void sluice_ref_retain(void *ref);
void sluice_ref_release(void *ref);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* SLUICE_RUNTIME_MODULE_API_H */
