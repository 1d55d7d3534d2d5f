//===- VMConversionDialectInterface.cpp - VM conversion hook --------------===//

#include "sluice/Dialect/VM/Conversion/VMConversionDialectInterface.h"

#include "sluice/Dialect/VM/IR/VMOps.h"

#include "mlir/IR/Block.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;

namespace sluice::vm {

VMConversionDialectInterface::VMConversionDialectInterface(Dialect *dialect)
    : Base(dialect) {}

VMConversionDialectInterface::~VMConversionDialectInterface() = default;

ModuleOp VMConversionDialectInterface::getVMImportModule() const {
  std::call_once(parseOnce, [&] {
    StringRef text = getImportModuleText();
    if (text.empty())
      return;
    auto block = std::make_unique<Block>();
    ParserConfig config(getContext());
    std::string sourceName =
        (getDialect()->getNamespace() + ".imports.mlir").str();
    if (failed(parseSourceString(text, block.get(), config, sourceName)))
      return;
    importBlock = std::move(block);
  });
  if (!importBlock || importBlock->empty())
    return {};
  return llvm::dyn_cast<ModuleOp>(importBlock->front());
}

} // namespace sluice::vm
