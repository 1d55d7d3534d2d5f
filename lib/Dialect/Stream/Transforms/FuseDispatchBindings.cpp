//===- FuseDispatchBindings.cpp - iree-stream-fuse-dispatch-bindings ------===//
//
// stream-passes-2.md §12.1: bindings that always receive the same resource
// become one binding of the whole resource; every original binding offset
// becomes a leading index operand.
//
//===----------------------------------------------------------------------===//

#include "DispatchUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/BitVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_FUSEDISPATCHBINDINGSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

struct FusedBinding {
  SmallVector<unsigned> covered;
  ResourceAccessBitfield access = ResourceAccessBitfield::None;
};

/// corr[i]: the bindings that share i's class at every site.
SmallVector<llvm::BitVector> correlateBindings(ArrayRef<CmdDispatchOp> sites,
                                               unsigned count,
                                               bool aliasMutable) {
  SmallVector<llvm::BitVector> corr(count, llvm::BitVector(count, true));
  for (CmdDispatchOp site : sites) {
    SmallVector<unsigned> classOf(count);
    SmallVector<llvm::BitVector> classes;
    llvm::DenseMap<Value, unsigned> leaderClass;
    for (unsigned i = 0; i < count; ++i) {
      Value resource = site.getResources()[i];
      bool writes = bitEnumContainsAny(getResourceAccess(site, i),
                                       ResourceAccessBitfield::Write);
      if (writes && !aliasMutable) {
        // [QUIRK FB2] a writing binding leads its resource only when the
        // resource has no leader yet.
        classOf[i] = classes.size();
        classes.emplace_back(count);
        leaderClass.try_emplace(resource, classOf[i]);
      } else {
        auto [it, inserted] = leaderClass.try_emplace(resource, classes.size());
        if (inserted)
          classes.emplace_back(count);
        classOf[i] = it->second;
      }
      classes[classOf[i]].set(i);
    }
    for (unsigned i = 0; i < count; ++i)
      corr[i] &= classes[classOf[i]];
  }
  return corr;
}

/// Returns whether the export was rewritten.
bool fuseExport(ExportSites &entry, ExecuteIndexConstants &zeros) {
  CmdDispatchOp first = entry.sites.front();
  unsigned count = first.getResources().size();
  for (CmdDispatchOp site : entry.sites)
    if (site.getResources().size() != count)
      return false;
  SmallVector<unsigned> resourceToArg =
      CmdDispatchOp::makeResourceToArgMap(entry.funcOp);
  if (resourceToArg.size() != count)
    return false;
  bool aliasMutable =
      ResourceConfigAttr::lookup(entry.exportOp).getAliasMutableBindings();
  SmallVector<llvm::BitVector> corr =
      correlateBindings(entry.sites, count, aliasMutable);

  SmallVector<FusedBinding> fused;
  llvm::BitVector handled(count);
  for (unsigned i = 0; i < count; ++i) {
    if (handled.test(i))
      continue;
    FusedBinding binding;
    for (unsigned j : corr[i].set_bits()) {
      if (handled.test(j))
        continue;
      handled.set(j);
      binding.covered.push_back(j);
      for (CmdDispatchOp site : entry.sites)
        binding.access = binding.access | getResourceAccess(site, j);
    }
    fused.push_back(std::move(binding));
  }

  // The function: new bindings first, then one offset per covered binding.
  MLIRContext *context = entry.funcOp->getContext();
  Block &block = entry.funcOp.getFunctionBody().front();
  SmallVector<BlockArgument> oldBindings;
  for (unsigned argIndex : resourceToArg)
    oldBindings.push_back(block.getArgument(argIndex));
  Type bindingType = BindingType::get(context);
  Type indexType = IndexType::get(context);
  SmallVector<BlockArgument> newBindings;
  for (auto [f, binding] : llvm::enumerate(fused)) {
    SmallVector<Location> locs;
    for (unsigned j : binding.covered)
      locs.push_back(oldBindings[j].getLoc());
    newBindings.push_back(
        block.insertArgument(f, bindingType, FusedLoc::get(context, locs)));
  }
  unsigned nextOffsetArg = fused.size();
  for (auto [f, binding] : llvm::enumerate(fused)) {
    BlockArgument newBinding = newBindings[f];
    for (unsigned j : binding.covered) {
      BlockArgument offsetArg =
          block.insertArgument(nextOffsetArg++, indexType, newBinding.getLoc());
      BlockArgument oldBinding = oldBindings[j];
      for (OpOperand &use : llvm::make_early_inc_range(oldBinding.getUses())) {
        if (auto subspan = dyn_cast<BindingSubspanOp>(use.getOwner())) {
          Value oldOffset = subspan.getByteOffset();
          Value newOffset = offsetArg;
          if (!matchPattern(oldOffset, m_Zero())) {
            OpBuilder builder(subspan);
            newOffset = builder.createOrFold<arith::AddIOp>(
                newBinding.getLoc(), oldOffset, offsetArg);
          }
          subspan.getByteOffsetMutable().assign(newOffset);
        }
        use.set(newBinding);
      }
    }
  }
  llvm::BitVector erase(block.getNumArguments());
  for (BlockArgument oldBinding : oldBindings)
    erase.set(oldBinding.getArgNumber());
  block.eraseArguments(erase);
  // [REF] the new type has no results.
  entry.funcOp.setType(
      FunctionType::get(context, block.getArgumentTypes(), TypeRange{}));

  // The sites.
  for (CmdDispatchOp &site : entry.sites) {
    Operation *hostPoint = getHostInsertionPoint(site);
    Value zero = zeros.get(hostPoint, 0);
    SmallVector<Value> resources, sizes, offsets, lengths, operands;
    SmallVector<Attribute> accesses;
    for (FusedBinding &binding : fused) {
      unsigned j0 = binding.covered.front();
      resources.push_back(site.getResources()[j0]);
      sizes.push_back(site.getResourceSizes()[j0]);
      offsets.push_back(zero);
      lengths.push_back(site.getResourceSizes()[j0]);
      accesses.push_back(makeResourceAccessAttr(context, binding.access));
      for (unsigned j : binding.covered)
        operands.push_back(site.getResourceOffsets()[j]);
    }
    llvm::append_range(operands, site.getUniformOperands());
    OpBuilder builder(site);
    auto newSite = CmdDispatchOp::create(
        builder, site.getLoc(), site.getWorkload(), site.getEntryPointsAttr(),
        operands, resources, sizes, offsets, lengths,
        builder.getArrayAttr(accesses));
    site.erase();
    site = newSite;
  }
  return true;
}

class FuseDispatchBindingsPass
    : public impl::FuseDispatchBindingsPassBase<FuseDispatchBindingsPass> {
public:
  void runOnOperation() override {
    util::UnchangedIRGuard guard(getOperation());
    SmallVector<ExportSites> exports = collectExportSites(getOperation());
    // Sluice: exports named by a multi-entry-point dispatch are skipped (the
    // reference would reuse a replaced dispatch).
    ExecuteIndexConstants zeros;
    bool changed = false;
    for (ExportSites &entry : exports) {
      if (!entry.isRewritable())
        continue;
      changed |= fuseExport(entry, zeros);
    }
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
