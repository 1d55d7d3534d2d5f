//===- sluice-run.cpp - Run a function of a compiled Sluice module --------===//
//
// execution.md §6.2: loads a module (.so through the runtime Module API, or
// .mlir through the JIT when built in), creates a context with the
// parameter providers of --parameters, parses --input values, calls one
// function and prints its results like iree-run-module. Every failure prints
// `Error: <status>` on stderr and exits 1.
//
//===----------------------------------------------------------------------===//

#include "Flags.h"
#include "Values.h"

#include "sluice/Runtime/Archive/ParameterScopes.h"
#include "sluice/Runtime/Core/CApiHandles.h"
#include "sluice/Runtime/Module/Api.h"
#include "sluice/Runtime/Module/Api.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <optional>
#include <string>
#include <thread>
#include <vector>

using namespace sluice;
using namespace sluice::run;
using runtime::formatString;
using runtime::makeStatus;
using runtime::StatusCode;
using runtime::capi::unwrapStatus;
using tools::Flags;

namespace {

constexpr uint32_t kDeviceLocal = 0x30;
constexpr uint32_t kTransfer = 0x3;
constexpr uint32_t kDispatchStorage = 0xC00;
constexpr uint32_t kMappingScoped = 0x1000000;

const char *kUsage =
    "sluice-run: runs one function of a compiled Sluice module.\n"
    "\n"
    "Usage: sluice-run --module=<file> [--function=<name>] "
    "[--input=<value>]... [flags]\n"
    "\n"
    "Input values (--input, --expected_output):\n"
    "  (null)                   a null reference\n"
    "  [elem=]number            a scalar (i32=5, f32=1.5, 7)\n"
    "  [DxDx...x]elem=data      a tensor as a buffer view: "
    "2x3xf32=1,2,3,4,5,6;\n"
    "                           one number splats; data may be @file (raw\n"
    "                           little-endian bytes); separators , space [ ]\n"
    "  &tensor                  a plain buffer holding the tensor's bytes\n"
    "                           (output or transient storage: &512xi8=0)\n"
    "  @file.npy                one numpy array (C order)\n"
    "  elem: i1 i8 i16 i32 i64 f16 bf16 f32 f64\n"
    "\n"
    "Flags (runtime flags use underscores; dashes are rejected):\n";

/// Runtime flags of sluice-run, with their help texts.
void declareFlags(Flags &flags) {
  flags.declareString("module", "",
                      "module to run: a .so made by sluice-compile, or a "
                      ".mlir/.mlirbc file compiled in-process by the JIT "
                      "(--sluice-cpu=host)");
  flags.declareString("jit_flags", "",
                      "extra sluice-compile flags for the JIT, separated by "
                      "spaces (e.g. --compile-from=stream)");
  flags.declareString("function", "",
                      "function to run (default: the only exported function "
                      "that is not a transients size query)");
  flags.declareList("input",
                    "one value per function argument, in order (grammar "
                    "above)");
  flags.declareList("output",
                    "where result i goes: - prints it, @f.npy / +f.npy "
                    "write (append) numpy, @f.bin / +f.bin raw bytes, empty "
                    "ignores it (default: print every result)");
  flags.declareList("expected_output",
                    "expected value of result i (input grammar); floats "
                    "match within 1e-4 + 1e-4*|e|, everything else exactly");
  flags.declareString("output_max_element_count", "1024",
                      "elements printed per row before '...'");
  flags.declareList("parameters",
                    "[scope=]path of a parameter file (.irpa, .gguf, "
                    ".safetensors); files of one scope merge in flag order");
  flags.declareString("parameter_mode", "file",
                      "file|mmap|direct: how parameter files are read "
                      "(preload reads like file)");
  flags.declareString("parameter_staging_bytes", "268435456",
                      "direct mode: total bytes of the ring of aligned "
                      "staging buffers O_DIRECT reads go through (>= 4096)");
  flags.declareString("parameter_cache", "on",
                      "on|off: share immutable parameter loads of the same "
                      "file range (one buffer, one read)");
  flags.declareString("parameter_verify", "on_load",
                      "none|on_load|full: verify archive checksums of the "
                      "bytes loaded (on_load) or of every entry at startup "
                      "(full); a mismatch is DATA_LOSS");
  flags.declareString("parameter_expected_tp_size", "",
                      "fail unless sharded parameter scopes were sharded for "
                      "this tensor-parallel size");
  flags.declareString("parameter_access", "read",
                      "read|read_write: read_write lets programs write "
                      "parameters (flow.parameter.write)");
  flags.declareString("parameter_max_concurrency", "16",
                      "parameter reads in flight per provider (1-256)");
  flags.declareString("parameter_max_read_bytes", "67108864",
                      "largest single parameter read in bytes");
  flags.declareString("parameter_zero_copy", "auto",
                      "auto|off: serve aligned parameter loads from mapped "
                      "file memory without copying (on = auto)");
  flags.declareBool("parameter_debug_checks",
                    "check every gather for overlapping target ranges");
  flags.declareBool("parameter_flush_on_exit",
                    "with --parameter_access=read_write, fdatasync the files "
                    "parameters were written to before exiting",
                    /*defaultValue=*/true);
  flags.declareString("parameter_external_paths", "relative",
                      "relative|any|none: which EXTERNAL entry paths an "
                      "archive may name");
  flags.declareString("parameter_index_max_bytes", "1073741824",
                      "cap on the header bytes read to build an index");
  flags.declareBool("parameter_strict_safetensors",
                    "turn safetensors consistency warnings into errors");
  flags.declareString("transients", "auto",
                      "auto|none|<bytes>: storage for iree.abi.transients "
                      "arguments the inputs leave out");
  flags.declareString("transients_offset", "0",
                      "place the tool's transients storage at this byte "
                      "offset of a larger allocation (a sub-span, as an "
                      "arena would pass it)");
  flags.declareString("transients_host_base", "",
                      "b: the tool's transients storage is host memory "
                      "imported at b bytes past a 4096-byte boundary (b a "
                      "multiple of 64, the import alignment), to exercise "
                      "the storage's device-address alignment check");
  flags.declareString("wait_fence_delay_ms", "",
                      "n: a coarse-fences function gets a pending wait fence "
                      "that another thread signals n ms after the call "
                      "starts; prints whether the work waited for it");
  flags.declareString("benchmark", "0",
                      "n > 0: after one printed call, time n calls of one "
                      "prepared call and print latency statistics");
  flags.declareString("benchmark_warmup", "10",
                      "untimed calls before the timed ones");
  flags.declareString("worker_threads", "-1",
                      "worker threads of the device (-1: max(1, CPUs - 1); "
                      "0: none, work runs on waiting threads)");
  flags.declareString("worker_spin_us", "100",
                      "microseconds an idle worker spins before parking");
  flags.declareString("inline_threshold_ns", "5000",
                      "estimated cost below which waves and submissions run "
                      "on the calling thread");
  flags.declareBool("print_statistics",
                    "print allocation, scheduler and parameter statistics "
                    "on stderr after the run");
}

Status fromC(sluice_status_t status) { return unwrapStatus(status); }

/// RAII owners of the C handles.
struct Session {
  sluice_runtime_t *runtime = nullptr;
  sluice_io_parameters_module_t *parameters = nullptr;
  std::vector<std::pair<std::string, sluice_io_parameter_provider_t *>>
      providers;
  sluice_module_t *module = nullptr;
  sluice_context_t *context = nullptr;
  sluice_call_t *call = nullptr;
  ~Session() {
    sluice_call_release(call);
    sluice_context_release(context);
    sluice_module_release(module);
    for (auto &p : providers)
      sluice_io_parameter_provider_release(p.second);
    if (parameters)
      sluice_io_parameters_module_release(parameters);
    if (runtime)
      sluice_runtime_release(runtime);
  }
};

Status openParameters(const Flags &flags, Session &session) {
  sluice_io_parameter_provider_options_t options{};
  size_t mode = 0, access = 0, zeroCopy = 0;
  SLUICE_RETURN_IF_ERROR(flags.choiceInto("parameter_mode",
                                          {"file", "preload", "mmap", "direct"},
                                          mode, /*listChoices=*/false));
  const sluice_io_policy_t policies[] = {
      SLUICE_IO_POLICY_READ, SLUICE_IO_POLICY_READ, SLUICE_IO_POLICY_MMAP,
      SLUICE_IO_POLICY_DIRECT};
  options.policy = policies[mode];
  SLUICE_RETURN_IF_ERROR(
      flags.choiceInto("parameter_access", {"read", "read_write"}, access));
  options.read_write = access == 1;
  SLUICE_RETURN_IF_ERROR(
      flags.choiceInto("parameter_zero_copy", {"auto", "off", "on"}, zeroCopy));
  options.zero_copy_off = zeroCopy == 1;
  SLUICE_RETURN_IF_ERROR(flags.integerInto("parameter_max_concurrency", 1, 256,
                                           options.max_concurrency));
  SLUICE_RETURN_IF_ERROR(flags.integerInto("parameter_max_read_bytes", 1,
                                           INT64_MAX, options.max_read_bytes));
  options.debug_checks = flags.boolean("parameter_debug_checks");
  SLUICE_RETURN_IF_ERROR(flags.choiceInto("parameter_external_paths",
                                          {"relative", "any", "none"},
                                          options.external_paths));
  SLUICE_RETURN_IF_ERROR(flags.integerInto("parameter_index_max_bytes", 1,
                                           INT64_MAX, options.index_max_bytes));
  options.strict_safetensors = flags.boolean("parameter_strict_safetensors");
  size_t verify = 0, cache = 0;
  SLUICE_RETURN_IF_ERROR(flags.choiceInto("parameter_verify",
                                          {"none", "on_load", "full"}, verify));
  const sluice_io_verify_t verifyPolicies[] = {
      SLUICE_IO_VERIFY_NONE, SLUICE_IO_VERIFY_ON_LOAD, SLUICE_IO_VERIFY_FULL};
  options.verify = verifyPolicies[verify];
  SLUICE_RETURN_IF_ERROR(
      flags.choiceInto("parameter_cache", {"on", "off"}, cache));
  options.cache_off = cache == 1;
  if (!flags.str("parameter_expected_tp_size").empty())
    SLUICE_RETURN_IF_ERROR(flags.integerInto(
        "parameter_expected_tp_size", 1, UINT32_MAX, options.expected_tp_size));

  // One provider per distinct scope, in order of first appearance; files of
  // a scope merge in flag order.
  std::vector<std::pair<std::string, std::vector<std::string>>> scopes;
  for (const std::string &value : flags.list("parameters")) {
    runtime::archive::ParametersFlag flag =
        runtime::archive::parseParametersFlag(value);
    auto it = std::find_if(scopes.begin(), scopes.end(),
                           [&](auto &s) { return s.first == flag.scope; });
    if (it == scopes.end())
      scopes.push_back({flag.scope, {flag.path}});
    else
      it->second.push_back(flag.path);
  }
  SLUICE_RETURN_IF_ERROR(
      fromC(sluice_io_parameters_module_create(&session.parameters)));
  for (auto &[scope, paths] : scopes) {
    std::vector<const char *> cpaths;
    for (const std::string &p : paths)
      cpaths.push_back(p.c_str());
    sluice_io_parameter_provider_t *provider = nullptr;
    SLUICE_RETURN_IF_ERROR(fromC(sluice_io_parameter_provider_open(
        scope.c_str(), cpaths.data(), cpaths.size(), &options, &provider)));
    session.providers.push_back({scope, provider});
    SLUICE_RETURN_IF_ERROR(fromC(sluice_io_parameters_module_add_provider(
        session.parameters, provider)));
  }
  return Status();
}

#ifdef SLUICE_RUN_HAS_JIT
/// Splits --jit_flags at spaces.
std::vector<std::string> splitFlags(const std::string &text) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ')
      ++i;
    size_t start = i;
    while (i < text.size() && text[i] != ' ')
      ++i;
    if (i > start)
      out.push_back(text.substr(start, i - start));
  }
  return out;
}
#endif

