//===- LoweringVerifier.h - phase legality checker --------------*- C++ -*-===//
//
// The legality checker shared by --iree-stream-verify-input and the four
// --iree-stream-verify-lowering-to-* passes (stream-passes-1.md §4.1). Each
// pass configures one checker with op-name, op-predicate, dialect and type
// rules and runs it over the module; the checker reports every illegal op and
// type before failing.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_TRANSFORMS_LOWERINGVERIFIER_H
#define SLUICE_DIALECT_STREAM_TRANSFORMS_LOWERINGVERIFIER_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <optional>

namespace sluice::stream {

class LoweringVerifier {
public:
  enum class Legality {
    Legal,
    /// Legal, and nothing nested in the op is inspected.
    RecursivelyLegal,
    Illegal,
  };
  /// An op rule; std::nullopt means "no opinion".
  using OpPredicate = std::function<std::optional<Legality>(mlir::Operation *)>;
  using TypePredicate = std::function<Legality(mlir::Type)>;

  /// Always configured: hal.executable is recursively legal.
  LoweringVerifier();

  void addOp(llvm::StringRef opName, Legality legality) {
    opLegality[opName] = legality;
  }
  template <typename OpT> void addOp(Legality legality) {
    addOp(OpT::getOperationName(), legality);
  }
  /// Predicates are asked in registration order; the first opinion wins.
  void addOpPredicate(OpPredicate predicate) {
    opPredicates.push_back(std::move(predicate));
  }
  /// Dialects are matched by namespace, so unloaded dialects work too.
  void addDialect(llvm::StringRef dialectNamespace, Legality legality) {
    dialectLegality[dialectNamespace] = legality;
  }
  template <typename TypeT> void addType(TypePredicate predicate) {
    typePredicates[mlir::TypeID::get<TypeT>()] = std::move(predicate);
  }

  /// Legality of `op` itself: op name, then predicates, then dialect, then
  /// legal.
  Legality getOpLegality(mlir::Operation *op) const;
  /// A type is illegal only if the predicate for its type ID says so.
  bool isTypeLegal(mlir::Type type) const;

  /// Walks `root` (included) in pre-order and reports every illegal op and
  /// every illegal operand/result type. Fails if anything was illegal.
  llvm::LogicalResult run(mlir::Operation *root) const;

private:
  llvm::StringMap<Legality> opLegality;
  llvm::SmallVector<OpPredicate> opPredicates;
  llvm::StringMap<Legality> dialectLegality;
  llvm::DenseMap<mlir::TypeID, TypePredicate> typePredicates;
};

/// The configuration of --iree-stream-verify-lowering-to-tensors (tensor,
/// linalg and flow illegal; stream.executable recursively legal). The later
/// phase verifiers start from it.
void configureLoweringToTensors(LoweringVerifier &verifier);
/// To tensors plus: ops with the TensorPhaseOp trait are illegal.
void configureLoweringToAsyncResources(LoweringVerifier &verifier);
/// Type rule: !stream.resource<*> is illegal.
void addUnknownLifetimeIllegal(LoweringVerifier &verifier);

} // namespace sluice::stream

#endif // SLUICE_DIALECT_STREAM_TRANSFORMS_LOWERINGVERIFIER_H
