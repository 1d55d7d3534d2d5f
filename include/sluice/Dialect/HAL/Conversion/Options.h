//===- Options.h - global flags of --iree-hal-conversion --------*- C++ -*-===//
//
// execution.md §2.5.1: `--iree-hal-indirect-command-buffers` (default true)
// and `--iree-hal-force-indirect-command-buffers` (default false) are
// ordinary command-line flags, accepted anywhere on the command line of
// sluice-opt / sluice-compile (not pass options). They decide whether
// execution regions record reusable command buffers with binding tables
// (§2.5.3 step 1).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_CONVERSION_OPTIONS_H
#define SLUICE_DIALECT_HAL_CONVERSION_OPTIONS_H

namespace sluice::hal {

/// `--iree-hal-indirect-command-buffers`.
bool getIndirectCommandBuffers();
/// `--iree-hal-force-indirect-command-buffers`.
bool getForceIndirectCommandBuffers();
/// `--iree-hal-external-resources-mappable` (default false; sluice-compile
/// sets it): external resources are host-visible and mappable
/// (--iree-hal-resolve-topology-queries, execution.md §2.5 step 5).
bool getExternalResourcesMappable();

} // namespace sluice::hal

#endif // SLUICE_DIALECT_HAL_CONVERSION_OPTIONS_H
