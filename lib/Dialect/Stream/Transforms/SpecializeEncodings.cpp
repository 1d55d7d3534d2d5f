//===- SpecializeEncodings.cpp - --iree-stream-specialize-encodings -------===//
//
// Resolves verbose encodings of tensor-phase ops into serialized layouts for
// the devices they run on and duplicates executables per layout variant
// (stream-passes-1.md §7.1, encoding.md §8.1).
//
//===----------------------------------------------------------------------===//

#include "EncodingPassUtils.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"
#include "sluice/Dialect/Encoding/IR/EncodingInterfaces.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/Analysis/Affinity.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "llvm/ADT/TypeSwitch.h"

namespace sluice::stream {
#define GEN_PASS_DEF_SPECIALIZEENCODINGSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
namespace enc = sluice::iree_encoding;

namespace {

using LayoutMap = llvm::DenseMap<AffinityAndOpPair, LayoutAttrSet>;

constexpr llvm::StringLiteral kConvertError =
    "failed to convert unserialized encoding to serialized encoding";
constexpr llvm::StringLiteral kResolveError =
    "failed to resolve recognized layout";

bool isAffinityEncoding(Type type) {
  return isa_and_nonnull<AffinityTypeInterface>(type);
}

/// Whether `op` is a candidate of §7.1 step 1 (its affinity was checked).
bool isCandidate(Operation *op, SymbolTableCollection &symbolTables) {
  auto recognized = [](Type type) { return isRecognizedEncodingType(type); };
  return llvm::TypeSwitch<Operation *, bool>(op)
      .Case([&](TensorDispatchOp dispatchOp) {
        auto types = [](ArrayAttr array) {
          return llvm::map_range(array, [](Attribute attr) {
            return cast<TypeAttr>(attr).getValue();
          });
        };
        bool anyRecognized =
            llvm::any_of(types(dispatchOp.getOperandEncodings()), recognized) ||
            llvm::any_of(types(dispatchOp.getResultEncodings()), recognized);
        return anyRecognized &&
               hasRecognizedEntryPoints(dispatchOp, symbolTables);
      })
      .Case([&](TensorSizeOfOp op) { return recognized(op.getEncoding()); })
      .Case<TensorEmptyOp, TensorSplatOp, TensorConstantOp>(
          [&](auto op) { return recognized(op.getResultEncoding()); })
      .Case([&](TensorFillOp op) { return recognized(op.getTargetEncoding()); })
      .Case<TensorCloneOp, TensorSliceOp, TensorEncodeOp>([&](auto op) {
        return recognized(op.getSourceEncoding()) ||
               recognized(op.getResultEncoding());
      })
      .Case([&](TensorUpdateOp op) {
        return recognized(op.getTargetEncoding()) ||
               recognized(op.getUpdateEncoding());
      })
      .Default([](Operation *) { return false; });
}

/// `resolve(type, R)` of §7.1 with encoding.md §8.1 items 2-3; failure when
/// a layout cannot be resolved.
FailureOr<Type> resolveType(Type type, const LayoutAttrSet *resolvers) {
  enc::SerializableAttr encoding = enc::getSerializableAttr(type);
  if (!encoding || encoding.isSerialized())
    return type;
  auto tensorType = cast<RankedTensorType>(type);
  if (!resolvers || resolvers->empty())
    return failure();
  if (!llvm::all_of(*resolvers, llvm::IsaPred<enc::LayoutResolverAttr>))
    return Type(tensorType.dropEncoding());
  SmallVector<Attribute> layouts;
  for (Attribute resolver : *resolvers) {
    Attribute layout =
        cast<enc::LayoutResolverAttr>(resolver).getLayout(tensorType);
    if (!layout)
      return failure();
    layouts.push_back(layout);
  }
  Attribute newEncoding = encoding.cloneWithLayouts(layouts);
  if (!newEncoding)
    return failure();
  return Type(tensorType.cloneWithEncoding(newEncoding));
}

/// Every encoding is unrecognized or already serialized.
bool allSerialized(ArrayRef<Type> types) {
  return llvm::all_of(types, [](Type type) {
    enc::SerializableAttr encoding = enc::getSerializableAttr(type);
    return !encoding || encoding.isSerialized();
  });
}

class CandidateUpdater {
public:
  CandidateUpdater(AffinityAnalysis &analysis, const LayoutMap &layouts)
      : analysis(analysis), layouts(layouts) {}

