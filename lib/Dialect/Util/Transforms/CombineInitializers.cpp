//===- CombineInitializers.cpp - iree-util-combine-initializers -----------===//
//
// stream-passes-2.md §15.8: every initializer and every materializable global
// initial value become one util.initializer, placed with the globals they
// touch at the position of the first of them.
//
//===----------------------------------------------------------------------===//

#include "ConstantUtils.h"

#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace sluice::util {
#define GEN_PASS_DEF_COMBINEINITIALIZERSPASS
#include "sluice/Dialect/Util/Transforms/Passes.h.inc"
} // namespace sluice::util

using namespace mlir;

namespace sluice::util {
namespace {

/// Whether `op` is an initialization point: an initializer, or a global with
/// an initial value other than #util.uninitialized.
bool isInitializationPoint(Operation *op) {
  if (isa<InitializerOpInterface>(op))
    return true;
  auto globalOp = dyn_cast<GlobalOpInterface>(op);
  if (!globalOp)
    return false;
  Attribute value = globalOp.getGlobalInitialValue();
  return value && !isa<UninitializedAttr>(value);
}

/// The globals an initializer (or any function it calls) loads, stores or
/// takes the address of, in discovery order.
SmallVector<Operation *> discoverDependencies(Operation *initializer,
                                              SymbolTable &symbolTable) {
  llvm::SetVector<Operation *> globals;
  llvm::DenseSet<Operation *> queuedFunctions;
  SmallVector<Region *> worklist = {&initializer->getRegion(0)};
  while (!worklist.empty()) {
    Region *region = worklist.pop_back_val();
    SmallVector<Region *> queued;
    region->walk([&](Operation *op) {
      if (auto accessor = dyn_cast<GlobalAccessorOpInterface>(op)) {
        if (Operation *global = symbolTable.lookup(accessor.getGlobalName()))
          globals.insert(global);
      } else if (auto call = dyn_cast<CallOpInterface>(op)) {
        auto ref =
            dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
        Operation *callee =
            ref ? symbolTable.lookup(ref.getRootReference()) : nullptr;
        auto func = dyn_cast_if_present<FunctionOpInterface>(callee);
        if (func && !func.isExternal() && queuedFunctions.insert(callee).second)
          queued.push_back(&func.getFunctionBody());
      }
    });
    llvm::append_range(worklist, queued);
  }
  return globals.takeVector();
}

class CombineInitializersPass
    : public impl::CombineInitializersPassBase<CombineInitializersPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    UnchangedIRGuard guard(moduleOp);
    Block *body = moduleOp.getBody();
    SmallVector<Operation *> points;
    bool anyInitializer = false;
    llvm::DenseMap<Operation *, size_t> positions;
    for (Operation &op : *body) {
      positions[&op] = positions.size();
      if (!isInitializationPoint(&op))
        continue;
      points.push_back(&op);
      anyInitializer |= isa<InitializerOpInterface>(&op);
    }
    if (!anyInitializer || points.size() <= 1) {
      if (guard.unchanged(false, getName()))
        markAllAnalysesPreserved();
      return;
    }

    SymbolTable symbolTable(moduleOp);
    llvm::SetVector<Operation *> batch;
    for (Operation *point : points) {
      if (isa<InitializerOpInterface>(point))
        for (Operation *global : discoverDependencies(point, symbolTable))
          batch.insert(global);
      batch.insert(point);
    }
    SmallVector<Operation *> sorted = batch.takeVector();
    llvm::sort(sorted, [&](Operation *a, Operation *b) {
      return positions[a] < positions[b];
    });

    // Gather the batch at the position of its first op.
    Operation *anchor = sorted.front();
    for (Operation *op : llvm::drop_begin(sorted)) {
      op->moveAfter(anchor);
      anchor = op;
    }

    SmallVector<Location> locs;
    for (Operation *point : points)
      locs.push_back(point->getLoc());
    Location loc =
        locs.size() == 1 ? locs.front() : FusedLoc::get(&getContext(), locs);
    OpBuilder moduleBuilder(&getContext());
    moduleBuilder.setInsertionPointAfter(anchor);
    auto combined = InitializerOp::create(moduleBuilder, loc);
    Region &region = combined.getBody();
    Block *current = combined.addEntryBlock();

    for (Operation *op : sorted) {
      if (auto globalOp = dyn_cast<GlobalOpInterface>(op)) {
        if (!isInitializationPoint(op))
          continue;
        Attribute value = globalOp.getGlobalInitialValue();
        OpBuilder builder = OpBuilder::atBlockEnd(current);
        Value constant = materializeUtilConstant(builder, op->getLoc(), value,
                                                 globalOp.getGlobalType());
        if (!constant)
          continue;
        globalOp.createStoreOp(op->getLoc(), constant, builder);
        globalOp.setGlobalInitialValue({});
        continue;
      }
      if (!isa<InitializerOpInterface>(op))
        continue;
      Region &source = op->getRegion(0);
      if (source.empty())
        continue;
      if (source.hasOneBlock()) {
        Block &block = source.front();
        Operation *terminator = block.getTerminator();
        current->getOperations().splice(current->end(), block.getOperations(),
                                        block.begin(),
                                        terminator->getIterator());
        continue;
      }
      // Multi-block bodies: the blocks go between the current block and a
      // new continuation; returns branch to the continuation.
      Block *continuation = new Block();
      region.push_back(continuation);
      Block *sourceEntry = &source.front();
      region.getBlocks().splice(continuation->getIterator(),
                                source.getBlocks());
      OpBuilder builder = OpBuilder::atBlockEnd(current);
      cf::BranchOp::create(builder, op->getLoc(), sourceEntry);
      for (Block *block = sourceEntry; block != continuation;
           block = block->getNextNode()) {
        Operation *terminator = block->getTerminator();
        if (!isa<ReturnOp>(terminator))
          continue;
        OpBuilder b(terminator);
        cf::BranchOp::create(b, terminator->getLoc(), continuation);
        terminator->erase();
      }
      current = continuation;
    }
    OpBuilder builder = OpBuilder::atBlockEnd(current);
    ReturnOp::create(builder, loc);
    for (Operation *op : sorted)
      if (isa<InitializerOpInterface>(op))
        op->erase();
  }
};

} // namespace
} // namespace sluice::util
