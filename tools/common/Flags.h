//===- Flags.h - IREE-style --flag=value parsing for the Sluice tools -----===//
#ifndef SLUICE_TOOLS_COMMON_FLAGS_H
#define SLUICE_TOOLS_COMMON_FLAGS_H

#include "sluice/Runtime/Status.h"

#include <initializer_list>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sluice::tools {

/// Flags are `--name=value`; boolean flags may also be written `--name`
/// (and `--name=true|false`). Names are matched exactly as declared, so
/// runtime flags spelled with underscores do not accept dashes. List flags
/// may repeat. Positional arguments are collected separately.
///
/// `--flagfile=FILE` (every command) reads more flags from FILE at that point
/// of the command line, as the reference's flag parser does: one flag per
/// line, each line trimmed of surrounding whitespace, blank lines and lines
/// starting with `#` or `//` ignored, every other line must start with `--`
/// and is parsed exactly like a command-line argument (the value is the rest
/// of the line after the first `=`, taken verbatim: no quoting). Flag files
/// may repeat and nest; relative paths are relative to the working
/// directory. Sluice rejects cycles and nesting deeper than 32 files (the
/// reference recurses until it crashes).
class Flags {
public:
  void declareString(const std::string &name, std::string defaultValue,
                     std::string help);
  void declareBool(const std::string &name, std::string help,
                   bool defaultValue = false);
  void declareList(const std::string &name, std::string help);

  runtime::Status parse(const std::vector<std::string_view> &args);

  const std::string &str(const std::string &name) const;
  bool boolean(const std::string &name) const;
  const std::vector<std::string> &list(const std::string &name) const;
  bool wasSet(const std::string &name) const;

  /// Typed access. `integer`: the value of `name` in [min, max], else
  /// INVALID_ARGUMENT «--<name>= expects an integer in [<min>, <max>] (got
  /// '<v>')». `choice`: the index of the value in `choices`, else
  /// INVALID_ARGUMENT «unrecognized --<name>= value '<v>'», followed by
  /// « (expected a, b or c)» when `listChoices`.
  runtime::Expected<int64_t> integer(const std::string &name, int64_t min,
                                     int64_t max) const;
  runtime::Expected<size_t>
  choice(const std::string &name,
         std::initializer_list<std::string_view> choices,
         bool listChoices = true) const;
  /// `integer` / `choice` stored into `out` (converted to its type); `out`
  /// is unchanged on error.
  template <typename T>
  runtime::Status integerInto(const std::string &name, int64_t min, int64_t max,
                              T &out) const {
    runtime::Expected<int64_t> v = integer(name, min, max);
    if (!v)
      return v.takeStatus();
    out = static_cast<T>(*v);
    return runtime::Status();
  }
  template <typename T>
  runtime::Status choiceInto(const std::string &name,
                             std::initializer_list<std::string_view> choices,
                             T &out, bool listChoices = true) const {
    runtime::Expected<size_t> v = choice(name, choices, listChoices);
    if (!v)
      return v.takeStatus();
    out = static_cast<T>(*v);
    return runtime::Status();
  }
  const std::vector<std::string> &positional() const { return positional_; }

  std::string help() const;

private:
  runtime::Status parseArgument(std::string_view arg,
                                std::vector<std::string> &fileStack);
  runtime::Status parseFlagFile(const std::string &path,
                                std::vector<std::string> &fileStack);
  enum class Kind { String, Bool, List };
  struct Flag {
    Kind kind;
    std::string help;
    std::string value;
    bool set = false;
    std::vector<std::string> values;
  };
  std::map<std::string, Flag> flags_;
  std::vector<std::string> order_;
  std::vector<std::string> positional_;
};

} // namespace sluice::tools

namespace sluice::params {
using tools::Flags;
} // namespace sluice::params

#endif // SLUICE_TOOLS_COMMON_FLAGS_H
