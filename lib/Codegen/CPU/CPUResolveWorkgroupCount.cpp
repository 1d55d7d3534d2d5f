//===- CPUResolveWorkgroupCount.cpp - export workgroup counts -------------===//
//
// --sluice-cpu-resolve-workgroup-count (execution.md §5.1 step 6).
//
//===----------------------------------------------------------------------===//

#include "CPUStrategy.h"
#include "sluice/Codegen/CPU/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"

#include <optional>

namespace sluice::cpu {
#define GEN_PASS_DEF_CPURESOLVEWORKGROUPCOUNTPASS
#include "sluice/Codegen/CPU/Passes.h.inc"
} // namespace sluice::cpu

using namespace mlir;
using namespace sluice;

namespace {

/// Clones the backward slice of dispatch-function values into an export's
/// count region: workload ordinals become region arguments, constants and
/// pure arith/affine ops are cloned, anything else is an error.
class CountSliceCloner {
public:
  CountSliceCloner(hal::ExecutableExportOp exportOp, OpBuilder &builder)
      : exportOp(exportOp), builder(builder) {}

  FailureOr<Value> clone(Value value) {
    if (Value mapped = mapping.lookupOrNull(value))
      return mapped;
    Operation *def = value.getDefiningOp();
    if (!def)
      return notAnOrdinal();
    if (auto ordinal =
            dyn_cast<iree_tensor_ext::DispatchWorkloadOrdinalOp>(def)) {
      Region &region = exportOp.getWorkgroupCount();
      uint64_t k = ordinal.getOrdinal().getZExtValue();
      if (k + 1 >= region.getNumArguments())
        return exportOp.emitError()
               << "workgroup count of '" << exportOp.getSymName()
               << "' uses workload ordinal " << k
               << " but the count region has " << region.getNumArguments() - 1
               << " workload operands";
      Value arg = region.getArgument(k + 1);
      if (arg.getType() != value.getType())
        return exportOp.emitError()
               << "workgroup count of '" << exportOp.getSymName()
               << "': workload ordinal " << k << " is " << value.getType()
               << " but the count region's operand is " << arg.getType();
      mapping.map(value, arg);
      return arg;
    }
    StringRef dialect = def->getName().getDialectNamespace();
    bool cloneable = def->hasTrait<OpTrait::ConstantLike>() ||
                     ((dialect == "arith" || dialect == "affine") &&
                      def->getNumRegions() == 0 && isPure(def));
    if (!cloneable)
      return notAnOrdinal();
    for (Value operand : def->getOperands())
      if (failed(clone(operand)))
        return failure();
    Operation *copy = builder.clone(*def, mapping);
    copy->removeAttr(cpu::kWorkgroupCountMarkerName);
    return mapping.lookup(value);
  }

private:
  FailureOr<Value> notAnOrdinal() {
    return exportOp.emitError()
           << "workgroup count of '" << exportOp.getSymName()
           << "' depends on a value that is not a workload ordinal";
  }

  hal::ExecutableExportOp exportOp;
  OpBuilder &builder;
  IRMapping mapping;
};

struct CPUResolveWorkgroupCountPass
    : public cpu::impl::CPUResolveWorkgroupCountPassBase<
          CPUResolveWorkgroupCountPass> {
  void runOnOperation() override {
    hal::ExecutableVariantOp variant = getOperation();
    ModuleOp inner;
    for (auto module : variant.getBody().front().getOps<ModuleOp>())
      inner = module;
    SmallVector<Operation *> markers;
    // One symbol table for every export (a lookup per export scans the
    // module: quadratic in the exports of a variant).
    std::optional<SymbolTable> symbols;
    if (inner)
      symbols.emplace(inner);
    for (auto exportOp :
         variant.getBody().front().getOps<hal::ExecutableExportOp>()) {
      // The count ops tile-and-distribute left in the dispatch function.
      Value counts[3] = {};
      auto func = symbols ? symbols->lookup<func::FuncOp>(exportOp.getSymName())
                          : func::FuncOp();
      if (func) {
        func.walk([&](Operation *op) {
          auto dim =
              op->getAttrOfType<IntegerAttr>(cpu::kWorkgroupCountMarkerName);
          if (!dim || op->getNumResults() != 1)
            return;
          markers.push_back(op);
          if (dim.getInt() >= 0 && dim.getInt() < 3)
            counts[dim.getInt()] = op->getResult(0);
        });
      }
      SmallVector<iree_tensor_ext::DispatchWorkgroupCountFromSliceOp> slices;
      exportOp.getWorkgroupCount().walk(
          [&](iree_tensor_ext::DispatchWorkgroupCountFromSliceOp op) {
            slices.push_back(op);
          });
      for (auto slice : slices) {
        OpBuilder b(slice);
        CountSliceCloner cloner(exportOp, b);
        SmallVector<Value> xyz;
        Value one;
        for (Value count : counts) {
          if (!count) {
            if (!one)
              one = arith::ConstantIndexOp::create(b, slice.getLoc(), 1);
            xyz.push_back(one);
            continue;
          }
          FailureOr<Value> cloned = cloner.clone(count);
          if (failed(cloned))
            return signalPassFailure();
          xyz.push_back(*cloned);
        }
        slice->replaceAllUsesWith(xyz);
        slice.erase();
      }
      if (!slices.empty()) {
        // Fold the cloned arithmetic (static shapes give constant counts).
        // The host code that inlines the region knows arith, not affine.
        RewritePatternSet patterns(&getContext());
        affine::AffineApplyOp::getCanonicalizationPatterns(patterns,
                                                           &getContext());
        populateAffineToStdConversionPatterns(patterns);
        (void)applyPatternsGreedily(exportOp.getWorkgroupCount(),
                                    std::move(patterns));
      }
    }
    for (Operation *marker : markers)
      marker->removeAttr(cpu::kWorkgroupCountMarkerName);
  }
};

} // namespace
