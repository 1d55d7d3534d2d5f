//===- ParameterModule.cpp - ABI decoding and provider routing
//---------------===//

#include "sluice/Runtime/Parameters/ParameterModule.h"

#include "sluice/Runtime/Archive/ParameterScopes.h"

namespace sluice::runtime::parameters {

namespace {

uint32_t loadU32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}
uint64_t loadU64(const uint8_t *p) {
  return (uint64_t)loadU32(p) | (uint64_t)loadU32(p + 4) << 32;
}

std::string_view asString(AbiBytes bytes) {
  if (!bytes)
    return {};
  return std::string_view(reinterpret_cast<const char *>(bytes->data()),
                          bytes->size());
}

} // namespace

Expected<std::vector<ParameterSpan>>
decodeParameterRows(std::span<const uint8_t> keyTable,
                    std::span<const uint8_t> keyData,
                    std::span<const uint8_t> spans) {
  constexpr size_t kSpanSize = 24;
  if (spans.size() % kSpanSize != 0)
    return Status(StatusCode::InvalidArgument,
                  "buffer span storage must be aligned to "
                  "iree_io_parameters_span_entry_t");
  const size_t count = spans.size() / kSpanSize;
  if (keyTable.size() / 8 < count)
    return Status(
        StatusCode::InvalidArgument,
        "key string table must have enough data to service all defined spans");
  std::vector<ParameterSpan> rows(count);
  const uint64_t capacity = keyData.size();
  for (size_t i = 0; i < count; ++i) {
    const uint32_t offset = loadU32(keyTable.data() + 8 * i);
    const uint32_t length = loadU32(keyTable.data() + 8 * i + 4);
    if (offset > capacity)
      return makeStatus(
          StatusCode::OutOfRange,
          "attempted to access an address off the end of the valid buffer "
          "range (offset=%u, length=%u, data_capacity=%zu)",
          offset, length, (size_t)capacity);
    // u64: offset + length cannot wrap (reference bug 1).
    const uint64_t end = (uint64_t)offset + (uint64_t)length;
    if (end > capacity)
      return makeStatus(
          StatusCode::OutOfRange,
          "attempted to access an address outside of the valid buffer range "
          "(offset=%u, length=%u, end(inc)=%llu, data_capacity=%zu)",
          offset, length, (unsigned long long)(end ? end - 1 : 0),
          (size_t)capacity);
    rows[i].key = std::string_view(
        reinterpret_cast<const char *>(keyData.data()) + offset, length);
    const uint8_t *span = spans.data() + kSpanSize * i;
    rows[i].parameterOffset = loadU64(span);
    rows[i].bufferOffset = loadU64(span + 8);
    rows[i].length = loadU64(span + 16);
    // Device sizes are u64 on every Sluice device, so every span value
    // fits; bounds are checked against the entry and the buffer later.
  }
  return rows;
}

Expected<ParameterModule> ParameterModule::fromScopes(
    std::shared_ptr<const archive::ParameterScopes> scopes,
    const ProviderOptions &options) {
  if (!scopes)
    return Status(StatusCode::InvalidArgument, "parameter scopes are null");
  ParameterModule module;
  for (const archive::ParameterScopes::Scope &scope : scopes->scopes()) {
    // Aliasing pointer: the index lives as long as the scopes object.
    std::shared_ptr<const archive::ParameterIndex> index(scopes,
                                                         scope.index.get());
    Expected<ParameterProviderRef> provider =
        ParameterProvider::create(scope.name, std::move(index), options);
    if (!provider)
      return provider.takeStatus();
    module.addProvider(std::move(*provider));
  }
  return module;
}

Expected<ParameterProvider *>
ParameterModule::resolveProvider(std::string_view scope) const {
  for (const auto &provider : providers_)
    if (provider->querySupport(scope))
      return provider.get();
  std::string message = formatString(
      "no provider registered that handles scopes like '%.*s'; pass "
      "--parameters=%.*s=<file> or register a provider for this scope",
      (int)scope.size(), scope.data(), (int)scope.size(), scope.data());
  message += " (registered scopes: ";
  if (providers_.empty())
    message += "none";
  for (size_t i = 0; i < providers_.size() && i < 8; ++i) {
    if (i)
      message += ", ";
    message += "'" + providers_[i]->scope() + "'";
  }
  if (providers_.size() > 8)
    message += ", ...";
  message += ")";
  return Status(StatusCode::NotFound, std::move(message));
}

