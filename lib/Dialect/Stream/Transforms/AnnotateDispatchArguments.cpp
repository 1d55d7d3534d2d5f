//===- AnnotateDispatchArguments.cpp - iree-stream-annotate-dispatch-arguments
////
//
// stream-passes-2.md §12.2: potential constant values and alignments of the
// values reaching every dispatch, written onto the export functions'
// arguments as `stream.values` / `stream.alignment`.
//
// The analysis walks defining ops with the Explorer (stream.executable
// ignored); results are memoized per value and per global, so each value is
// analysed once. A value met again while it is being analysed (a cycle
// through a global or a loop) contributes nothing, which is the optimistic
// start of the reference's fixed point.
//
//===----------------------------------------------------------------------===//

#include "DispatchUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

#include <set>

namespace sluice::stream {
#define GEN_PASS_DEF_ANNOTATEDISPATCHARGUMENTSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// A set reaching this many members becomes invalid [REF].
constexpr size_t kMaxPotentialValues = 8192;
/// The largest (best) alignment; also "no producer said anything".
constexpr uint64_t kMaxAlignment = 1ull << 32;

struct APIntLess {
  bool operator()(const APInt &a, const APInt &b) const {
    if (a.getBitWidth() != b.getBitWidth())
      return a.getBitWidth() < b.getBitWidth();
    return a.ult(b);
  }
};

/// A potential-value set: valid (complete) or invalid, with "undefined"
/// when some producer is unknown.
struct PotentialValues {
  bool valid = true;
  bool undefined = false;
  std::set<APInt, APIntLess> values;

  void invalidate() {
    valid = false;
    undefined = true;
  }
  void unionWith(const PotentialValues &other) {
    if (!other.valid) {
      invalidate();
      return;
    }
    undefined |= other.undefined;
    values.insert(other.values.begin(), other.values.end());
    if (values.size() >= kMaxPotentialValues)
      invalidate();
  }
};

class DispatchArgumentAnalysis {
public:
  explicit DispatchArgumentAnalysis(ModuleOp moduleOp)
      : explorer(moduleOp, util::TraversalAction::RECURSE) {
    explorer.setOpAction<ExecutableOp>(util::TraversalAction::IGNORE);
    explorer.initialize();
  }

  const PotentialValues &getValuePVS(Value value) {
    auto it = valuePVS.find(value);
    if (it != valuePVS.end())
      return it->second;
    // In progress: contributes nothing until finished.
    valuePVS[value] = PotentialValues();
    PotentialValues pvs;
    APInt constant;
    if (matchPattern(value, m_ConstantInt(&constant))) {
      pvs.values.insert(constant);
      return valuePVS[value] = pvs;
    }
    util::TraversalResult traversal =
        explorer.walkDefiningOps(value, [&](OpResult result) {
          Operation *op = result.getOwner();
          APInt c;
          if (matchPattern(result, m_ConstantInt(&c))) {
            pvs.values.insert(c);
            return WalkResult::advance();
          }
          if (auto load = dyn_cast<util::GlobalLoadOpInterface>(op)) {
            const PotentialValues &global = getGlobalPVS(load);
            if (global.valid)
              pvs.unionWith(global);
            else
              pvs.invalidate();
            return WalkResult::skip();
          }
          if (auto select = dyn_cast<arith::SelectOp>(op)) {
            PotentialValues sides = getValuePVS(select.getTrueValue());
            sides.unionWith(getValuePVS(select.getFalseValue()));
            pvs.unionWith(sides);
            return WalkResult::skip();
          }
          // Calls and region ops are looked through by the walk.
          if (isa<CallOpInterface, RegionBranchOpInterface>(op))
            return WalkResult::advance();
          pvs.invalidate();
          return WalkResult::advance();
        });
    if (traversal == util::TraversalResult::INCOMPLETE)
      pvs.invalidate();
    if (pvs.values.size() >= kMaxPotentialValues)
      pvs.invalidate();
    return valuePVS[value] = pvs;
  }

  uint64_t getValueAlignment(Value value) {
    if (!value.getType().isIndex())
      return 1;
    auto it = valueAlignment.find(value);
    if (it != valueAlignment.end())
      return it->second;
    valueAlignment[value] = kMaxAlignment;
    const PotentialValues &pvs = getValuePVS(value);
    if (pvs.valid && !pvs.undefined &&
        llvm::any_of(pvs.values, [](const APInt &v) { return !v.isZero(); })) {
      uint64_t alignment = kMaxAlignment;
      for (const APInt &v : pvs.values) {
        if (v.isZero())
          continue;
        uint64_t lowest = 1ull << std::min<unsigned>(v.countr_zero(), 32);
        alignment = std::min(alignment, lowest);
      }
      return valueAlignment[value] = alignment;
    }
    uint64_t alignment = kMaxAlignment;
    util::TraversalResult traversal =
        explorer.walkDefiningOps(value, [&](OpResult result) {
          if (auto alignOp = dyn_cast<util::AlignOp>(result.getOwner()))
            alignment =
                std::min(alignment, getValueAlignment(alignOp.getAlignment()));
          return WalkResult::advance();
        });
    // [QUIRK AD1] known producers that say nothing keep the maximum.
    if (traversal == util::TraversalResult::INCOMPLETE)
      alignment = 1;
    return valueAlignment[value] = alignment;
  }

private:
  const PotentialValues &getGlobalPVS(util::GlobalLoadOpInterface load) {
    const util::Explorer::GlobalInfo *info =
        explorer.queryGlobalInfoFrom(load.getGlobalName(), load);
    Operation *key = info ? info->op.getOperation() : load.getOperation();
    auto it = globalPVS.find(key);
    if (it != globalPVS.end())
      return it->second;
    globalPVS[key] = PotentialValues();
    PotentialValues pvs;
    if (!info || info->isIndirect) {
      pvs.invalidate();
      return globalPVS[key] = pvs;
    }
    if (auto initial =
            dyn_cast_if_present<IntegerAttr>(info->op.getGlobalInitialValue()))
      pvs.values.insert(initial.getValue());
    for (util::GlobalStoreOpInterface store : info->getStores()) {
      PotentialValues stored = getValuePVS(store.getStoredGlobalValue());
      if (!stored.valid)
        pvs.invalidate();
      else
        pvs.unionWith(stored);
    }
    return globalPVS[key] = pvs;
  }

