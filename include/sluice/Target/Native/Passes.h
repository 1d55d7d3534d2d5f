//===- Passes.h - phase llvm passes -----------------------------*- C++ -*-===//
#ifndef SLUICE_TARGET_NATIVE_PASSES_H
#define SLUICE_TARGET_NATIVE_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace sluice::native {

#define GEN_PASS_DECL
#include "sluice/Target/Native/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "sluice/Target/Native/Passes.h.inc"

} // namespace sluice::native

#endif // SLUICE_TARGET_NATIVE_PASSES_H