Status loadModule(const Flags &flags, Session &session) {
  const std::string &path = flags.str("module");
  bool isMlir = path.ends_with(".mlir") || path.ends_with(".mlirbc");
  Status status;
  if (isMlir) {
#ifdef SLUICE_RUN_HAS_JIT
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file) {
      status = makeStatus(StatusCode::NotFound, "cannot open '%s': %s",
                          path.c_str(), std::strerror(errno));
    } else {
      std::string text;
      char chunk[1 << 16];
      size_t n;
      while ((n = std::fread(chunk, 1, sizeof(chunk), file)) > 0)
        text.append(chunk, n);
      std::fclose(file);
      std::vector<std::string> jitFlags = {"--sluice-cpu=host"};
      for (std::string &f : splitFlags(flags.str("jit_flags")))
        jitFlags.push_back(std::move(f));
      std::string stem = path.substr(path.find_last_of('/') + 1);
      stem = stem.substr(0, stem.find('.'));
      jitFlags.insert(jitFlags.begin(), "--sluice-input-stem=" + stem);
      std::vector<const char *> cflags;
      for (const std::string &f : jitFlags)
        cflags.push_back(f.c_str());
      status = fromC(sluice_jit_compile_module(session.runtime, text.data(),
                                               text.size(), cflags.data(),
                                               cflags.size(), &session.module));
    }
#else
    status = makeStatus(StatusCode::Unimplemented,
                        "this sluice-run was built without the JIT; compile "
                        "the module with sluice-compile -o %s.so",
                        path.substr(0, path.find_last_of('.')).c_str());
#endif
  } else {
    status = fromC(sluice_module_load_file(session.runtime, path.c_str(),
                                           &session.module));
  }
  if (!status.isOk())
    return std::move(status).annotate("loading module '" + path + "'");
  return Status();
}

