//===- FoldUniformOperands.cpp - iree-stream-fold-uniform-operands --------===//
//
// stream-passes-2.md §12.5: merges operands and workload values duplicated
// at every dispatch site and inlines operands that are the same constant at
// every site.
//
//===----------------------------------------------------------------------===//

#include "DispatchUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/BitVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_FOLDUNIFORMOPERANDSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// For values lists of several sites: dead[k] = i when k duplicates i at
/// every site (i itself live); -1 otherwise.
SmallVector<int> findUniformDupes(ArrayRef<SmallVector<Value>> sites,
                                  unsigned count) {
  SmallVector<int> deadTo(count, -1);
  SmallVector<SmallVector<unsigned>> dupes;
  for (const SmallVector<Value> &values : sites) {
    SmallVector<unsigned> dupe(count);
    for (unsigned i = 0; i < count; ++i) {
      dupe[i] = i;
      for (unsigned j = 0; j < i; ++j)
        if (values[j] == values[i]) {
          dupe[i] = j;
          break;
        }
    }
    dupes.push_back(std::move(dupe));
  }
  for (unsigned i = 0; i < count; ++i) {
    if (deadTo[i] >= 0)
      continue;
    for (unsigned k = 0; k < count; ++k) {
      if (k == i || deadTo[k] >= 0)
        continue;
      if (llvm::all_of(dupes, [&](const SmallVector<unsigned> &dupe) {
            return dupe[k] == i;
          }))
        deadTo[k] = i;
    }
  }
  return deadTo;
}

/// Erases the arguments in `dead` and truncates the type the way the
/// function interface does [REF]: argument attributes keep their positions.
void eraseFunctionArguments(FunctionOpInterface funcOp,
                            const llvm::BitVector &dead) {
  Block &entry = funcOp.getFunctionBody().front();
  entry.eraseArguments(dead);
  funcOp.setType(FunctionType::get(
      funcOp->getContext(), entry.getArgumentTypes(), funcOp.getResultTypes()));
}

void eraseSiteOperands(ArrayRef<CmdDispatchOp> sites,
                       const llvm::BitVector &dead) {
  for (CmdDispatchOp site : sites)
    for (int i = dead.size() - 1; i >= 0; --i)
      if (dead.test(i))
        site.getUniformOperandsMutable().erase(i);
}

/// Returns whether anything changed.
bool deduplicateOperands(ExportSites &entry) {
  unsigned count = entry.sites.front().getUniformOperands().size();
  SmallVector<SmallVector<Value>> values;
  for (CmdDispatchOp site : entry.sites) {
    if (site.getUniformOperands().size() != count)
      return false;
    values.push_back(llvm::to_vector(site.getUniformOperands()));
  }
  SmallVector<int> deadTo = findUniformDupes(values, count);
  llvm::BitVector deadOperands(count);
  SmallVector<unsigned> operandToArg =
      CmdDispatchOp::makeOperandToArgMap(entry.funcOp);
  if (operandToArg.size() != count)
    return false;
  Block &block = entry.funcOp.getFunctionBody().front();
  llvm::BitVector deadArgs(block.getNumArguments());
  for (unsigned k = 0; k < count; ++k) {
    if (deadTo[k] < 0)
      continue;
    deadOperands.set(k);
    deadArgs.set(operandToArg[k]);
    block.getArgument(operandToArg[k])
        .replaceAllUsesWith(block.getArgument(operandToArg[deadTo[k]]));
  }
  if (deadOperands.none())
    return false;
  eraseSiteOperands(entry.sites, deadOperands);
  eraseFunctionArguments(entry.funcOp, deadArgs);
  return true;
}

