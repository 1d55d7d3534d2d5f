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

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    // Collect everything first so that the new functions are never scanned.
    SmallVector<std::pair<FunctionOpInterface, SmallVector<ResourcePackOp>>>
        work;
    for (auto funcOp : moduleOp.getOps<FunctionOpInterface>()) {
      SmallVector<ResourcePackOp> packs;
      funcOp.walk([&](ResourcePackOp packOp) {
        if (packOp->removeAttr(kTransientsPackAttr))
          packs.push_back(packOp);
      });
      if (!packs.empty())
        work.push_back({funcOp, std::move(packs)});
    }
    for (auto &[funcOp, packs] : work)
      if (failed(materialize(moduleOp, funcOp, packs)))
        return signalPassFailure();
  }

  LogicalResult materialize(ModuleOp moduleOp, FunctionOpInterface funcOp,
                            ArrayRef<ResourcePackOp> packs) {
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
      // The pure ops the total length depends on, plus the pack.
      BackwardSliceOptions options;
      options.omitBlockArguments = false;
      options.omitUsesFromAbove = false;
      options.inclusive = true;
      // A region op around the pack (a pure loop reached through its
      // induction variable) is not part of the computation.
      options.filter = [&](Operation *op) {
        return isMemoryEffectFree(op) && !isa<CallOpInterface>(op) &&
               !op->isProperAncestor(packOp);
      };
      llvm::SetVector<Operation *> slice;
      (void)getBackwardSlice(packOp.getOperation(), &slice, options);
      slice.insert(packOp);
      // Clone in the function's IR order; ops nested in a sliced op come
      // with it.
      SmallVector<Operation *> ordered;
      funcOp.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (!slice.contains(op))
          return WalkResult::advance();
        ordered.push_back(op);
        return WalkResult::skip();
      });
      for (Operation *op : ordered) {
        if (failed(checkAvailable(funcOp, op, slice, funcEntry, packOp)))
          return failure();
        builder.clone(*op, mapping);
      }
      results.push_back(mapping.lookup(packOp.getTotalLength()));
    }
    util::ReturnOp::create(builder, funcOp.getLoc(), results);

    auto reflection = funcOp->getAttrOfType<DictionaryAttr>(kReflectionAttr);
    reflection = withDictEntry(reflection, kSizeKey,
                               FlatSymbolRefAttr::get(context, name));
    if (!referenceCompat)
      reflection = addSluiceReflection(funcOp, queryOp, packs, reflection);
    funcOp->setAttr(kReflectionAttr, reflection);
    return success();
  }

  /// Every value `op` (and its regions) reads must be cloned too or be an
  /// argument of the function; otherwise the query cannot compute it.
  LogicalResult checkAvailable(FunctionOpInterface funcOp, Operation *op,
                               const llvm::SetVector<Operation *> &slice,
                               Block &funcEntry, ResourcePackOp packOp) {
    auto isAvailable = [&](Value value) {
      if (auto arg = dyn_cast<BlockArgument>(value))
        return arg.getOwner() == &funcEntry ||
               op->isAncestor(arg.getOwner()->getParentOp());
      Operation *def = value.getDefiningOp();
      for (Operation *ancestor = def; ancestor;
           ancestor = ancestor->getParentOp())
        if (slice.contains(ancestor))
          return true;
      return false;
    };
    auto report = [&](Value value) {
      InFlightDiagnostic diag =
          packOp.emitError() << "transient size of '@"
                             << SymbolTable::getSymbolName(funcOp).getValue()
                             << "' depends on a value the size query cannot "
                                "compute (impure or defined inside a loop or "
                                "branch)";
      if (Operation *def = value.getDefiningOp())
        diag.attachNote(def->getLoc()) << "value defined here";
      return failure();
    };
    for (Value operand : op->getOperands())
      if (!isAvailable(operand))
        return report(operand);
    LogicalResult result = success();
    visitUsedValuesDefinedAbove(op->getRegions(), [&](OpOperand *use) {
      if (succeeded(result) && !isAvailable(use->get()))
        result = report(use->get());
    });
    return result;
  }

  /// §9.9 keys with reference-compat=false: the storage argument indices on
  /// the function, the invocation model (and declaration) on the query.
  DictionaryAttr addSluiceReflection(FunctionOpInterface funcOp,
                                     util::FuncOp queryOp,
                                     ArrayRef<ResourcePackOp> packs,
                                     DictionaryAttr reflection) {
    MLIRContext *context = funcOp.getContext();
    llvm::SetVector<unsigned> storageArgs;
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
    if (!storageArgs.empty()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      llvm::interleave(storageArgs, os, ",");
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