/// The function named by --function, else the only exported function that
/// is not another function's transients size query.
Expected<sluice_function_t *> selectFunction(const Flags &flags,
                                             sluice_context_t *context) {
  sluice_function_t *f = nullptr;
  if (flags.wasSet("function")) {
    SLUICE_RETURN_IF_ERROR(fromC(sluice_context_lookup_function(
        context, flags.str("function").c_str(), &f)));
    return f;
  }
  size_t count = sluice_function_count(context);
  std::vector<std::string> queries;
  for (size_t i = 0; i < count; ++i)
    if (const char *q = sluice_function_reflection(
            sluice_function_at(context, i), "iree.abi.transients.size"))
      queries.push_back(q);
  std::vector<sluice_function_t *> candidates;
  std::string names;
  for (size_t i = 0; i < count; ++i) {
    sluice_function_t *fn = sluice_function_at(context, i);
    if (std::find(queries.begin(), queries.end(), sluice_function_name(fn)) !=
        queries.end())
      continue;
    candidates.push_back(fn);
    names +=
        (names.empty() ? "" : ", ") + std::string(sluice_function_name(fn));
  }
  if (candidates.size() == 1)
    return candidates[0];
  return makeStatus(StatusCode::InvalidArgument,
                    "module '%s' exports %zu functions; choose one with "
                    "--function (%s)",
                    sluice_module_name(sluice_context_module(context)),
                    candidates.size(), names.c_str());
}

