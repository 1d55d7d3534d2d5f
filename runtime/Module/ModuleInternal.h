//===- ModuleInternal.h - Runtime, module, context and call objects -------===//
//
// Private to runtime/Module. A context's sluice_context_abi_t is what compiled
// code receives; its runtime_context points back at the sluice_context_s.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_MODULE_MODULEINTERNAL_H
#define SLUICE_RUNTIME_MODULE_MODULEINTERNAL_H

#include "sluice/Runtime/Core/CApiHandles.h"
#include "sluice/Runtime/Module/Api.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct sluice_runtime_s {
  std::atomic<int> refs{1};
  sluice_device_t *device = nullptr;
};

struct sluice_module_s {
  std::atomic<int> refs{1};
  sluice_runtime_t *runtime = nullptr; // retained
  const sluice_module_descriptor_t *descriptor = nullptr;
  void *library = nullptr; // dlopen handle (NULL for registered modules)
  void (*releaseOwner)(void *) = nullptr;
  void *owner = nullptr;
  std::string origin; // path, "<memory>" or the registration's origin
  std::string name;
};

struct sluice_function_s {
  sluice_context_t *context = nullptr;
  const sluice_module_function_t *descriptor = nullptr;
  std::string argumentKinds; // cconv letters, "" for none
  std::string resultKinds;
  std::vector<uint32_t> transientArguments; // iree.abi.transients.args
  bool coarseFences = false;                // iree.abi.model = coarse-fences
};

struct sluice_context_s {
  sluice_context_abi_t abi{}; // compiled code's view; runtime_context = this
  std::atomic<int> refs{1};
  sluice_module_t *module = nullptr;                   // retained
  sluice_io_parameters_module_t *parameters = nullptr; // retained
  uint8_t *globals = nullptr;
  std::vector<sluice_function_s> functions; // descriptor order (by name)

  std::mutex traceMutex;
  void (*traceSink)(void *, const char *, size_t) = nullptr;
  void *traceUser = nullptr;

  std::mutex pendingMutex; // command functions submitted, not yet run
  size_t pending = 0;
  std::shared_ptr<sluice::runtime::exec::AwaitToken> drain;
};

struct sluice_call_s {
  sluice_function_t *function = nullptr;
  std::vector<sluice_value_t> arguments; // references retained by the call
  std::vector<sluice_value_t> results;   // references owned by the call
  bool haveResults = false;
};

/// Returns a failed Status from a C entry point as a heap status.
#define SLUICE_RETURN_IF_ERROR_C(expr)                                         \
  do {                                                                         \
    ::sluice::runtime::Status _sluice_c_status = (expr);                       \
    if (!_sluice_c_status.isOk())                                              \
      return ::sluice::runtime::capi::wrap(std::move(_sluice_c_status));       \
  } while (false)

namespace sluice::runtime::module {

inline sluice_context_s *contextOf(sluice_context_abi_t *ctx) {
  return static_cast<sluice_context_s *>(ctx->runtime_context);
}
inline Device &deviceOf(sluice_context_s *context) {
  return *context->module->runtime->device->device;
}

/// The import table every context hands to compiled code.
const sluice_rt_imports_v1_t *importTable();

/// Reference counting of contexts (submissions and rodata buffers hold one).
void retainContext(sluice_context_s *context);
void releaseContextRef(sluice_context_s *context);
/// Command-function bookkeeping for sluice_context_release.
void beginContextWork(sluice_context_s *context);
void endContextWork(sluice_context_s *context);

/// Releases any reference object (buffer, view, fence, semaphore, file).
void destroyRef(void *ref);
inline void releaseRef(void *ref) {
  if (capi::dropRef(ref))
    destroyRef(ref);
}

/// Formats `views` as hal.buffer_view.trace does into the context's sink.
void traceViews(sluice_context_s *context, std::string_view key, uint32_t count,
                sluice_buffer_view_t *const *views);

} // namespace sluice::runtime::module

#endif // SLUICE_RUNTIME_MODULE_MODULEINTERNAL_H
