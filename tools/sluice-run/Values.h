//===- Values.h - sluice-run inputs, printing and output files
//-------------===//
//
// The value side of sluice-run (execution.md §6.2): the --input grammar
// (scalars, tensors, `&` buffers, `(null)`, numpy files), printing results
// as iree-run-module does, --output files and --expected_output checks.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_TOOLS_SLUICE_RUN_VALUES_H
#define SLUICE_TOOLS_SLUICE_RUN_VALUES_H

#include "sluice/Runtime/Module/Api.h"
#include "sluice/Runtime/Status.h"

#include <string>
#include <string_view>
#include <vector>

namespace sluice::run {

using runtime::Expected;
using runtime::Status;

/// One parsed --input: a scalar, or an owned reference (view, buffer or
/// null) with `isTensor` telling which kind the text denoted.
struct InputValue {
  bool isReference = false;
  sluice_value_t value{};
  InputValue() { value.i64 = 0; }
  InputValue(const InputValue &) = delete;
  InputValue &operator=(const InputValue &) = delete;
  InputValue(InputValue &&other) noexcept;
  InputValue &operator=(InputValue &&other) noexcept;
  ~InputValue();
};

/// Whether `text` denotes a reference (tensor, `&` buffer, `(null)`, npy
/// file) when the argument kind does not decide it.
bool looksLikeReference(std::string_view text);

/// Parses `text` for an argument of cconv kind `kind` ('i', 'I', 'f', 'F' or
/// 'r'). Scalars of a reference argument and the reverse are rejected by the
/// caller (argument checks); here `kind` only picks the scalar width. Errors
/// are not annotated.
Expected<InputValue> parseInput(sluice_device_t *device, std::string_view text,
                                char kind);

/// The printed form of result `value` of cconv kind `kind` without the
/// `result[<i>]: ` prefix: `i32=5`, `(null)`, `hal.buffer_view\n<view>`,
/// `hal.buffer\n<bytes>xi8=...`.
Expected<std::string> formatResult(sluice_value_t value, char kind,
                                   size_t maxElements);

/// Writes result `value` to an --output spec (`@f.npy`, `+f.npy`, `@f.bin`,
/// `+f.bin`); `-` and empty are handled by the caller.
Status writeOutput(const std::string &spec, sluice_value_t value, char kind);

/// Compares result `value` with --expected_output text `expected`; returns
/// the [FAILED] lines (empty when it matches).
Expected<std::vector<std::string>>
compareResult(sluice_device_t *device, size_t index, sluice_value_t value,
              char kind, std::string_view expected);

} // namespace sluice::run

#endif // SLUICE_TOOLS_SLUICE_RUN_VALUES_H
