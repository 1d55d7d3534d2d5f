/* A hand-written Sluice module (plain C against ModuleAbi.h only), standing in
 * for compiler output in the runtime tests: it fills a descriptor, keeps
 * globals, and calls the runtime only through ctx->rt, the way generated host,
 * command and workgroup functions do (execution.md §3, §4.4, §4.5).
 *
 * Built twice: as a shared object exporting only sluice_module_query, and
 * into the test binary with SLUICE_TEST_QUERY_NAME renamed (in-process
 * registration). SLUICE_TEST_ABI_VERSION builds a module for another ABI.
 */
#include "sluice/Runtime/Module/ModuleAbi.h"

#include <string.h>

#ifndef SLUICE_TEST_QUERY_NAME
#define SLUICE_TEST_QUERY_NAME sluice_module_query
#endif
#ifndef SLUICE_TEST_ABI_VERSION
#define SLUICE_TEST_ABI_VERSION SLUICE_MODULE_ABI_VERSION
#endif

#define ELEM_F32 0x21000020u
#define MEM_DEVICE_LOCAL_HOST_VISIBLE 0x32u
#define USAGE_TRANSFER_DISPATCH_MAPPING 0x9000C03u
#define USAGE_IMMUTABLE_DISPATCH 0x80C03u

/* Global storage: +0 i32 counter, +8 buffer reference. */
#define GLOBAL_COUNTER 0
#define GLOBAL_BUFFER 8

static const uint8_t kInitialImage[16] = {40, 0, 0, 0};
static const uint32_t kRefGlobals[1] = {GLOBAL_BUFFER};

/* Module rodata, aligned for zero-copy import, and an unaligned view of it. */
static const uint8_t kRodata[256] __attribute__((aligned(64))) = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
static const sluice_util_buffer_t kRodataBuffer = {kRodata, sizeof(kRodata)};

static void release(sluice_context_abi_t *ctx, void *ref) {
  if (ref && __atomic_fetch_sub(&((sluice_ref_header_t *)ref)->ref_count, 1,
                                __ATOMIC_ACQ_REL) == 1)
    ctx->rt->ref_destroy(ref);
}
static void retain(void *ref) {
  if (ref)
    __atomic_fetch_add(&((sluice_ref_header_t *)ref)->ref_count, 1,
                       __ATOMIC_RELAXED);
}

static sluice_status_t fail(sluice_context_abi_t *ctx, int32_t code,
                            const char *msg) {
  return ctx->rt->status_make(code, msg, strlen(msg));
}

/*===--- Workgroup functions ---------------------------------------------===*/

/* out[i] = a[i] + b[i]; constants[0] elements per workgroup. */
static int32_t add_workgroup(const sluice_environment_t *env,
                             const sluice_dispatch_state_t *d,
                             const sluice_workgroup_state_t *wg) {
  const float *a = (const float *)d->binding_ptrs[0];
  const float *b = (const float *)d->binding_ptrs[1];
  float *out = (float *)d->binding_ptrs[2];
  size_t n = d->binding_lengths[2] / sizeof(float);
  size_t per = d->constants[0];
  size_t begin = (size_t)wg->workgroup_id_x * per;
  for (size_t i = begin; i < begin + per && i < n; ++i)
    out[i] = a[i] + b[i];
  return 0;
}

/* Fails in workgroup 3. */
static int32_t failing_workgroup(const sluice_environment_t *env,
                                 const sluice_dispatch_state_t *d,
                                 const sluice_workgroup_state_t *wg) {
  return wg->workgroup_id_x == 3 ? 42 : 0;
}

static const sluice_module_export_info_t kExportInfos[2] = {
    {"ex", "add", 1, 3, 50, 0},
    {"ex", "broken", 0, 0, 50, 0},
};

/*===--- Command functions -----------------------------------------------===*/