  /// Updates one candidate in place; emits its diagnostics on failure.
  LogicalResult update(Operation *op) {
    auto affinityOp = cast<AffinityOpInterface>(op);
    const LayoutAttrSet *resolvers = lookup(affinityOp.getAffinityAttr(), op);
    auto resolve = [&](Type type) -> FailureOr<Type> {
      FailureOr<Type> resolved = resolveType(type, resolvers);
      if (failed(resolved))
        return fail(op, kResolveError);
      return resolved;
    };
    // Resolves `type` and hands the new encoding type to `set`.
    auto update = [&](Type type,
                      llvm::function_ref<void(TypeAttr)> set) -> LogicalResult {
      FailureOr<Type> resolved = resolve(type);
      if (failed(resolved))
        return failure();
      set(TypeAttr::get(*resolved));
      return success();
    };
    return llvm::TypeSwitch<Operation *, LogicalResult>(op)
        .Case([&](TensorDispatchOp dispatchOp) {
          return updateDispatch(dispatchOp, resolvers);
        })
        .Case([&](TensorSizeOfOp sizeOp) {
          return update(sizeOp.getEncoding(),
                        [&](TypeAttr t) { sizeOp.setEncodingAttr(t); });
        })
        .Case<TensorEmptyOp, TensorSplatOp>([&](auto resultOp) {
          return update(resultOp.getResultEncoding(),
                        [&](TypeAttr t) { resultOp.setResultEncodingAttr(t); });
        })
        .Case([&](TensorFillOp fillOp) {
          return update(fillOp.getTargetEncoding(),
                        [&](TypeAttr t) { fillOp.setTargetEncodingAttr(t); });
        })
        .Case([&](TensorEncodeOp encodeOp) -> LogicalResult {
          // The result is resolved first; nothing changes unless both are.
          FailureOr<Type> resultType = resolve(encodeOp.getResultEncoding());
          if (failed(resultType))
            return failure();
          if (failed(update(encodeOp.getSourceEncoding(), [&](TypeAttr t) {
                encodeOp.setSourceEncodingAttr(t);
              })))
            return failure();
          encodeOp.setResultEncodingAttr(TypeAttr::get(*resultType));
          return success();
        })
        .Case([&](TensorConstantOp constantOp) {
          return checkSerialized(op, {constantOp.getResultEncoding()});
        })
        .Case<TensorCloneOp, TensorSliceOp>([&](auto cloneOp) {
          return checkSerialized(
              op, {cloneOp.getSourceEncoding(), cloneOp.getResultEncoding()});
        })
        .Case([&](TensorUpdateOp updateOp) {
          return checkSerialized(
              op, {updateOp.getTargetEncoding(), updateOp.getUpdateEncoding()});
        })
        .Default([](Operation *) { return success(); });
  }

private:
  const LayoutAttrSet *lookup(AffinityAttr affinity, Operation *op) const {
    auto it = layouts.find({affinity, op});
    return it == layouts.end() ? nullptr : &it->second;
  }

  /// Emits `message` then the conversion error on `op`.
  LogicalResult fail(Operation *op, StringRef message) {
    op->emitOpError(message);
    return op->emitOpError(kConvertError);
  }

  LogicalResult checkSerialized(Operation *op, ArrayRef<Type> types) {
    if (allSerialized(types))
      return success();
    return op->emitOpError(kConvertError);
  }

  LogicalResult updateDispatch(TensorDispatchOp dispatchOp,
                               const LayoutAttrSet *resolvers) {
    SmallVector<Attribute> operandEncodings;
    for (auto [operand, attr] : llvm::zip_equal(
             dispatchOp.getMixedOperands(), dispatchOp.getOperandEncodings())) {
      Type type = cast<TypeAttr>(attr).getValue();
      if (!isAffinityEncoding(type)) {
        operandEncodings.push_back(attr);
        continue;
      }
      SmallVector<AffinityAttr> affinities;
      if (!analysis.tryLookupResourceAffinity(operand, affinities) ||
          affinities.empty())
        return fail(dispatchOp, "failed to look up operand resource affinity");
      FailureOr<Type> resolved =
          resolveType(type, lookup(affinities.front(), dispatchOp));
      if (failed(resolved))
        return fail(dispatchOp, kResolveError);
      operandEncodings.push_back(TypeAttr::get(*resolved));
    }
    SmallVector<Attribute> resultEncodings;
    for (Attribute attr : dispatchOp.getResultEncodings()) {
      Type type = cast<TypeAttr>(attr).getValue();
      if (!isAffinityEncoding(type)) {
        resultEncodings.push_back(attr);
        continue;
      }
      FailureOr<Type> resolved = resolveType(type, resolvers);
      if (failed(resolved))
        return fail(dispatchOp, kResolveError);
      resultEncodings.push_back(TypeAttr::get(*resolved));
    }
    MLIRContext *context = dispatchOp.getContext();
    dispatchOp.setOperandEncodingsAttr(
        ArrayAttr::get(context, operandEncodings));
    dispatchOp.setResultEncodingsAttr(ArrayAttr::get(context, resultEncodings));
    return success();
  }

