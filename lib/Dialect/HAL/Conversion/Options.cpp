//===- Options.cpp - global flags of --iree-hal-conversion ----------------===//

#include "sluice/Dialect/HAL/Conversion/Options.h"

#include "llvm/Support/CommandLine.h"

namespace sluice::hal {

static llvm::cl::opt<bool> clIndirectCommandBuffers(
    "iree-hal-indirect-command-buffers",
    llvm::cl::desc("Records reusable (memoized) command buffers with binding "
                   "tables for execution regions that are not `once` and "
                   "capture no dynamic uniform values."),
    llvm::cl::init(true));

static llvm::cl::opt<bool> clForceIndirectCommandBuffers(
    "iree-hal-force-indirect-command-buffers",
    llvm::cl::desc("Builds binding tables even for execution regions that "
                   "capture dynamic uniform values (requires "
                   "--iree-hal-indirect-command-buffers)."),
    llvm::cl::init(false));

static llvm::cl::opt<bool> clExternalResourcesMappable(
    "iree-hal-external-resources-mappable",
    llvm::cl::desc("Allocates external resources host-visible and mappable "
                   "when memory properties are resolved."),
    llvm::cl::init(false));

bool getIndirectCommandBuffers() { return clIndirectCommandBuffers; }
bool getForceIndirectCommandBuffers() { return clForceIndirectCommandBuffers; }
bool getExternalResourcesMappable() { return clExternalResourcesMappable; }

} // namespace sluice::hal
