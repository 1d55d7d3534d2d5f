//===- Status.h - Status codes and Expected<T> for the Sluice runtime -----===//
//
// A small error type: a canonical status code (the IREE/absl numbering) plus
// a human readable message. Annotations ("while parsing entry 3", ...) are
// appended with "; " as IREE does. Expected<T> holds either a value or a
// non-OK Status.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_STATUS_H
#define SLUICE_RUNTIME_STATUS_H

#include <cassert>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace sluice::runtime {

enum class StatusCode : int {
  Ok = 0,
  Cancelled = 1,
  Unknown = 2,
  InvalidArgument = 3,
  DeadlineExceeded = 4,
  NotFound = 5,
  AlreadyExists = 6,
  PermissionDenied = 7,
  ResourceExhausted = 8,
  FailedPrecondition = 9,
  Aborted = 10,
  OutOfRange = 11,
  Unimplemented = 12,
  Internal = 13,
  Unavailable = 14,
  DataLoss = 15,
  Unauthenticated = 16,
};

/// Returns the canonical upper-case name ("INVALID_ARGUMENT", ...).
const char *statusCodeName(StatusCode code);

class [[nodiscard]] Status {
public:
  Status() = default;
  Status(StatusCode code, std::string message)
      : code_(code), message_(std::move(message)) {}

  static Status ok() { return Status(); }

  bool isOk() const { return code_ == StatusCode::Ok; }
  explicit operator bool() const { return isOk(); }
  StatusCode code() const { return code_; }
  const std::string &message() const { return message_; }

  /// Appends "; <note>" to the message of a failed status. No-op when OK.
  Status &annotate(std::string_view note) &;
  Status &&annotate(std::string_view note) &&;

  /// "<CODE>; <message>" (or "OK").
  std::string toString() const;

  /// Explicitly drops a status (for best-effort cleanup paths).
  void ignore() const {}

private:
  StatusCode code_ = StatusCode::Ok;
  std::string message_;
};

/// printf-style formatting helper used to build messages.
std::string formatString(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/// Builds a failed Status with a printf-style message.
Status makeStatus(StatusCode code, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

template <typename T> class [[nodiscard]] Expected {
public:
  Expected(T value) : storage_(std::move(value)) {}
  Expected(Status status) : storage_(std::move(status)) {
    assert(!std::get<Status>(storage_).isOk() &&
           "Expected constructed from an OK status");
  }

  bool hasValue() const { return storage_.index() == 0; }
  explicit operator bool() const { return hasValue(); }

  T &value() & { return std::get<0>(storage_); }
  const T &value() const & { return std::get<0>(storage_); }
  T &&value() && { return std::get<0>(std::move(storage_)); }
  T &operator*() & { return value(); }
  const T &operator*() const & { return value(); }
  T *operator->() { return &value(); }
  const T *operator->() const { return &value(); }

  const Status &status() const & {
    static const Status okStatus;
    return hasValue() ? okStatus : std::get<1>(storage_);
  }
  Status takeStatus() {
    return hasValue() ? Status() : std::move(std::get<1>(storage_));
  }

private:
  std::variant<T, Status> storage_;
};

} // namespace sluice::runtime

/// Returns early from the enclosing function when `expr` is a failed Status.
#define SLUICE_RETURN_IF_ERROR(expr)                                           \
  do {                                                                         \
    ::sluice::runtime::Status _sluice_status = (expr);                         \
    if (!_sluice_status.isOk())                                                \
      return _sluice_status;                                                   \
  } while (false)

#endif // SLUICE_RUNTIME_STATUS_H
