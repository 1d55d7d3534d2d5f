//===- InitAll.h - register every Sluice dialect and pass -------*- C++ -*-===//

#ifndef SLUICE_INITALL_H
#define SLUICE_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace sluice {

/// Adds every Sluice dialect and the upstream dialects real IR uses (builtin,
/// func, arith, scf, cf, math, tensor, linalg, memref, affine, complex, ub).
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every Sluice pass and the upstream transforms tests rely on.
void registerAllPasses();

} // namespace sluice

#endif // SLUICE_INITALL_H
