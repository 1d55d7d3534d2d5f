//===- PackDispatchOperands.cpp - iree-stream-pack-dispatch-operands ------===//
//
// stream-passes-2.md §12.4: uniform dispatch operands travel as i32 values;
// the host decomposes them before the enclosing cmd.execute and the export
// function recomposes them at its entry.
//
//===----------------------------------------------------------------------===//

#include "DispatchUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"

namespace sluice::stream {
#define GEN_PASS_DEF_PACKDISPATCHOPERANDSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

/// Host side: appends the i32 values `value` travels as.
void decompose(Location loc, Value value, unsigned indexBits,
               OpBuilder &builder, SmallVectorImpl<Value> &out) {
  Type type = value.getType();
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Value re = complex::ReOp::create(builder, loc, value);
    Value im = complex::ImOp::create(builder, loc, value);
    decompose(loc, re, indexBits, builder, out);
    decompose(loc, im, indexBits, builder, out);
    return;
  }
  if (auto bitcast = value.getDefiningOp<complex::BitcastOp>()) {
    Value source = bitcast.getOperand();
    if (isa<ComplexType>(source.getType())) {
      decompose(loc, builder.createOrFold<complex::ReOp>(loc, source),
                indexBits, builder, out);
      decompose(loc, builder.createOrFold<complex::ImOp>(loc, source),
                indexBits, builder, out);
      return;
    }
  }
  if (type.isIndex()) {
    value = builder.createOrFold<arith::IndexCastUIOp>(
        loc, builder.getIntegerType(indexBits), value);
    type = value.getType();
  }
  if (auto floatType = dyn_cast<FloatType>(type)) {
    type = builder.getIntegerType(floatType.getWidth());
    value = builder.createOrFold<arith::BitcastOp>(loc, type, value);
  }
  auto intType = dyn_cast<IntegerType>(type);
  if (!intType) {
    out.push_back(value);
    return;
  }
  unsigned width = intType.getWidth();
  // [QUIRK PD1] fixed: every width below 32 is extended (the reference
  // leaves i31 alone).
  if (width < 32) {
    value =
        builder.createOrFold<arith::ExtUIOp>(loc, builder.getI32Type(), value);
    width = 32;
  } else if (width > 32 && width < 64) {
    value =
        builder.createOrFold<arith::ExtUIOp>(loc, builder.getI64Type(), value);
    width = 64;
  }
  if (width == 64) {
    Value lo =
        builder.createOrFold<arith::TruncIOp>(loc, builder.getI32Type(), value);
    Value shift = arith::ConstantIntOp::create(builder, loc, 32, 64);
    Value shifted = builder.createOrFold<arith::ShRUIOp>(loc, value, shift);
    Value hi = builder.createOrFold<arith::TruncIOp>(loc, builder.getI32Type(),
                                                     shifted);
    out.push_back(lo);
    out.push_back(hi);
    return;
  }
  out.push_back(value);
}

/// Device side: appends new i32 arguments to `block` for a value of `type`
/// and builds it back at the builder. `attrs` replace the attributes of the
/// last op created; `createdOps` tells whether any op was created (if not,
/// the caller keeps `attrs` on the new argument).
Value recompose(Location loc, Type type, DictionaryAttr attrs,
                unsigned indexBits, Block &block, OpBuilder &builder,
                bool &createdOps) {
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    bool partOps = false;
    Value re = recompose(loc, complexType.getElementType(), attrs, indexBits,
                         block, builder, partOps);
    Value im = recompose(loc, complexType.getElementType(), attrs, indexBits,
                         block, builder, partOps);
    createdOps = true;
    return complex::CreateOp::create(builder, loc, complexType, re, im);
  }
  unsigned width = 0;
  if (type.isIndex())
    width = indexBits;
  else if (auto intType = dyn_cast<IntegerType>(type))
    width = intType.getWidth();
  else if (auto floatType = dyn_cast<FloatType>(type))
    width = floatType.getWidth();
  if (!width)
    return block.addArgument(type, loc);

  Operation *lastOp = nullptr;
  Type i64 = builder.getI64Type();
  Value value = block.addArgument(builder.getI32Type(), loc);
  if (width > 32) {
    BlockArgument hi = block.addArgument(builder.getI32Type(), loc);
    Value loWide = arith::ExtUIOp::create(builder, loc, i64, value);
    Value hiWide = arith::ExtUIOp::create(builder, loc, i64, hi);
    Value shift = arith::ConstantIntOp::create(builder, loc, 32, 64);
    Value hiShifted = arith::ShLIOp::create(builder, loc, hiWide, shift);
    value = arith::OrIOp::create(builder, loc, loWide, hiShifted);
    lastOp = value.getDefiningOp();
  }
  if (type.isIndex()) {
    value = arith::IndexCastUIOp::create(builder, loc, type, value);
    lastOp = value.getDefiningOp();
  } else {
    if (width < cast<IntegerType>(value.getType()).getWidth()) {
      value = arith::TruncIOp::create(builder, loc,
                                      builder.getIntegerType(width), value);
      lastOp = value.getDefiningOp();
    }
    if (isa<FloatType>(type)) {
      value = arith::BitcastOp::create(builder, loc, type, value);
      lastOp = value.getDefiningOp();
    }
  }
  if (lastOp) {
    createdOps = true;
    if (attrs && !attrs.empty())
      lastOp->setAttrs(attrs);
  }
  return value;
}

