//===- TransientsUtils.cpp - shared helpers of the transient passes -------===//

#include "TransientsUtils.h"

#include "sluice/Dialect/HAL/IR/HALOps.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace sluice::stream {

bool isTransientResourceType(Type type) {
  auto resourceType = dyn_cast<ResourceType>(type);
  return resourceType && resourceType.getLifetime() == Lifetime::Transient;
}

std::string getUniqueQueryName(ModuleOp moduleOp, StringRef fnName) {
  std::string base = (fnName + "_transients_size").str();
  if (!SymbolTable::lookupSymbolIn(moduleOp, base))
    return base;
  for (unsigned i = 0;; ++i) {
    std::string candidate = base + "_" + std::to_string(i);
    if (!SymbolTable::lookupSymbolIn(moduleOp, candidate))
      return candidate;
  }
}

BlockArgument traceStorageArgument(Value storage) {
  Value value = storage;
  while (Operation *op = value.getDefiningOp()) {
    if (auto importOp = dyn_cast<TensorImportOp>(op))
      value = importOp.getSource();
    else if (auto bufferOp = dyn_cast<hal::BufferViewBufferOp>(op))
      value = bufferOp.getBufferView();
    else
      return {};
  }
  auto arg = cast<BlockArgument>(value);
  Block *block = arg.getOwner();
  if (!block->isEntryBlock() || !isa<FunctionOpInterface>(block->getParentOp()))
    return {};
  return arg;
}

DictionaryAttr withDictEntry(DictionaryAttr dict, StringRef name,
                             Attribute value) {
  MLIRContext *context = value.getContext();
  NamedAttrList attrs;
  if (dict)
    attrs.append(dict.getValue());
  attrs.set(StringAttr::get(context, name), value);
  return attrs.getDictionary(context);
}

} // namespace sluice::stream
