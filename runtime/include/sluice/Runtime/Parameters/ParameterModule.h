//===- ParameterModule.h - The io_parameters runtime ABI
//------------------------===//
//
// parameter-runtime.md §3.3, §4 and io-parameters.md §11. Compiled code
// passes a scope buffer, a key table ({u32 offset, u32 length} per row,
// little-endian), the concatenated key bytes, and a spans buffer
// ({u64 parameter_offset, u64 buffer_offset, u64 length} per row). This
// module decodes and validates them (every offset and length, in u64
// arithmetic, with unaligned loads), routes the call to the first provider
// whose scope matches, and calls it. Once the signal fence is known, every
// error path fails it with the returned status before returning.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_PARAMETERS_PARAMETERMODULE_H
#define SLUICE_RUNTIME_PARAMETERS_PARAMETERMODULE_H

#include "sluice/Runtime/Parameters/ParameterProvider.h"

namespace sluice::runtime::archive {
class ParameterScopes;
} // namespace sluice::runtime::archive

#include <optional>
#include <span>
#include <vector>

namespace sluice::runtime::parameters {

/// A `!vm.buffer` argument: std::nullopt is a null reference.
using AbiBytes = std::optional<std::span<const uint8_t>>;

/// Decodes key table, key data and spans into rows whose keys point into
/// `keyData`. Errors use the messages of parameter-runtime.md §4.
Expected<std::vector<ParameterSpan>>
decodeParameterRows(std::span<const uint8_t> keyTable,
                    std::span<const uint8_t> keyData,
                    std::span<const uint8_t> spans);

class ParameterModule {
public:
  /// One provider per scope of `scopes` (flag order, as built from
  /// `--parameters` flags), all with `options`. The providers keep `scopes`
  /// alive.
  static Expected<ParameterModule>
  fromScopes(std::shared_ptr<const archive::ParameterScopes> scopes,
             const ProviderOptions &options = {});

  /// Providers are consulted in registration order.
  void addProvider(ParameterProviderRef provider) {
    providers_.push_back(std::move(provider));
  }
  const std::vector<ParameterProviderRef> &providers() const {
    return providers_;
  }

  /// The first provider serving `scope`, or NOT_FOUND «no provider
  /// registered that handles scopes like '<scope>'; pass
  /// --parameters=<scope>=<file> or register a provider for this scope
  /// (registered scopes: ...)».
  Expected<ParameterProvider *> resolveProvider(std::string_view scope) const;

  /// Forwards RESUME / SUSPEND / LOW_MEMORY to every provider.
  void notify(ProviderSignal signal);

  /// @io_parameters.load.
  Expected<std::vector<BufferRef>>
  load(Device *device, int64_t queueAffinity, const FenceRef &wait,
       const FenceRef &signal, AbiBytes sourceScope,
       int64_t targetQueueAffinity, uint32_t targetMemoryType,
       uint32_t targetBufferUsage, AbiBytes keyTable, AbiBytes keyData,
       AbiBytes spans);
  /// @io_parameters.gather.
  Status gather(Device *device, int64_t queueAffinity, const FenceRef &wait,
                const FenceRef &signal, AbiBytes sourceScope,
                const BufferRef &targetBuffer, AbiBytes keyTable,
                AbiBytes keyData, AbiBytes spans);
  /// @io_parameters.scatter.
  Status scatter(Device *device, int64_t queueAffinity, const FenceRef &wait,
                 const FenceRef &signal, const BufferRef &sourceBuffer,
                 AbiBytes targetScope, AbiBytes keyTable, AbiBytes keyData,
                 AbiBytes spans);

private:
  struct Call {
    ParameterProvider *provider = nullptr;
    std::vector<ParameterSpan> rows;
  };
  Expected<Call> prepare(Device *device, AbiBytes scope, AbiBytes keyTable,
                         AbiBytes keyData, AbiBytes spans);
  std::vector<ParameterProviderRef> providers_;
};

} // namespace sluice::runtime::parameters

#endif // SLUICE_RUNTIME_PARAMETERS_PARAMETERMODULE_H
