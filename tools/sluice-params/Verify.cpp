//===- Verify.cpp - `sluice-params verify`
//----------------------------------===//
//
// Sluice addition: parses every --parameters file (all bounds are checked
// by the parsers), re-checks every entry's range against its file, and
// verifies every checksum. Each bad entry is reported on its own line:
//
//   BAD <file> entry <i> `<key>`: <STATUS>; <message>
//
// followed by a summary line on stdout:
//
//   verified <N> entries in <F> files: <C> checksummed, <B> bad
//
// Exit code 0 when nothing is bad, 1 otherwise.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "sluice/Runtime/Archive/Verify.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace sluice::params {

using namespace archive;
using ull = unsigned long long;

int runVerify(const std::vector<std::string_view> &args) {
  Flags flags;
  declareParameterFlags(flags);
  flags.declareBool("quiet",
                    "print only bad entries and failures (no summary, and no "
                    "progress unless --progress=always)");
  declareProgressFlag(flags);
  flags.declareString(
      "parameter_max_concurrency", "",
      "verification threads (default: hardware threads, at most 16)");
  flags.declareBool("help", "print this help");
  Status status = flags.parse(args);
  if (!status.isOk()) {
    printError(status);
    return 1;
  }
  if (flags.boolean("help")) {
    std::printf(
        "Usage: sluice-params verify --parameters=[scope=]file.ext ...\n\n%s",
        flags.help().c_str());
    return 0;
  }
  std::vector<std::string> paths = flags.list("parameters");
  for (const std::string &p : flags.positional())
    paths.push_back(p); // convenience: `verify file.irpa`
  if (paths.empty()) {
    std::fprintf(stderr, "Error: no parameter files given.\n");
    std::fprintf(stderr,
                 "Use one or more --parameters=file.ext flags to specify "
                 "parameter files.\n");
    return 1;
  }
  auto options = parseOptionsFromFlags(flags);
  if (!options) {
    printError(options.status());
    return 1;
  }
  const bool quiet = flags.boolean("quiet");
  auto progressMode = progressModeFromFlags(flags, quiet);
  if (!progressMode) {
    printError(progressMode.status());
    return 1;
  }
  unsigned threads =
      std::max(1u, std::min(16u, std::thread::hardware_concurrency()));
  if (!flags.str("parameter_max_concurrency").empty()) {
    char *end = nullptr;
    unsigned long v =
        std::strtoul(flags.str("parameter_max_concurrency").c_str(), &end, 10);
    if (*end || v < 1 || v > 256) {
      printError(
          makeStatus(StatusCode::InvalidArgument,
                     "--parameter_max_concurrency= must be between 1 and 256"));
      return 1;
    }
    threads = (unsigned)v;
  }

  uint64_t entries = 0, checksummed = 0, bad = 0, files = 0;
  int exitCode = 0;
  for (const std::string &value : paths) {
    ParametersFlag flag = parseParametersFlag(value);
    ++files;
    auto parsed = parseParameterFile(flag.path, *options);
    if (!parsed) {
      std::printf("BAD %s: %s\n", flag.path.c_str(),
                  parsed.status().toString().c_str());
      exitCode = 1;
      ++bad;
      continue;
    }
    printWarnings(parsed->warnings);
    uint64_t total = 0;
    for (const ParameterEntry &e : parsed->entries)
      if (e.hasChecksum())
        total += e.length();
    Progress progress("verify " + flag.path, total, *progressMode);
    std::mutex progressMutex;
    VerifyOptions verifyOptions;
    verifyOptions.progress = [&](uint64_t n) {
      std::lock_guard<std::mutex> lock(progressMutex);
      progress.add(n);
    };
    std::vector<const ParameterEntry *> list;
    for (const ParameterEntry &e : parsed->entries)
      list.push_back(&e);
    std::vector<Status> results =
        verifyEntries(list, flag.scope, threads, verifyOptions);
    progress.finish();
    for (size_t i = 0; i < list.size(); ++i) {
      const ParameterEntry &e = *list[i];
      ++entries;
      if (e.hasChecksum())
        ++checksummed;
      if (!results[i].isOk()) {
        std::printf("BAD %s entry %llu `%.*s`: %s\n", flag.path.c_str(),
                    (ull)e.sourceEntryIndex(), (int)e.key().size(),
                    e.key().data(), results[i].toString().c_str());
        ++bad;
        exitCode = 1;
      }
    }
  }
  if (!quiet)
    std::printf(
        "verified %llu entries in %llu files: %llu checksummed, %llu bad\n",
        (ull)entries, (ull)files, (ull)checksummed, (ull)bad);
  return exitCode;
}

} // namespace sluice::params
