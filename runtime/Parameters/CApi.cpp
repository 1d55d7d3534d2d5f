//===- CApi.cpp - C API of the parameter provider and module
//-------------------===//

#include "sluice/Runtime/Parameters/CApi.h"

#include "sluice/Runtime/Archive/ParameterScopes.h"
#include "sluice/Runtime/Core/CApiHandles.h"
#include "sluice/Runtime/Parameters/CApiHandles.h"
#include "sluice/Runtime/Parameters/ParameterModule.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <sys/stat.h>

using namespace sluice::runtime;
using namespace sluice::runtime::parameters;
using capi::unwrap;
using capi::wrap;

struct sluice_io_parameter_provider_s {
  ParameterProviderRef provider;
};
struct sluice_io_parameters_module_s {
  std::atomic<int> refs{1};
  ParameterModule module;
};

namespace {

Status invalid(const char *message) {
  return Status(StatusCode::InvalidArgument, message);
}

AbiBytes bytes(const void *data, size_t length) {
  if (!data)
    return std::nullopt;
  return std::span<const uint8_t>(static_cast<const uint8_t *>(data), length);
}

sluice_status_t failWith(sluice_fence_t *signal, Status status) {
  failFence(unwrap(signal), status);
  return wrap(std::move(status));
}

/// The index cache of parameter-runtime.md §10.1: providers opened on the
/// same list of files (identified by st_dev, st_ino, size and mtime) with
/// the same parse options share one parsed index, whatever their scope or
/// context. Entries are weak: the index lives while a provider uses it.
struct ParsedFiles {
  std::vector<archive::ParsedFile> files; // file-level records (sharding)
  archive::ParameterIndex index;
};
struct IndexKey {
  std::vector<std::array<uint64_t, 4>> files;
  uint64_t indexMaxBytes;
  int externalPaths;
  bool strictSafetensors;
  bool operator==(const IndexKey &) const = default;
};
std::mutex indexCacheMutex;
std::vector<std::pair<IndexKey, std::weak_ptr<const ParsedFiles>>> indexCache;

/// Null when a file cannot be stat'ed (parsing reports the error).
std::optional<IndexKey> indexKeyFor(const char *const *paths, size_t count,
                                    const archive::ParseOptions &options) {
  IndexKey key{{},
               options.indexMaxBytes,
               (int)options.externalPaths,
               options.strictSafetensors};
  for (size_t i = 0; i < count; ++i) {
    struct stat st;
    if (!paths[i] || ::stat(paths[i], &st) != 0)
      return std::nullopt;
    key.files.push_back({(uint64_t)st.st_dev, (uint64_t)st.st_ino,
                         (uint64_t)st.st_size,
                         (uint64_t)st.st_mtim.tv_sec * 1000000000ull +
                             (uint64_t)st.st_mtim.tv_nsec});
  }
  return key;
}

Expected<std::shared_ptr<const ParsedFiles>>
parseFiles(const char *const *paths, size_t count,
           const archive::ParseOptions &options) {
  std::optional<IndexKey> key = indexKeyFor(paths, count, options);
  if (key) {
    std::lock_guard<std::mutex> lock(indexCacheMutex);
    for (auto &[k, weak] : indexCache)
      if (k == *key)
        if (std::shared_ptr<const ParsedFiles> hit = weak.lock())
          return hit;
  }
  auto parsed = std::make_shared<ParsedFiles>();
  for (size_t i = 0; i < count; ++i) {
    if (!paths[i])
      return invalid("a parameter file path is NULL");
    Expected<archive::ParsedFile> file =
        archive::parseParameterFile(paths[i], options);
    if (!file)
      return file.takeStatus();
    for (const std::string &w : file->warnings)
      parsed->index.addDiagnostic(w);
    SLUICE_RETURN_IF_ERROR(parsed->index.append(std::move(file->entries)));
    file->entries = archive::EntryTable();
    parsed->files.push_back(std::move(*file));
  }
  if (key) {
    std::lock_guard<std::mutex> lock(indexCacheMutex);
    std::erase_if(indexCache, [](const auto &e) { return e.second.expired(); });
    indexCache.emplace_back(std::move(*key), parsed);
  }
  return std::shared_ptr<const ParsedFiles>(std::move(parsed));
}

} // namespace

namespace sluice::runtime::parameters {
ParameterProviderRef providerOf(sluice_io_parameter_provider_t *provider) {
  return provider ? provider->provider : nullptr;
}
} // namespace sluice::runtime::parameters