/// What prepareArguments makes beside the arguments, each holding a
/// reference: the coarse-fences signal fence; with --wait_fence_delay_ms,
/// the pending wait fence and the transients storage the tool allocated.
struct CallExtras {
  sluice_fence_t *signal = nullptr;
  sluice_fence_t *wait = nullptr;
  sluice_buffer_t *storage = nullptr;
  ~CallExtras() {
    if (signal)
      sluice_fence_release(signal);
    if (wait)
      sluice_fence_release(wait);
    if (storage)
      sluice_buffer_release(storage);
  }
};

/// The byte every byte of the tool's storage starts as with
/// --wait_fence_delay_ms, to see which bytes the call wrote.
constexpr uint8_t kStoragePattern = 0xA5;

/// Builds the argument list of `f` from the inputs: checks, parses, inserts
/// transient storage and the coarse-fences fences.
Status prepareArguments(const Flags &flags, Session &session,
                        sluice_function_t *f, std::vector<InputValue> &args,
                        CallExtras &extras) {
  bool delayedWait = !flags.str("wait_fence_delay_ms").empty();
  const char *name = sluice_function_name(f);
  size_t argCount = sluice_function_argument_count(f);
  const char *model = sluice_function_reflection(f, "iree.abi.model");
  bool coarse = model && !std::strcmp(model, "coarse-fences");
  size_t fenceCount = coarse ? 2 : 0;
  if (argCount < fenceCount)
    return makeStatus(StatusCode::FailedPrecondition,
                      "coarse-fences function '%s' does not end with (wait, "
                      "signal) fence arguments",
                      name);
  size_t userArgs = argCount - fenceCount;
  std::vector<uint32_t> storage = runtime::module::parseIndexList(
      sluice_function_reflection(f, "iree.abi.transients.args"));
  const std::vector<std::string> &inputs = flags.list("input");
  const std::string &transients = flags.str("transients");
  std::optional<uint64_t> fixedBytes;
  if (transients != "auto" && transients != "none") {
    Expected<int64_t> bytes = flags.integer("transients", 0, INT64_MAX);
    if (!bytes)
      return makeStatus(StatusCode::InvalidArgument,
                        "--transients= expects auto, none or a byte count "
                        "(got '%s')",
                        transients.c_str());
    fixedBytes = (uint64_t)*bytes;
  }
  bool insertStorage =
      !storage.empty() && inputs.size() + storage.size() == userArgs;
  size_t expected = storage.empty() ? userArgs : userArgs - storage.size();
  if (inputs.size() != userArgs && !insertStorage)
    return makeStatus(StatusCode::InvalidArgument,
                      "function '%s' expects %zu inputs but %zu were given",
                      name, expected, inputs.size());
  sluice_device_t *device = sluice_runtime_device(session.runtime);
  args.clear();
  args.resize(argCount);
  size_t next = 0;
  for (size_t i = 0; i < userArgs; ++i) {
    bool isStorage = insertStorage && std::find(storage.begin(), storage.end(),
                                                i) != storage.end();
    char kind = sluice_function_argument_kind(f, i);
    if (isStorage) {
      args[i].isReference = true;
      continue;
    }
    const std::string &text = inputs[next++];
    bool isReference = kind == 'r';
    bool textIsReference = looksLikeReference(text) ||
                           (isReference && text.find('=') != std::string::npos);
    if (textIsReference != isReference)
      return makeStatus(
          StatusCode::InvalidArgument,
          "input %zu is a %s but argument %zu of '%s' expects a %s", next - 1,
          textIsReference ? "tensor" : "scalar", i, name,
          isReference ? "reference" : "scalar");
    Expected<InputValue> value = parseInput(device, text, kind);
    if (!value)
      return std::move(value.takeStatus())
          .annotate("parsing input `" + text + "`");
    args[i] = std::move(*value);
  }
  for (size_t i = userArgs; i < argCount; ++i)
    args[i].isReference = true;
  if (insertStorage && transients != "none") {
    uint64_t bytes = 0;
    if (fixedBytes) {
      bytes = *fixedBytes;
    } else {
      std::vector<sluice_value_t> values;
      for (InputValue &v : args)
        values.push_back(v.value);
      SLUICE_RETURN_IF_ERROR(fromC(sluice_function_transients_size(
          f, values.data(), values.size(), &bytes)));
    }
    Expected<int64_t> offset =
        flags.integer("transients_offset", 0, INT64_MAX - (int64_t)bytes);
    if (!offset)
      return makeStatus(StatusCode::InvalidArgument,
                        "--transients_offset= expects a byte offset (got "
                        "'%s')",
                        flags.str("transients_offset").c_str());
    sluice_buffer_t *buffer = nullptr;
    uint64_t total = bytes + (uint64_t)*offset;
    // --wait_fence_delay_ms looks at the storage's bytes: mappable then.
    uint32_t usage =
        kTransfer | kDispatchStorage | (delayedWait ? kMappingScoped : 0);
    // The storage's base must be aligned to iree.abi.transients.alignment
    // (§9.9, §9.10): the runtime's allocations are 64-byte aligned, so a
    // larger alignment takes host memory aligned to it, imported.
    uint64_t alignment = 1;
    if (const char *text =
            sluice_function_reflection(f, "iree.abi.transients.alignment"))
      alignment = std::strtoull(text, nullptr, 10);
    constexpr uint64_t kImportAlignment = 64;
    constexpr uint64_t kPage = 4096;
    bool hostBase = !flags.str("transients_host_base").empty();
    if (hostBase || alignment > kImportAlignment) {
      Expected<int64_t> base =
          hostBase ? flags.integer("transients_host_base", 0, kPage - 1)
                   : Expected<int64_t>(0);
      if (!base)
        return makeStatus(StatusCode::InvalidArgument,
                          "--transients_host_base= expects a byte offset "
                          "below 4096 (got '%s')",
                          flags.str("transients_host_base").c_str());
      // A power of two at least the page and the alignment.
      uint64_t block = kPage;
      while (block < alignment && block < (1ull << 40))
        block <<= 1;
      uint64_t span = (uint64_t)*base + total;
      void *host = std::aligned_alloc(
          block, std::max<uint64_t>(block, (span + block - 1) / block * block));
      if (!host)
        return Status(StatusCode::ResourceExhausted,
                      "cannot allocate the transients host storage");
      // The release callback frees the memory, also when the import fails.
      SLUICE_RETURN_IF_ERROR(fromC(sluice_buffer_import_host(
          device, static_cast<uint8_t *>(host) + *base, total, kDeviceLocal,
          usage, [](void *p) { std::free(p); }, host, &buffer)));
    } else {
      SLUICE_RETURN_IF_ERROR(fromC(
          sluice_buffer_allocate(device, kDeviceLocal, usage, total, &buffer)));
    }
    if (*offset) {
      sluice_buffer_t *span = nullptr;
      sluice_status_t status =
          sluice_buffer_subspan(buffer, (uint64_t)*offset, bytes, &span);
      sluice_buffer_release(buffer);
      SLUICE_RETURN_IF_ERROR(fromC(status));
      buffer = span;
    }
    for (uint32_t index : storage) {
      if (index >= userArgs)
        continue;
      sluice_buffer_retain(buffer);
      args[index].value.ref = buffer;
    }
    if (delayedWait && bytes) {
      void *data = nullptr;
      sluice_status_t mapped = sluice_buffer_map(buffer, 2, 0, bytes, &data);
      if (mapped) {
        sluice_buffer_release(buffer);
        return fromC(mapped);
      }
      std::memset(data, kStoragePattern, bytes);
      extras.storage = buffer;
    } else {
      sluice_buffer_release(buffer);
    }
  }
  if (delayedWait && !coarse)
    return makeStatus(StatusCode::InvalidArgument,
                      "--wait_fence_delay_ms needs a coarse-fences function; "
                      "'%s' is not one",
                      name);
  if (coarse) {
    // A signal fence needs a timepoint of its own: an empty fence
    // (sluice_fence_create) counts as reached at once.
    SLUICE_RETURN_IF_ERROR(fromC(sluice_fence_create_pending(&extras.signal)));
    sluice_fence_retain(extras.signal);
    args[argCount - 1].value.ref = extras.signal;
    if (delayedWait) {
      SLUICE_RETURN_IF_ERROR(fromC(sluice_fence_create_pending(&extras.wait)));
      sluice_fence_retain(extras.wait);
      args[argCount - 2].value.ref = extras.wait;
    }
  }
  return Status();
}

