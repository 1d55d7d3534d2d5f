//===- EncodingPassUtils.cpp - shared pieces of the encoding passes -------===//
//
// stream-passes-1.md §7.1 (recognized entry points,
// duplicateExecutablesPerLayoutVariant) with encoding.md §8.1 items 6 and 9.
//
//===----------------------------------------------------------------------===//

#include "EncodingPassUtils.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace sluice::stream {

bool isRecognizedEncodingType(Type type) {
  return iree_encoding::getSerializableAttr(type) != nullptr;
}

std::optional<ResolveLayoutAttrFn> makeLayoutResolver(ModuleOp moduleOp) {
  SmallVector<const AffinityAnalysisDialectInterface *> interfaces =
      gatherAffinityAnalysisDialectInterfaces(moduleOp.getContext());
  if (interfaces.size() != 1)
    return std::nullopt;
  return interfaces.front()->makeLayoutAttrResolver(moduleOp);
}

/// The export an entry point names, if it is a stream export.
static ExecutableExportOp lookupExport(Operation *from, SymbolRefAttr ref,
                                       SymbolTableCollection &symbolTables) {
  return dyn_cast_or_null<ExecutableExportOp>(
      symbolTables.lookupNearestSymbolFrom(from, ref));
}

/// The function-like of the export's executable named like the export (not
/// by its function_ref; encoding.md §8.1 item 9).
static FunctionOpInterface
lookupExportFunction(ExecutableExportOp exportOp,
                     SymbolTableCollection &symbolTables) {
  auto executableOp = exportOp->getParentOfType<ExecutableOp>();
  ModuleOp innerModule = executableOp ? executableOp.getInnerModule() : nullptr;
  if (!innerModule)
    return {};
  return dyn_cast_or_null<FunctionOpInterface>(
      symbolTables.lookupSymbolIn(innerModule, exportOp.getSymNameAttr()));
}

bool hasRecognizedEntryPoints(TensorDispatchOp dispatchOp,
                              SymbolTableCollection &symbolTables) {
  for (Attribute attr : dispatchOp.getEntryPoints()) {
    auto ref = dyn_cast<SymbolRefAttr>(attr);
    ExecutableExportOp exportOp =
        ref ? lookupExport(dispatchOp, ref, symbolTables) : nullptr;
    FunctionOpInterface funcOp =
        exportOp ? lookupExportFunction(exportOp, symbolTables) : nullptr;
    if (!funcOp || funcOp.isExternal())
      return false;
    for (BlockArgument arg : funcOp.getArguments()) {
      if (!isa<BindingType>(arg.getType()))
        continue;
      for (Operation *user : arg.getUsers()) {
        auto subspanOp = dyn_cast<BindingSubspanOp>(user);
        if (!subspanOp || !isa<iree_encoding::EncodingTypeInterface>(
                              subspanOp.getResult().getType()))
          return false;
      }
    }
  }
  return true;
}

/// The binding layouts of a dispatch: every operand encoding, then the
/// result encodings of untied results.
static ArrayAttr getBindingLayouts(TensorDispatchOp dispatchOp) {
  SmallVector<Attribute> layouts(dispatchOp.getOperandEncodings().begin(),
                                 dispatchOp.getOperandEncodings().end());
  ArrayAttr tiedOperands = dispatchOp.getTiedOperandsAttr();
  for (auto [i, encoding] : llvm::enumerate(dispatchOp.getResultEncodings())) {
    bool tied = false;
    if (tiedOperands && i < tiedOperands.size())
      if (auto index = dyn_cast<IntegerAttr>(tiedOperands[i]))
        tied = index.getInt() >= 0;
    if (!tied)
      layouts.push_back(encoding);
  }
  return ArrayAttr::get(dispatchOp.getContext(), layouts);
}

