//===- SplitParameterEncoder.h - split-parameter-encoder pieces -*- C++ -*-===//
//
// Shared by the two halves of --iree-stream-split-parameter-encoder
// (stream-passes-2.md §14): SplitParameterEncoder.cpp finds the expressions,
// plans the parameters and rewrites the main module;
// SplitParameterEncoderModule.cpp builds the encoder module.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SPLITPARAMETERENCODER_H
#define SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SPLITPARAMETERENCODER_H

#include "sluice/Dialect/Stream/IR/StreamOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>

namespace sluice::stream::parameter_encoder {

/// A value an expression produces and the store that keeps it (§14.1 step 6).
struct Output {
  /// Constant byte size of the stored value.
  uint64_t size = 0;
  /// The constant fill value when the stored value is a splat seen through
  /// transfers, else null.
  mlir::TypedAttr splatPattern;
  /// The util.global.store (GlobalStoreOpInterface op).
  mlir::Operation *store = nullptr;
  /// The value the encoder computes (transfers and clones looked through).
  mlir::Value produced;
};

/// Where an output lives in the new parameters (§14.2).
struct Subrange {
  std::string key;
  uint64_t offset = 0;
  uint64_t length = 0;
  /// Storage size L of the parameter holding the subrange (known after
  /// finalization).
  uint64_t parameterLength = 0;
};

/// One constant expression (§14.1): its slice (in clone order), inputs and
/// outputs.
struct Expression {
  AffinityAttr affinity;
  llvm::SmallVector<mlir::Operation *> ops;
  llvm::SmallVector<AsyncConstantOp> inputs;
  llvm::SmallVector<Output> outputs;
  /// Parallel to `outputs`, filled by the plan.
  llvm::SmallVector<std::optional<Subrange>> subranges;

  bool hasParameterInput() const;
  bool hasConstantInput() const;
  /// Sum of the constant sizes of the inputs (non-constant sizes count 0).
  uint64_t getInputSize() const;
  /// Sum of the output sizes.
  uint64_t getOutputSize() const;
  /// A fused location of every slice op and output store.
  mlir::Location getLoc(mlir::MLIRContext *context) const;
};

/// One entry of the produced parameter index (§14.2 finalization).
struct IndexEntry {
  enum class Kind { Splat, Data } kind = Kind::Data;
  std::string key;
  uint64_t length = 0;
  /// SPLAT: the pattern bits (zero-extended) and their byte width.
  uint64_t pattern = 0;
  uint64_t patternLength = 0;
  /// DATA: the minimum alignment (the offset alignment).
  uint64_t minimumAlignment = 0;
};

/// One step of the target plan: one expression.
struct Step {
  std::string description;
  uint64_t globalOffset = 0;
  uint64_t globalLength = 0;
};

/// The single target plan `all` (§14.2).
struct TargetPlan {
  std::string name = "all";
  /// The effective output scope (SP1): non-null, possibly empty.
  std::string scope;
  llvm::SmallVector<IndexEntry> entries;
  llvm::SmallVector<Step> steps;
};

/// The encoding device of every op the pass creates in the encoder module.
AffinityAttr getEncodingAffinity(mlir::MLIRContext *context);

/// The `#stream.parameter.named<"scope"::"key"> : tensor<Lxi8>` of a
/// subrange's parameter.
NamedParameterAttr getParameterAttr(mlir::MLIRContext *context,
                                    llvm::StringRef scope,
                                    const Subrange &subrange);

/// Builds the detached `module @encoder` (§14.3). Reports «reference to
/// undefined symbol» / «reference to non-object-like symbol» on a cloned op
/// and returns null when a slice references something it cannot copy.
mlir::OwningOpRef<mlir::ModuleOp>
buildEncoderModule(mlir::ModuleOp sourceModule, const TargetPlan &plan,
                   llvm::ArrayRef<Expression> expressions);

} // namespace sluice::stream::parameter_encoder

#endif // SLUICE_LIB_DIALECT_STREAM_TRANSFORMS_SPLITPARAMETERENCODER_H
