//===- Flags.cpp - IREE-style --flag=value parsing
//--------------------------===//

#include "Flags.h"

namespace sluice::params {

using namespace sluice::runtime;

void Flags::declareString(const std::string &name, std::string defaultValue,
                          std::string help) {
  flags_[name] =
      Flag{Kind::String, std::move(help), std::move(defaultValue), false, {}};
  order_.push_back(name);
}
void Flags::declareBool(const std::string &name, std::string help) {
  flags_[name] = Flag{Kind::Bool, std::move(help), "false", false, {}};
  order_.push_back(name);
}
void Flags::declareList(const std::string &name, std::string help) {
  flags_[name] = Flag{Kind::List, std::move(help), "", false, {}};
  order_.push_back(name);
}

Status Flags::parse(const std::vector<std::string_view> &args) {
  for (std::string_view arg : args) {
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      positional_.emplace_back(arg);
      continue;
    }
    std::string_view body = arg.substr(2);
    size_t eq = body.find('=');
    std::string name(body.substr(0, eq));
    auto it = flags_.find(name);
    if (it == flags_.end())
      return makeStatus(StatusCode::InvalidArgument, "unknown flag '--%s'",
                        name.c_str());
    Flag &flag = it->second;
    std::string value = eq == std::string_view::npos
                            ? std::string()
                            : std::string(body.substr(eq + 1));
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
                          "flag '--%s' requires a value (--%s=...)",
                          name.c_str(), name.c_str());
      flag.value = value;
      break;
    case Kind::List:
      if (eq == std::string_view::npos)
        return makeStatus(StatusCode::InvalidArgument,
                          "flag '--%s' requires a value (--%s=...)",
                          name.c_str(), name.c_str());
      flag.values.push_back(value);
      break;
    }
    flag.set = true;
  }
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
  return out;
}

} // namespace sluice::params
