//===- Flags.cpp - IREE-style --flag=value parsing for the Sluice tools ---===//

#include "Flags.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sluice::tools {

using namespace sluice::runtime;

void Flags::declareString(const std::string &name, std::string defaultValue,
                          std::string help) {
  flags_[name] =
      Flag{Kind::String, std::move(help), std::move(defaultValue), false, {}};
  order_.push_back(name);
}
void Flags::declareBool(const std::string &name, std::string help,
                        bool defaultValue) {
  flags_[name] = Flag{
      Kind::Bool, std::move(help), defaultValue ? "true" : "false", false, {}};
  order_.push_back(name);
}
void Flags::declareList(const std::string &name, std::string help) {
  flags_[name] = Flag{Kind::List, std::move(help), "", false, {}};
  order_.push_back(name);
}

Expected<int64_t> Flags::integer(const std::string &name, int64_t min,
                                 int64_t max) const {
  const std::string &text = str(name);
  char *end = nullptr;
  errno = 0;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end || errno == ERANGE || v < min || v > max)
    return makeStatus(StatusCode::InvalidArgument,
                      "--%s= expects an integer in [%lld, %lld] (got '%s')",
                      name.c_str(), (long long)min, (long long)max,
                      text.c_str());
  return (int64_t)v;
}

Expected<size_t> Flags::choice(const std::string &name,
                               std::initializer_list<std::string_view> choices,
                               bool listChoices) const {
  const std::string &text = str(name);
  size_t index = 0;
  for (std::string_view c : choices) {
    if (text == c)
      return index;
    ++index;
  }
  std::string message = "unrecognized --" + name + "= value '" + text + "'";
  if (listChoices) {
    message += " (expected ";
    index = 0;
    for (std::string_view c : choices) {
      if (index)
        message += index + 1 == choices.size() ? " or " : ", ";
      message += c;
      ++index;
    }
    message += ")";
  }
  return Status(StatusCode::InvalidArgument, message);
}

Status Flags::parse(const std::vector<std::string_view> &args) {
  std::vector<std::string> fileStack;
  for (std::string_view arg : args)
    SLUICE_RETURN_IF_ERROR(parseArgument(arg, fileStack));
  return Status();
}

static constexpr size_t kMaxFlagFileDepth = 32;

Status Flags::parseFlagFile(const std::string &path,
                            std::vector<std::string> &fileStack) {
  if (path.empty())
    return makeStatus(StatusCode::InvalidArgument,
                      "flag '--flagfile' requires a file path");
  // Cycles are detected on the resolved path, so `a` including `./a` is
  // caught as well.
  char *real = ::realpath(path.c_str(), nullptr);
  std::string identity = real ? std::string(real) : path;
  std::free(real);
  for (const std::string &open : fileStack)
    if (open == identity)
      return makeStatus(StatusCode::InvalidArgument,
                        "flag file '%s' includes itself (directly or through "
                        "other flag files)",
                        path.c_str());
  if (fileStack.size() >= kMaxFlagFileDepth)
    return makeStatus(StatusCode::InvalidArgument,
                      "flag files nest deeper than %zu levels at '%s'",
                      kMaxFlagFileDepth, path.c_str());
  std::string contents;
  {
    FILE *file = std::fopen(path.c_str(), "rb");
    if (!file)
      return makeStatus(
          errno == ENOENT ? StatusCode::NotFound : StatusCode::PermissionDenied,
          "cannot open flag file '%s': %s", path.c_str(), std::strerror(errno));
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof(buffer), file)) > 0)
      contents.append(buffer, n);
    bool failed = std::ferror(file);
    std::fclose(file);
    if (failed)
      return makeStatus(StatusCode::DataLoss, "reading flag file '%s' failed",
                        path.c_str());
  }
  fileStack.push_back(identity);
  std::string_view rest = contents;
  size_t lineNumber = 0;
  while (!rest.empty()) {
    size_t newline = rest.find('\n');
    std::string_view line = rest.substr(0, newline);
    rest = newline == std::string_view::npos ? std::string_view()
                                             : rest.substr(newline + 1);
    ++lineNumber;
    auto isSpace = [](char c) {
      return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
    };
    while (!line.empty() && isSpace(line.front()))
      line.remove_prefix(1);
    while (!line.empty() && isSpace(line.back()))
      line.remove_suffix(1);
    if (line.empty() || line.substr(0, 1) == "#" || line.substr(0, 2) == "//")
      continue;
    Status status;
    if (line.substr(0, 2) != "--" || line.size() < 3)
      status =
          makeStatus(StatusCode::InvalidArgument,
                     "expected a flag starting with '--' (positional "
                     "arguments are not allowed in flag files), got '%.*s'",
                     (int)line.size(), line.data());
    else
      status = parseArgument(line, fileStack);
    if (!status.isOk())
      return std::move(status).annotate(
          formatString("in flag file '%s' line %zu", path.c_str(), lineNumber));
  }
  fileStack.pop_back();
  return Status();
}

