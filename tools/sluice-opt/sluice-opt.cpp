//===- sluice-opt.cpp - Sluice's MLIR optimizer driver --------------------===//
//
// Parses, verifies, transforms and prints IR of every Sluice dialect with the
// usual mlir-opt flags (--split-input-file, --verify-diagnostics,
// --canonicalize, --pass-pipeline, ...).
//
//===----------------------------------------------------------------------===//

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "sluice/InitAll.h"

int main(int argc, char **argv) {
  sluice::registerAllPasses();
  mlir::DialectRegistry registry;
  sluice::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Sluice optimizer driver\n", registry));
}