  AffinityAnalysis &analysis;
  const LayoutMap &layouts;
};

struct SpecializeEncodingsPass
    : public stream::impl::SpecializeEncodingsPassBase<
          SpecializeEncodingsPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    std::optional<ResolveLayoutAttrFn> resolver = makeLayoutResolver(moduleOp);
    if (!resolver)
      return;

    // 1. Candidates, in function order, post-order within each function.
    SymbolTableCollection symbolTables;
    SmallVector<Operation *> candidates;
    for (auto funcOp : moduleOp.getOps<FunctionOpInterface>()) {
      funcOp->walk([&](Operation *op) {
        auto affinityOp = dyn_cast<AffinityOpInterface>(op);
        if (affinityOp && op->hasTrait<stream::OpTrait::TensorPhaseOp>() &&
            affinityOp.getAffinityAttr() && isCandidate(op, symbolTables))
          candidates.push_back(op);
      });
    }
    if (candidates.empty())
      return;

    auto failModule = [&]() {
      moduleOp.emitError(
          "failed to add layouts to Stream::TensorPhaseOp with encodings");
      signalPassFailure();
    };

    // 2. Affinities, queries and resolvers.
    AffinityAnalysis analysis(moduleOp);
    if (failed(analysis.run())) {
      moduleOp.emitError("failed on running affinity analysis");
      return failModule();
    }
    SmallVector<AffinityAndOpPair> queries;
    llvm::DenseSet<AffinityAndOpPair> seen;
    auto addQuery = [&](AffinityAttr affinity, Operation *op) {
      if (seen.insert({affinity, op}).second)
        queries.push_back({affinity, op});
    };
    for (Operation *op : candidates) {
      addQuery(cast<AffinityOpInterface>(op).getAffinityAttr(), op);
      auto dispatchOp = dyn_cast<TensorDispatchOp>(op);
      if (!dispatchOp)
        continue;
      for (auto [operand, attr] :
           llvm::zip_equal(dispatchOp.getMixedOperands(),
                           dispatchOp.getOperandEncodings())) {
        if (!isAffinityEncoding(cast<TypeAttr>(attr).getValue()))
          continue;
        SmallVector<AffinityAttr> affinities;
        if (!analysis.tryLookupResourceAffinity(operand, affinities)) {
          dispatchOp.emitOpError("failed to determine resource affinity for "
                                 "operand ")
              << operand;
          moduleOp.emitError("failed to cache all the queries, it usually "
                             "means that there are failures in affinity "
                             "analysis");
          return failModule();
        }
        for (AffinityAttr affinity : affinities)
          addQuery(affinity, op);
      }
    }
    LayoutMap layouts;
    if (failed((*resolver)(queries, layouts))) {
      moduleOp.emitError("failed to resolve layouts for an query");
      return failModule();
    }

    // The first failing candidate ends the update (encoding.md §8.1 item 8).
    CandidateUpdater updater(analysis, layouts);
    for (Operation *op : candidates)
      if (failed(updater.update(op)))
        return failModule();

    // 3. Executable duplication over the dispatch candidates.
    SmallVector<TensorDispatchOp> dispatchOps;
    for (Operation *op : candidates)
      if (auto dispatchOp = dyn_cast<TensorDispatchOp>(op))
        dispatchOps.push_back(dispatchOp);
    if (dispatchOps.empty())
      return;
    if (failed(duplicateExecutablesPerLayoutVariant(moduleOp, symbolTables,
                                                    dispatchOps))) {
      dispatchOps.front()->getParentOfType<FunctionOpInterface>().emitError(
          "failed on executable duplication");
      signalPassFailure();
    }
  }
};

} // namespace