/// Returns whether anything changed.
bool deduplicateWorkloads(ExportSites &entry) {
  Region &region = entry.exportOp.getWorkgroupCount();
  if (region.empty())
    return false;
  unsigned count = entry.sites.front().getWorkload().size();
  SmallVector<SmallVector<Value>> values;
  for (CmdDispatchOp site : entry.sites) {
    if (site.getWorkload().size() != count)
      return false;
    values.push_back(llvm::to_vector(site.getWorkload()));
  }
  SmallVector<int> deadTo = findUniformDupes(values, count);
  llvm::BitVector dead(count);
  SmallVector<int64_t> newOrdinal(count, -1);
  int64_t next = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (deadTo[i] >= 0)
      dead.set(i);
    else
      newOrdinal[i] = next++;
  }
  if (dead.none())
    return false;
  // [QUIRK FU1] fixed: a dead index takes its live twin's new ordinal.
  for (unsigned i = 0; i < count; ++i)
    if (deadTo[i] >= 0)
      newOrdinal[i] = newOrdinal[deadTo[i]];
  entry.funcOp->walk([&](iree_tensor_ext::DispatchWorkloadOrdinalOp ordinalOp) {
    uint64_t ordinal = ordinalOp.getOrdinal().getZExtValue();
    if (ordinal < count)
      ordinalOp.setOrdinalAttr(IntegerAttr::get(
          IndexType::get(ordinalOp->getContext()), newOrdinal[ordinal]));
  });
  Block &block = region.front();
  if (block.getNumArguments() >= count) {
    for (unsigned i = 0; i < count; ++i)
      if (deadTo[i] >= 0)
        block.getArgument(i).replaceAllUsesWith(block.getArgument(deadTo[i]));
    llvm::BitVector deadArgs(block.getNumArguments());
    for (unsigned i = 0; i < count; ++i)
      if (dead.test(i))
        deadArgs.set(i);
    block.eraseArguments(deadArgs);
  }
  for (CmdDispatchOp site : entry.sites)
    for (int i = count - 1; i >= 0; --i)
      if (dead.test(i))
        site.getWorkloadMutable().erase(i);
  return true;
}

/// Returns whether anything changed.
bool inlineUniformConstants(ExportSites &entry) {
  unsigned count = entry.sites.front().getUniformOperands().size();
  SmallVector<unsigned> operandToArg =
      CmdDispatchOp::makeOperandToArgMap(entry.funcOp);
  if (operandToArg.size() != count)
    return false;
  Block &block = entry.funcOp.getFunctionBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&block);
  llvm::BitVector deadOperands(count);
  llvm::BitVector deadArgs(block.getNumArguments());
  for (unsigned k = 0; k < count; ++k) {
    std::optional<APInt> uniform;
    SmallVector<Location> locs;
    bool ok = true;
    for (CmdDispatchOp site : entry.sites) {
      Value operand = site.getUniformOperands()[k];
      APInt value;
      if (!matchPattern(operand, m_ConstantInt(&value)) ||
          (uniform && (uniform->getBitWidth() != value.getBitWidth() ||
                       *uniform != value))) {
        ok = false;
        break;
      }
      uniform = value;
      locs.push_back(operand.getLoc());
    }
    if (!ok || !uniform)
      continue;
    BlockArgument arg = block.getArgument(operandToArg[k]);
    Type type = arg.getType();
    Attribute attr = type.isIndex()
                         ? builder.getIndexAttr(uniform->getSExtValue())
                         : builder.getIntegerAttr(type, *uniform);
    Value constant = arith::ConstantOp::create(
        builder, builder.getFusedLoc(locs), type, cast<TypedAttr>(attr));
    arg.replaceAllUsesWith(constant);
    deadOperands.set(k);
    deadArgs.set(operandToArg[k]);
  }
  if (deadOperands.none())
    return false;
  eraseSiteOperands(entry.sites, deadOperands);
  eraseFunctionArguments(entry.funcOp, deadArgs);
  return true;
}

class FoldUniformOperandsPass
    : public impl::FoldUniformOperandsPassBase<FoldUniformOperandsPass> {
public:
  void runOnOperation() override {
    util::UnchangedIRGuard guard(getOperation());
    bool changed = false;
    for (ExportSites &entry : collectExportSites(getOperation())) {
      if (!entry.isRewritable())
        continue;
      changed |= deduplicateOperands(entry);
      changed |= deduplicateWorkloads(entry);
      changed |= inlineUniformConstants(entry);
    }
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }
};

} // namespace
} // namespace sluice::stream
