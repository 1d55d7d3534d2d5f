//===- SyncInitializers.cpp - --iree-stream-sync-initializers -------------===//
//
// Marks every host await inside a `util.initializer` `sync`
// (stream-passes-2.md §4). Calls made from initializers are not followed.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

namespace sluice::stream {
#define GEN_PASS_DEF_SYNCINITIALIZERSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

struct SyncInitializersPass
    : impl::SyncInitializersPassBase<SyncInitializersPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    bool changed = false;
    for (auto initializerOp : moduleOp.getOps<util::InitializerOp>())
      initializerOp.walk([&](TimepointAwaitOp awaitOp) {
        if (awaitOp.getSync())
          return;
        awaitOp.setSync(true);
        changed = true;
      });
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
