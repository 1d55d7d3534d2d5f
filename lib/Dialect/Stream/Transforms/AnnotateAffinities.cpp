//===- AnnotateAffinities.cpp - --iree-stream-annotate-affinities ---------===//
//
// stream-passes-1.md §5.1: runs AffinityAnalysis and writes its answers as
// discardable attributes, for debugging and for the analysis' lit tests.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace sluice::stream {

#define GEN_PASS_DEF_ANNOTATEAFFINITIESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

namespace {

ArrayAttr toArrayAttr(MLIRContext *context, ArrayRef<AffinityAttr> list) {
  SmallVector<Attribute> attrs(list.begin(), list.end());
  return ArrayAttr::get(context, attrs);
}

void annotateExecution(Operation *op, ArrayRef<AffinityAttr> affinities) {
  if (affinities.empty())
    return;
  op->setAttr("stream.affinities", toArrayAttr(op->getContext(), affinities));
}

void annotateGlobal(util::GlobalOpInterface globalOp,
                    AffinityAnalysis &analysis) {
  if (!isa<AffinityTypeInterface>(globalOp.getGlobalType()))
    return;
  SmallVector<AffinityAttr> affinities;
  if (analysis.tryLookupGlobalAffinity(globalOp, affinities))
    annotateExecution(globalOp, affinities);
}

/// Sets `name` to [[...], ...] with one entry per affinity-typed value.
void annotateValues(Operation *op, StringRef name, ValueRange values,
                    AffinityAnalysis &analysis) {
  MLIRContext *context = op->getContext();
  SmallVector<Attribute> resourceLists;
  SmallVector<Attribute> usageLists;
  for (Value value : values) {
    if (!isa<AffinityTypeInterface>(value.getType()))
      continue;
    SmallVector<AffinityAttr> resource;
    if (!analysis.tryLookupResourceAffinity(value, resource))
      resource.clear();
    resourceLists.push_back(toArrayAttr(context, resource));
    SmallVector<AffinityAttr> usage;
    if (!analysis.tryLookupResourceUsageAffinity(value, usage))
      usage.clear();
    usageLists.push_back(toArrayAttr(context, usage));
  }
  if (resourceLists.empty())
    return;
  op->setAttr(name, ArrayAttr::get(context, resourceLists));
  op->setAttr((name + ".usage").str(), ArrayAttr::get(context, usageLists));
}

void annotateOp(Operation *op, AffinityAnalysis &analysis) {
  if (auto affinityOp = dyn_cast<AffinityOpInterface>(op)) {
    if (affinityOp.requiresAffinity()) {
      SmallVector<AffinityAttr> affinities;
      if (analysis.tryLookupExecutionAffinity(op, affinities))
        annotateExecution(op, affinities);
    }
  }
  annotateValues(op, "stream.affinities.operands", op->getOperands(), analysis);
  annotateValues(op, "stream.affinities.results", op->getResults(), analysis);
}

class AnnotateAffinitiesPass
    : public impl::AnnotateAffinitiesPassBase<AnnotateAffinitiesPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    AffinityAnalysis analysis(moduleOp);
    if (failed(analysis.run()))
      return signalPassFailure();

    // Only discardable attributes the analysis never reads are written, so
    // querying while annotating is safe.
    for (Operation &op : moduleOp.getBody()->getOperations()) {
      if (op.hasTrait<util::OpTrait::ObjectLike>())
        continue;
      if (auto globalOp = dyn_cast<util::GlobalOpInterface>(&op)) {
        annotateGlobal(globalOp, analysis);
      } else if (auto funcOp = dyn_cast<FunctionOpInterface>(&op)) {
        funcOp->walk([&](Operation *nested) { annotateOp(nested, analysis); });
      }
    }
  }
};

} // namespace
} // namespace sluice::stream