/// The bytes of the tool's storage that are no longer kStoragePattern.
Expected<uint64_t> writtenStorageBytes(sluice_buffer_t *storage) {
  uint64_t length = sluice_buffer_length(storage);
  void *data = nullptr;
  SLUICE_RETURN_IF_ERROR(
      fromC(sluice_buffer_map(storage, 1, 0, length, &data)));
  const uint8_t *bytes = static_cast<const uint8_t *>(data);
  return (uint64_t)std::count_if(
      bytes, bytes + length, [](uint8_t b) { return b != kStoragePattern; });
}

Status setArguments(sluice_call_t *call, sluice_function_t *f,
                    std::vector<InputValue> &args) {
  for (size_t i = 0; i < args.size(); ++i) {
    if (sluice_function_argument_kind(f, i) != 'r') {
      SLUICE_RETURN_IF_ERROR(
          fromC(sluice_call_set_value(call, i, args[i].value)));
      continue;
    }
    // The call retains references itself; the header tells their kind.
    void *ref = args[i].value.ref;
    uint32_t type = ref ? static_cast<sluice_ref_header_t *>(ref)->type : 0;
    sluice_status_t status;
    if (type == SLUICE_REF_TYPE_BUFFER_VIEW)
      status = sluice_call_set_buffer_view(
          call, i, static_cast<sluice_buffer_view_t *>(ref));
    else if (type == SLUICE_REF_TYPE_FENCE)
      status =
          sluice_call_set_fence(call, i, static_cast<sluice_fence_t *>(ref));
    else
      status =
          sluice_call_set_buffer(call, i, static_cast<sluice_buffer_t *>(ref));
    SLUICE_RETURN_IF_ERROR(fromC(status));
  }
  return Status();
}

