//===- ImportUtils.h - runtime module imports -------------------*- C++ -*-===//
//
// Appending the imports of a runtime module to a module being converted and
// calling them (support-dialects.md §5.6 item 2, io-parameters.md §11.2).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_CONVERSION_IMPORTUTILS_H
#define SLUICE_DIALECT_VM_CONVERSION_IMPORTUTILS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace sluice::vm {

class CallOp;
class ImportOp;
class ModuleOp;

/// Clones every `vm.import` of `importModule` into `target` as a private
/// `<import module name>.<import name>`, replacing an existing symbol of that
/// name, before the last op of `target`'s body (at the end when empty).
void appendImportModule(ModuleOp importModule, mlir::Operation *target,
                        mlir::SymbolTable &targetSymbols);

/// `vm.call @<import>(operands)` with the import's result types; the
/// import's discardable attributes are copied onto the call.
CallOp createImportCall(mlir::OpBuilder &builder, mlir::Location loc,
                        ImportOp importOp, mlir::ValueRange operands);

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_CONVERSION_IMPORTUTILS_H
