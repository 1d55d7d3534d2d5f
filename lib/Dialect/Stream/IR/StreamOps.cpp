//===- StreamOps.cpp - stream op registration and shared rules ------------===//
//
// Shared op verifier rules and op registration. The generated op definitions
// are sharded over StreamOpDefs<N>.cpp; op methods are implemented in the
// per-family files (StreamResourceOps.cpp, StreamTimelineOps.cpp, ...).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "StreamVerifiers.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace sluice::stream;

namespace sluice::stream {

LogicalResult verifyOpValueSizes(Operation *op, ValueRange values,
                                 ValueRange sizes) {
  unsigned required = 0;
  for (Value value : values)
    if (isa<sluice::util::SizeAwareTypeInterface>(value.getType()))
      ++required;
  if (required != sizes.size())
    return op->emitOpError("value set has ")
           << required << " dynamic dimensions but only " << sizes.size()
           << " dimension values are attached";
  return success();
}

LogicalResult verifyOpDynamicDims(Operation *op, TypeRange types,
                                  ValueRange dims) {
  unsigned required = 0;
  for (Type type : types)
    if (auto shaped = dyn_cast<ShapedType>(type))
      if (shaped.hasRank())
        required += shaped.getNumDynamicDims();
  if (required != dims.size())
    return op->emitOpError("type set has ")
           << required << " dynamic dimensions but only " << dims.size()
           << " dimension values are attached";
  return success();
}

LogicalResult verifyCapturedResources(Region &region) {
  if (region.empty())
    return success();
  Block &entry = region.front();
  llvm::DenseSet<Value> available(entry.getArguments().begin(),
                                  entry.getArguments().end());
  for (Operation &op : entry) {
    available.insert(op.getResults().begin(), op.getResults().end());
    for (Value operand : op.getOperands()) {
      if (!isa<ResourceType>(operand.getType()))
        continue;
      if (!available.contains(operand))
        return op.emitOpError(
            "used resource not listed in explicit captures (or produced "
            "internally)");
    }
  }
  return success();
}

LogicalResult verifyDispatchWorkload(Operation *op, ExecutableExportOp exportOp,
                                     ValueRange workload) {
  Region &countRegion = exportOp.getWorkgroupCount();
  if (countRegion.empty())
    return success();
  SmallVector<Type> explicitTypes;
  for (BlockArgument arg : countRegion.front().getArguments())
    if (!arg.getType().hasTrait<sluice::util::TypeTrait::ImplicitlyCaptured>())
      explicitTypes.push_back(arg.getType());
  if (explicitTypes.size() != workload.size())
    return op->emitOpError("workload mismatch; entry point expects ")
           << explicitTypes.size() << " arguments but dispatch provides "
           << workload.size();
  for (auto [index, expected, value] :
       llvm::enumerate(explicitTypes, workload)) {
    if (expected != value.getType())
      return op->emitOpError("workload operand ")
             << index << " type mismatch; expected " << expected
             << " but passed " << value.getType(); // types print quoted
  }
  return success();
}

LogicalResult verifyDispatchSymbolUses(Operation *op, ArrayAttr entryPoints,
                                       ValueRange workload,
                                       SymbolTableCollection &symbolTable) {
  if (!entryPoints || entryPoints.empty())
    return op->emitOpError("at least one entry point must be defined");
  for (Attribute entryPoint : entryPoints) {
    auto ref = dyn_cast<SymbolRefAttr>(entryPoint);
    auto exportOp =
        ref ? symbolTable.lookupNearestSymbolFrom<ExecutableExportOp>(op, ref)
            : ExecutableExportOp();
    // Unresolved entry points are accepted and end the check (§10.6).
    if (!exportOp)
      return success();
    if (failed(verifyDispatchWorkload(op, exportOp, workload)))
      return failure();
  }
  return success();
}

LogicalResult verifyDispatchWorkgroupDimension(Operation *op,
                                               uint64_t dimension) {
  if (dimension >= 3)
    return op->emitOpError("dimension ")
           << dimension
           << " out of bounds of dispatch dimensions; expected [0, 3)";
  return success();
}

} // namespace sluice::stream

void StreamDialect::registerOps() { registerStreamDialectOperations(this); }
