//===- Loader.cpp - Runtimes and modules: dlopen, memfd, registration -----===//
//
// A module is a shared object exporting only sluice_module_query (AOT), or a
// query function already in the process (JIT). Loading checks the ABI
// version, the descriptor's shape and the CPU features the code was compiled
// for (execution.md §2.9, §3.3, §8.2).
//
//===----------------------------------------------------------------------===//

#include "ModuleInternal.h"

#include <cstring>
#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

using namespace sluice::runtime;
using capi::wrap;

namespace {

//===----------------------------------------------------------------------===//
// CPU features
//===----------------------------------------------------------------------===//

/// Whether the running CPU has LLVM target feature `name`; true for features
/// this check does not know (they cannot be verified).
bool cpuHasFeature(std::string_view name) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
#define SLUICE_FEATURE(llvmName, cpuName)                                      \
  if (name == llvmName)                                                        \
    return __builtin_cpu_supports(cpuName);
  SLUICE_FEATURE("sse", "sse")
  SLUICE_FEATURE("sse2", "sse2")
  SLUICE_FEATURE("sse3", "sse3")
  SLUICE_FEATURE("ssse3", "ssse3")
  SLUICE_FEATURE("sse4.1", "sse4.1")
  SLUICE_FEATURE("sse4.2", "sse4.2")
  SLUICE_FEATURE("popcnt", "popcnt")
  SLUICE_FEATURE("avx", "avx")
  SLUICE_FEATURE("avx2", "avx2")
  SLUICE_FEATURE("fma", "fma")
  SLUICE_FEATURE("f16c", "f16c")
  SLUICE_FEATURE("bmi", "bmi")
  SLUICE_FEATURE("bmi2", "bmi2")
  SLUICE_FEATURE("lzcnt", "lzcnt")
  SLUICE_FEATURE("movbe", "movbe")
  SLUICE_FEATURE("avx512f", "avx512f")
  SLUICE_FEATURE("avx512bw", "avx512bw")
  SLUICE_FEATURE("avx512cd", "avx512cd")
  SLUICE_FEATURE("avx512dq", "avx512dq")
  SLUICE_FEATURE("avx512vl", "avx512vl")
  SLUICE_FEATURE("avx512vnni", "avx512vnni")
  SLUICE_FEATURE("avx512bf16", "avx512bf16")
  SLUICE_FEATURE("avx512fp16", "avx512fp16")
  SLUICE_FEATURE("sse4a", "sse4a")
  SLUICE_FEATURE("fma4", "fma4")
  SLUICE_FEATURE("xop", "xop")
#undef SLUICE_FEATURE
#endif
  return true;
}

} // namespace

namespace sluice::runtime::module {

/// The `+feature`s of `features` (comma separated) the CPU lacks.
std::vector<std::string> missingCpuFeatures(const char *features) {
  std::vector<std::string> missing;
  if (!features)
    return missing;
  std::string_view rest(features);
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view()
                                           : rest.substr(comma + 1);
    if (item.size() > 1 && item[0] == '+' && !cpuHasFeature(item.substr(1)))
      missing.emplace_back(item.substr(1));
  }
  return missing;
}

} // namespace sluice::runtime::module

