//===- CPUPlaceAllocations.cpp - small allocations on the stack -----------===//
//
// --sluice-cpu-place-allocations (execution.md §5.1 step 10).
//
//===----------------------------------------------------------------------===//

#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace sluice::cpu {
#define GEN_PASS_DEF_CPUPLACEALLOCATIONSPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

constexpr uint64_t kMaxStackAllocationBytes = 65536;

/// Static size in bytes, if the type has one.
std::optional<uint64_t> staticBytes(MemRefType type) {
  if (!type.hasStaticShape() || !type.getLayout().isIdentity())
    return std::nullopt;
  Type element = type.getElementType();
  if (!element.isIntOrIndexOrFloat())
    return std::nullopt;
  uint64_t bits =
      element.isIndex() ? 64 : (uint64_t)element.getIntOrFloatBitWidth();
  return type.getNumElements() * llvm::divideCeil(bits, 8);
}

/// Whether the buffer of `alloc` (or a view of it) is passed to a
/// terminator or a call: then it may outlive one execution of its block.
bool escapesItsBlock(memref::AllocOp alloc) {
  SmallVector<Value> worklist = {alloc.getResult()};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user->hasTrait<OpTrait::IsTerminator>() || isa<CallOpInterface>(user))
        return true;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user)) {
        if (view.getViewSource() == value)
          llvm::append_range(worklist, user->getResults());
      } else if (user->getNumResults() &&
                 llvm::any_of(user->getResultTypes(),
                              llvm::IsaPred<BaseMemRefType>)) {
        // Casts and other ops returning a memref derived from the buffer.
        llvm::append_range(worklist, user->getResults());
      }
    }
  }
  return false;
}

struct CPUPlaceAllocationsPass
    : public cpu::impl::CPUPlaceAllocationsPassBase<CPUPlaceAllocationsPass> {
  CPUPlaceAllocationsPass() {
    bufferization::buildBufferDeallocationPipeline(deallocation);
  }
  CPUPlaceAllocationsPass(const CPUPlaceAllocationsPass &other)
      : CPUPlaceAllocationsPassBase(other) {
    bufferization::buildBufferDeallocationPipeline(deallocation);
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    CPUPlaceAllocationsPassBase::getDependentDialects(registry);
    deallocation.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool heapLeft = false;
    getOperation().walk([&](FunctionOpInterface func) {
      if (func.isExternal())
        return;
      Block &entry = func.getFunctionBody().front();
      SmallVector<memref::AllocOp> allocs;
      func.walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
      OpBuilder b(&entry, entry.begin());
      for (memref::AllocOp alloc : allocs) {
        MemRefType type = alloc.getType();
        std::optional<uint64_t> bytes = staticBytes(type);
        if (!bytes || *bytes > kMaxStackAllocationBytes ||
            !alloc.getDynamicSizes().empty() ||
            !alloc.getSymbolOperands().empty())
          continue;
        if (alloc->getBlock() != &entry && escapesItsBlock(alloc))
          continue;
        auto alloca = memref::AllocaOp::create(b, alloc.getLoc(), type,
                                               alloc.getAlignmentAttr());
        for (Operation *user : llvm::to_vector(alloc->getUsers()))
          if (isa<memref::DeallocOp>(user))
            user->erase();
        alloc.replaceAllUsesWith(alloca.getResult());
        alloc.erase();
      }
      heapLeft |=
          func.walk([](memref::AllocOp) { return WalkResult::interrupt(); })
              .wasInterrupted();
    });
    // Only modules that keep heap buffers pay for the deallocation pipeline.
    if (heapLeft && failed(runPipeline(deallocation, getOperation())))
      return signalPassFailure();
  }

  OpPassManager deallocation{"builtin.module"};
};

} // namespace
