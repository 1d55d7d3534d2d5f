//===- ImportUtils.cpp - runtime module imports ---------------------------===//

#include "sluice/Dialect/VM/Conversion/ImportUtils.h"

#include "sluice/Dialect/VM/IR/VMOps.h"

using namespace mlir;

namespace sluice::vm {

void appendImportModule(ModuleOp importModule, Operation *target,
                        SymbolTable &targetSymbols) {
  Block &body = target->getRegion(0).front();
  OpBuilder builder(target->getContext());
  // Imports go before the op that was last when we started.
  Operation *anchor = body.empty() ? nullptr : &body.back();
  StringRef moduleName = importModule.getSymName();
  for (auto importOp : importModule.getBody().getOps<ImportOp>()) {
    std::string name = (moduleName + "." + importOp.getSymName()).str();
    if (Operation *existing = targetSymbols.lookup(name)) {
      if (existing == anchor)
        anchor = nullptr;
      targetSymbols.erase(existing);
    }
    if (anchor)
      builder.setInsertionPoint(anchor);
    else
      builder.setInsertionPointToEnd(&body);
    auto clone = llvm::cast<ImportOp>(builder.clone(*importOp));
    clone.setSymName(name);
    clone.setSymVisibility(StringRef("private"));
    targetSymbols.insert(clone);
  }
}

CallOp createImportCall(OpBuilder &builder, Location loc, ImportOp importOp,
                        ValueRange operands) {
  auto call =
      CallOp::create(builder, loc, importOp.getResultTypes(),
                     FlatSymbolRefAttr::get(importOp.getSymNameAttr()),
                     operands, /*arg_attrs=*/nullptr, /*res_attrs=*/nullptr);
  call->setDiscardableAttrs(importOp->getDiscardableAttrDictionary());
  return call;
}

} // namespace sluice::vm
