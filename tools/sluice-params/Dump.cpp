//===- Dump.cpp - `sluice-params dump`
//--------------------------------------===//
//
// parameter-runtime.md §12.3 (iree-dump-parameters): the index dump of
// every scope, --extract (every entry type and mode), plus --verbose and
// --verify.
//
//===----------------------------------------------------------------------===//

#include "Common.h"

#include "sluice/Runtime/Archive/Verify.h"

namespace sluice::params {

using namespace archive;
using ull = unsigned long long;

namespace {

/// `[scope::]key=file.bin`: the identifier splits at the first "::".
Status extract(const ParameterScopes &scopes, const std::string &flag) {
  size_t eq = flag.find('=');
  if (eq == std::string::npos)
    return makeStatus(StatusCode::InvalidArgument,
                      "expected [scope::]key=file.bin");
  std::string identifier = flag.substr(0, eq);
  std::string path = flag.substr(eq + 1);
  std::string scope, key = identifier;
  if (size_t sep = identifier.find("::"); sep != std::string::npos) {
    scope = identifier.substr(0, sep);
    key = identifier.substr(sep + 2);
  }
  auto entry = scopes.lookup(scope, key);
  if (!entry)
    return entry.takeStatus();
  const ParameterEntry &e = **entry;
  std::fprintf(stdout, "Extracting parameter `%s` (%llub) to `%s`...\n",
               identifier.c_str(), (ull)e.length(), path.c_str());
  std::fflush(stdout);
  // Verify checksums first so a corrupt parameter never lands on disk.
  SLUICE_RETURN_IF_ERROR(verifyEntry(e, scope));
  return writeFileAtomically(path, e.length(),
                             [&](uint64_t offset, char *buffer, uint64_t n) {
                               return readEntryBytes(e, offset, buffer, n);
                             });
}

} // namespace

int runDump(const std::vector<std::string_view> &args) {
  Flags flags;
  declareParameterFlags(flags);
  flags.declareList(
      "extract", "[scope::]key=file.bin: write a parameter's bytes to a file");
  flags.declareBool(
      "verbose",
      "also print metadata records, GGUF KVs and safetensors __metadata__");
  flags.declareBool("verify", "verify every checksum; exit 1 on any mismatch");
  flags.declareBool("help", "print this help");
  Status status = flags.parse(args);
  if (!status.isOk()) {
    printError(status);
    return 1;
  }
  if (flags.boolean("help")) {
    std::printf(
        "Usage: sluice-params dump --parameters=[scope=]file.ext ...\n\n"
        "Supported formats: .irpa, .gguf, .safetensors\n\n%s",
        flags.help().c_str());
    return 0;
  }
  if (!flags.positional().empty()) {
    std::fprintf(stderr, "Error: no positional arguments expected.\n");
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
  ParameterScopes scopes;
  status = loadParameterFlags(flags, *options, scopes);
  if (!status.isOk()) {
    printError(status);
    return 1;
  }
  bool verbose = flags.boolean("verbose");
  for (const auto &scope : scopes.scopes()) {
    printIndexDump(scope.name, *scope.index);
    if (verbose)
      writeStdout(formatVerboseDetails(scope));
  }
  std::fflush(stdout);
  int exitCode = 0;
  if (flags.boolean("verify")) {
    for (const auto &scope : scopes.scopes())
      for (const ParameterEntry &entry : *scope.index) {
        Status s = verifyEntry(entry, scope.name);
        if (!s.isOk()) {
          printError(s);
          exitCode = 1;
        }
      }
  }
  for (const std::string &flag : flags.list("extract")) {
    Status s = extract(scopes, flag);
    if (!s.isOk()) {
      printError(std::move(s).annotate(
          formatString("extracting parameter with flag `%s`", flag.c_str())));
      return 1;
    }
  }
  return exitCode;
}

} // namespace sluice::params
