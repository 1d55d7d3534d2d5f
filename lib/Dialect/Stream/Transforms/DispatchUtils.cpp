//===- DispatchUtils.cpp - shared helpers of the dispatch passes ----------===//

#include "DispatchUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace sluice::stream {

SmallVector<ExportSites> collectExportSites(ModuleOp moduleOp) {
  SmallVector<ExportSites> result;
  llvm::DenseMap<Operation *, size_t> exportIndex;
  for (auto executableOp : moduleOp.getOps<ExecutableOp>()) {
    for (auto exportOp : executableOp.getBlock().getOps<ExecutableExportOp>()) {
      exportIndex[exportOp] = result.size();
      result.push_back(
          {executableOp, exportOp, exportOp.lookupFunctionRef(), {}});
    }
  }
  SymbolTableCollection symbolTables;
  moduleOp.walk([&](CmdDispatchOp dispatchOp) {
    for (auto entryPoint :
         dispatchOp.getEntryPointsAttr().getAsRange<SymbolRefAttr>()) {
      auto exportOp = symbolTables.lookupNearestSymbolFrom<ExecutableExportOp>(
          dispatchOp, entryPoint);
      if (!exportOp)
        continue;
      auto it = exportIndex.find(exportOp);
      if (it == exportIndex.end())
        continue;
      result[it->second].sites.push_back(dispatchOp);
      if (dispatchOp.getEntryPoints().size() > 1)
        result[it->second].hasMultiEntryPointSite = true;
    }
  });
  return result;
}

ResourceAccessBitfield getResourceAccess(CmdDispatchOp op, unsigned index) {
  ArrayAttr accesses = op.getResourceAccesses();
  if (index >= accesses.size())
    return ResourceAccessBitfield::None;
  auto attr = dyn_cast<IntegerAttr>(accesses[index]);
  return attr ? static_cast<ResourceAccessBitfield>(
                    static_cast<uint32_t>(attr.getInt()))
              : ResourceAccessBitfield::None;
}

Attribute makeResourceAccessAttr(MLIRContext *context,
                                 ResourceAccessBitfield access) {
  return IntegerAttr::get(IntegerType::get(context, 32),
                          static_cast<int64_t>(access));
}

Operation *getHostInsertionPoint(CmdDispatchOp dispatchOp) {
  if (auto executeOp = dispatchOp->getParentOfType<CmdExecuteOp>())
    return executeOp;
  return dispatchOp;
}

Value ExecuteIndexConstants::get(Operation *before, int64_t value) {
  auto [it, inserted] = values.try_emplace({before, value}, Value());
  if (inserted) {
    OpBuilder builder(before);
    it->second =
        arith::ConstantIndexOp::create(builder, before->getLoc(), value);
  }
  return it->second;
}

} // namespace sluice::stream
