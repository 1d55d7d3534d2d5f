//===- ImportMLProgram.cpp - --sluice-import-ml-program -------------------===//
//
// execution.md §2.2 step 2: ml_program globals and their loads and stores
// become util globals, loads and stores.
//
//===----------------------------------------------------------------------===//

#include "sluice/Input/Passes.h"

#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include "sluice/Input/InputUtils.h"

namespace sluice::input {
#define GEN_PASS_DEF_IMPORTMLPROGRAMPASS
#include "sluice/Input/Passes.h.inc"
} // namespace sluice::input

using namespace mlir;

namespace sluice::input {
namespace {

FlatSymbolRefAttr flatten(SymbolRefAttr ref) {
  return FlatSymbolRefAttr::get(ref.getLeafReference());
}

struct ImportMLProgramPass
    : impl::ImportMLProgramPassBase<ImportMLProgramPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SmallVector<Operation *> worklist;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isExecutable(op))
        return WalkResult::skip();
      if (isa<ml_program::GlobalOp, ml_program::GlobalLoadOp,
              ml_program::GlobalLoadConstOp, ml_program::GlobalStoreOp>(op))
        worklist.push_back(op);
      return WalkResult::advance();
    });
    // Mutability of every ml_program global, for the loads' `immutable`.
    llvm::DenseMap<StringAttr, bool> mutableGlobals;
    for (auto global : module.getOps<ml_program::GlobalOp>())
      mutableGlobals[global.getSymNameAttr()] = global.getIsMutable();

    bool anyError = false;
    for (Operation *op : worklist) {
      OpBuilder builder(op);
      if (auto global = dyn_cast<ml_program::GlobalOp>(op)) {
        Attribute value = global.getValueAttr();
        if (value && isa<ml_program::ExternAttr>(value)) {
          global.emitOpError("with an external value is not supported; "
                             "write the weight as a util.global with a "
                             "#flow.parameter.named value");
          anyError = true;
          continue;
        }
        auto result = util::GlobalOp::create(
            builder, global.getLoc(), global.getSymName(),
            global.getIsMutable(), global.getType(), value);
        result.setSymVisibilityAttr(builder.getStringAttr("private"));
        global->erase();
        continue;
      }
      Operation *replacement = nullptr;
      if (auto load = dyn_cast<ml_program::GlobalLoadOp>(op)) {
        SymbolRefAttr ref = load.getGlobalAttr();
        bool immutable = !mutableGlobals.lookup(ref.getLeafReference());
        replacement = util::GlobalLoadOp::create(
            builder, load.getLoc(), load.getType(), flatten(ref),
            immutable ? builder.getUnitAttr() : UnitAttr());
      } else if (auto load = dyn_cast<ml_program::GlobalLoadConstOp>(op)) {
        replacement = util::GlobalLoadOp::create(
            builder, load.getLoc(), load.getType(),
            flatten(load.getGlobalAttr()), builder.getUnitAttr());
      } else if (auto store = dyn_cast<ml_program::GlobalStoreOp>(op)) {
        replacement = util::GlobalStoreOp::create(
            builder, store.getLoc(), store.getValue(),
            flatten(store.getGlobalAttr()));
      }
      op->replaceAllUsesWith(replacement);
      op->erase();
    }
    if (anyError)
      signalPassFailure();
  }
};

} // namespace
} // namespace sluice::input
