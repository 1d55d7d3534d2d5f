//===- DialectTestFixture.h - context with every Sluice dialect loaded ----===//
//
// Base fixture of the dialect unit tests: an MLIRContext with every dialect
// sluice-opt registers, a parser of IR strings and op finders.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_UNITTESTS_DIALECT_DIALECTTESTFIXTURE_H
#define SLUICE_UNITTESTS_DIALECT_DIALECTTESTFIXTURE_H

#include "sluice/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

namespace sluice::testing {

class DialectTest : public ::testing::Test {
protected:
  DialectTest() {
    mlir::DialectRegistry registry;
    sluice::registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source` as a module (null, with the diagnostic printed, on error).
  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef source) {
    return mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  }

  /// The `index`-th op of type OpT in walk order, or null.
  template <typename OpT>
  OpT findOp(mlir::ModuleOp module, unsigned index = 0) {
    OpT found;
    unsigned seen = 0;
    module.walk([&](OpT op) {
      if (seen++ == index)
        found = op;
    });
    return found;
  }

  /// Every op of type OpT in walk order.
  template <typename OpT>
  llvm::SmallVector<OpT> collect(mlir::ModuleOp module) {
    llvm::SmallVector<OpT> ops;
    module.walk([&](OpT op) { ops.push_back(op); });
    return ops;
  }

  /// The first op named `name`, or null.
  mlir::Operation *find(mlir::ModuleOp module, llvm::StringRef name) {
    mlir::Operation *found = nullptr;
    module.walk([&](mlir::Operation *op) {
      if (!found && op->getName().getStringRef() == name)
        found = op;
    });
    return found;
  }

  mlir::MLIRContext context;
};

} // namespace sluice::testing

#endif // SLUICE_UNITTESTS_DIALECT_DIALECTTESTFIXTURE_H
