//===- ExternalModels.h - cross-dialect interface models --------*- C++ -*-===//

#ifndef SLUICE_EXTERNALMODELS_H
#define SLUICE_EXTERNALMODELS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace sluice {

/// Attaches the interface implementations that cross dialect boundaries
/// (support-dialects.md §6): stream's affinity interfaces on the HAL affinity
/// attributes and on ranked tensors, and so on. The models are attached when
/// their dialects load. Also inserts the dialects the models attach to.
void registerExternalModels(mlir::DialectRegistry &registry);

/// The AffinityOpInterface and StreamableOpInterface models on arith, flow,
/// util and hal ops (part of registerExternalModels).
void registerAffinityOpModels(mlir::DialectRegistry &registry);

/// The TimelineAwareOpInterface model on `util.call` (§6.4; part of
/// registerExternalModels).
void registerTimelineAwareModels(mlir::DialectRegistry &registry);

/// The util InferIntDivisibilityOpInterface models on arith and affine ops
/// (§6.5.1; part of registerExternalModels).
void registerDivisibilityModels(mlir::DialectRegistry &registry);

/// The MutableRegionBranchOpInterface models on scf.for, scf.if, scf.while
/// and scf.index_switch (§6.5.2; part of registerExternalModels).
void registerMutableRegionBranchModels(mlir::DialectRegistry &registry);

/// The util HoistableOpInterface models on scf.for, scf.if and scf.while
/// (§6.5.5; part of registerExternalModels).
void registerHoistableModels(mlir::DialectRegistry &registry);

/// HAL's AffinityAnalysisDialectInterface: the layout resolvers of the
/// executable targets an affinity reaches (encoding.md §7.2; part of
/// registerExternalModels). Attached once both hal and iree_encoding load.
void registerLayoutResolverModels(mlir::DialectRegistry &registry);

} // namespace sluice

#endif // SLUICE_EXTERNALMODELS_H
