//===- MaterializeParameterLiterals.cpp - literal refs to SSA form --------===//
//
// Rewrites io_parameters ops written with string-literal parameter references
// into the SSA form: each distinct string becomes one `util.buffer.constant`
// placed immediately before the op.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/IOParameters/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "sluice/Dialect/IOParameters/IR/IOParametersOps.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/StringMap.h"

namespace sluice::io_parameters {
#define GEN_PASS_DEF_MATERIALIZEPARAMETERLITERALSPASS
#include "sluice/Dialect/IOParameters/Transforms/Passes.h.inc"
} // namespace sluice::io_parameters

using namespace mlir;
using namespace sluice;
using namespace sluice::io_parameters;

namespace {

/// Creates (once per distinct string) the buffer constants an op needs,
/// immediately before the op.
class LiteralMaterializer {
public:
  explicit LiteralMaterializer(Operation *op)
      : builder(op), loc(op->getLoc()) {}

  Value get(StringRef text) {
    auto [it, inserted] = constants.try_emplace(text, Value());
    if (inserted)
      it->second = util::BufferConstantOp::create(
          builder, loc, util::BufferType::get(builder.getContext()),
          /*name=*/StringAttr(), builder.getStringAttr(text),
          /*alignment=*/IntegerAttr(), /*mime_type=*/StringAttr());
    return it->second;
  }

  /// The scope (or null when absent) and one key value per literal.
  std::pair<Value, SmallVector<Value>> materialize(StringAttr scopeLiteral,
                                                   ArrayAttr keyLiterals) {
    Value scope = scopeLiteral ? get(scopeLiteral.getValue()) : Value();
    SmallVector<Value> keys;
    for (Attribute key : keyLiterals)
      keys.push_back(get(cast<StringAttr>(key).getValue()));
    return {scope, keys};
  }

  OpBuilder builder;

private:
  Location loc;
  llvm::StringMap<Value> constants;
};

void rewrite(LoadOp op) {
  LiteralMaterializer m(op);
  auto [scope, keys] = m.materialize(op.getSourceScopeLiteralAttr(),
                                     op.getSourceKeyLiteralsAttr());
  auto newOp = LoadOp::create(
      m.builder, op.getLoc(), op.getResultTypes(), op.getDevice(),
      op.getQueueAffinity(), op.getWaitFence(), op.getSignalFence(), scope,
      keys, op.getSourceOffsets(), op.getMemoryTypes(), op.getBufferUsage(),
      op.getLengths(), /*source_scope_literal=*/StringAttr(),
      /*source_key_literals=*/ArrayAttr());
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  op.replaceAllUsesWith(newOp.getResults());
  op.erase();
}

void rewrite(GatherOp op) {
  LiteralMaterializer m(op);
  auto [scope, keys] = m.materialize(op.getSourceScopeLiteralAttr(),
                                     op.getSourceKeyLiteralsAttr());
  auto newOp = GatherOp::create(
      m.builder, op.getLoc(), op.getDevice(), op.getQueueAffinity(),
      op.getWaitFence(), op.getSignalFence(), scope, keys,
      op.getSourceOffsets(), op.getTargetBuffer(), op.getTargetOffsets(),
      op.getTargetLengths(), /*source_scope_literal=*/StringAttr(),
      /*source_key_literals=*/ArrayAttr());
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  op.erase();
}

void rewrite(ScatterOp op) {
  LiteralMaterializer m(op);
  auto [scope, keys] = m.materialize(op.getTargetScopeLiteralAttr(),
                                     op.getTargetKeyLiteralsAttr());
  auto newOp = ScatterOp::create(
      m.builder, op.getLoc(), op.getDevice(), op.getQueueAffinity(),
      op.getWaitFence(), op.getSignalFence(), op.getSourceBuffer(),
      op.getSourceOffsets(), op.getSourceLengths(), scope, keys,
      op.getTargetOffsets(), /*target_scope_literal=*/StringAttr(),
      /*target_key_literals=*/ArrayAttr());
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  op.erase();
}

struct MaterializeParameterLiteralsPass
    : public sluice::io_parameters::impl::MaterializeParameterLiteralsPassBase<
          MaterializeParameterLiteralsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> worklist;
    getOperation()->walk([&](Operation *op) {
      if (auto load = dyn_cast<LoadOp>(op);
          load && load.getSourceKeyLiteralsAttr())
        worklist.push_back(op);
      else if (auto gather = dyn_cast<GatherOp>(op);
               gather && gather.getSourceKeyLiteralsAttr())
        worklist.push_back(op);
      else if (auto scatter = dyn_cast<ScatterOp>(op);
               scatter && scatter.getTargetKeyLiteralsAttr())
        worklist.push_back(op);
    });
    for (Operation *op : worklist) {
      if (auto load = dyn_cast<LoadOp>(op))
        rewrite(load);
      else if (auto gather = dyn_cast<GatherOp>(op))
        rewrite(gather);
      else
        rewrite(cast<ScatterOp>(op));
    }
  }
};

} // namespace