  util::Explorer explorer;
  llvm::DenseMap<Value, PotentialValues> valuePVS;
  llvm::DenseMap<Value, uint64_t> valueAlignment;
  llvm::DenseMap<Operation *, PotentialValues> globalPVS;
};

/// Sets argument attribute `name` of `funcOp`; returns whether its value
/// changed.
bool updateArgAttr(FunctionOpInterface funcOp, unsigned argIndex,
                   StringRef name, Attribute value) {
  if (funcOp.getArgAttr(argIndex, name) == value)
    return false;
  funcOp.setArgAttr(argIndex, name, value);
  return true;
}

/// Returns whether an argument attribute changed.
bool annotateExport(ExportSites &entry, DispatchArgumentAnalysis &analysis) {
  bool changed = false;
  FunctionOpInterface funcOp = entry.funcOp;
  MLIRContext *context = funcOp->getContext();
  SmallVector<unsigned> operandToArg =
      CmdDispatchOp::makeOperandToArgMap(funcOp);
  for (auto [k, argIndex] : llvm::enumerate(operandToArg)) {
    Type argType = funcOp.getArgumentTypes()[argIndex];
    // stream.values: the union over every site (AD2: none = empty = valid).
    PotentialValues unionPVS;
    uint64_t alignment = kMaxAlignment;
    bool alignmentValid = !entry.sites.empty();
    for (CmdDispatchOp site : entry.sites) {
      if (k >= site.getUniformOperands().size()) {
        unionPVS.invalidate();
        alignmentValid = false;
        continue;
      }
      Value operand = site.getUniformOperands()[k];
      unionPVS.unionWith(analysis.getValuePVS(operand));
      uint64_t siteAlignment = analysis.getValueAlignment(operand);
      if (siteAlignment <= 1)
        alignmentValid = false;
      alignment = std::min(alignment, siteAlignment);
    }
    if (unionPVS.valid && !unionPVS.undefined && (argType.isIntOrIndex())) {
      SmallVector<APInt> sorted(unionPVS.values.begin(), unionPVS.values.end());
      llvm::sort(sorted, [](const APInt &a, const APInt &b) {
        return a.getZExtValue() < b.getZExtValue();
      });
      SmallVector<Attribute> values;
      for (const APInt &v : sorted) {
        unsigned width = argType.isIndex() ? IndexType::kInternalStorageBitWidth
                                           : argType.getIntOrFloatBitWidth();
        values.push_back(IntegerAttr::get(argType, v.zextOrTrunc(width)));
      }
      changed |= updateArgAttr(funcOp, argIndex, "stream.values",
                               ArrayAttr::get(context, values));
    }
    if (argType.isIndex() && alignmentValid && alignment < kMaxAlignment)
      changed |=
          updateArgAttr(funcOp, argIndex, "stream.alignment",
                        IntegerAttr::get(IndexType::get(context), alignment));
  }

  SmallVector<unsigned> resourceToArg =
      CmdDispatchOp::makeResourceToArgMap(funcOp);
  for (auto [r, argIndex] : llvm::enumerate(resourceToArg)) {
    if (entry.sites.empty())
      continue;
    uint64_t alignment = kMaxAlignment;
    bool valid = true;
    for (CmdDispatchOp site : entry.sites) {
      if (r >= site.getResourceOffsets().size()) {
        valid = false;
        break;
      }
      uint64_t siteAlignment =
          analysis.getValueAlignment(site.getResourceOffsets()[r]);
      if (siteAlignment <= 1) {
        valid = false;
        break;
      }
      alignment = std::min(alignment, siteAlignment);
    }
    if (!valid)
      continue;
    // [QUIRK AD1] offsets with no information (all zero or all unknown but
    // complete) are taken to be aligned to the minimum offset alignment:
    // sound because layout-slices and pack-constants align every offset
    // they create to that same value.
    if (alignment == kMaxAlignment)
      alignment =
          static_cast<uint64_t>(ResourceConfigAttr::lookup(entry.exportOp)
                                    .getMinBufferOffsetAlignment());
    changed |=
        updateArgAttr(funcOp, argIndex, "stream.alignment",
                      IntegerAttr::get(IndexType::get(context), alignment));
  }
  return changed;
}

class AnnotateDispatchArgumentsPass
    : public impl::AnnotateDispatchArgumentsPassBase<
          AnnotateDispatchArgumentsPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    SmallVector<ExportSites> exports = collectExportSites(moduleOp);
    DispatchArgumentAnalysis analysis(moduleOp);
    bool changed = false;
    for (ExportSites &entry : exports) {
      if (!entry.funcOp || entry.funcOp.isExternal())
        continue;
      changed |= annotateExport(entry, analysis);
    }
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