void ParameterModule::notify(ProviderSignal signal) {
  for (auto &provider : providers_)
    provider->notify(signal);
}

Expected<ParameterModule::Call>
ParameterModule::prepare(Device *device, AbiBytes scope, AbiBytes keyTable,
                         AbiBytes keyData, AbiBytes spans) {
  if (!device)
    return Status(StatusCode::InvalidArgument, "device is null");
  if (!keyTable)
    return Status(StatusCode::InvalidArgument, "key_table buffer is null");
  if (!keyData)
    return Status(StatusCode::InvalidArgument, "key_data buffer is null");
  if (!spans)
    return Status(StatusCode::InvalidArgument, "spans buffer is null");
  Call call;
  Expected<ParameterProvider *> provider = resolveProvider(asString(scope));
  if (!provider)
    return provider.takeStatus();
  call.provider = *provider;
  Expected<std::vector<ParameterSpan>> rows =
      decodeParameterRows(*keyTable, *keyData, *spans);
  if (!rows)
    return rows.takeStatus();
  call.rows = std::move(*rows);
  return call;
}

Expected<std::vector<BufferRef>>
ParameterModule::load(Device *device, int64_t queueAffinity,
                      const FenceRef &wait, const FenceRef &signal,
                      AbiBytes sourceScope, int64_t targetQueueAffinity,
                      uint32_t targetMemoryType, uint32_t targetBufferUsage,
                      AbiBytes keyTable, AbiBytes keyData, AbiBytes spans) {
  Expected<Call> call = prepare(device, sourceScope, keyTable, keyData, spans);
  if (!call) {
    Status status = call.takeStatus();
    failFence(signal, status); // never leave the signal fence pending
    return status;
  }
  BufferParams params;
  params.memoryType = targetMemoryType;
  params.usage = targetBufferUsage;
  params.queueAffinity = (uint64_t)targetQueueAffinity;
  return call->provider->load(*device, (uint64_t)queueAffinity, wait, signal,
                              params, call->rows);
}

Status ParameterModule::gather(Device *device, int64_t queueAffinity,
                               const FenceRef &wait, const FenceRef &signal,
                               AbiBytes sourceScope,
                               const BufferRef &targetBuffer, AbiBytes keyTable,
                               AbiBytes keyData, AbiBytes spans) {
  Expected<Call> call = prepare(device, sourceScope, keyTable, keyData, spans);
  Status status = call ? Status() : call.takeStatus();
  if (status.isOk() && !targetBuffer)
    status = Status(StatusCode::InvalidArgument, "target_buffer is null");
  if (!status.isOk()) {
    failFence(signal, status);
    return status;
  }
  if (call->rows.empty())
    return device->queueBarrier((uint64_t)queueAffinity, wait, signal);
  return call->provider->gather(*device, (uint64_t)queueAffinity, wait, signal,
                                targetBuffer, call->rows);
}

Status ParameterModule::scatter(Device *device, int64_t queueAffinity,
                                const FenceRef &wait, const FenceRef &signal,
                                const BufferRef &sourceBuffer,
                                AbiBytes targetScope, AbiBytes keyTable,
                                AbiBytes keyData, AbiBytes spans) {
  Expected<Call> call = prepare(device, targetScope, keyTable, keyData, spans);
  Status status = call ? Status() : call.takeStatus();
  if (status.isOk() && !sourceBuffer)
    status = Status(StatusCode::InvalidArgument, "source_buffer is null");
  if (!status.isOk()) {
    failFence(signal, status);
    return status;
  }
  if (call->rows.empty())
    return device->queueBarrier((uint64_t)queueAffinity, wait, signal);
  return call->provider->scatter(*device, (uint64_t)queueAffinity, wait, signal,
                                 sourceBuffer, call->rows);
}

} // namespace sluice::runtime::parameters