/// Writes `layouts` into the bindings of `funcOp`: every subspan of a
/// `!stream.binding` argument whose layout is a tensor with a serializable
/// encoding gets that encoding. Layouts and arguments are zipped up to the
/// shorter list (encoding.md §8.1 item 6).
static void updateBindingEncodings(FunctionOpInterface funcOp,
                                   ArrayAttr layouts) {
  for (auto [arg, layout] : llvm::zip(funcOp.getArguments(), layouts)) {
    if (!isa<BindingType>(arg.getType()))
      continue;
    auto typeAttr = dyn_cast<TypeAttr>(layout);
    auto encoding =
        typeAttr ? iree_encoding::getSerializableAttr(typeAttr.getValue())
                 : nullptr;
    if (!encoding)
      continue;
    for (Operation *user : arg.getUsers()) {
      auto subspanOp = dyn_cast<BindingSubspanOp>(user);
      if (!subspanOp)
        continue;
      auto type = dyn_cast<iree_encoding::EncodingTypeInterface>(
          subspanOp.getResult().getType());
      if (type)
        subspanOp.getResult().setType(type.updateEncoding(encoding));
    }
  }
}

LogicalResult
duplicateExecutablesPerLayoutVariant(ModuleOp moduleOp,
                                     SymbolTableCollection &symbolTables,
                                     ArrayRef<TensorDispatchOp> dispatchOps) {
  // Layout lists per export, both in first-seen order.
  llvm::MapVector<Operation *, llvm::SetVector<ArrayAttr>> exportLayouts;
  SmallVector<std::pair<TensorDispatchOp, ArrayAttr>> dispatchLayouts;
  for (TensorDispatchOp dispatchOp : dispatchOps) {
    ArrayAttr layouts = getBindingLayouts(dispatchOp);
    dispatchLayouts.push_back({dispatchOp, layouts});
    for (Attribute attr : dispatchOp.getEntryPoints()) {
      ExecutableExportOp exportOp =
          lookupExport(dispatchOp, cast<SymbolRefAttr>(attr), symbolTables);
      if (!exportOp)
        return dispatchOp.emitOpError("entry point ")
               << attr << " is not a stream executable export";
      exportLayouts[exportOp].insert(layouts);
    }
  }

  // One executable per (export, layouts); copies numbered per original.
  DenseMap<Operation *, unsigned> duplicateCounts;
  DenseMap<std::pair<Operation *, ArrayAttr>, ExecutableOp> chosen;
  SymbolTable &moduleSymbols = symbolTables.getSymbolTable(moduleOp);
  for (auto &[exportPtr, layoutSet] : exportLayouts) {
    auto exportOp = cast<ExecutableExportOp>(exportPtr);
    auto executableOp = exportOp->getParentOfType<ExecutableOp>();
    for (auto [index, layouts] : llvm::enumerate(layoutSet)) {
      ExecutableOp targetOp = executableOp;
      if (index != 0) {
        unsigned k = duplicateCounts[executableOp]++;
        OpBuilder builder(executableOp);
        builder.setInsertionPointAfter(executableOp);
        targetOp = cast<ExecutableOp>(builder.clone(*executableOp));
        targetOp.setSymName(
            (executableOp.getSymName() + "_dup" + Twine(k)).str());
        moduleSymbols.insert(targetOp);
        symbolTables.invalidateSymbolTable(targetOp);
      }
      ModuleOp innerModule = targetOp.getInnerModule();
      auto funcOp = innerModule
                        ? dyn_cast_or_null<FunctionOpInterface>(
                              SymbolTable::lookupSymbolIn(
                                  innerModule, exportOp.getSymNameAttr()))
                        : nullptr;
      if (!funcOp)
        return exportOp.emitOpError("has no function named like the export");
      updateBindingEncodings(funcOp, layouts);
      chosen[{exportPtr, layouts}] = targetOp;
    }
  }

  // Retarget every dispatch to its variant.
  for (auto [dispatchOp, layouts] : dispatchLayouts) {
    SmallVector<Attribute> entryPoints;
    for (Attribute attr : dispatchOp.getEntryPoints()) {
      auto ref = cast<SymbolRefAttr>(attr);
      Operation *exportOp = lookupExport(dispatchOp, ref, symbolTables);
      ExecutableOp targetOp = chosen.lookup({exportOp, layouts});
      entryPoints.push_back(SymbolRefAttr::get(targetOp.getSymNameAttr(),
                                               ref.getNestedReferences()));
    }
    dispatchOp.setEntryPointsAttr(
        ArrayAttr::get(dispatchOp.getContext(), entryPoints));
  }
  return success();
}

} // namespace sluice::stream