/* Host pointer of (buffer, offset) as compiled code computes it (§3.2). */
static uint8_t *host_pointer(const void *buffer, uint64_t offset) {
  const sluice_buffer_abi_t *b = (const sluice_buffer_abi_t *)buffer;
  uint8_t *base = __atomic_load_n(b->data_slot, __ATOMIC_ACQUIRE);
  return base ? base + b->byte_offset + offset : NULL;
}

/* closure: [a, b, out] references, then n, per-workgroup, cost per
 * workgroup. One wave: the add. */
static sluice_status_t add_cmd(sluice_context_abi_t *ctx, sluice_exec_t *exec,
                               const uint64_t *closure) {
  uint64_t n = closure[3];
  uint32_t per = (uint32_t)closure[4];
  void *ptrs[3];
  size_t lengths[3];
  for (int i = 0; i < 3; ++i) {
    ptrs[i] = host_pointer((const void *)closure[i], 0);
    lengths[i] = n * sizeof(float);
    if (!ptrs[i])
      return fail(ctx, SLUICE_STATUS_FAILED_PRECONDITION,
                  "dispatch 'ex::add' binding has no committed storage");
  }
  uint32_t constants[1] = {per};
  sluice_dispatch_state_t state;
  memset(&state, 0, sizeof(state));
  state.workgroup_size_x = 1;
  state.workgroup_size_y = 1;
  state.workgroup_size_z = 1;
  state.constant_count = 1;
  state.workgroup_count_x = (uint32_t)((n + per - 1) / per);
  state.workgroup_count_y = 1;
  state.workgroup_count_z = 1;
  state.binding_count = 3;
  state.constants = constants;
  state.binding_ptrs = ptrs;
  state.binding_lengths = lengths;
  sluice_wave_item_t item;
  memset(&item, 0, sizeof(item));
  item.kind = SLUICE_WAVE_ITEM_DISPATCH;
  item.export_index = 0;
  item.dispatch.fn = add_workgroup;
  item.dispatch.state = &state;
  item.dispatch.cost_ns_per_workgroup = closure[5];
  sluice_status_t status = ctx->rt->wave(exec, 1, &item);
  if (status)
    return status;
  return NULL;
}

static sluice_status_t broken_cmd(sluice_context_abi_t *ctx,
                                  sluice_exec_t *exec,
                                  const uint64_t *closure) {
  sluice_dispatch_state_t state;
  memset(&state, 0, sizeof(state));
  state.workgroup_count_x = 8;
  state.workgroup_count_y = 1;
  state.workgroup_count_z = 1;
  sluice_wave_item_t item;
  memset(&item, 0, sizeof(item));
  item.kind = SLUICE_WAVE_ITEM_DISPATCH;
  item.export_index = 1;
  item.dispatch.fn = failing_workgroup;
  item.dispatch.state = &state;
  item.dispatch.cost_ns_per_workgroup = 1;
  return ctx->rt->wave(exec, 1, &item);
}

/*===--- Exported functions (packed thunks) ------------------------------===*/

