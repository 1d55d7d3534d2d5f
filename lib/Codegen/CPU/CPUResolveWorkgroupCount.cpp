//===- CPUResolveWorkgroupCount.cpp - export workgroup counts -------------===//
//
// --sluice-cpu-resolve-workgroup-count (execution.md §5.1 step 6) for
// dispatches that are not distributed: every count is 1.
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPURESOLVEWORKGROUPCOUNTPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

struct CPUResolveWorkgroupCountPass
    : public cpu::impl::CPUResolveWorkgroupCountPassBase<
          CPUResolveWorkgroupCountPass> {
  void runOnOperation() override {
    for (auto exportOp :
         getOperation().getBody().front().getOps<hal::ExecutableExportOp>()) {
      SmallVector<iree_tensor_ext::DispatchWorkgroupCountFromSliceOp> slices;
      exportOp.getWorkgroupCount().walk(
          [&](iree_tensor_ext::DispatchWorkgroupCountFromSliceOp op) {
            slices.push_back(op);
          });
      for (auto slice : slices) {
        OpBuilder b(slice);
        Value one = arith::ConstantIndexOp::create(b, slice.getLoc(), 1);
        slice->replaceAllUsesWith(SmallVector<Value>(3, one));
        slice.erase();
      }
    }
  }
};

} // namespace
