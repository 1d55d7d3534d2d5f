//===- Common.h - Shared helpers of the sluice-params subcommands
//-----------===//
#ifndef SLUICE_TOOLS_SLUICE_PARAMS_COMMON_H
#define SLUICE_TOOLS_SLUICE_PARAMS_COMMON_H

#include "Flags.h"

#include "sluice/Runtime/Archive/IrpaWriter.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <string_view>

namespace sluice::params {

using runtime::Expected;
using runtime::formatString;
using runtime::makeStatus;
using runtime::Status;
using runtime::StatusCode;
namespace archive = runtime::archive;

/// Prints a failed status to stderr as the reference tools do.
void printError(const Status &status);
/// Prints index diagnostics to stderr as warnings.
void printWarnings(const std::vector<std::string> &warnings);

/// --parameters, --parameter_mode and the Sluice parsing flags.
void declareParameterFlags(Flags &flags);
Expected<archive::ParseOptions> parseOptionsFromFlags(const Flags &flags);
/// Loads every --parameters flag into `scopes`.
Status loadParameterFlags(const Flags &flags,
                          const archive::ParseOptions &options,
                          archive::ParameterScopes &scopes);

/// --checksum, --checksum_chunk, --external-encoding.
void declareWriterFlags(Flags &flags);
Status writerOptionsFromFlags(const Flags &flags,
                              archive::WriterOptions &options);

/// The index dump of parameter-runtime.md §2.5 for one scope.
std::string formatIndexDump(std::string_view scope,
                            const archive::ParameterIndex &index);
/// `--verbose` details appended after a scope's block.
std::string formatVerboseDetails(const archive::ParameterScopes::Scope &scope);

/// Writes raw bytes to stdout.
void writeStdout(std::string_view text);

/// A one-line progress bar on stderr, shown only when stderr is a terminal
/// (and the caller did not ask for --quiet).
class Progress {
public:
  Progress(std::string label, uint64_t total, bool allowed);
  ~Progress();
  void set(uint64_t done);
  void add(uint64_t delta) { set(done_ + delta); }
  void finish();

private:
  void draw();
  std::string label_;
  uint64_t total_;
  uint64_t done_ = 0;
  bool enabled_;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point last_;
};

/// Writes `builder` to `output` (with a progress bar labelled `label` unless
/// `quiet`), then, unless `quiet`, prints the written archive's index the way
/// `dump` does, re-reading it with `reparse`.
Status writeArchiveAndDump(const archive::IrpaBuilder &builder,
                           const std::string &output,
                           archive::WriterOptions options, bool quiet,
                           std::string_view label,
                           const archive::ParseOptions &reparse);

/// Writes `size` bytes produced by `fill(offset, buffer, n)` to `path`
/// atomically (temporary file + rename).
Status writeFileAtomically(
    const std::string &path, uint64_t size,
    const std::function<Status(uint64_t, char *, uint64_t)> &fill);

int runCreate(const std::vector<std::string_view> &args);
int runDump(const std::vector<std::string_view> &args);
int runConvert(const std::vector<std::string_view> &args);
int runVerify(const std::vector<std::string_view> &args);

} // namespace sluice::params

#endif // SLUICE_TOOLS_SLUICE_PARAMS_COMMON_H
