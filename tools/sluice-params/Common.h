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

/// Prints the index dump of parameter-runtime.md §2.5 for one scope to
/// stdout, streaming (rows are formatted into a fixed buffer).
void printIndexDump(std::string_view scope,
                    const archive::ParameterIndex &index);
/// `--verbose` details appended after a scope's block.
std::string formatVerboseDetails(const archive::ParameterScopes::Scope &scope);

/// Writes raw bytes to stdout.
void writeStdout(std::string_view text);

/// --progress=auto|always|never (create, convert, verify).
enum class ProgressMode { Auto, Always, Never };
void declareProgressFlag(Flags &flags);
/// The mode from --progress; with --quiet, `auto` becomes `never` (an
/// explicit --progress=always still shows progress).
Expected<ProgressMode> progressModeFromFlags(const Flags &flags, bool quiet);

/// A progress line on stderr: bytes done / total, percentage, rate and ETA.
///  * auto: only when stderr is a terminal, and only once the work has run
///    for 0.5 s and is predicted to take at least 1 s in total; redrawn in
///    place (\r) at most every 100 ms, and ended with a final line;
///  * always: on a terminal as auto but without the time threshold; when
///    stderr is not a terminal, one line per second and a final line;
///  * never: nothing.
/// Lines: `<label>: <done> / <total> (<p>%), <rate>/s, ETA <t>` and finally
/// `<label>: <total> / <total> (100%), <rate>/s, done in <t>`.
class Progress {
public:
  Progress(std::string label, uint64_t total, ProgressMode mode);
  ~Progress();
  void set(uint64_t done);
  void add(uint64_t delta) { set(done_ + delta); }
  void finish();

  /// One progress line (without line terminators).
  static std::string formatLine(std::string_view label, uint64_t done,
                                uint64_t total, double seconds, bool final);

private:
  void draw(bool final);
  std::string label_;
  uint64_t total_;
  uint64_t done_ = 0;
  ProgressMode mode_;
  bool tty_;
  bool drawn_ = false;
  bool finished_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

/// Writes `builder` to `output` (with a progress line labelled `label` in
/// `progress` mode), then, unless `quiet`, prints the written archive's index
/// the way `dump` does, re-reading it with `reparse`.
Status writeArchiveAndDump(archive::IrpaBuilder builder,
                           const std::string &output,
                           archive::WriterOptions options, bool quiet,
                           ProgressMode progress, std::string_view label,
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
