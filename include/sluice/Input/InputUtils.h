//===- InputUtils.h - helpers shared by the phase-input passes --*- C++ -*-===//
//
// execution.md §2.2: the phase-input passes leave the bodies of executables
// alone.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_INPUT_INPUTUTILS_H
#define SLUICE_INPUT_INPUTUTILS_H

#include "mlir/IR/Operation.h"

namespace sluice::input {

/// True for `flow.executable`, `stream.executable` and `hal.executable`,
/// whose contents phase input does not touch.
inline bool isExecutable(mlir::Operation *op) {
  llvm::StringRef name = op->getName().getStringRef();
  return name == "flow.executable" || name == "stream.executable" ||
         name == "hal.executable";
}

} // namespace sluice::input

#endif // SLUICE_INPUT_INPUTUTILS_H