/* add(a: view, b: view, per: i32, cost: i64) -> view */
static sluice_status_t add_entry(sluice_context_abi_t *ctx,
                                 const sluice_value_t *args,
                                 sluice_value_t *results) {
  const sluice_rt_imports_v1_t *rt = ctx->rt;
  const sluice_buffer_view_abi_t *va = (const sluice_buffer_view_abi_t *)args[0].ref;
  const sluice_buffer_view_abi_t *vb = (const sluice_buffer_view_abi_t *)args[1].ref;
  int32_t per = args[2].i32;
  int64_t cost = args[3].i64;
  if (!va)
    return fail(ctx, SLUICE_STATUS_INVALID_ARGUMENT, "input0 is null");
  int64_t n = va->rank == 1 ? va->shape[0] : -1;
  sluice_status_t status = rt->buffer_view_assert(
      ctx, (sluice_buffer_view_t *)va, "input0", 6, ELEM_F32, 1, 1, &n);
  if (status)
    return status;
  status = rt->buffer_view_assert(ctx, (sluice_buffer_view_t *)vb, "input1", 6,
                                  ELEM_F32, 1, 1, &n);
  if (status)
    return status;
  sluice_fence_t *signal = NULL;
  sluice_buffer_t *out = NULL;
  status = rt->fence_create(ctx, ctx->device, &signal);
  if (status)
    return status;
  status = rt->queue_alloca(ctx, ctx->device, -1, NULL, NULL, 0,
                            MEM_DEVICE_LOCAL_HOST_VISIBLE,
                            USAGE_TRANSFER_DISPATCH_MAPPING,
                            (uint64_t)n * sizeof(float), 0, &out);
  if (status) {
    release(ctx, signal);
    return status;
  }
  uint64_t closure[6] = {(uint64_t)va->buffer, (uint64_t)vb->buffer,
                         (uint64_t)out,        (uint64_t)n,
                         (uint64_t)per,        (uint64_t)cost};
  status = rt->queue_execute(ctx, ctx->device, -1, NULL, signal, add_cmd,
                             closure, 6, 3, UINT32_MAX);
  if (!status)
    status = rt->fence_await(ctx, -1, 1, &signal);
  release(ctx, signal);
  sluice_buffer_view_t *view = NULL;
  if (!status)
    status = rt->buffer_view_create(ctx, out, 0, (uint64_t)n * sizeof(float),
                                    ELEM_F32, 1, 1, &n, &view);
  release(ctx, out);
  if (status)
    return status;
  results[0].ref = view;
  return NULL;
}

/* broken() -> (): a command function whose wave fails. */
static sluice_status_t broken_entry(sluice_context_abi_t *ctx,
                                    const sluice_value_t *args,
                                    sluice_value_t *results) {
  sluice_fence_t *signal = NULL;
  sluice_status_t status = ctx->rt->fence_create(ctx, ctx->device, &signal);
  if (status)
    return status;
  status = ctx->rt->queue_execute(ctx, ctx->device, -1, NULL, signal,
                                  broken_cmd, NULL, 0, 0, 0);
  if (!status)
    status = ctx->rt->fence_await(ctx, -1, 1, &signal);
  release(ctx, signal);
  return status;
}

/* counter() -> i32: ++global. */
static sluice_status_t counter_entry(sluice_context_abi_t *ctx,
                                     const sluice_value_t *args,
                                     sluice_value_t *results) {
  int32_t *counter = (int32_t *)(ctx->globals + GLOBAL_COUNTER);
  results[0].i64 = 0;
  results[0].i32 = ++*counter;
  return NULL;
}

/* fail(code: i32) -> () */
static sluice_status_t fail_entry(sluice_context_abi_t *ctx,
                                  const sluice_value_t *args,
                                  sluice_value_t *results) {
  sluice_status_t status = fail(ctx, args[0].i32, "requested failure");
  return ctx->rt->status_annotate(status, "in fail", 7);
}

/* load_buffer() -> buffer (+1) */
static sluice_status_t load_buffer_entry(sluice_context_abi_t *ctx,
                                         const sluice_value_t *args,
                                         sluice_value_t *results) {
  void *ref = *(void **)(ctx->globals + GLOBAL_BUFFER);
  retain(ref);
  results[0].ref = ref;
  return NULL;
}

/* mixed(a: i32, b: i64, c: f32, d: f64) -> (f64, i64, i32) */
static sluice_status_t mixed_entry(sluice_context_abi_t *ctx,
                                   const sluice_value_t *args,
                                   sluice_value_t *results) {
  results[0].f64 = args[0].i32 + (double)args[1].i64 + args[2].f32 + args[3].f64;
  results[1].i64 = (int64_t)args[0].i32 * args[1].i64;
  results[2].i64 = 0;
  results[2].i32 = -args[0].i32;
  return NULL;
}

