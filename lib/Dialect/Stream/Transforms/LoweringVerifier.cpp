//===- LoweringVerifier.cpp - phase legality checker ----------------------===//
//
// stream-passes-1.md §4.1.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Stream/Transforms/LoweringVerifier.h"

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace sluice::stream {

LoweringVerifier::LoweringVerifier() {
  addOp("hal.executable", Legality::RecursivelyLegal);
}

LoweringVerifier::Legality
LoweringVerifier::getOpLegality(Operation *op) const {
  StringRef name = op->getName().getStringRef();
  auto byName = opLegality.find(name);
  if (byName != opLegality.end())
    return byName->second;
  for (const OpPredicate &predicate : opPredicates)
    if (std::optional<Legality> legality = predicate(op))
      return *legality;
  auto byDialect = dialectLegality.find(op->getName().getDialectNamespace());
  if (byDialect != dialectLegality.end())
    return byDialect->second;
  return Legality::Legal;
}

bool LoweringVerifier::isTypeLegal(Type type) const {
  auto it = typePredicates.find(type.getTypeID());
  return it == typePredicates.end() || it->second(type) != Legality::Illegal;
}

LogicalResult LoweringVerifier::run(Operation *root) const {
  bool anyIllegal = false;
  root->walk<WalkOrder::PreOrder>(
      [&](Operation *op) {
        switch (getOpLegality(op)) {
        case Legality::RecursivelyLegal:
          return WalkResult::skip();
        case Legality::Illegal:
          op->emitOpError()
              << "illegal for this phase of lowering in the stream dialect; "
                 "expected to have been converted or removed";
          anyIllegal = true;
          return WalkResult::skip();
        case Legality::Legal:
          break;
        }
        for (auto [i, type] : llvm::enumerate(op->getOperandTypes())) {
          if (isTypeLegal(type))
            continue;
          op->emitOpError() << "operand " << i << " type " << type
                            << " illegal for this phase of lowering in the "
                               "stream dialect";
          anyIllegal = true;
        }
        for (auto [i, type] : llvm::enumerate(op->getResultTypes())) {
          if (isTypeLegal(type))
            continue;
          op->emitOpError() << "result " << i << " type " << type
                            << " illegal for this phase of lowering in the "
                               "stream dialect";
          anyIllegal = true;
        }
        return WalkResult::advance();
      });
  return failure(anyIllegal);
}

void configureLoweringToTensors(LoweringVerifier &verifier) {
  using Legality = LoweringVerifier::Legality;
  verifier.addDialect("tensor", Legality::Illegal);
  verifier.addDialect("linalg", Legality::Illegal);
  verifier.addDialect("flow", Legality::Illegal);
  verifier.addOp<ExecutableOp>(Legality::RecursivelyLegal);
}

void configureLoweringToAsyncResources(LoweringVerifier &verifier) {
  configureLoweringToTensors(verifier);
  verifier.addOpPredicate(
      [](Operation *op) -> std::optional<LoweringVerifier::Legality> {
        if (op->hasTrait<OpTrait::TensorPhaseOp>())
          return LoweringVerifier::Legality::Illegal;
        return std::nullopt;
      });
}

void addUnknownLifetimeIllegal(LoweringVerifier &verifier) {
  verifier.addType<ResourceType>([](Type type) {
    return cast<ResourceType>(type).getLifetime() == Lifetime::Unknown
               ? LoweringVerifier::Legality::Illegal
               : LoweringVerifier::Legality::Legal;
  });
}

} // namespace sluice::stream