Status Flags::parseArgument(std::string_view arg,
                            std::vector<std::string> &fileStack) {
  if (arg.size() < 3 || arg.substr(0, 2) != "--") {
    positional_.emplace_back(arg);
    return Status();
  }
  std::string_view body = arg.substr(2);
  size_t eq = body.find('=');
  std::string name(body.substr(0, eq));
  std::string value = eq == std::string_view::npos
                          ? std::string()
                          : std::string(body.substr(eq + 1));
  if (name == "flagfile") {
    if (eq == std::string_view::npos)
      return makeStatus(StatusCode::InvalidArgument,
                        "flag '--flagfile' requires a value (--flagfile=FILE)");
    return parseFlagFile(value, fileStack);
  }
  auto it = flags_.find(name);
  if (it == flags_.end())
    return makeStatus(StatusCode::InvalidArgument, "unknown flag '--%s'",
                      name.c_str());
  Flag &flag = it->second;
  switch (flag.kind) {
  case Kind::Bool:
    if (eq == std::string_view::npos || value == "true" || value == "1")
      flag.value = "true";
    else if (value == "false" || value == "0")
      flag.value = "false";
    else
      return makeStatus(StatusCode::InvalidArgument,
                        "flag '--%s' expects true or false (got '%s')",
                        name.c_str(), value.c_str());
    break;
  case Kind::String:
    if (eq == std::string_view::npos)
      return makeStatus(StatusCode::InvalidArgument,
                        "flag '--%s' requires a value (--%s=...)", name.c_str(),
                        name.c_str());
    flag.value = std::move(value);
    break;
  case Kind::List:
    if (eq == std::string_view::npos)
      return makeStatus(StatusCode::InvalidArgument,
                        "flag '--%s' requires a value (--%s=...)", name.c_str(),
                        name.c_str());
    flag.values.push_back(std::move(value));
    break;
  }
  flag.set = true;
  return Status();
}

const std::string &Flags::str(const std::string &name) const {
  return flags_.at(name).value;
}
bool Flags::boolean(const std::string &name) const {
  return flags_.at(name).value == "true";
}
const std::vector<std::string> &Flags::list(const std::string &name) const {
  return flags_.at(name).values;
}
bool Flags::wasSet(const std::string &name) const {
  return flags_.at(name).set;
}

std::string Flags::help() const {
  std::string out;
  for (const std::string &name : order_) {
    const Flag &flag = flags_.at(name);
    out += "  --" + name;
    if (flag.kind != Kind::Bool)
      out += "=...";
    if (flag.kind == Kind::List)
      out += " (repeatable)";
    out += "\n      " + flag.help + "\n";
  }
  out += "  --flagfile=FILE (repeatable)\n      read more flags from FILE, one "
         "per line (blank lines and lines starting with # or // are "
         "ignored); flag files may nest\n";
  return out;
}

} // namespace sluice::tools