/* param_gather(target: buffer) -> (): gathers the 16 bytes of key "key0" of
 * scope "model" into the target. */
static sluice_status_t param_gather_entry(sluice_context_abi_t *ctx,
                                          const sluice_value_t *args,
                                          sluice_value_t *results) {
  static const uint32_t table[2] = {0, 4};
  static const char keys[] = "key0";
  static const uint64_t spans[3] = {0, 0, 16};
  sluice_fence_t *signal = NULL;
  sluice_status_t status = ctx->rt->fence_create(ctx, ctx->device, &signal);
  if (status)
    return status;
  status = ctx->rt->parameters_gather(
      ctx, ctx->device, -1, NULL, signal, "model", 5,
      (sluice_buffer_t *)args[0].ref, table, sizeof(table), keys, 4, spans,
      sizeof(spans));
  if (!status)
    status = ctx->rt->fence_await(ctx, -1, 1, &signal);
  release(ctx, signal);
  return status;
}

/* read_file(offset: i64, length: i64) -> buffer: rodata through a memory
 * file and a queue read into a new buffer. */
static sluice_status_t read_file_entry(sluice_context_abi_t *ctx,
                                       const sluice_value_t *args,
                                       sluice_value_t *results) {
  const sluice_rt_imports_v1_t *rt = ctx->rt;
  uint64_t offset = (uint64_t)args[0].i64, length = (uint64_t)args[1].i64;
  sluice_file_t *file = NULL;
  sluice_status_t status = rt->file_from_memory(
      ctx, ctx->device, -1, 1, &kRodataBuffer, 0, sizeof(kRodata), 0, &file);
  if (status)
    return status;
  sluice_buffer_t *target = NULL;
  status = rt->allocator_allocate(ctx, ctx->device, -1,
                                  MEM_DEVICE_LOCAL_HOST_VISIBLE,
                                  USAGE_TRANSFER_DISPATCH_MAPPING, length,
                                  &target);
  sluice_fence_t *signal = NULL;
  if (!status)
    status = rt->fence_create(ctx, ctx->device, &signal);
  if (!status)
    status = rt->queue_read(ctx, ctx->device, -1, NULL, signal, file, offset,
                            target, 0, length, 0);
  if (!status)
    status = rt->fence_await(ctx, -1, 1, &signal);
  release(ctx, signal);
  release(ctx, file);
  if (status) {
    release(ctx, target);
    return status;
  }
  results[0].ref = target;
  return NULL;
}

/* rodata(offset: i64) -> (buffer, i32 did_import) */
static sluice_status_t rodata_entry(sluice_context_abi_t *ctx,
                                    const sluice_value_t *args,
                                    sluice_value_t *results) {
  int32_t did = 0;
  sluice_buffer_t *buffer = NULL;
  sluice_status_t status = ctx->rt->allocator_import(
      ctx, ctx->device, -1, MEM_DEVICE_LOCAL_HOST_VISIBLE,
      USAGE_IMMUTABLE_DISPATCH, &kRodataBuffer, (uint64_t)args[0].i64, 16,
      &did, &buffer);
  if (status)
    return status;
  results[0].ref = buffer;
  results[1].i64 = 0;
  results[1].i32 = did;
  return NULL;
}

/* store_buffer(b: buffer) -> (): global = b (§3.2 global store). */
static sluice_status_t store_buffer_entry(sluice_context_abi_t *ctx,
                                          const sluice_value_t *args,
                                          sluice_value_t *results) {
  void **slot = (void **)(ctx->globals + GLOBAL_BUFFER);
  void *old = *slot;
  retain(args[0].ref);
  *slot = args[0].ref;
  release(ctx, old);
  return NULL;
}

