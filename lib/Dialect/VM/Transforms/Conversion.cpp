//===- Conversion.cpp - --iree-vm-conversion ------------------------------===//
//
// support-dialects.md §5.6: module nesting, imports of the dialects in use,
// then one full conversion per inner module with the VM type converter,
// the Util->VM and Std->VM sets and every loaded dialect's VM hook.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/VM/Transforms/Passes.h"

#include "sluice/Dialect/IOParameters/IR/IOParametersDialect.h"
#include "sluice/Dialect/Util/Conversion/ConversionPatterns.h"
#include "sluice/Dialect/VM/Conversion/ImportUtils.h"
#include "sluice/Dialect/VM/Conversion/StandardToVM/Patterns.h"
#include "sluice/Dialect/VM/Conversion/TypeConverter.h"
#include "sluice/Dialect/VM/Conversion/UtilToVM/Patterns.h"
#include "sluice/Dialect/VM/Conversion/VMConversionDialectInterface.h"
#include "sluice/Dialect/VM/IR/VMDialect.h"
#include "sluice/Dialect/VM/IR/VMOps.h"

#include "mlir/Transforms/DialectConversion.h"

#include <map>

namespace sluice::vm {

#define GEN_PASS_DEF_CONVERSIONPASS
#include "sluice/Dialect/VM/Transforms/Passes.h.inc"

namespace {

using mlir::Operation;

/// Attribute naming the dialect whose imports an op calls, when that is not
/// the op's own dialect.
constexpr llvm::StringLiteral kImportModuleAttr = "vm.import.module";

/// The VM hooks of the dialects the ops of `root` belong to (or name in
/// `vm.import.module`), in namespace order.
std::map<std::string, const VMConversionDialectInterface *>
collectUsedHooks(Operation *root) {
  mlir::MLIRContext *context = root->getContext();
  std::map<std::string, const VMConversionDialectInterface *> used;
  llvm::DenseSet<mlir::Dialect *> seen;
  root->walk([&](Operation *op) {
    mlir::Dialect *dialect = op->getDialect();
    if (auto name = op->getAttrOfType<mlir::StringAttr>(kImportModuleAttr))
      dialect = context->getLoadedDialect(name.getValue());
    if (!dialect || !seen.insert(dialect).second)
      return;
    if (auto *hook =
            dialect->getRegisteredInterface<VMConversionDialectInterface>())
      used.emplace(dialect->getNamespace().str(), hook);
  });
  return used;
}

struct ConversionPass : impl::ConversionPassBase<ConversionPass> {
  using ConversionPassBase::ConversionPassBase;

  void runOnOperation() override {
    mlir::ModuleOp outer = getOperation();
    mlir::Block *body = outer.getBody();
    if (!body->empty() && llvm::isa<ModuleOp>(body->front()))
      return;
    if (body->empty() || !llvm::isa<mlir::ModuleOp>(body->front()))
      nestBody(outer);
    outer->setAttr("vm.toplevel", mlir::UnitAttr::get(&getContext()));
    for (auto inner :
         llvm::make_early_inc_range(body->getOps<mlir::ModuleOp>()))
      if (mlir::failed(convertModule(inner)))
        return signalPassFailure();
  }

  /// Moves the whole body of `outer` into a new inner module of its name.
  void nestBody(mlir::ModuleOp outer) {
    mlir::OpBuilder builder(&getContext());
    auto inner =
        mlir::ModuleOp::create(builder, outer.getLoc(), outer.getSymName());
    mlir::Block *innerBody = inner.getBody();
    innerBody->getOperations().splice(innerBody->end(),
                                      outer.getBody()->getOperations());
    outer.getBody()->push_back(inner);
    if (mlir::Attribute reflection = outer->getAttr("iree.reflection")) {
      inner->setAttr("iree.reflection", reflection);
      outer->removeAttr("iree.reflection");
    }
  }

  mlir::LogicalResult convertModule(mlir::ModuleOp inner) {
    mlir::MLIRContext *context = &getContext();
    // The conversion only visits reachable blocks.
    util::eraseUnreachableBlocksEverywhere(inner);

    // Imports of the dialects in use, before the module's last op.
    {
      mlir::SymbolTable symbols(inner);
      for (auto &[name, hook] : collectUsedHooks(inner)) {
        ModuleOp importModule = hook->getVMImportModule();
        if (importModule)
          appendImportModule(importModule, inner, symbols);
      }
    }

    // The inner module becomes a vm.module holding its ops.
    mlir::OpBuilder builder(inner);
    auto vmModule = ModuleOp::create(builder, inner.getLoc(),
                                     inner.getSymName().value_or("module"));
    mlir::Block &vmBody = vmModule.getBody().front();
    vmBody.getOperations().splice(vmBody.getTerminator()->getIterator(),
                                  inner.getBody()->getOperations());
    if (mlir::Attribute reflection = inner->getAttr("iree.reflection"))
      vmModule->setAttr("iree.reflection", reflection);
    if (auto version = inner->getAttrOfType<mlir::IntegerAttr>("vm.version"))
      vmModule.setVersionAttr(
          builder.getI32IntegerAttr(static_cast<int32_t>(version.getInt())));
    inner.erase();

    VMTypeConverter typeConverter(indexBits);
    mlir::ConversionTarget target(*context);
    target.addLegalDialect<VMDialect>();
    mlir::RewritePatternSet patterns(context);
    populateStandardToVMPatterns(context, target, typeConverter, patterns);
    populateUtilToVMPatterns(context, target, typeConverter, patterns);
    mlir::SymbolTable importSymbols(vmModule);
    for (mlir::Dialect *dialect : context->getLoadedDialects())
      if (auto *hook =
              dialect->getRegisteredInterface<VMConversionDialectInterface>())
        hook->populateVMConversionPatterns(importSymbols, patterns, target,
                                           typeConverter);
    return mlir::applyFullConversion(vmModule, target, std::move(patterns));
  }
};

} // namespace

} // namespace sluice::vm
