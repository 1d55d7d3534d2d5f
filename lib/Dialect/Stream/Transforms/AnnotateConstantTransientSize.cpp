//===- AnnotateConstantTransientSize.cpp ----------------------------------===//
//
// --iree-stream-annotate-constant-transient-size: records a size query that
// returns a constant as `iree.abi.transients.size.constant`
// (external-transients.md §7, §9.3).
//
//===----------------------------------------------------------------------===//

#include "TransientsBounds.h"
#include "TransientsUtils.h"

#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"
#include "sluice/Dialect/Util/Transforms/UnchangedIR.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace sluice::stream {
#define GEN_PASS_DEF_ANNOTATECONSTANTTRANSIENTSIZEPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;

namespace sluice::stream {
namespace {

struct AnnotateConstantTransientSizePass
    : impl::AnnotateConstantTransientSizePassBase<
          AnnotateConstantTransientSizePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    util::UnchangedIRGuard guard(moduleOp);
    changed = false;
    SymbolTable symbolTable(moduleOp);
    for (auto funcOp : moduleOp.getOps<FunctionOpInterface>())
      if (failed(annotate(symbolTable, funcOp)))
        return signalPassFailure();
    if (guard.unchanged(changed, getName()))
      markAllAnalysesPreserved();
  }

  /// Whether a function's reflection changed in this run.
  bool changed = false;

  void setReflection(FunctionOpInterface funcOp, DictionaryAttr reflection) {
    if (funcOp->getAttr(kReflectionAttr) == reflection)
      return;
    funcOp->setAttr(kReflectionAttr, reflection);
    changed = true;
  }

  LogicalResult annotate(SymbolTable &symbolTable, FunctionOpInterface funcOp) {
    auto reflection = funcOp->getAttrOfType<DictionaryAttr>(kReflectionAttr);
    if (!reflection || reflection.get(kSizeConstantKey))
      return success();
    auto queryRef =
        dyn_cast_or_null<FlatSymbolRefAttr>(reflection.get(kSizeKey));
    if (!queryRef)
      return success();
    auto queryOp = symbolTable.lookup<util::FuncOp>(queryRef.getValue());
    if (!queryOp)
      return funcOp.emitError() << "referenced transient size query function '"
                                << queryRef << "' not found in module";
    ArrayRef<Type> resultTypes = queryOp.getResultTypes();
    if (resultTypes.empty())
      return queryOp.emitError(
          "transient size query function must return exactly one value");
    if (resultTypes.size() > 1 && !acceptsMultipleResults(reflection)) {
      queryOp.emitWarning("transient size query with multiple return values "
                          "not yet supported for constant annotation");
      return success();
    }
    if (!llvm::all_of(resultTypes, [](Type t) { return t.isIndex(); }))
      return queryOp.emitError(
          "transient size query function must return index type");

    if (queryOp.isExternal() || !queryOp.getBody().hasOneBlock())
      return annotateUpperBound(funcOp, queryOp, nullptr);
    auto returnOp =
        dyn_cast<util::ReturnOp>(queryOp.getBody().front().getTerminator());
    if (!returnOp || returnOp.getNumOperands() != resultTypes.size())
      return annotateUpperBound(funcOp, queryOp, nullptr);
    SmallVector<IntegerAttr> constants;
    for (Value operand : returnOp.getOperands()) {
      IntegerAttr constant;
      if (!matchPattern(operand, m_Constant(&constant)))
        return annotateUpperBound(funcOp, queryOp, returnOp);
      constants.push_back(constant);
    }
    Attribute value = constants.front();
    if (constants.size() > 1) {
      std::string text;
      llvm::raw_string_ostream os(text);
      llvm::interleave(
          constants, os,
          [&](IntegerAttr attr) { os << attr.getValue().getZExtValue(); }, ",");
      value = StringAttr::get(funcOp.getContext(), text);
    }
    setReflection(funcOp, withDictEntry(reflection, kSizeConstantKey, value));
    return success();
  }

  /// §9.6: with reference-compat=false, a function whose query is not
  /// constant gets `iree.abi.transients.size.upper_bound = "<U>[,<V>...]"`
  /// when range analysis over the query bounds every result; with
  /// `upper-bound=required` a missing bound is an error. `returnOp` is null
  /// when the query has no single-block body to analyse.
  LogicalResult annotateUpperBound(FunctionOpInterface funcOp,
                                   util::FuncOp queryOp,
                                   util::ReturnOp returnOp) {
    if (referenceCompat)
      return success();
    SmallVector<uint64_t> bounds;
    if (returnOp) {
      FailureOr<DimBoundMap> dimBounds = collectDimBounds(funcOp);
      if (failed(dimBounds))
        return failure();
      TransientSizeBounds analysis(queryOp, std::move(*dimBounds));
      if (!analysis.run())
        return queryOp.emitError(
            "integer range analysis of the transient size query failed");
      for (Value operand : returnOp.getOperands()) {
        std::optional<uint64_t> bound = analysis.getUpperBound(operand);
        if (!bound) {
          bounds.clear();
          break;
        }
        bounds.push_back(*bound);
      }
    }
    if (bounds.empty()) {
      if (upperBound == TransientsUpperBound::Required)
        return funcOp.emitError()
               << "cannot derive an upper bound for the transient size of '"
               << SymbolTable::getSymbolName(funcOp).getValue()
               << "'; add sluice.abi.dim_bounds";
      return success();
    }
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::interleave(bounds, os, ",");
    auto reflection = funcOp->getAttrOfType<DictionaryAttr>(kReflectionAttr);
    setReflection(funcOp,
                  withDictEntry(reflection, kSizeUpperBoundKey,
                                StringAttr::get(funcOp.getContext(), text)));
    return success();
  }

  /// §9.3: with reference-compat=false, a query of a function whose
  /// reflection lists two or more storage arguments.
  bool acceptsMultipleResults(DictionaryAttr reflection) {
    if (referenceCompat)
      return false;
    auto args = dyn_cast_or_null<StringAttr>(reflection.get(kArgsKey));
    return args && args.getValue().contains(',');
  }
};

} // namespace
} // namespace sluice::stream
