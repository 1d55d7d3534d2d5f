//===- FuzzParser.cpp - libFuzzer target for the parameter-file parsers
//----===//
//
// Built three times (IRPA, GGUF, safetensors). Each input is parsed from
// memory; on success every entry is read (first/last bytes), verified, and
// the index lookup paths are exercised (find and findMany must return the
// first entry of every key). IRPA EXTERNAL entries resolve to an
// in-memory 64 KiB file so their range checks run too.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Archive/GgufReader.h"
#include "sluice/Runtime/Archive/IrpaReader.h"
#include "sluice/Runtime/Archive/ParameterIndex.h"
#include "sluice/Runtime/Archive/SafetensorsReader.h"
#include "sluice/Runtime/Archive/Verify.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

using namespace sluice::runtime;
using namespace sluice::runtime::archive;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FileHandleRef file =
      makeMemoryFile(std::string(reinterpret_cast<const char *>(data), size));
  ParseOptions options;
  options.indexMaxBytes = 16 << 20;
  options.externalPaths = ExternalPathPolicy::Any;
  static const FileHandleRef external =
      makeMemoryFile(std::string(64 * 1024, 'e'));
  options.externalResolver =
      [](const std::string &) -> Expected<FileHandleRef> { return external; };
#if defined(SLUICE_FUZZ_FORMAT_irpa)
  auto parsed = parseIrpaFile(file, options);
#elif defined(SLUICE_FUZZ_FORMAT_gguf)
  auto parsed = parseGgufFile(file, options);
#else
  auto parsed = parseSafetensorsFile(file, options);
#endif
  if (!parsed) {
    // Messages must always be non-empty and well formed.
    if (parsed.status().message().empty())
      __builtin_trap();
    return 0;
  }
  ParameterIndex index;
  if (!index.append(std::move(parsed->entries)).isOk())
    __builtin_trap(); // a parsed file always fits an empty index
  for (const ParameterEntry &entry : index) {
    uint8_t buffer[16];
    uint64_t n = std::min<uint64_t>(entry.length(), sizeof(buffer));
    if (readEntryBytes(entry, 0, buffer, n).isOk() && entry.length() > n)
      readEntryBytes(entry, entry.length() - n, buffer, n).ignore();
    if (entry.length() <= (1u << 20))
      verifyEntry(entry, "fuzz").ignore();
    index.lookup(entry.key()).status().ignore();
  }
  index.lookup("missing-key").status().ignore();
  // Batched lookup agrees with find(), and both return the first entry of
  // each key (duplicates and empty or binary keys included).
  std::vector<std::string_view> keys;
  for (const ParameterEntry &entry : index)
    keys.push_back(entry.key());
  keys.push_back("missing-key");
  std::vector<const ParameterEntry *> found(keys.size());
  index.findMany(keys.data(), keys.size(), found.data());
  for (size_t i = 0; i < keys.size(); ++i) {
    const ParameterEntry *first = nullptr;
    for (const ParameterEntry &entry : index)
      if (entry.key() == keys[i]) {
        first = &entry;
        break;
      }
    if (found[i] != first || index.find(keys[i]) != first)
      __builtin_trap();
  }
  return 0;
}