double nowMicros() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

/// One timed call. A coarse-fences function (`signalIndex` is its signal
/// fence argument) gets a fresh signal fence per call, created outside the
/// timed region; the time runs from the invocation until that fence is
/// reached, so it covers the asynchronous work as well.
Expected<double> timedCall(sluice_call_t *call, sluice_device_t *device,
                           std::optional<size_t> signalIndex) {
  sluice_fence_t *fence = nullptr;
  if (signalIndex) {
    SLUICE_RETURN_IF_ERROR(fromC(sluice_fence_create_pending(&fence)));
    Status set = fromC(sluice_call_set_fence(call, *signalIndex, fence));
    if (!set.isOk()) {
      sluice_fence_release(fence);
      return set;
    }
  }
  double start = nowMicros();
  Status status = fromC(sluice_call_invoke(call));
  if (status.isOk() && fence)
    status = fromC(sluice_device_await(device, -1, 1, &fence));
  double end = nowMicros();
  if (fence)
    sluice_fence_release(fence);
  if (!status.isOk())
    return status;
  return end - start;
}

Status runBenchmark(sluice_call_t *call, sluice_device_t *device,
                    const char *name, int64_t calls, int64_t warmup,
                    std::optional<size_t> signalIndex) {
  for (int64_t i = 0; i < warmup; ++i) {
    Expected<double> t = timedCall(call, device, signalIndex);
    if (!t)
      return t.takeStatus();
  }
  std::vector<double> samples;
  samples.reserve(calls);
  for (int64_t i = 0; i < calls; ++i) {
    Expected<double> t = timedCall(call, device, signalIndex);
    if (!t)
      return t.takeStatus();
    samples.push_back(*t);
  }
  std::sort(samples.begin(), samples.end());
  double sum = 0;
  for (double s : samples)
    sum += s;
  auto at = [&](double q) {
    size_t index = (size_t)(q * (samples.size() - 1) + 0.5);
    return samples[std::min(index, samples.size() - 1)];
  };
  std::printf("BENCHMARK @%s calls=%lld warmup=%lld\n", name, (long long)calls,
              (long long)warmup);
  std::printf("latency_us min=%.3f p50=%.3f mean=%.3f p90=%.3f max=%.3f\n",
              samples.front(), at(0.5), sum / samples.size(), at(0.9),
              samples.back());
  std::fflush(stdout);
  return Status();
}

Status printStatistics(Session &session) {
  sluice_device_statistics_t s{};
  SLUICE_RETURN_IF_ERROR(fromC(sluice_device_query_statistics(
      sluice_runtime_device(session.runtime), &s)));
  std::fprintf(stderr,
               "[statistics] allocations=%llu bytes_allocated=%llu "
               "bytes_peak=%llu\n",
               (unsigned long long)s.allocations,
               (unsigned long long)s.bytes_allocated,
               (unsigned long long)s.bytes_peak);
  std::fprintf(stderr,
               "[statistics] submissions=%llu inline_runs=%llu waves=%llu "
               "fanouts=%llu worker_wakes=%llu\n",
               (unsigned long long)s.submissions,
               (unsigned long long)s.inline_runs, (unsigned long long)s.waves,
               (unsigned long long)s.fanouts,
               (unsigned long long)s.worker_wakes);
  for (auto &[scope, provider] : session.providers) {
    sluice_io_parameter_statistics_t p{};
    SLUICE_RETURN_IF_ERROR(
        fromC(sluice_io_parameter_provider_query_statistics(provider, &p)));
    std::fprintf(
        stderr,
        "[statistics] parameters scope='%s' bytes_read=%llu "
        "bytes_written=%llu operations=%llu zero_copy_hits=%llu "
        "cache_hits=%llu bytes_verified=%llu "
        "verify_failures=%llu\n",
        scope.c_str(), (unsigned long long)p.bytes_read,
        (unsigned long long)p.bytes_written, (unsigned long long)p.operations,
        (unsigned long long)p.zero_copy_hits, (unsigned long long)p.cache_hits,
        (unsigned long long)p.bytes_verified,
        (unsigned long long)p.verify_failures);
  }
  return Status();
}