/* transients(input: view, storage: buffer) -> (): asserts the storage. */
static sluice_status_t transients_entry(sluice_context_abi_t *ctx,
                                        const sluice_value_t *args,
                                        sluice_value_t *results) {
  const sluice_buffer_view_abi_t *v = (const sluice_buffer_view_abi_t *)args[0].ref;
  uint64_t needed = v ? (uint64_t)v->shape[0] * 64 : 0;
  static const char msg[] =
      "external transient storage for 'transients' (size query "
      "'transients_transients_size')";
  return ctx->rt->buffer_assert(ctx, (sluice_buffer_t *)args[1].ref, msg,
                                sizeof(msg) - 1, ctx->device, needed, 0x30,
                                0xC03);
}

/* transients_transients_size(input: view, storage: buffer) -> index */
static sluice_status_t transients_size_entry(sluice_context_abi_t *ctx,
                                             const sluice_value_t *args,
                                             sluice_value_t *results) {
  const sluice_buffer_view_abi_t *v = (const sluice_buffer_view_abi_t *)args[0].ref;
  if (!v)
    return fail(ctx, SLUICE_STATUS_INVALID_ARGUMENT, "size query needs input0");
  results[0].i64 = v->shape[0] * 64;
  return NULL;
}

static const char *const kTransientsKeys[3] = {
    "iree.abi.transients.size", "iree.abi.transients.args",
    "iree.abi.declaration"};
static const char *const kTransientsValues[3] = {
    "transients_transients_size", "1", "sync func @transients"};
static const char *const kConstantKeys[1] = {
    "iree.abi.transients.size.constant"};
static const char *const kConstantValues[1] = {"512"};

/* const_transients(storage: buffer) -> () */
static sluice_status_t const_transients_entry(sluice_context_abi_t *ctx,
                                              const sluice_value_t *args,
                                              sluice_value_t *results) {
  return NULL;
}

static const sluice_module_function_t kFunctions[] = {
    {"add", add_entry, "0rriI_r", 0, NULL, NULL},
    {"broken", broken_entry, "0v_v", 0, NULL, NULL},
    {"const_transients", const_transients_entry, "0r_v", 1, kConstantKeys,
     kConstantValues},
    {"counter", counter_entry, "0v_i", 0, NULL, NULL},
    {"fail", fail_entry, "0i_v", 0, NULL, NULL},
    {"load_buffer", load_buffer_entry, "0v_r", 0, NULL, NULL},
    {"mixed", mixed_entry, "0iIfF_FIi", 0, NULL, NULL},
    {"param_gather", param_gather_entry, "0r_v", 0, NULL, NULL},
    {"read_file", read_file_entry, "0II_r", 0, NULL, NULL},
    {"rodata", rodata_entry, "0I_ri", 0, NULL, NULL},
    {"store_buffer", store_buffer_entry, "0r_v", 0, NULL, NULL},
    {"transients", transients_entry, "0rr_v", 3, kTransientsKeys,
     kTransientsValues},
    {"transients_transients_size", transients_size_entry, "0rr_I", 0, NULL,
     NULL},
};

/* Runs every initializer: counter += 1. */
static sluice_status_t initialize(sluice_context_abi_t *ctx) {
  *(int32_t *)(ctx->globals + GLOBAL_COUNTER) += 1;
  return NULL;
}

static const sluice_module_descriptor_t kDescriptor = {
    SLUICE_TEST_ABI_VERSION,
    0,
    "test_module",
    "x86-64",
    "+sse,+sse2",
    sizeof(kInitialImage),
    kInitialImage,
    1,
    kRefGlobals,
    sizeof(kFunctions) / sizeof(kFunctions[0]),
    kFunctions,
    initialize,
    2,
    kExportInfos,
};

__attribute__((visibility("default"))) const sluice_module_descriptor_t *
SLUICE_TEST_QUERY_NAME(uint32_t abi_version) {
  return abi_version == SLUICE_TEST_ABI_VERSION ? &kDescriptor : NULL;
}