namespace {

/// Checks what the runtime relies on before calling anything.
Status validateDescriptor(const sluice_module_descriptor_t *d,
                          const std::string &origin) {
  auto malformed = [&](const char *what) {
    return makeStatus(StatusCode::InvalidArgument,
                      "module '%s' has a malformed descriptor: %s",
                      origin.c_str(), what);
  };
  if (d->function_count && !d->functions)
    return malformed("function table is NULL");
  if (d->export_info_count && !d->export_infos)
    return malformed("export info table is NULL");
  if (d->ref_global_count && !d->ref_global_offsets)
    return malformed("reference global table is NULL");
  for (uint32_t i = 0; i < d->ref_global_count; ++i)
    if (d->ref_global_offsets[i] % 8 ||
        (uint64_t)d->ref_global_offsets[i] + 8 > d->global_storage_size)
      return malformed("a reference global is outside global storage");
  for (uint32_t i = 0; i < d->function_count; ++i) {
    const sluice_module_function_t &f = d->functions[i];
    if (!f.name || !f.entry || !f.cconv)
      return malformed("a function has no name, entry or cconv");
    if (i && std::strcmp(d->functions[i - 1].name, f.name) >= 0)
      return malformed("functions are not sorted by name");
    if (f.reflection_count && (!f.reflection_keys || !f.reflection_values))
      return malformed("a function's reflection table is NULL");
    const char *c = f.cconv;
    if (c[0] != '0' || !std::strchr(c, '_'))
      return makeStatus(StatusCode::InvalidArgument,
                        "module '%s' function '%s' has malformed cconv '%s'",
                        origin.c_str(), f.name, f.cconv);
    for (const char *p = c + 1; *p; ++p)
      if (!std::strchr("iIfFrv_", *p))
        return makeStatus(StatusCode::InvalidArgument,
                          "module '%s' function '%s' has malformed cconv "
                          "'%s'",
                          origin.c_str(), f.name, f.cconv);
  }
  return Status();
}

/// Queries, version-checks, validates and CPU-checks; builds the module.
Expected<sluice_module_t *> makeModule(sluice_runtime_t *runtime,
                                       sluice_module_query_fn_t query,
                                       const std::string &origin) {
  const sluice_module_descriptor_t *d = query(SLUICE_MODULE_ABI_VERSION);
  if (!d || d->abi_version != SLUICE_MODULE_ABI_VERSION) {
    // Find the version it was built for, to say so.
    uint32_t built = d ? d->abi_version : 0;
    for (uint32_t v = 0; !built && v <= 64; ++v)
      if (v != SLUICE_MODULE_ABI_VERSION)
        if (const sluice_module_descriptor_t *other = query(v))
          built = other->abi_version;
    return makeStatus(StatusCode::FailedPrecondition,
                      "module '%s' was built for Sluice module ABI %s; this "
                      "runtime supports %d",
                      origin.c_str(),
                      built ? std::to_string(built).c_str() : "(unknown)",
                      SLUICE_MODULE_ABI_VERSION);
  }
  SLUICE_RETURN_IF_ERROR(validateDescriptor(d, origin));
  std::string name = d->name && d->name[0] ? d->name : origin;
  std::vector<std::string> missing =
      module::missingCpuFeatures(d->target_features);
  if (!missing.empty()) {
    std::string list;
    for (const std::string &f : missing)
      list += (list.empty() ? "" : ", ") + f;
    return makeStatus(StatusCode::FailedPrecondition,
                      "module '%s' was compiled for %s but this CPU lacks %s",
                      name.c_str(), d->target_cpu ? d->target_cpu : "?",
                      list.c_str());
  }
  auto *m = new sluice_module_s;
  runtime->refs.fetch_add(1, std::memory_order_relaxed);
  m->runtime = runtime;
  m->descriptor = d;
  m->origin = origin;
  m->name = std::move(name);
  return m;
}

Expected<sluice_module_t *> loadLibrary(sluice_runtime_t *runtime,
                                        const std::string &dlPath,
                                        const std::string &origin) {
  void *library = dlopen(dlPath.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    bool missingFile = access(dlPath.c_str(), F_OK) != 0;
    return makeStatus(missingFile ? StatusCode::NotFound
                                  : StatusCode::InvalidArgument,
                      "cannot load '%s': %s", origin.c_str(),
                      error ? error : "unknown dlopen error");
  }
  auto query = reinterpret_cast<sluice_module_query_fn_t>(
      dlsym(library, SLUICE_MODULE_QUERY_SYMBOL));
  if (!query) {
    dlclose(library);
    return makeStatus(StatusCode::InvalidArgument,
                      "'%s' is not a Sluice module (no sluice_module_query)",
                      origin.c_str());
  }
  Expected<sluice_module_t *> m = makeModule(runtime, query, origin);
  if (!m) {
    dlclose(library);
    return m;
  }
  (*m)->library = library;
  return m;
}

void destroyRuntime(sluice_runtime_t *runtime) {
  sluice_device_release(runtime->device); // waits for pending work
  delete runtime;
}

} // namespace

