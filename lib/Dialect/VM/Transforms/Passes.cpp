//===- Passes.cpp - vm pass registration and VM target flags --------------===//

#include "sluice/Dialect/VM/Transforms/Passes.h"

#include "llvm/Support/CommandLine.h"

namespace {
llvm::cl::opt<unsigned> clTargetIndexBits(
    "iree-vm-target-index-bits",
    llvm::cl::desc("Bit width of index types in the VM target (the "
                   "standalone --iree-vm-conversion pass reads its own "
                   "`index-bits` option instead)."),
    llvm::cl::init(64));
} // namespace

void sluice::vm::registerVMTransformPasses() { registerVMPasses(); }

unsigned sluice::vm::getVMTargetIndexBits() { return clTargetIndexBits; }
