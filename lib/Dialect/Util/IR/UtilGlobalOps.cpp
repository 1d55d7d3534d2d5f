//===- UtilGlobalOps.cpp - util.global and its accessors ------------------===//

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace sluice::util;

//===----------------------------------------------------------------------===//
// util.global
//===----------------------------------------------------------------------===//

void GlobalOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     bool isMutable, Type type, Attribute initialValue) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(name));
  if (isMutable)
    state.addAttribute(getIsMutableAttrName(state.name), builder.getUnitAttr());
  state.addAttribute(getTypeAttrName(state.name), TypeAttr::get(type));
  if (initialValue)
    state.addAttribute(getInitialValueAttrName(state.name), initialValue);
}

Type GlobalOp::getGlobalType() { return getType(); }
void GlobalOp::setGlobalType(Type type) { setType(type); }
bool GlobalOp::isGlobalMutable() { return getIsMutable(); }
void GlobalOp::setGlobalMutable(bool isMutable) { setIsMutable(isMutable); }
Attribute GlobalOp::getGlobalInitialValue() { return getInitialValueAttr(); }
void GlobalOp::setGlobalInitialValue(Attribute value) {
  if (value)
    setInitialValueAttr(value);
  else
    removeInitialValueAttr();
}

GlobalLoadOpInterface GlobalOp::createLoadOp(Location loc, OpBuilder &builder) {
  return GlobalLoadOp::create(builder, loc, getType(),
                              FlatSymbolRefAttr::get(getSymNameAttr()),
                              /*is_immutable=*/UnitAttr());
}

GlobalStoreOpInterface GlobalOp::createStoreOp(Location loc, Value value,
                                               OpBuilder &builder) {
  return GlobalStoreOp::create(builder, loc, value,
                               FlatSymbolRefAttr::get(getSymNameAttr()));
}

/// True when any attribute of `op` (recursively) references `name`.
static bool attrReferencesSymbol(Attribute attr, StringAttr name) {
  bool found = false;
  attr.walk([&](FlatSymbolRefAttr ref) {
    if (ref.getAttr() == name)
      found = true;
  });
  return found;
}

/// Discardable on use-empty when private/nested and not named by an attribute
/// of an ancestor up to (and including) the nearest symbol table.
bool sluice::util::canDiscardSymbolOnUseEmpty(Operation *op) {
  if (SymbolTable::getSymbolVisibility(op) == SymbolTable::Visibility::Public)
    return false;
  StringAttr name = SymbolTable::getSymbolName(op);
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    for (NamedAttribute attr : parent->getAttrs())
      if (attrReferencesSymbol(attr.getValue(), name))
        return false;
    if (parent->hasTrait<mlir::OpTrait::SymbolTable>())
      break;
  }
  return true;
}

bool GlobalOp::canDiscardOnUseEmpty() {
  return canDiscardSymbolOnUseEmpty(getOperation());
}

//===----------------------------------------------------------------------===//
// util.global.load / store
//===----------------------------------------------------------------------===//

bool GlobalLoadOp::isGlobalImmutable() { return getIsImmutable(); }
void GlobalLoadOp::setGlobalImmutable(bool isImmutable) {
  setIsImmutable(isImmutable);
}

void GlobalLoadOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), getGlobal());
}

void GlobalLoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // Immutable loads have no effects: they CSE and DCE like pure ops.
  if (getIsImmutable())
    return;
  effects.emplace_back(MemoryEffects::Read::get());
}

LogicalResult
GlobalLoadOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global = symbolTable.lookupNearestSymbolFrom<GlobalOpInterface>(
      (*this)->getParentOp(), getGlobalAttr());
  if (!global)
    return emitOpError("undefined global: ") << getGlobalAttr();
  Type globalType = global.getGlobalType();
  Type loadType = getResult().getType();
  bool compatible;
  if (auto globalTypeInterface = dyn_cast<GlobalTypeInterface>(globalType))
    compatible = globalTypeInterface.isAccessStorageCompatible(loadType);
  else
    compatible = isGlobalTypeCompatible(globalType, loadType);
  if (!compatible)
    return emitOpError("global type mismatch; global ")
           << global.getGlobalName() << " is " << globalType << " but load is "
           << loadType;
  if (getIsImmutable() && global.isGlobalMutable())
    return emitOpError("is marked as immutable but the global is mutable");
  return success();
}

LogicalResult
GlobalStoreOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global = symbolTable.lookupNearestSymbolFrom<GlobalOpInterface>(
      (*this)->getParentOp(), getGlobalAttr());
  if (!global)
    return emitOpError("undefined global: ") << getGlobalAttr();
  if (global.getGlobalType() != getValue().getType())
    return emitOpError("global type mismatch; global ")
           << global.getGlobalName() << " is " << global.getGlobalType()
           << " but store is " << getValue().getType();
  return success();
}

namespace {
/// Erases `store(load(@g), @g)` round trips.
struct EraseLoadStoreRoundTrip : public OpRewritePattern<GlobalStoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(GlobalStoreOp op,
                                PatternRewriter &rewriter) const override {
    auto load = op.getValue().getDefiningOp<GlobalLoadOpInterface>();
    if (!load || load.getGlobalName() != op.getGlobal())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void GlobalStoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<EraseLoadStoreRoundTrip>(context);
}

//===----------------------------------------------------------------------===//
// util.global.address
//===----------------------------------------------------------------------===//

void GlobalAddressOp::getAsmResultNames(
    function_ref<void(Value, StringRef)> setNameFn) {
  setNameFn(getResult(), ("ptr_" + getGlobal()).str());
}
