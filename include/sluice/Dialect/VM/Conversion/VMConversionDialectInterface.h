//===- VMConversionDialectInterface.h - VM conversion hook ------*- C++ -*-===//
//
// The dialect hook of --iree-vm-conversion (support-dialects.md §5.6): a
// dialect provides the import module of its runtime module (parsed once) and
// its conversion patterns; the driver appends the imports of every dialect
// the module uses and collects the patterns of all loaded hooks.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_CONVERSION_VMCONVERSIONDIALECTINTERFACE_H
#define SLUICE_DIALECT_VM_CONVERSION_VMCONVERSIONDIALECTINTERFACE_H

#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/PatternMatch.h"

#include <memory>
#include <mutex>

namespace mlir {
class Block;
class ConversionTarget;
class SymbolTable;
class TypeConverter;
} // namespace mlir

namespace sluice::vm {

class ModuleOp;

class VMConversionDialectInterface
    : public mlir::DialectInterface::Base<VMConversionDialectInterface> {
public:
  explicit VMConversionDialectInterface(mlir::Dialect *dialect);
  ~VMConversionDialectInterface() override;

  /// The parsed import module (`vm.module @name { vm.import ... }`), parsed
  /// on first use; null when the dialect has none or it fails to parse (the
  /// parse error is reported).
  ModuleOp getVMImportModule() const;

  /// Adds legality and the patterns converting this dialect's ops.
  /// `importSymbols` holds the imports appended to the module.
  virtual void
  populateVMConversionPatterns(mlir::SymbolTable &importSymbols,
                               mlir::RewritePatternSet &patterns,
                               mlir::ConversionTarget &target,
                               mlir::TypeConverter &typeConverter) const = 0;

protected:
  /// The import module text; empty when the dialect has no runtime imports.
  virtual llvm::StringRef getImportModuleText() const { return {}; }

private:
  mutable std::once_flag parseOnce;
  mutable std::unique_ptr<mlir::Block> importBlock;
};

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_CONVERSION_VMCONVERSIONDIALECTINTERFACE_H