/// Exit status 0, or 1 when expected outputs did not match.
Expected<int> runTool(const Flags &flags) {
  if (flags.str("module").empty())
    return Status(StatusCode::InvalidArgument,
                  "--module= is required (a .so made by sluice-compile or a "
                  ".mlir file)");
  sluice_runtime_options_t options{};
  SLUICE_RETURN_IF_ERROR(
      flags.integerInto("worker_threads", -1, 4096, options.worker_threads));
  SLUICE_RETURN_IF_ERROR(flags.integerInto("worker_spin_us", 0, UINT32_MAX,
                                           options.worker_spin_us));
  SLUICE_RETURN_IF_ERROR(flags.integerInto("inline_threshold_ns", 0, UINT32_MAX,
                                           options.inline_threshold_ns));
  // The O_DIRECT staging ring belongs to the device's I/O engine: one bound
  // for every provider of the run (parameter-runtime.md §7.2).
  SLUICE_RETURN_IF_ERROR(flags.integerInto(
      "parameter_staging_bytes", 4096, INT64_MAX, options.io_staging_bytes));
  size_t maxElements = 0;
  int64_t benchmark = 0, warmup = 0;
  SLUICE_RETURN_IF_ERROR(
      flags.integerInto("output_max_element_count", 0, INT64_MAX, maxElements));
  SLUICE_RETURN_IF_ERROR(
      flags.integerInto("benchmark", 0, INT64_MAX, benchmark));
  SLUICE_RETURN_IF_ERROR(
      flags.integerInto("benchmark_warmup", 0, INT64_MAX, warmup));
  int64_t waitDelayMs = 0;
  if (!flags.str("wait_fence_delay_ms").empty())
    SLUICE_RETURN_IF_ERROR(
        flags.integerInto("wait_fence_delay_ms", 0, 3600000, waitDelayMs));

  Session session;
  SLUICE_RETURN_IF_ERROR(
      fromC(sluice_runtime_create(&options, &session.runtime)));
  SLUICE_RETURN_IF_ERROR(openParameters(flags, session));
  SLUICE_RETURN_IF_ERROR(loadModule(flags, session));
  sluice_context_options_t contextOptions{};
  contextOptions.parameters = session.parameters;
  SLUICE_RETURN_IF_ERROR(fromC(sluice_context_create(
      session.module, &contextOptions, &session.context)));
  Expected<sluice_function_t *> function =
      selectFunction(flags, session.context);
  if (!function)
    return function.takeStatus();
  sluice_function_t *f = *function;
  const char *name = sluice_function_name(f);
  std::string invoking = formatString("invoking function '%s'", name);

  std::vector<InputValue> args;
  CallExtras extras;
  SLUICE_RETURN_IF_ERROR(prepareArguments(flags, session, f, args, extras));
  sluice_fence_t *signal = extras.signal;
  Status status = fromC(sluice_call_create(f, &session.call));
  if (status.isOk())
    status = setArguments(session.call, f, args);
  args.clear();
  std::printf("EXEC @%s\n", name);
  std::fflush(stdout);
  // --wait_fence_delay_ms: another thread signals the pending wait fence
  // after the delay; just before, it records whether the work already
  // signalled the signal fence or wrote the tool's storage (it must not
  // have: the work waits on the wait fence).
  std::atomic<bool> waitSignalled{false};
  int signalReachedEarly = 0;
  uint64_t writtenEarly = 0;
  Status early;
  std::thread signaller;
  if (status.isOk() && extras.wait)
    signaller = std::thread([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(waitDelayMs));
      early = fromC(sluice_fence_query(extras.signal, &signalReachedEarly));
      if (early.isOk() && extras.storage) {
        Expected<uint64_t> written = writtenStorageBytes(extras.storage);
        if (written)
          writtenEarly = *written;
        else
          early = written.takeStatus();
      }
      waitSignalled.store(true);
      Status signalled = fromC(sluice_fence_signal(extras.wait));
      if (early.isOk())
        early = std::move(signalled);
    });
  if (status.isOk())
    status = fromC(sluice_call_invoke(session.call));
  bool returnedBeforeWait = !waitSignalled.load();
  if (status.isOk() && signal)
    status = fromC(sluice_device_await(sluice_runtime_device(session.runtime),
                                       -1, 1, &signal));
  if (signaller.joinable())
    signaller.join();
  if (status.isOk())
    status = std::move(early);
  if (!status.isOk()) {
    return std::move(status).annotate(invoking);
  }
  if (extras.wait) {
    std::printf("wait fence: signalled by another thread %lld ms after the "
                "call started\n",
                (long long)waitDelayMs);
    std::printf("call returned before the wait fence was signalled: %s\n",
                returnedBeforeWait ? "yes" : "no");
    std::printf("signal fence when the wait fence was signalled: %s\n",
                signalReachedEarly ? "reached" : "pending");
    if (extras.storage) {
      Expected<uint64_t> written = writtenStorageBytes(extras.storage);
      if (!written)
        return written.takeStatus();
      std::printf("storage bytes written before the wait fence was "
                  "signalled: %llu\n",
                  (unsigned long long)writtenEarly);
      std::printf("storage bytes written by the call: %llu of %llu\n",
                  (unsigned long long)*written,
                  (unsigned long long)sluice_buffer_length(extras.storage));
    }
  }

  // Results: print / write them, then compare.
  size_t resultCount = sluice_call_result_count(session.call);
  const std::vector<std::string> &outputs = flags.list("output");
  const std::vector<std::string> &expected = flags.list("expected_output");
  if (outputs.size() > resultCount || expected.size() > resultCount) {
    return makeStatus(StatusCode::InvalidArgument,
                      "'%s' returns %zu results but %zu --output and %zu "
                      "--expected_output flags were given",
                      name, resultCount, outputs.size(), expected.size());
  }
  for (size_t i = 0; i < resultCount; ++i) {
    sluice_value_t value = sluice_call_result(session.call, i);
    char kind = sluice_function_result_kind(f, i);
    std::string spec = outputs.empty()      ? "-"
                       : i < outputs.size() ? outputs[i]
                                            : "";
    if (spec.empty())
      continue;
    if (spec == "-") {
      Expected<std::string> text = formatResult(value, kind, maxElements);
      if (!text) {
        return text.takeStatus();
      }
      std::printf("result[%zu]: %s\n", i, text->c_str());
      continue;
    }
    Status written = writeOutput(spec, value, kind);
    if (!written.isOk()) {
      return written;
    }
  }
  int exitCode = 0;
  if (!expected.empty()) {
    std::vector<std::string> failures;
    for (size_t i = 0; i < expected.size(); ++i) {
      Expected<std::vector<std::string>> lines =
          compareResult(sluice_runtime_device(session.runtime), i,
                        sluice_call_result(session.call, i),
                        sluice_function_result_kind(f, i), expected[i]);
      if (!lines) {
        return lines.takeStatus();
      }
      failures.insert(failures.end(), lines->begin(), lines->end());
    }
    if (failures.empty()) {
      std::printf("[SUCCESS] all function outputs matched their expected "
                  "values.\n");
    } else {
      for (const std::string &line : failures)
        std::printf("%s\n", line.c_str());
      exitCode = 1;
    }
  }
  std::fflush(stdout);
  if (benchmark > 0) {
    std::optional<size_t> signalIndex;
    if (signal)
      signalIndex = sluice_function_argument_count(f) - 1;
    Status bench =
        runBenchmark(session.call, sluice_runtime_device(session.runtime), name,
                     benchmark, warmup, signalIndex);
    if (!bench.isOk()) {
      return std::move(bench).annotate(invoking);
    }
  }
  // Written parameter files reach the disk before sluice-run exits
  // (parameter-runtime.md §9).
  if (flags.str("parameter_access") == "read_write" &&
      flags.boolean("parameter_flush_on_exit"))
    for (auto &[scope, provider] : session.providers)
      SLUICE_RETURN_IF_ERROR(
          fromC(sluice_io_parameter_provider_flush(provider)));
  if (flags.boolean("print_statistics"))
    SLUICE_RETURN_IF_ERROR(printStatistics(session));
  return exitCode;
}

} // namespace

int main(int argc, char **argv) {
  Flags flags;
  declareFlags(flags);
  std::vector<std::string_view> args(argv + 1, argv + argc);
  for (std::string_view arg : args)
    if (arg == "--help" || arg == "-h") {
      std::printf("%s%s", kUsage, flags.help().c_str());
      return 0;
    }
  Status status = flags.parse(args);
  if (status.isOk() && !flags.positional().empty())
    status = makeStatus(StatusCode::InvalidArgument,
                        "unexpected positional argument '%s'; the module is "
                        "given with --module=<file>",
                        flags.positional()[0].c_str());
  if (!status.isOk()) {
    std::fprintf(stderr, "Error: %s\n", status.toString().c_str());
    return 1;
  }
  Expected<int> exitCode = runTool(flags);
  std::fflush(stdout);
  if (!exitCode) {
    std::fprintf(stderr, "Error: %s\n", exitCode.status().toString().c_str());
    return 1;
  }
  return *exitCode;
}