/// Whether recomposeFunction would give `funcOp` back as it is: every
/// argument already an i32 or of a type that is not packed, and no argument
/// attributes (which the rewrite normalizes).
bool isAlreadyPacked(FunctionOpInterface funcOp) {
  if (funcOp.getArgAttrsAttr())
    return false;
  return llvm::all_of(funcOp.getArgumentTypes(), [](Type type) {
    return type.isSignlessInteger(32) ||
           !isa<IndexType, IntegerType, FloatType, ComplexType>(type);
  });
}

/// Returns whether it changed `funcOp`.
bool recomposeFunction(FunctionOpInterface funcOp, unsigned indexBits) {
  if (isAlreadyPacked(funcOp))
    return false;
  Block &entry = funcOp.getFunctionBody().front();
  unsigned oldCount = entry.getNumArguments();
  SmallVector<DictionaryAttr> oldAttrs;
  for (unsigned i = 0; i < oldCount; ++i)
    oldAttrs.push_back(funcOp.getArgAttrDict(i));
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  // New argument index -> the attributes it keeps.
  llvm::DenseMap<unsigned, DictionaryAttr> keptAttrs;
  for (unsigned i = 0; i < oldCount; ++i) {
    BlockArgument arg = entry.getArgument(i);
    unsigned firstNew = entry.getNumArguments();
    bool createdOps = false;
    Value value = recompose(arg.getLoc(), arg.getType(), oldAttrs[i], indexBits,
                            entry, builder, createdOps);
    if (!createdOps && oldAttrs[i] && !oldAttrs[i].empty())
      keptAttrs[firstNew - oldCount] = oldAttrs[i];
    arg.replaceAllUsesWith(value);
  }
  llvm::BitVector erase(entry.getNumArguments());
  erase.set(0, oldCount);
  entry.eraseArguments(erase);
  SmallVector<Type> argTypes(entry.getArgumentTypes());
  funcOp.setType(FunctionType::get(funcOp->getContext(), argTypes,
                                   funcOp.getResultTypes()));
  SmallVector<DictionaryAttr> argAttrs;
  bool anyAttrs = false;
  for (unsigned i = 0; i < argTypes.size(); ++i) {
    DictionaryAttr attrs = keptAttrs.lookup(i);
    anyAttrs |= static_cast<bool>(attrs);
    argAttrs.push_back(attrs ? attrs
                             : DictionaryAttr::get(funcOp->getContext()));
  }
  if (anyAttrs)
    funcOp.setAllArgAttrs(argAttrs);
  else
    funcOp.removeArgAttrsAttr();
  return true;
}

class PackDispatchOperandsPass
    : public impl::PackDispatchOperandsPassBase<PackDispatchOperandsPass> {
public:
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    sluice::util::UnchangedIRGuard guard(moduleOp);
    changed = false;
    // Step 1: every public function of every executable's inner module.
    for (auto executableOp : moduleOp.getOps<ExecutableOp>()) {
      ModuleOp innerModule = executableOp.getInnerModule();
      if (!innerModule)
        continue;
      for (auto funcOp : innerModule.getOps<FunctionOpInterface>()) {
        if (!funcOp.isPublic() || funcOp.isExternal())
          continue;
        unsigned indexBits = ResourceConfigAttr::lookup(funcOp).getIndexBits();
        changed |= recomposeFunction(funcOp, indexBits);
      }
    }
    // Step 2: every dispatch site, once per entry point with an export.
    SymbolTableCollection symbolTables;
    moduleOp.walk([&](CmdDispatchOp dispatchOp) {
      for (auto entryPoint :
           dispatchOp.getEntryPointsAttr().getAsRange<SymbolRefAttr>()) {
        auto exportOp =
            symbolTables.lookupNearestSymbolFrom<ExecutableExportOp>(
                dispatchOp, entryPoint);
        if (!exportOp)
          continue;
        // Sluice: a site of a function step 1 did not rewrite (private or
        // a declaration) keeps its operands, so both sides still agree.
        // Exports without a function (extern executables) are packed.
        if (auto funcOp = exportOp.lookupFunctionRef())
          if (!funcOp.isPublic() || funcOp.isExternal())
            continue;
        unsigned indexBits =
            ResourceConfigAttr::lookup(exportOp).getIndexBits();
        decomposeSite(dispatchOp, indexBits);
      }
    });
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }

private:
  void decomposeSite(CmdDispatchOp dispatchOp, unsigned indexBits) {
    Operation *hostPoint = getHostInsertionPoint(dispatchOp);
    SmallVector<Value> operands;
    for (Value operand : dispatchOp.getUniformOperands()) {
      // A value defined inside the execute is decomposed next to the
      // dispatch (it does not dominate the execute).
      Operation *point = hostPoint;
      if (point != dispatchOp &&
          point->isAncestor(operand.getParentBlock()->getParentOp()))
        point = dispatchOp;
      OpBuilder builder(point);
      decompose(dispatchOp.getLoc(), operand, indexBits, builder, operands);
    }
    // Operands that all travel as they are (i32, or not packed) stay.
    if (llvm::equal(operands, dispatchOp.getUniformOperands()))
      return;
    dispatchOp.getUniformOperandsMutable().assign(operands);
    changed = true;
  }

  bool changed = false;
};

} // namespace
} // namespace sluice::stream
