//===- SyncInitializers.cpp - --iree-stream-sync-initializers -------------===//
//
// Marks every host await inside a `util.initializer` `sync`
// (stream-passes-2.md §4). Calls made from initializers are not followed.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

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
    if (moduleOp.getBody()->empty())
      return;
    for (auto initializerOp : moduleOp.getOps<util::InitializerOp>())
      initializerOp.walk(
          [](TimepointAwaitOp awaitOp) { awaitOp.setSync(true); });
  }
};

} // namespace
} // namespace sluice::stream