extern "C" {

sluice_status_t sluice_io_parameter_provider_open(
    const char *scope, const char *const *paths, size_t path_count,
    const sluice_io_parameter_provider_options_t *options,
    sluice_io_parameter_provider_t **out_provider) {
  if (!out_provider || (!paths && path_count))
    return wrap(invalid("out_provider or paths is NULL"));
  *out_provider = nullptr;
  archive::ParseOptions parseOptions;
  if (options) {
    switch (options->external_paths) {
    case SLUICE_IO_EXTERNAL_PATHS_RELATIVE:
      parseOptions.externalPaths = archive::ExternalPathPolicy::Relative;
      break;
    case SLUICE_IO_EXTERNAL_PATHS_ANY:
      parseOptions.externalPaths = archive::ExternalPathPolicy::Any;
      break;
    case SLUICE_IO_EXTERNAL_PATHS_NONE:
      parseOptions.externalPaths = archive::ExternalPathPolicy::None;
      break;
    default:
      return wrap(invalid("unknown external path policy"));
    }
    if (options->index_max_bytes)
      parseOptions.indexMaxBytes = options->index_max_bytes;
    parseOptions.strictSafetensors = options->strict_safetensors != 0;
  }
  const std::string scopeName = scope ? scope : "";
  Expected<std::shared_ptr<const ParsedFiles>> parsed =
      parseFiles(paths, path_count, parseOptions);
  if (!parsed)
    return wrap(parsed.takeStatus());
  // irpa-format.md §7.5: the files of the scope form one sharded checkpoint
  // (when they carry ARCHIVE_SHARDING) of the expected size.
  std::optional<uint32_t> expectedTpSize;
  if (options && options->expected_tp_size)
    expectedTpSize = options->expected_tp_size;
  if (Status sharding = archive::validateScopeSharding(
          scopeName, (*parsed)->files, expectedTpSize);
      !sharding.isOk())
    return wrap(std::move(sharding));
  // The provider holds the index through the cached files.
  std::shared_ptr<const archive::ParameterIndex> index(*parsed,
                                                       &(*parsed)->index);
  ProviderOptions providerOptions;
  if (options) {
    switch (options->policy) {
    case SLUICE_IO_POLICY_READ:
      providerOptions.policy = io::IoPolicy::Read;
      break;
    case SLUICE_IO_POLICY_MMAP:
      providerOptions.policy = io::IoPolicy::Mmap;
      break;
    case SLUICE_IO_POLICY_DIRECT:
      providerOptions.policy = io::IoPolicy::Direct;
      break;
    default:
      return wrap(invalid("unknown I/O policy"));
    }
    providerOptions.access = options->read_write ? ParameterAccess::ReadWrite
                                                 : ParameterAccess::Read;
    if (options->max_concurrency)
      providerOptions.maxConcurrency = options->max_concurrency;
    if (options->max_read_bytes)
      providerOptions.maxReadBytes = options->max_read_bytes;
    providerOptions.zeroCopy = !options->zero_copy_off;
    providerOptions.debugChecks = options->debug_checks != 0;
    switch (options->verify) {
    case SLUICE_IO_VERIFY_ON_LOAD:
      providerOptions.verify = VerifyPolicy::OnLoad;
      break;
    case SLUICE_IO_VERIFY_NONE:
      providerOptions.verify = VerifyPolicy::None;
      break;
    case SLUICE_IO_VERIFY_FULL:
      providerOptions.verify = VerifyPolicy::Full;
      break;
    default:
      return wrap(invalid("unknown verification policy"));
    }
    providerOptions.loadCache = !options->cache_off;
  }
  Expected<ParameterProviderRef> provider =
      ParameterProvider::create(scopeName, std::move(index), providerOptions);
  if (!provider)
    return wrap(provider.takeStatus());
  *out_provider = new sluice_io_parameter_provider_s{std::move(*provider)};
  return nullptr;
}

void sluice_io_parameter_provider_release(
    sluice_io_parameter_provider_t *provider) {
  delete provider;
}

sluice_status_t sluice_io_parameter_provider_query_statistics(
    sluice_io_parameter_provider_t *provider,
    sluice_io_parameter_statistics_t *out) {
  if (!provider || !out)
    return wrap(invalid("provider or out is NULL"));
  ProviderStatistics s = provider->provider->statistics();
  *out = {s.bytesRead,     s.bytesWritten,   s.bytesFilled,  s.operations,
          s.transfers,     s.coalescedSpans, s.zeroCopyHits, s.zeroCopyMisses,
          s.bytesVerified, s.verifyFailures, s.cacheHits,    s.cacheMisses};
  return nullptr;
}

sluice_status_t
sluice_io_parameter_provider_flush(sluice_io_parameter_provider_t *provider) {
  if (!provider)
    return wrap(invalid("provider is NULL"));
  return wrap(provider->provider->flush());
}

sluice_status_t
sluice_io_parameters_module_create(sluice_io_parameters_module_t **out_module) {
  if (!out_module)
    return wrap(invalid("out_module is NULL"));
  *out_module = new sluice_io_parameters_module_s;
  return nullptr;
}

void sluice_io_parameters_module_retain(sluice_io_parameters_module_t *module) {
  if (module)
    module->refs.fetch_add(1, std::memory_order_relaxed);
}
void sluice_io_parameters_module_release(
    sluice_io_parameters_module_t *module) {
  if (module && module->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
    delete module;
}

sluice_status_t sluice_io_parameters_module_add_provider(
    sluice_io_parameters_module_t *module,
    sluice_io_parameter_provider_t *provider) {
  if (!module || !provider)
    return wrap(invalid("module or provider is NULL"));
  module->module.addProvider(provider->provider);
  return nullptr;
}

sluice_status_t sluice_io_parameters_load(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    const void *scope, size_t scope_length, int64_t target_queue_affinity,
    uint32_t target_memory_type, uint32_t target_buffer_usage,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length,
    sluice_buffer_t ***out_buffers, size_t *out_count) {
  if (!module || !out_buffers || !out_count)
    return failWith(signal,
                    invalid("module, out_buffers or out_count is NULL"));
  *out_buffers = nullptr;
  *out_count = 0;
  Expected<std::vector<BufferRef>> buffers = module->module.load(
      device ? device->device.get() : nullptr, queue_affinity, unwrap(wait),
      unwrap(signal), bytes(scope, scope_length), target_queue_affinity,
      target_memory_type, target_buffer_usage,
      bytes(key_table, key_table_length), bytes(key_data, key_data_length),
      bytes(spans, spans_length));
  if (!buffers)
    return wrap(buffers.takeStatus()); // the module already failed `signal`
  auto **array = static_cast<sluice_buffer_t **>(std::calloc(
      buffers->size() ? buffers->size() : 1, sizeof(sluice_buffer_t *)));
  if (!array)
    return wrap(Status(StatusCode::ResourceExhausted,
                       "out of memory for the buffer list"));
  for (size_t i = 0; i < buffers->size(); ++i)
    array[i] = capi::wrapBuffer((*buffers)[i]);
  *out_buffers = array;
  *out_count = buffers->size();
  return nullptr;
}

sluice_status_t sluice_io_parameters_load_into(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    const void *scope, size_t scope_length, int64_t target_queue_affinity,
    uint32_t target_memory_type, uint32_t target_buffer_usage,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length,
    uint32_t count, sluice_buffer_t **out_buffers) {
  if (!out_buffers && count)
    return failWith(signal, invalid("out_buffers is NULL"));
  for (uint32_t i = 0; i < count; ++i)
    out_buffers[i] = nullptr;
  if (!module)
    return failWith(signal, invalid("module is NULL"));
  Expected<std::vector<BufferRef>> buffers = module->module.load(
      device ? device->device.get() : nullptr, queue_affinity, unwrap(wait),
      unwrap(signal), bytes(scope, scope_length), target_queue_affinity,
      target_memory_type, target_buffer_usage,
      bytes(key_table, key_table_length), bytes(key_data, key_data_length),
      bytes(spans, spans_length));
  if (!buffers)
    return wrap(buffers.takeStatus()); // the module already failed `signal`
  if (buffers->size() != count)
    return failWith(signal,
                    makeStatus(StatusCode::FailedPrecondition,
                               "io_parameters.load produced %zu buffers but "
                               "the program expects %u",
                               buffers->size(), count));
  for (uint32_t i = 0; i < count; ++i)
    out_buffers[i] = capi::wrapBuffer((*buffers)[i]);
  return nullptr;
}

sluice_status_t sluice_io_parameters_gather(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    const void *scope, size_t scope_length, sluice_buffer_t *target_buffer,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length) {
  if (!module)
    return failWith(signal, invalid("module is NULL"));
  return wrap(module->module.gather(
      device ? device->device.get() : nullptr, queue_affinity, unwrap(wait),
      unwrap(signal), bytes(scope, scope_length),
      target_buffer ? target_buffer->buffer : nullptr,
      bytes(key_table, key_table_length), bytes(key_data, key_data_length),
      bytes(spans, spans_length)));
}

sluice_status_t sluice_io_parameters_scatter(
    sluice_io_parameters_module_t *module, sluice_device_t *device,
    int64_t queue_affinity, sluice_fence_t *wait, sluice_fence_t *signal,
    sluice_buffer_t *source_buffer, const void *scope, size_t scope_length,
    const void *key_table, size_t key_table_length, const void *key_data,
    size_t key_data_length, const void *spans, size_t spans_length) {
  if (!module)
    return failWith(signal, invalid("module is NULL"));
  return wrap(module->module.scatter(
      device ? device->device.get() : nullptr, queue_affinity, unwrap(wait),
      unwrap(signal), source_buffer ? source_buffer->buffer : nullptr,
      bytes(scope, scope_length), bytes(key_table, key_table_length),
      bytes(key_data, key_data_length), bytes(spans, spans_length)));
}

} // extern "C"
