//===- UnifyEncodingForGlobals.cpp - unify-encoding-for-globals -----------===//
//
// --iree-stream-unify-encoding-for-globals (stream-passes-1.md §7.5,
// encoding.md §8.5): when initializers encode one immutable source into
// several immutable globals with different encodings, all of them switch to
// one unified encoding and their readers are updated.
//
// Sluice decisions (encoding.md §8.5): sources and updates in first-seen
// order; dispatches sorted stably by affinity text; tied results found by
// their mixed-operand index; uses by every tensor-phase op are recorded
// (those other than dispatch/encode get a re-encode); the use walk does not
// descend into the tied results of the ops it records; an operand whose
// encoding type is not a ranked tensor (any type verifies there, e.g.
// `!util.unused`, `!stream.timepoint`) or that has no entry in the encoding
// array has no encoding to unify and is left alone.
//
//===----------------------------------------------------------------------===//

#include "EncodingPassUtils.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Builders.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/EncodingOptions.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/Analysis/Explorer.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/CommandLine.h"

namespace sluice::stream {
#define GEN_PASS_DEF_UNIFYENCODINGFORGLOBALSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"

static llvm::cl::opt<bool> clExperimentalUnifyEncodingForGlobals(
    "iree-stream-experimental-unify-encoding-for-globals",
    llvm::cl::desc("Adds --iree-stream-unify-encoding-for-globals to the "
                   "stream transformation pipeline (experimental)."),
    llvm::cl::init(false));

bool isUnifyEncodingForGlobalsEnabled() {
  return clExperimentalUnifyEncodingForGlobals;
}
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
using util::TraversalAction;
namespace enc = sluice::iree_encoding;

namespace {

/// One encode of a source into a global.
struct Member {
  util::GlobalOpInterface encodedGlobal;
  Attribute encoding;
  TensorSizeOfOp sizeOfOp;
  TensorEncodeOp encodeOp;
};

RankedTensorType withEncoding(Type type, Attribute encoding) {
  return cast<RankedTensorType>(type).cloneWithEncoding(encoding);
}

/// The ranked tensor type of entry `index` of an encoding array, or null
/// when the entry is missing or is another type: the verifiers accept any
/// type there and do not tie the array's length to the operand count.
RankedTensorType getRankedEncoding(ArrayAttr encodings, unsigned index) {
  if (!encodings || index >= encodings.size())
    return {};
  auto typeAttr = dyn_cast<TypeAttr>(encodings[index]);
  return typeAttr ? dyn_cast<RankedTensorType>(typeAttr.getValue())
                  : RankedTensorType();
}

/// The global the encode's result is stored into through single-user values
/// and `stream.async.clone`s, if it exists and is immutable.
util::GlobalOpInterface findEncodedGlobal(TensorEncodeOp encodeOp,
                                          SymbolTableCollection &symbolTables) {
  Value value = encodeOp.getResult();
  while (value.hasOneUse()) {
    Operation *user = *value.getUsers().begin();
    if (auto cloneOp = dyn_cast<AsyncCloneOp>(user)) {
      value = cloneOp.getResult();
      continue;
    }
    auto storeOp = dyn_cast<util::GlobalStoreOpInterface>(user);
    if (!storeOp || storeOp.getStoredGlobalValue() != value)
      return {};
    auto globalOp = dyn_cast_or_null<util::GlobalOpInterface>(
        symbolTables.lookupNearestSymbolFrom(user, storeOp.getGlobalAttr()));
    if (!globalOp || globalOp.isGlobalMutable())
      return {};
    return globalOp;
  }
  return {};
}

/// The source key of an encode's source (§7.5 step 2): the parameter key if
/// the trace ends at a parameter constant, else the topmost source global.
std::optional<std::string> traceSourceKey(Value value, util::Explorer &explorer,
                                          SymbolTableCollection &symbolTables) {
  util::GlobalOpInterface topmostGlobal;
  // A global stored from its own load (or a cycle of globals) has no origin.
  llvm::SmallPtrSet<Operation *, 8> visitedGlobals;
  while (true) {
    Operation *defOp = value.getDefiningOp();
    if (!defOp)
      return std::nullopt;
    if (auto loadOp = dyn_cast<util::GlobalLoadOpInterface>(defOp)) {
      auto globalOp = dyn_cast_or_null<util::GlobalOpInterface>(
          symbolTables.lookupNearestSymbolFrom(defOp, loadOp.getGlobalAttr()));
      if (!globalOp || globalOp.isGlobalMutable() ||
          !visitedGlobals.insert(globalOp).second)
        return std::nullopt;
      topmostGlobal = globalOp;
      if (globalOp.getGlobalInitialValue())
        break;
      const util::Explorer::GlobalInfo *info = explorer.getGlobalInfo(globalOp);
      if (!info)
        return std::nullopt;
      SmallVector<util::GlobalStoreOpInterface> stores = info->getStores();
      if (stores.size() != 1)
        return std::nullopt;
      value = stores.front().getStoredGlobalValue();
      continue;
    }
    if (auto constantOp = dyn_cast<TensorConstantOp>(defOp)) {
      if (auto parameter =
              dyn_cast<NamedParameterAttr>(constantOp.getValue())) {
        std::string key;
        if (parameter.getScope() && !parameter.getScope().getValue().empty())
          key = (parameter.getScope().getValue() + "::").str();
        key += parameter.getKey().getValue().str();
        return key;
      }
      break;
    }
    if (auto cloneOp = dyn_cast<AsyncCloneOp>(defOp)) {
      value = cloneOp.getSource();
      continue;
    }
    return std::nullopt;
  }
  if (!topmostGlobal)
    return std::nullopt;
  return topmostGlobal.getGlobalName().str();
}

/// The encoding type, dims and size an op reads `use` with (for the ops that
/// get a re-encode in front of them).
struct EncodedUse {
  Type type;
  ValueRange dims;
  Value size;
  AffinityAttr affinity;
};

std::optional<EncodedUse> getEncodedUse(OpOperand &use) {
  Operation *op = use.getOwner();
  auto affinityOf = [&]() {
    auto affinityOp = dyn_cast<AffinityOpInterface>(op);
    return affinityOp ? affinityOp.getAffinityAttr() : AffinityAttr();
  };
  auto sourceUse = [&](auto typedOp) -> std::optional<EncodedUse> {
    if (&use != &typedOp.getSourceMutable())
      return std::nullopt;
    return EncodedUse{typedOp.getSourceEncoding(),
                      typedOp.getSourceEncodingDims(), typedOp.getSourceSize(),
                      affinityOf()};
  };
  auto targetUse = [&](auto typedOp) -> std::optional<EncodedUse> {
    if (&use != &typedOp.getTargetMutable())
      return std::nullopt;
    return EncodedUse{typedOp.getTargetEncoding(),
                      typedOp.getTargetEncodingDims(), typedOp.getTargetSize(),
                      affinityOf()};
  };
  return llvm::TypeSwitch<Operation *, std::optional<EncodedUse>>(op)
      .Case<TensorCloneOp, TensorSliceOp, TensorLoadOp, TensorExportOp,
            TensorParameterWriteOp>(sourceUse)
      .Case<TensorFillOp, TensorStoreOp>(targetUse)
      .Case([&](TensorUpdateOp updateOp) -> std::optional<EncodedUse> {
        if (&use == &updateOp.getUpdateMutable())
          return EncodedUse{updateOp.getUpdateEncoding(),
                            updateOp.getUpdateEncodingDims(),
                            updateOp.getUpdateSize(), affinityOf()};
        return targetUse(updateOp);
      })
      .Case([&](TensorTraceOp traceOp) -> std::optional<EncodedUse> {
        unsigned index = use.getOperandNumber();
        ArrayAttr encodings = traceOp.getResourceEncodings();
        if (index >= traceOp.getResources().size() ||
            index >= encodings.size() ||
            index >= traceOp.getResourceSizes().size())
          return std::nullopt;
        unsigned dimOffset = 0;
        for (unsigned i = 0; i < index; ++i)
          if (RankedTensorType ranked = getRankedEncoding(encodings, i))
            dimOffset += ranked.getNumDynamicDims();
        RankedTensorType type = getRankedEncoding(encodings, index);
        if (!type)
          return std::nullopt;
        unsigned numDims = type.getNumDynamicDims();
        ValueRange allDims = traceOp.getResourceEncodingDims();
        if (dimOffset + numDims > allDims.size())
          return std::nullopt;
        return EncodedUse{type, allDims.slice(dimOffset, numDims),
                          traceOp.getResourceSizes()[index], AffinityAttr()};
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// The updates recorded for one op: operand number → unified encoding.
using OperandUpdates = llvm::MapVector<unsigned, Attribute>;

/// Records the readers of one encoded global's loads (§7.5 step 4).
void recordUses(util::Explorer &explorer, util::GlobalOpInterface globalOp,
                Attribute unified,
                llvm::MapVector<Operation *, OperandUpdates> &updates) {
  const util::Explorer::GlobalInfo *info = explorer.getGlobalInfo(globalOp);
  if (!info)
    return;
  SmallVector<Value> roots;
  llvm::DenseSet<Value> seenRoots;
  for (util::GlobalLoadOpInterface loadOp : info->getLoads())
    if (seenRoots.insert(loadOp.getLoadedGlobalValue()).second)
      roots.push_back(loadOp.getLoadedGlobalValue());
  for (size_t i = 0; i < roots.size(); ++i) {
    explorer.walkTransitiveUses(roots[i], [&](OpOperand &use) {
      Operation *owner = use.getOwner();
      if (auto cloneOp = dyn_cast<AsyncCloneOp>(owner)) {
        if (seenRoots.insert(cloneOp.getResult()).second)
          roots.push_back(cloneOp.getResult());
        return WalkResult::advance();
      }
      if (auto dispatchOp = dyn_cast<TensorDispatchOp>(owner)) {
        unsigned begin = dispatchOp.getMixedOperands().getBeginOperandIndex();
        unsigned number = use.getOperandNumber();
        if (number < begin ||
            number >= begin + dispatchOp.getMixedOperands().size())
          return WalkResult::advance();
        // An operand without a ranked tensor encoding has no encoding to
        // unify: the dispatch reads it as it is.
        if (getRankedEncoding(dispatchOp.getOperandEncodings(), number - begin))
          updates[owner][number - begin] = unified;
        return WalkResult::skip();
      }
      if (auto encodeOp = dyn_cast<TensorEncodeOp>(owner)) {
        if (&use == &encodeOp.getSourceMutable() &&
            isa<RankedTensorType>(encodeOp.getSourceEncoding()))
          updates[owner][use.getOperandNumber()] = unified;
        return WalkResult::skip();
      }
      if (getEncodedUse(use)) {
        updates[owner][use.getOperandNumber()] = unified;
        return WalkResult::skip();
      }
      return WalkResult::advance();
    });
  }
}

/// The dynamic dims of result `index` of a dispatch (the result's encoding
/// is a ranked tensor type).
ValueRange getResultDims(TensorDispatchOp dispatchOp, unsigned index) {
  unsigned offset = 0;
  ArrayAttr encodings = dispatchOp.getResultEncodings();
  auto dynamicCount = [&](unsigned i) -> unsigned {
    RankedTensorType ranked = getRankedEncoding(encodings, i);
    return ranked ? ranked.getNumDynamicDims() : 0;
  };
  for (unsigned i = 0; i < index; ++i)
    offset += dynamicCount(i);
  return dispatchOp.getResultEncodingDims().slice(offset, dynamicCount(index));
}

/// Applies the updates of a dispatch: operand encodings, and a re-encode
/// back to the old encoding after each result tied to an updated operand.
void applyDispatchUpdates(TensorDispatchOp dispatchOp,
                          const OperandUpdates &operandUpdates) {
  MLIRContext *context = dispatchOp.getContext();
  SmallVector<Attribute> operandEncodings(
      dispatchOp.getOperandEncodings().getValue());
  // recordUses only records operands with a ranked tensor encoding.
  for (auto [index, unified] : operandUpdates)
    operandEncodings[index] = TypeAttr::get(withEncoding(
        cast<TypeAttr>(operandEncodings[index]).getValue(), unified));
  dispatchOp.setOperandEncodingsAttr(ArrayAttr::get(context, operandEncodings));

  ArrayAttr tiedOperands = dispatchOp.getTiedOperandsAttr();
  if (!tiedOperands)
    return;
  SmallVector<Attribute> resultEncodings(
      dispatchOp.getResultEncodings().getValue());
  OpBuilder builder(context);
  builder.setInsertionPointAfter(dispatchOp);
  for (auto [resultIndex, tiedAttr] : llvm::enumerate(tiedOperands)) {
    auto tied = dyn_cast<IntegerAttr>(tiedAttr);
    if (!tied || tied.getInt() < 0 || !operandUpdates.contains(tied.getInt()))
      continue;
    // The verifier ties a result's encoding to its operand's only when the
    // result has an entry; a result without a ranked tensor encoding is left
    // alone.
    RankedTensorType oldType =
        getRankedEncoding(dispatchOp.getResultEncodings(), resultIndex);
    if (!oldType)
      continue;
    Attribute unified = operandUpdates.lookup(tied.getInt());
    RankedTensorType unifiedType = withEncoding(oldType, unified);
    resultEncodings[resultIndex] = TypeAttr::get(unifiedType);
    Value result = dispatchOp.getResult(resultIndex);
    ValueRange dims = getResultDims(dispatchOp, resultIndex);
    Location loc = dispatchOp.getLoc();
    AffinityAttr affinity = dispatchOp.getAffinityAttr();
    auto sizeOp =
        TensorSizeOfOp::create(builder, loc, builder.getIndexType(),
                               TypeAttr::get(oldType), dims, affinity);
    auto encodeOp = TensorEncodeOp::create(
        builder, loc, result.getType(), result, TypeAttr::get(unifiedType),
        dims, dispatchOp.getResultSizes()[resultIndex], TypeAttr::get(oldType),
        dims, sizeOp.getResult(), affinity);
    result.replaceAllUsesExcept(encodeOp.getResult(), encodeOp);
  }
  dispatchOp.setResultEncodingsAttr(ArrayAttr::get(context, resultEncodings));
}

/// Re-encodes an operand read under another encoding than `unified`.
void reencodeOperand(OpOperand &use, Attribute unified) {
  std::optional<EncodedUse> encodedUse = getEncodedUse(use);
  if (!encodedUse)
    return;
  auto expectedType = dyn_cast<RankedTensorType>(encodedUse->type);
  if (!expectedType || expectedType.getEncoding() == unified)
    return;
  Operation *op = use.getOwner();
  OpBuilder builder(op);
  Location loc = op->getLoc();
  RankedTensorType unifiedType = expectedType.cloneWithEncoding(unified);
  auto sizeOp = TensorSizeOfOp::create(builder, loc, builder.getIndexType(),
                                       TypeAttr::get(unifiedType),
                                       encodedUse->dims, encodedUse->affinity);
  auto encodeOp = TensorEncodeOp::create(
      builder, loc, use.get().getType(), use.get(), TypeAttr::get(unifiedType),
      encodedUse->dims, sizeOp.getResult(), TypeAttr::get(expectedType),
      encodedUse->dims, encodedUse->size, encodedUse->affinity);
  use.set(encodeOp.getResult());
}

std::string printAffinity(AffinityAttr affinity) {
  if (!affinity)
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  affinity.print(os);
  return text;
}

struct UnifyEncodingForGlobalsPass
    : public stream::impl::UnifyEncodingForGlobalsPassBase<
          UnifyEncodingForGlobalsPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    MLIRContext *context = &getContext();
    std::optional<ResolveLayoutAttrFn> resolver = makeLayoutResolver(moduleOp);
    if (!resolver)
      return;

    util::Explorer explorer(moduleOp, TraversalAction::RECURSE);
    explorer.setOpAction<ExecutableOp>(TraversalAction::IGNORE);
    explorer.initialize();

    // 2. Collect encodes of one source into immutable globals.
    SymbolTableCollection symbolTables;
    llvm::StringMap<unsigned> sourceIndex;
    SmallVector<std::pair<std::string, SmallVector<Member>>> sources;
    for (auto initializerOp : moduleOp.getOps<util::InitializerOp>()) {
      initializerOp.walk([&](TensorEncodeOp encodeOp) {
        if (!isRecognizedEncodingType(encodeOp.getResultEncoding()))
          return;
        util::GlobalOpInterface encodedGlobal =
            findEncodedGlobal(encodeOp, symbolTables);
        if (!encodedGlobal)
          return;
        std::optional<std::string> key =
            traceSourceKey(encodeOp.getSource(), explorer, symbolTables);
        if (!key)
          return;
        auto sizeOfOp =
            encodeOp.getResultSize().getDefiningOp<TensorSizeOfOp>();
        if (!sizeOfOp)
          return;
        auto [it, inserted] = sourceIndex.try_emplace(*key, sources.size());
        if (inserted)
          sources.push_back({*key, {}});
        sources[it->second].second.push_back(
            {encodedGlobal,
             cast<RankedTensorType>(encodeOp.getResultEncoding()).getEncoding(),
             sizeOfOp, encodeOp});
      });
    }

    // 3. Candidates and their queries.
    SmallVector<SmallVector<Member> *> candidates;
    SmallVector<AffinityAndOpPair> queries;
    for (auto &[key, members] : sources) {
      llvm::SetVector<Attribute> encodings;
      for (Member &member : members)
        encodings.insert(member.encoding);
      if (encodings.size() < 2)
        continue;
      candidates.push_back(&members);
      for (Member &member : members)
        queries.push_back(
            {member.encodeOp.getAffinityAttr(), member.encodedGlobal});
    }
    if (candidates.empty())
      return;
    llvm::DenseMap<AffinityAndOpPair, LayoutAttrSet> layouts;
    if (failed((*resolver)(queries, layouts)))
      return;

    // 4. Rewrite the members, then record the readers of their globals.
    llvm::MapVector<Operation *, OperandUpdates> updates;
    for (SmallVector<Member> *members : candidates) {
      LayoutAttrSet resolvers;
      SmallVector<Attribute> encodings;
      for (Member &member : *members) {
        auto it = layouts.find(
            {member.encodeOp.getAffinityAttr(), member.encodedGlobal});
        if (it != layouts.end())
          resolvers.insert(it->second.begin(), it->second.end());
        encodings.push_back(member.encoding);
      }
      Attribute unified;
      if (resolvers.size() == 1)
        if (auto layoutResolver =
                dyn_cast<enc::LayoutResolverAttr>(resolvers.front()))
          unified = layoutResolver.getUnifiedEncoding(encodings);
      if (!unified)
        unified = enc::IdentityAttr::get(context);
      for (Member &member : *members) {
        RankedTensorType resultType =
            withEncoding(member.encodeOp.getResultEncoding(), unified);
        member.encodeOp.setResultEncodingAttr(TypeAttr::get(resultType));
        member.sizeOfOp.setEncodingAttr(TypeAttr::get(resultType));
      }
      for (Member &member : *members)
        recordUses(explorer, member.encodedGlobal, unified, updates);
    }

    // 5. Apply the updates.
    SmallVector<TensorDispatchOp> dispatchOps;
    for (auto &[op, operandUpdates] : updates) {
      if (auto dispatchOp = dyn_cast<TensorDispatchOp>(op)) {
        applyDispatchUpdates(dispatchOp, operandUpdates);
        dispatchOps.push_back(dispatchOp);
        continue;
      }
      if (auto encodeOp = dyn_cast<TensorEncodeOp>(op)) {
        Attribute unified = operandUpdates.front().second;
        encodeOp.setSourceEncodingAttr(
            TypeAttr::get(withEncoding(encodeOp.getSourceEncoding(), unified)));
        continue;
      }
      for (auto [number, unified] : operandUpdates)
        reencodeOperand(op->getOpOperand(number), unified);
    }

    // 6. Executables per layout variant.
    // Sorted by affinity text; ties keep their order (a stable sort).
    SmallVector<std::tuple<std::string, unsigned, TensorDispatchOp>> sorted;
    for (TensorDispatchOp dispatchOp : dispatchOps)
      if (hasRecognizedEntryPoints(dispatchOp, symbolTables))
        sorted.push_back({printAffinity(dispatchOp.getAffinityAttr()),
                          (unsigned)sorted.size(), dispatchOp});
    llvm::sort(sorted, [](const auto &a, const auto &b) {
      return std::tie(std::get<0>(a), std::get<1>(a)) <
             std::tie(std::get<0>(b), std::get<1>(b));
    });
    SmallVector<TensorDispatchOp> recognized;
    for (auto &entry : sorted)
      recognized.push_back(std::get<2>(entry));
    if (recognized.empty())
      return;
    if (failed(duplicateExecutablesPerLayoutVariant(moduleOp, symbolTables,
                                                    recognized))) {
      moduleOp.emitError(
          "failed to duplicate executables for unified encoding variants");
      signalPassFailure();
    }
  }
};

} // namespace
