//===- ArchiveUtils.h - helpers shared by the archive passes ----*- C++ -*-===//
//
// io-parameters.md §12: `[scope=]path` splitting and status formatting for
// the export, import and splat-archive passes.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_IOPARAMETERS_TRANSFORMS_ARCHIVEUTILS_H
#define SLUICE_LIB_DIALECT_IOPARAMETERS_TRANSFORMS_ARCHIVEUTILS_H

#include "sluice/Runtime/Status.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>

namespace sluice::io_parameters::detail {

/// Splits `[scope=]path` at the first '=' ("a=b=c" -> scope "a", path "b=c").
/// Without '=' the scope is empty.
inline std::pair<llvm::StringRef, llvm::StringRef>
splitScopePath(llvm::StringRef value) {
  size_t i = value.find('=');
  if (i == llvm::StringRef::npos)
    return {llvm::StringRef(), value};
  return {value.take_front(i), value.drop_front(i + 1)};
}

/// The status text appended after "<context>\n".
inline std::string formatStatus(const runtime::Status &status) {
  return status.toString();
}

} // namespace sluice::io_parameters::detail

#endif // SLUICE_LIB_DIALECT_IOPARAMETERS_TRANSFORMS_ARCHIVEUTILS_H