extern "C" {

sluice_status_t sluice_runtime_create(const sluice_runtime_options_t *options,
                                      sluice_runtime_t **out) {
  if (!out)
    return wrap(Status(StatusCode::InvalidArgument, "out is NULL"));
  *out = nullptr;
  DeviceOptions deviceOptions;
  if (options) {
    deviceOptions.workerThreads = options->worker_threads;
    if (options->worker_spin_us)
      deviceOptions.workerSpinUs = options->worker_spin_us;
    if (options->inline_threshold_ns)
      deviceOptions.inlineThresholdNs = options->inline_threshold_ns;
    switch (options->io_backend) {
    case 0:
      deviceOptions.io.backend = io::IoBackend::Auto;
      break;
    case 1:
      deviceOptions.io.backend = io::IoBackend::IoUring;
      break;
    case 2:
      deviceOptions.io.backend = io::IoBackend::Threads;
      break;
    default:
      return wrap(makeStatus(StatusCode::InvalidArgument,
                             "unknown I/O backend %d", options->io_backend));
    }
    if (options->io_staging_bytes)
      deviceOptions.io.stagingBytes = options->io_staging_bytes;
  }
  Expected<std::unique_ptr<Device>> device = Device::create(deviceOptions);
  if (!device)
    return wrap(device.takeStatus());
  auto *runtime = new sluice_runtime_s;
  runtime->device = new sluice_device_s{std::move(*device)};
  *out = runtime;
  return nullptr;
}

void sluice_runtime_release(sluice_runtime_t *runtime) {
  if (runtime && runtime->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
    destroyRuntime(runtime);
}

sluice_device_t *sluice_runtime_device(sluice_runtime_t *runtime) {
  return runtime ? runtime->device : nullptr;
}

sluice_status_t sluice_module_load_file(sluice_runtime_t *rt, const char *path,
                                        sluice_module_t **out) {
  if (!rt || !path || !out)
    return wrap(
        Status(StatusCode::InvalidArgument, "runtime, path or out is NULL"));
  *out = nullptr;
  // dlopen searches the library path for names without a slash.
  std::string dlPath = std::strchr(path, '/') ? path : std::string("./") + path;
  Expected<sluice_module_t *> m = loadLibrary(rt, dlPath, path);
  if (!m)
    return wrap(m.takeStatus());
  *out = *m;
  return nullptr;
}

sluice_status_t sluice_module_load_memory(sluice_runtime_t *rt,
                                          const void *so_image, size_t size,
                                          sluice_module_t **out) {
  if (!rt || !so_image || !out)
    return wrap(
        Status(StatusCode::InvalidArgument, "runtime, image or out is NULL"));
  *out = nullptr;
  int fd = memfd_create("sluice-module", MFD_CLOEXEC);
  if (fd < 0)
    return wrap(makeStatus(StatusCode::Unavailable, "memfd_create failed: %s",
                           std::strerror(errno)));
  const uint8_t *p = static_cast<const uint8_t *>(so_image);
  for (size_t written = 0; written < size;) {
    ssize_t n = write(fd, p + written, size - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int error = errno;
      close(fd);
      return wrap(makeStatus(StatusCode::Unavailable,
                             "writing the module image failed: %s",
                             std::strerror(error)));
    }
    written += (size_t)n;
  }
  Expected<sluice_module_t *> m =
      loadLibrary(rt, "/proc/self/fd/" + std::to_string(fd), "<memory>");
  close(fd); // the mapping stays valid
  if (!m)
    return wrap(m.takeStatus());
  *out = *m;
  return nullptr;
}

sluice_status_t sluice_module_register(sluice_runtime_t *rt,
                                       sluice_module_query_fn_t query,
                                       const char *origin,
                                       void (*release_owner)(void *owner),
                                       void *owner, sluice_module_t **out) {
  if (!rt || !query || !out)
    return wrap(
        Status(StatusCode::InvalidArgument, "runtime, query or out is NULL"));
  *out = nullptr;
  Expected<sluice_module_t *> m =
      makeModule(rt, query, origin ? origin : "<in-process>");
  if (!m)
    return wrap(m.takeStatus());
  (*m)->releaseOwner = release_owner;
  (*m)->owner = owner;
  *out = *m;
  return nullptr;
}

void sluice_module_retain(sluice_module_t *m) {
  if (m)
    m->refs.fetch_add(1, std::memory_order_relaxed);
}

void sluice_module_release(sluice_module_t *m) {
  if (!m || m->refs.fetch_sub(1, std::memory_order_acq_rel) != 1)
    return;
  sluice_runtime_t *runtime = m->runtime;
  if (m->library)
    dlclose(m->library);
  if (m->releaseOwner)
    m->releaseOwner(m->owner);
  delete m;
  sluice_runtime_release(runtime);
}

const char *sluice_module_name(sluice_module_t *m) {
  return m ? m->name.c_str() : "";
}

const sluice_module_descriptor_t *sluice_module_descriptor(sluice_module_t *m) {
  return m ? m->descriptor : nullptr;
}

} // extern "C"
