//===- MaterializeTransientSizeQueries.cpp --------------------------------===//
//
// --iree-stream-materialize-transient-size-queries: one public
// `<fn>_transients_size` per function with transient packs, cloning the pure
// computation of each pack's total length (external-transients.md §6, §9.9).
//
//===----------------------------------------------------------------------===//

#include "TransientsUtils.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_MATERIALIZETRANSIENTSIZEQUERIESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

struct MaterializeTransientSizeQueriesPass
    : impl::MaterializeTransientSizeQueriesPassBase<
          MaterializeTransientSizeQueriesPass> {
  using Base::Base;

  /// The storage argument index emplace-transients recorded on a pack of a
  /// function with several storages; packs without one sort last.
  static uint64_t storageArgOf(ResourcePackOp packOp) {
    if (auto attr = packOp->getAttrOfType<IntegerAttr>(kStorageArgAttr))
      return attr.getValue().getZExtValue();
    return std::numeric_limits<uint64_t>::max();
  }

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    // Collect everything first so that the new functions are never scanned.
    SmallVector<std::tuple<FunctionOpInterface, SmallVector<ResourcePackOp>,
                           SmallVector<uint64_t>>>
        work;
    for (auto funcOp : moduleOp.getOps<FunctionOpInterface>()) {
      SmallVector<ResourcePackOp> packs;
      funcOp.walk([&](ResourcePackOp packOp) {
        if (packOp->removeAttr(kTransientsPackAttr))
          packs.push_back(packOp);
      });
      // Several storages (§9.3): one result per storage argument, in
      // argument order.
      SmallVector<std::pair<uint64_t, unsigned>> keys;
      for (auto [index, packOp] : llvm::enumerate(packs))
        keys.push_back({storageArgOf(packOp), index});
      llvm::sort(keys);
      SmallVector<ResourcePackOp> sorted;
      for (auto [arg, index] : keys)
        sorted.push_back(packs[index]);
      packs = std::move(sorted);
      SmallVector<uint64_t> storageArgs;
      for (ResourcePackOp packOp : packs) {
        storageArgs.push_back(storageArgOf(packOp));
        packOp->removeAttr(kStorageArgAttr);
      }
      if (!packs.empty())
        work.push_back({funcOp, std::move(packs), std::move(storageArgs)});
    }
    SymbolTableCollection symbolTables;
    for (auto &[funcOp, packs, storageArgs] : work)
      if (failed(
              materialize(moduleOp, funcOp, packs, storageArgs, symbolTables)))
        return signalPassFailure();
    // Only packs marked as transients are edited (and each gets a query).
    if (guard.unchanged(!work.empty(), getName()))
      markAllAnalysesPreserved();
  }

  LogicalResult materialize(ModuleOp moduleOp, FunctionOpInterface funcOp,
                            ArrayRef<ResourcePackOp> packs,
                            ArrayRef<uint64_t> packStorageArgs,
                            SymbolTableCollection &symbolTables) {
    MLIRContext *context = moduleOp.getContext();
    std::string name =
        getUniqueQueryName(moduleOp, SymbolTable::getSymbolName(funcOp));
    auto indexType = IndexType::get(context);
    auto type = FunctionType::get(context, funcOp.getArgumentTypes(),
                                  SmallVector<Type>(packs.size(), indexType));
    OpBuilder moduleBuilder(context);
    moduleBuilder.setInsertionPointAfter(funcOp);
    auto queryOp =
        util::FuncOp::create(moduleBuilder, funcOp.getLoc(), name, type);
    Block *entry = queryOp.addEntryBlock();
    Block &funcEntry = funcOp.getFunctionBody().front();
    OpBuilder builder = OpBuilder::atBlockEnd(entry);

    SmallVector<Value> results;
    for (ResourcePackOp packOp : packs) {
      IRMapping mapping;
      for (auto [from, to] :
           llvm::zip(funcEntry.getArguments(), entry->getArguments()))
        mapping.map(from, to);
      FailureOr<Value> total =
          cloneTotalLength(funcOp, packOp, builder, mapping);
      if (failed(total))
        return failure();
      results.push_back(*total);
    }
    util::ReturnOp::create(builder, funcOp.getLoc(), results);
    // The sizes of specialized callees (§9.2 item 3).
    inlineTransientSizeCalls(queryOp.getFunctionBody(), symbolTables);

    auto reflection = funcOp->getAttrOfType<DictionaryAttr>(kReflectionAttr);
    reflection = withDictEntry(reflection, kSizeKey,
                               FlatSymbolRefAttr::get(context, name));
    if (!referenceCompat)
      reflection = addSluiceReflection(funcOp, queryOp, packs, packStorageArgs,
                                       reflection);
    funcOp->setAttr(kReflectionAttr, reflection);
    return success();
  }

  /// §9.9 keys with reference-compat=false: the storage argument indices on
  /// the function, the invocation model (and declaration) on the query.
  DictionaryAttr addSluiceReflection(FunctionOpInterface funcOp,
                                     util::FuncOp queryOp,
                                     ArrayRef<ResourcePackOp> packs,
                                     ArrayRef<uint64_t> packStorageArgs,
                                     DictionaryAttr reflection) {
    MLIRContext *context = funcOp.getContext();
    llvm::SetVector<unsigned> storageArgs;
    for (uint64_t arg : packStorageArgs)
      if (arg != std::numeric_limits<uint64_t>::max())
        storageArgs.insert(arg);
    for (ResourcePackOp packOp : packs)
      for (Operation *user : packOp.getTotalLength().getUsers())
        if (auto subviewOp = dyn_cast<ResourceSubviewOp>(user))
          if (subviewOp.getResultSize() == packOp.getTotalLength())
            if (BlockArgument arg = traceStorageArgument(subviewOp.getSource()))
              storageArgs.insert(arg.getArgNumber());
    // Nothing was emplaced (no base view): the declared storage arguments,
    // which the caller still passes (possibly as null refs, §9.10).
    if (storageArgs.empty())
      for (unsigned i = 0, e = funcOp.getNumArguments(); i < e; ++i)
        if (funcOp.getArgAttrOfType<UnitAttr>(i, kTransientsArgAttr))
          storageArgs.insert(i);
    SmallVector<unsigned> sortedArgs(storageArgs.begin(), storageArgs.end());
    llvm::sort(sortedArgs);
    if (!storageArgs.empty()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      llvm::interleave(sortedArgs, os, ",");
      reflection =
          withDictEntry(reflection, kArgsKey, StringAttr::get(context, text));
    }
    // The byte alignment the storage's base address and offset must honour:
    // pack offsets are aligned relative to the storage start (§9.9).
    int64_t alignment = 1;
    for (ResourcePackOp packOp : packs)
      alignment = std::max<int64_t>(
          alignment,
          ResourceConfigAttr::lookup(packOp).getMinBufferOffsetAlignment());
    reflection =
        withDictEntry(reflection, kAlignmentKey,
                      StringAttr::get(context, std::to_string(alignment)));
    DictionaryAttr queryReflection =
        withDictEntry({}, "iree.abi.model", StringAttr::get(context, "sync"));
    if (reflection)
      if (Attribute declaration = reflection.get("iree.abi.declaration"))
        queryReflection =
            withDictEntry(queryReflection, "iree.abi.declaration", declaration);
    queryOp->setAttr(kReflectionAttr, queryReflection);
    return reflection;
  }
};

} // namespace
} // namespace sluice::stream
