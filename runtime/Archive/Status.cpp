//===- Status.cpp - Status implementation ---------------------------------===//

#include "sluice/Runtime/Status.h"

#include <cstdarg>
#include <cstdio>

namespace sluice::runtime {

const char *statusCodeName(StatusCode code) {
  switch (code) {
  case StatusCode::Ok:
    return "OK";
  case StatusCode::Cancelled:
    return "CANCELLED";
  case StatusCode::Unknown:
    return "UNKNOWN";
  case StatusCode::InvalidArgument:
    return "INVALID_ARGUMENT";
  case StatusCode::DeadlineExceeded:
    return "DEADLINE_EXCEEDED";
  case StatusCode::NotFound:
    return "NOT_FOUND";
  case StatusCode::AlreadyExists:
    return "ALREADY_EXISTS";
  case StatusCode::PermissionDenied:
    return "PERMISSION_DENIED";
  case StatusCode::ResourceExhausted:
    return "RESOURCE_EXHAUSTED";
  case StatusCode::FailedPrecondition:
    return "FAILED_PRECONDITION";
  case StatusCode::Aborted:
    return "ABORTED";
  case StatusCode::OutOfRange:
    return "OUT_OF_RANGE";
  case StatusCode::Unimplemented:
    return "UNIMPLEMENTED";
  case StatusCode::Internal:
    return "INTERNAL";
  case StatusCode::Unavailable:
    return "UNAVAILABLE";
  case StatusCode::DataLoss:
    return "DATA_LOSS";
  case StatusCode::Unauthenticated:
    return "UNAUTHENTICATED";
  }
  return "UNKNOWN";
}

Status &Status::annotate(std::string_view note) & {
  if (!isOk()) {
    message_ += "; ";
    message_.append(note);
  }
  return *this;
}

Status &&Status::annotate(std::string_view note) && {
  annotate(note);
  return std::move(*this);
}

std::string Status::toString() const {
  if (isOk())
    return "OK";
  std::string out = statusCodeName(code_);
  out += "; ";
  out += message_;
  return out;
}

static std::string vformat(const char *fmt, va_list args) {
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  if (n <= 0)
    return std::string();
  std::string out(static_cast<size_t>(n), '\0');
  std::vsnprintf(out.data(), out.size() + 1, fmt, args);
  return out;
}

std::string formatString(const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string out = vformat(fmt, args);
  va_end(args);
  return out;
}

Status makeStatus(StatusCode code, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  std::string out = vformat(fmt, args);
  va_end(args);
  return Status(code, std::move(out));
}

} // namespace sluice::runtime
