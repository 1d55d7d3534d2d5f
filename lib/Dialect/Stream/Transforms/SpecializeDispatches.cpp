//===- SpecializeDispatches.cpp - iree-stream-specialize-dispatches -------===//
//
// stream-passes-2.md §12.6: operands constant at every site move into
// per-type lookup tables indexed by a new site-id argument.
//
//===----------------------------------------------------------------------===//

#include "DispatchUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_SPECIALIZEDISPATCHESPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// The storage element type of a table of `type` values (index as i32).
Type getTableElementType(Type type) {
  return type.isIndex() ? IntegerType::get(type.getContext(), 32) : type;
}

Attribute convertTableValue(Attribute value, Type elementType) {
  if (auto intAttr = dyn_cast<IntegerAttr>(value))
    if (auto intType = dyn_cast<IntegerType>(elementType))
      return IntegerAttr::get(
          intType, intAttr.getValue().sextOrTrunc(intType.getWidth()));
  return value;
}

void specializeExport(ExportSites &entry, ExecuteIndexConstants &ordinals) {
  unsigned count = entry.sites.front().getUniformOperands().size();
  for (CmdDispatchOp site : entry.sites)
    if (site.getUniformOperands().size() != count)
      return;
  // 1. Operands constant at every site.
  SmallVector<SmallVector<Attribute>> constants(count);
  llvm::BitVector covered(count);
  for (unsigned k = 0; k < count; ++k) {
    bool all = true;
    for (CmdDispatchOp site : entry.sites) {
      Attribute attr;
      if (!matchPattern(site.getUniformOperands()[k], m_Constant(&attr))) {
        all = false;
        break;
      }
      constants[k].push_back(attr);
    }
    if (all)
      covered.set(k);
  }
  if (covered.none())
    return;
  SmallVector<unsigned> operandToArg =
      CmdDispatchOp::makeOperandToArgMap(entry.funcOp);
  if (operandToArg.size() != count)
    return;

  // 2. Sets per operand type, in first-appearance order.
  Block &block = entry.funcOp.getFunctionBody().front();
  llvm::MapVector<Type, SmallVector<unsigned>> sets;
  for (unsigned k : covered.set_bits())
    sets[block.getArgument(operandToArg[k]).getType()].push_back(k);

  // 3. The function.
  MLIRContext *context = entry.funcOp->getContext();
  Type indexType = IndexType::get(context);
  BlockArgument siteArg = block.addArgument(indexType, entry.funcOp->getLoc());
  OpBuilder builder = OpBuilder::atBlockBegin(&block);
  int64_t numSites = entry.sites.size();
  SmallVector<Value> tables;
  for (auto &[type, members] : sets) {
    Type elementType = getTableElementType(type);
    SmallVector<Attribute> values;
    SmallVector<Location> locs;
    for (int64_t s = 0; s < numSites; ++s)
      for (unsigned k : members) {
        values.push_back(convertTableValue(constants[k][s], elementType));
        locs.push_back(entry.sites[s].getUniformOperands()[k].getLoc());
      }
    auto tableType = RankedTensorType::get(
        {numSites, static_cast<int64_t>(members.size())}, elementType);
    tables.push_back(arith::ConstantOp::create(
        builder, FusedLoc::get(context, locs), tableType,
        DenseElementsAttr::get(tableType, values)));
  }
  llvm::DenseMap<int64_t, Value> indexMemo;
  auto getIndex = [&](int64_t value) {
    auto [it, inserted] = indexMemo.try_emplace(value, Value());
    if (inserted)
      it->second = arith::ConstantIndexOp::create(
          builder, entry.funcOp->getLoc(), value);
    return it->second;
  };
  llvm::BitVector deadArgs(block.getNumArguments());
  for (auto [setIndex, set] : llvm::enumerate(sets)) {
    for (auto [position, k] : llvm::enumerate(set.second)) {
      BlockArgument arg = block.getArgument(operandToArg[k]);
      Value column = getIndex(position);
      Value value = tensor::ExtractOp::create(
          builder, arg.getLoc(), tables[setIndex], ValueRange{siteArg, column});
      if (value.getType() != arg.getType())
        value = arith::IndexCastOp::create(builder, arg.getLoc(), arg.getType(),
                                           value);
      arg.replaceAllUsesWith(value);
      deadArgs.set(arg.getArgNumber());
    }
  }
  block.eraseArguments(deadArgs);
  entry.funcOp.setType(FunctionType::get(context, block.getArgumentTypes(),
                                         entry.funcOp.getResultTypes()));

  // 4. The sites.
  for (auto [ordinal, site] : llvm::enumerate(entry.sites)) {
    SmallVector<Value> operands;
    for (unsigned k = 0; k < count; ++k)
      if (!covered.test(k))
        operands.push_back(site.getUniformOperands()[k]);
    operands.push_back(ordinals.get(getHostInsertionPoint(site), ordinal));
    site.getUniformOperandsMutable().assign(operands);
  }
}

class SpecializeDispatchesPass
    : public impl::SpecializeDispatchesPassBase<SpecializeDispatchesPass> {
public:
  void runOnOperation() override {
    ExecuteIndexConstants ordinals;
    for (ExportSites &entry : collectExportSites(getOperation())) {
      // [QUIRK SD1] fixed: exports without a function are skipped.
      if (!entry.isRewritable())
        continue;
      specializeExport(entry, ordinals);
    }
  }
};

} // namespace
} // namespace sluice::stream
