//===- Context.cpp - Contexts, functions, prepared calls ------------------===//
//
// execution.md §6.3. A context owns the global storage of one module instance
// and runs its initializers; functions are the descriptor's exports; a
// prepared call keeps argument slots and result storage so that invoking it
// allocates nothing and takes no lock in this layer.
//
//===----------------------------------------------------------------------===//

#include "BufferView.h"
#include "ModuleInternal.h"

#include "sluice/Runtime/Module/Api.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace sluice::runtime;
using namespace sluice::runtime::module;
using capi::wrap;

namespace sluice::runtime::module {

void retainContext(sluice_context_s *context) {
  context->refs.fetch_add(1, std::memory_order_relaxed);
}

void releaseContextRef(sluice_context_s *context) {
  if (context->refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  std::free(context->globals);
  sluice_io_parameters_module_release(context->parameters);
  sluice_module_t *module = context->module;
  delete context;
  sluice_module_release(module);
}

void beginContextWork(sluice_context_s *context) {
  retainContext(context);
  std::lock_guard<std::mutex> lock(context->pendingMutex);
  ++context->pending;
}

void endContextWork(sluice_context_s *context) {
  {
    std::lock_guard<std::mutex> lock(context->pendingMutex);
    if (--context->pending == 0 && context->drain) {
      context->drain->complete(Status());
      context->drain.reset();
    }
  }
  releaseContextRef(context);
}

void traceViews(sluice_context_s *context, std::string_view key, uint32_t count,
                sluice_buffer_view_t *const *views) {
  std::string out = "=== " + std::string(key) + " ===\n";
  for (uint32_t i = 0; i < count; ++i) {
    Expected<std::string> text = formatView(views[i], 1024);
    out += text ? *text : "(" + text.status().toString() + ")";
    out += '\n';
  }
  std::lock_guard<std::mutex> lock(context->traceMutex);
  if (context->traceSink) {
    context->traceSink(context->traceUser, out.data(), out.size());
  } else {
    std::fwrite(out.data(), 1, out.size(), stderr);
    std::fflush(stderr);
  }
}

std::vector<uint32_t> parseIndexList(const char *list) {
  std::vector<uint32_t> out;
  while (list && *list) {
    char *end = nullptr;
    unsigned long v = std::strtoul(list, &end, 10);
    if (end == list)
      break;
    out.push_back((uint32_t)v);
    list = *end == ',' ? end + 1 : end;
  }
  return out;
}

} // namespace sluice::runtime::module

namespace {

Status invalid(const char *message) {
  return Status(StatusCode::InvalidArgument, message);
}

/// Releases every reference global (slots become NULL).
void releaseGlobals(sluice_context_s *context) {
  const sluice_module_descriptor_t *d = context->module->descriptor;
  for (uint32_t i = 0; i < d->ref_global_count; ++i) {
    void **slot =
        reinterpret_cast<void **>(context->globals + d->ref_global_offsets[i]);
    void *ref = *slot;
    *slot = nullptr;
    releaseRef(ref);
  }
}

/// "0ii_r" -> ("ii", "r"); 'v' lists are empty.
void parseCconv(const char *cconv, std::string &arguments,
                std::string &results) {
  std::string_view c(cconv + 1);
  size_t underscore = c.find('_');
  std::string_view a = c.substr(0, underscore);
  std::string_view r = c.substr(underscore + 1);
  arguments = a == "v" ? "" : std::string(a);
  results = r == "v" ? "" : std::string(r);
}

const char *reflectionOf(const sluice_module_function_t *f, const char *key) {
  for (uint32_t i = 0; i < f->reflection_count; ++i)
    if (f->reflection_keys[i] && !std::strcmp(f->reflection_keys[i], key))
      return f->reflection_values[i];
  return nullptr;
}

const char *kindWord(char letter) {
  return letter == 'r' ? "reference" : "scalar";
}

/// Checks that argument `i` of the call takes a `wanted` ('r' or scalar).
Status checkArgument(sluice_call_t *call, size_t i, bool wantReference,
                     const char *what) {
  sluice_function_s *f = call->function;
  if (i >= f->argumentKinds.size())
    return makeStatus(StatusCode::OutOfRange,
                      "argument index %zu out of range; '%s' takes %zu "
                      "arguments",
                      i, f->descriptor->name, f->argumentKinds.size());
  bool isReference = f->argumentKinds[i] == 'r';
  if (isReference != wantReference)
    return makeStatus(StatusCode::InvalidArgument,
                      "argument %zu of '%s' is a %s; cannot set a %s", i,
                      f->descriptor->name, kindWord(f->argumentKinds[i]), what);
  return Status();
}

sluice_status_t setReference(sluice_call_t *call, size_t i, void *ref,
                             const char *what) {
  if (!call)
    return wrap(invalid("call is NULL"));
  SLUICE_RETURN_IF_ERROR_C(checkArgument(call, i, true, what));
  capi::retainRef(ref);
  void *old = call->arguments[i].ref;
  call->arguments[i].ref = ref;
  releaseRef(old);
  return nullptr;
}

void releaseResults(sluice_call_t *call) {
  if (!call->haveResults)
    return;
  const std::string &kinds = call->function->resultKinds;
  for (size_t i = 0; i < kinds.size(); ++i) {
    if (kinds[i] == 'r')
      releaseRef(call->results[i].ref);
    call->results[i].i64 = 0;
  }
  call->haveResults = false;
}

} // namespace

extern "C" {

sluice_status_t sluice_context_create(sluice_module_t *m,
                                      const sluice_context_options_t *options,
                                      sluice_context_t **out) {
  if (!m || !out)
    return wrap(invalid("module or out is NULL"));
  *out = nullptr;
  const sluice_module_descriptor_t *d = m->descriptor;
  auto *context = new sluice_context_s;
  sluice_module_retain(m);
  context->module = m;
  if (options && options->parameters) {
    sluice_io_parameters_module_retain(options->parameters);
    context->parameters = options->parameters;
  } else if (sluice_status_t s =
                 sluice_io_parameters_module_create(&context->parameters)) {
    releaseContextRef(context);
    return s;
  }
  uint64_t size = (d->global_storage_size + 63) / 64 * 64;
  context->globals =
      static_cast<uint8_t *>(std::aligned_alloc(64, size ? size : 64));
  if (!context->globals) {
    releaseContextRef(context);
    return wrap(Status(StatusCode::ResourceExhausted,
                       "out of memory for global storage"));
  }
  if (d->global_initial_image)
    std::memcpy(context->globals, d->global_initial_image,
                d->global_storage_size);
  else
    std::memset(context->globals, 0, d->global_storage_size);
  // Reference slots always start null.
  for (uint32_t i = 0; i < d->ref_global_count; ++i)
    std::memset(context->globals + d->ref_global_offsets[i], 0, 8);
  context->abi.rt = importTable();
  context->abi.device = m->runtime->device;
  context->abi.globals = context->globals;
  context->abi.runtime_context = context;
  context->functions.resize(d->function_count);
  for (uint32_t i = 0; i < d->function_count; ++i) {
    sluice_function_s &f = context->functions[i];
    f.context = context;
    f.descriptor = &d->functions[i];
    parseCconv(f.descriptor->cconv, f.argumentKinds, f.resultKinds);
    f.transientArguments =
        parseIndexList(reflectionOf(f.descriptor, "iree.abi.transients.args"));
    const char *model = reflectionOf(f.descriptor, "iree.abi.model");
    f.coarseFences = model && !std::strcmp(model, "coarse-fences");
  }
  if (d->initialize) {
    Status status = capi::unwrapStatus(d->initialize(&context->abi));
    if (!status.isOk()) {
      sluice_context_release(context);
      return wrap(
          std::move(status).annotate("initializing module '" + m->name + "'"));
    }
  }
  *out = context;
  return nullptr;
}

void sluice_context_release(sluice_context_t *c) {
  if (!c)
    return;
  std::shared_ptr<exec::AwaitToken> drain;
  {
    std::lock_guard<std::mutex> lock(c->pendingMutex);
    if (c->pending) {
      drain = std::make_shared<exec::AwaitToken>();
      c->drain = drain;
    }
  }
  if (drain)
    (void)deviceOf(c).scheduler().await(*drain, exec::SteadyTime::max());
  releaseGlobals(c);
  releaseContextRef(c);
}

sluice_module_t *sluice_context_module(sluice_context_t *c) {
  return c ? c->module : nullptr;
}

void sluice_context_set_trace_sink(sluice_context_t *c,
                                   void (*sink)(void *, const char *, size_t),
                                   void *user) {
  if (!c)
    return;
  std::lock_guard<std::mutex> lock(c->traceMutex);
  c->traceSink = sink;
  c->traceUser = user;
}

sluice_status_t sluice_context_lookup_function(sluice_context_t *c,
                                               const char *name,
                                               sluice_function_t **out) {
  if (!c || !name || !out)
    return wrap(invalid("context, name or out is NULL"));
  *out = nullptr;
  auto it = std::lower_bound(c->functions.begin(), c->functions.end(), name,
                             [](const sluice_function_s &f, const char *n) {
                               return std::strcmp(f.descriptor->name, n) < 0;
                             });
  if (it != c->functions.end() && !std::strcmp(it->descriptor->name, name)) {
    *out = &*it;
    return nullptr;
  }
  std::string list;
  for (const sluice_function_s &f : c->functions)
    list += (list.empty() ? "" : ", ") + std::string(f.descriptor->name);
  return wrap(makeStatus(StatusCode::NotFound,
                         "function '%s' not found in module '%s'; exported "
                         "functions: %s",
                         name, c->module->name.c_str(), list.c_str()));
}

size_t sluice_function_count(sluice_context_t *c) {
  return c ? c->functions.size() : 0;
}
sluice_function_t *sluice_function_at(sluice_context_t *c, size_t i) {
  return c && i < c->functions.size() ? &c->functions[i] : nullptr;
}
const char *sluice_function_name(sluice_function_t *f) {
  return f ? f->descriptor->name : "";
}
const char *sluice_function_cconv(sluice_function_t *f) {
  return f ? f->descriptor->cconv : "";
}
size_t sluice_function_argument_count(sluice_function_t *f) {
  return f ? f->argumentKinds.size() : 0;
}
size_t sluice_function_result_count(sluice_function_t *f) {
  return f ? f->resultKinds.size() : 0;
}
char sluice_function_argument_kind(sluice_function_t *f, size_t i) {
  return f && i < f->argumentKinds.size() ? f->argumentKinds[i] : 0;
}
char sluice_function_result_kind(sluice_function_t *f, size_t i) {
  return f && i < f->resultKinds.size() ? f->resultKinds[i] : 0;
}
const char *sluice_function_reflection(sluice_function_t *f, const char *key) {
  return f && key ? reflectionOf(f->descriptor, key) : nullptr;
}

sluice_status_t sluice_function_transients_size(sluice_function_t *f,
                                                const sluice_value_t *args,
                                                size_t arg_count,
                                                uint64_t *out_bytes) {
  if (!f || !out_bytes)
    return wrap(invalid("function or out_bytes is NULL"));
  *out_bytes = 0;
  if (const char *constant =
          reflectionOf(f->descriptor, "iree.abi.transients.size.constant")) {
    if (std::strchr(constant, ','))
      return wrap(makeStatus(StatusCode::FailedPrecondition,
                             "function '%s' has several transient storage "
                             "arguments (sizes %s); query them one by one",
                             f->descriptor->name, constant));
    char *end = nullptr;
    unsigned long long v = std::strtoull(constant, &end, 10);
    if (end == constant || *end)
      return wrap(makeStatus(StatusCode::InvalidArgument,
                             "function '%s' has a malformed "
                             "iree.abi.transients.size.constant '%s'",
                             f->descriptor->name, constant));
    *out_bytes = v;
    return nullptr;
  }
  const char *query = reflectionOf(f->descriptor, "iree.abi.transients.size");
  if (!query)
    return nullptr; // no keys: size 0, storage unused
  sluice_function_t *q = nullptr;
  if (sluice_status_t s = sluice_context_lookup_function(f->context, query, &q))
    return s;
  if (q->resultKinds != "I" && q->resultKinds != "i")
    return wrap(makeStatus(StatusCode::FailedPrecondition,
                           "transients size query '%s' returns '%s'; expected "
                           "one index",
                           query, q->resultKinds.c_str()));
  if (arg_count != q->argumentKinds.size() || (arg_count && !args))
    return wrap(makeStatus(StatusCode::InvalidArgument,
                           "transients size query '%s' takes %zu arguments "
                           "but %zu were given",
                           query, q->argumentKinds.size(), arg_count));
  sluice_value_t result;
  result.i64 = 0;
  if (sluice_status_t s = q->descriptor->entry(&f->context->abi, args, &result))
    return s;
  *out_bytes = q->resultKinds == "I" ? (uint64_t)result.i64
                                     : (uint64_t)(uint32_t)result.i32;
  return nullptr;
}

sluice_status_t sluice_call_create(sluice_function_t *f, sluice_call_t **out) {
  if (!f || !out)
    return wrap(invalid("function or out is NULL"));
  auto *call = new sluice_call_s;
  call->function = f;
  sluice_value_t zero;
  zero.i64 = 0;
  call->arguments.assign(f->argumentKinds.size(), zero);
  call->results.assign(f->resultKinds.size(), zero);
  retainContext(f->context);
  *out = call;
  return nullptr;
}

void sluice_call_release(sluice_call_t *call) {
  if (!call)
    return;
  releaseResults(call);
  const std::string &kinds = call->function->argumentKinds;
  for (size_t i = 0; i < kinds.size(); ++i)
    if (kinds[i] == 'r')
      releaseRef(call->arguments[i].ref);
  sluice_context_s *context = call->function->context;
  delete call;
  releaseContextRef(context);
}

sluice_status_t sluice_call_set_buffer_view(sluice_call_t *call, size_t i,
                                            sluice_buffer_view_t *v) {
  return setReference(call, i, v, "buffer view");
}
sluice_status_t sluice_call_set_buffer(sluice_call_t *call, size_t i,
                                       sluice_buffer_t *b) {
  return setReference(call, i, b, "buffer");
}
sluice_status_t sluice_call_set_fence(sluice_call_t *call, size_t i,
                                      sluice_fence_t *f) {
  return setReference(call, i, f, "fence");
}
sluice_status_t sluice_call_set_value(sluice_call_t *call, size_t i,
                                      sluice_value_t v) {
  if (!call)
    return wrap(invalid("call is NULL"));
  SLUICE_RETURN_IF_ERROR_C(checkArgument(call, i, false, "scalar"));
  call->arguments[i] = v;
  return nullptr;
}
sluice_status_t sluice_call_set_transients(sluice_call_t *call,
                                           sluice_buffer_t *storage) {
  if (!call)
    return wrap(invalid("call is NULL"));
  for (uint32_t index : call->function->transientArguments)
    if (sluice_status_t s = setReference(call, index, storage, "buffer"))
      return s;
  return nullptr;
}

sluice_status_t sluice_call_invoke(sluice_call_t *call) {
  if (!call)
    return wrap(invalid("call is NULL"));
  releaseResults(call);
  sluice_function_s *f = call->function;
  sluice_status_t status = f->descriptor->entry(
      &f->context->abi, call->arguments.data(), call->results.data());
  if (status) {
    for (sluice_value_t &r : call->results) // NULL on failure (§3.1)
      r.i64 = 0;
    return status;
  }
  call->haveResults = true;
  return nullptr;
}

sluice_status_t sluice_call_invoke_async(sluice_call_t *call,
                                         sluice_fence_t *wait,
                                         sluice_fence_t *signal) {
  if (!call)
    return wrap(invalid("call is NULL"));
  sluice_function_s *f = call->function;
  if (f->coarseFences) {
    size_t n = f->argumentKinds.size();
    if (n < 2 || f->argumentKinds[n - 2] != 'r' ||
        f->argumentKinds[n - 1] != 'r')
      return wrap(makeStatus(StatusCode::FailedPrecondition,
                             "coarse-fences function '%s' does not end with "
                             "(wait, signal) fence arguments",
                             f->descriptor->name));
    if (sluice_status_t s = setReference(call, n - 2, wait, "fence"))
      return s;
    if (sluice_status_t s = setReference(call, n - 1, signal, "fence"))
      return s;
    return sluice_call_invoke(call);
  }
  // A sync function runs as a host task ordered by the fences.
  return wrap(deviceOf(f->context)
                  .queueHostCall(~0ull, capi::unwrap(wait),
                                 capi::unwrap(signal), [call]() {
                                   return capi::unwrapStatus(
                                       sluice_call_invoke(call));
                                 }));
}

size_t sluice_call_result_count(sluice_call_t *call) {
  return call ? call->results.size() : 0;
}
sluice_value_t sluice_call_result(sluice_call_t *call, size_t i) {
  sluice_value_t zero;
  zero.i64 = 0;
  return call && call->haveResults && i < call->results.size()
             ? call->results[i]
             : zero;
}

void sluice_ref_retain(void *ref) { capi::retainRef(ref); }
void sluice_ref_release(void *ref) { releaseRef(ref); }

} // extern "C"
