//===- FusedLocations.h - fusing many locations in linear time ---*- C++
//-*-===//
//
// `FusedLoc::get` flattens every fused location among its inputs and then
// deduplicates, so fusing n locations that are all the same fused location
// of n parts (the results of one op of n fused sources, say) costs n² set
// insertions. `fuseLocations` drops repeated inputs first (keeping the first
// occurrence): the result is the same location — a repeated input adds
// nothing new to `FusedLoc::get`'s insertion-ordered set — built in time
// linear in the input plus the parts of the distinct inputs.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_SUPPORT_FUSEDLOCATIONS_H
#define SLUICE_SUPPORT_FUSEDLOCATIONS_H

#include "mlir/IR/Location.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SetVector.h"

namespace sluice {

/// `FusedLoc::get(context, locs, metadata)`, without the quadratic cost of
/// repeated fused inputs.
inline mlir::Location fuseLocations(mlir::MLIRContext *context,
                                    llvm::ArrayRef<mlir::Location> locs,
                                    mlir::Attribute metadata = {}) {
  llvm::SmallSetVector<mlir::Location, 4> unique;
  unique.insert_range(locs);
  return mlir::FusedLoc::get(unique.getArrayRef(), metadata, context);
}

} // namespace sluice

#endif // SLUICE_SUPPORT_FUSEDLOCATIONS_H
