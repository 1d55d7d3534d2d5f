//===- MaterializeEncodings.cpp - --iree-stream-materialize-encodings -----===//
//
// Replaces every remaining `stream.tensor.encode` with a dispatch to a
// generated executable that loads the source, unsets/sets the encodings and
// stores the result (stream-passes-1.md §7.4, encoding.md §8.4). Encodes
// with the same (source type, result type) pair share one executable.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/Encoding/IR/EncodingOps.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Stream/IR/StreamOps.h"
#include "sluice/Dialect/Stream/Transforms/Passes.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtOps.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"
#include "sluice/Dialect/Util/Transforms/RegionSimplify.h"
#include "llvm/ADT/MapVector.h"

namespace sluice::stream {
#define GEN_PASS_DEF_MATERIALIZEENCODINGSPASS
#include "sluice/Dialect/Stream/Transforms/Passes.h.inc"
} // namespace sluice::stream

using namespace mlir;
using namespace sluice;
using namespace sluice::stream;
namespace tensor_ext = sluice::iree_tensor_ext;

namespace {

/// `4x?xf32` → `4xDxf32`: each dimension as its size or `D`, then the
/// element type (encodings omitted).
std::string getTypeFragment(RankedTensorType type) {
  std::string fragment;
  llvm::raw_string_ostream os(fragment);
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isDynamic(dim))
      os << 'D';
    else
      os << dim;
    os << 'x';
  }
  type.getElementType().print(os);
  return fragment;
}

/// `offsets = [0, ...], sizes = [dims], strides = [1, ...]` for a whole
/// tensor whose dynamic sizes are `dims`.
struct WholeTensorSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  WholeTensorSlice(OpBuilder &builder, RankedTensorType type, ValueRange dims) {
    unsigned dynamicIndex = 0;
    for (int64_t dim : type.getShape()) {
      offsets.push_back(builder.getIndexAttr(0));
      strides.push_back(builder.getIndexAttr(1));
      if (ShapedType::isDynamic(dim))
        sizes.push_back(dims[dynamicIndex++]);
      else
        sizes.push_back(builder.getIndexAttr(dim));
    }
  }
};

/// Splits mixed static/dynamic index lists into the operand/attribute pair
/// the dispatch tensor ops take.
void dispatchIndexLists(ArrayRef<OpFoldResult> values,
                        SmallVectorImpl<Value> &dynamicValues,
                        SmallVectorImpl<int64_t> &staticValues) {
  for (OpFoldResult value : values) {
    if (auto attr = dyn_cast<Attribute>(value)) {
      staticValues.push_back(cast<IntegerAttr>(attr).getInt());
    } else {
      staticValues.push_back(ShapedType::kDynamic);
      dynamicValues.push_back(cast<Value>(value));
    }
  }
}

/// Builds `stream.executable private @<name>` with one export `@<funcName>`
/// converting `sourceType` to `resultType`, before `insertionPoint`. The ops
/// carry `loc` (the first encode's), so diagnostics point at the encode.
ExecutableExportOp buildEncodingExecutable(Location loc,
                                           Operation *insertionPoint,
                                           StringRef name,
                                           RankedTensorType sourceType,
                                           RankedTensorType resultType) {
  MLIRContext *context = loc.getContext();
  OpBuilder builder(context);
  builder.setInsertionPoint(insertionPoint);
  auto executableOp = ExecutableOp::create(builder, loc, name);
  executableOp.setSymVisibility("private");
  std::string funcName = (name + "_encode_" + getTypeFragment(sourceType) +
                          "_to_" + getTypeFragment(resultType))
                             .str();

  unsigned numSourceDims = sourceType.getNumDynamicDims();
  unsigned numResultDims = resultType.getNumDynamicDims();
  unsigned numDims = numSourceDims + numResultDims;
  Type indexType = builder.getIndexType();
  auto bindingType = BindingType::get(context);

  // The export and its workgroup count region.
  builder.setInsertionPointToStart(&executableOp.getBody().front());
  auto exportOp = ExecutableExportOp::create(
      builder, loc, funcName, FlatSymbolRefAttr::get(context, funcName));
  exportOp.setSymVisibility("public");
  Block *countBlock = builder.createBlock(&exportOp.getWorkgroupCount());
  for (unsigned i = 0; i < numDims; ++i)
    countBlock->addArgument(indexType, loc);
  auto countOp = tensor_ext::DispatchWorkgroupCountFromSliceOp::create(
      builder, loc, indexType, indexType, indexType,
      countBlock->getArguments());
  ReturnOp::create(builder, loc, countOp.getResults());

  // The inner module and its function.
  builder.setInsertionPointAfter(exportOp);
  auto innerModule = ModuleOp::create(builder, loc);
  builder.setInsertionPointToStart(innerModule.getBody());
  SmallVector<Type> argTypes = {bindingType};
  argTypes.append(numDims, indexType);
  argTypes.push_back(bindingType);
  auto funcOp = func::FuncOp::create(builder, loc, funcName,
                                     builder.getFunctionType(argTypes, {}));
  Block *entry = funcOp.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  SmallVector<Value> ordinals;
  for (unsigned i = 0; i < numDims; ++i)
    ordinals.push_back(tensor_ext::DispatchWorkloadOrdinalOp::create(
        builder, loc, entry->getArgument(1 + i), builder.getIndexAttr(i)));
  ValueRange sourceDims = ValueRange(ordinals).take_front(numSourceDims);
  ValueRange resultDims = ValueRange(ordinals).drop_front(numSourceDims);

  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  auto sourceBindingType = tensor_ext::DispatchTensorType::get(
      context, tensor_ext::TensorAccess::ReadOnly, sourceType);
  auto resultBindingType = tensor_ext::DispatchTensorType::get(
      context, tensor_ext::TensorAccess::WriteOnly, resultType);
  Value source = BindingSubspanOp::create(
      builder, loc, sourceBindingType, entry->getArgument(0), zero, sourceDims);
  Value target =
      BindingSubspanOp::create(builder, loc, resultBindingType,
                               entry->getArguments().back(), zero, resultDims);

  WholeTensorSlice sourceSlice(builder, sourceType, sourceDims);
  SmallVector<Value> offsets, sizes, strides;
  SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
  dispatchIndexLists(sourceSlice.offsets, offsets, staticOffsets);
  dispatchIndexLists(sourceSlice.sizes, sizes, staticSizes);
  dispatchIndexLists(sourceSlice.strides, strides, staticStrides);
  Value value = tensor_ext::DispatchTensorLoadOp::create(
      builder, loc, sourceType, source, sourceDims, offsets, sizes, strides,
      builder.getDenseI64ArrayAttr(staticOffsets),
      builder.getDenseI64ArrayAttr(staticSizes),
      builder.getDenseI64ArrayAttr(staticStrides));
  if (sourceType != resultType) {
    if (sourceType.getEncoding())
      value = iree_encoding::UnsetEncodingOp::create(
          builder, loc, sourceType.dropEncoding(), value, sourceDims);
    if (resultType.getEncoding())
      value =
          iree_encoding::SetEncodingOp::create(builder, loc, resultType, value);
  }

  WholeTensorSlice resultSlice(builder, resultType, resultDims);
  offsets.clear();
  sizes.clear();
  strides.clear();
  staticOffsets.clear();
  staticSizes.clear();
  staticStrides.clear();
  dispatchIndexLists(resultSlice.offsets, offsets, staticOffsets);
  dispatchIndexLists(resultSlice.sizes, sizes, staticSizes);
  dispatchIndexLists(resultSlice.strides, strides, staticStrides);
  tensor_ext::DispatchTensorStoreOp::create(
      builder, loc, value, target, resultDims, offsets, sizes, strides,
      builder.getDenseI64ArrayAttr(staticOffsets),
      builder.getDenseI64ArrayAttr(staticSizes),
      builder.getDenseI64ArrayAttr(staticStrides));
  func::ReturnOp::create(builder, loc);
  return exportOp;
}

struct MaterializeEncodingsPass
    : public stream::impl::MaterializeEncodingsPassBase<
          MaterializeEncodingsPass> {
  void runOnOperation() override {
    ModuleOp moduleOp = getOperation();
    MLIRContext *context = &getContext();

    // 1. Identity encodes fold away (encoding.md §8.4 item 1).
    RewritePatternSet patterns(context);
    TensorEncodeOp::getCanonicalizationPatterns(patterns, context);
    if (failed(util::applyPatternsGreedilyLinear(
            moduleOp, FrozenRewritePatternSet(std::move(patterns)))))
      return signalPassFailure();

    // 2. Every remaining encode of the module's function-likes.
    SmallVector<TensorEncodeOp> encodeOps;
    for (auto funcOp : moduleOp.getOps<FunctionOpInterface>())
      funcOp.walk([&](TensorEncodeOp op) { encodeOps.push_back(op); });
    if (encodeOps.empty())
      return;

    // 3. One executable per (source type, result type) signature.
    SymbolTable symbolTable(moduleOp);
    llvm::MapVector<std::pair<Type, Type>, ExecutableExportOp> executables;
    for (TensorEncodeOp encodeOp : encodeOps) {
      auto sourceType =
          dyn_cast<RankedTensorType>(encodeOp.getSourceEncoding());
      auto resultType =
          dyn_cast<RankedTensorType>(encodeOp.getResultEncoding());
      if (!sourceType || !resultType) {
        encodeOp.emitOpError("expected ranked tensor encodings to "
                             "materialize");
        return signalPassFailure();
      }
      // [SLUICE] set/unset_encoding need serializable encodings; an encode
      // from or to an opaque encoding cannot be materialized.
      auto isOpaque = [](RankedTensorType type) {
        return type.getEncoding() &&
               !isa<iree_encoding::SerializableAttr>(type.getEncoding());
      };
      if (isOpaque(sourceType) || isOpaque(resultType)) {
        encodeOp.emitOpError("cannot materialize an encode from ")
            << sourceType << " to " << resultType
            << ": encodings must implement SerializableAttr";
        return signalPassFailure();
      }
      auto key = std::make_pair(Type(sourceType), Type(resultType));
      ExecutableExportOp &exportOp = executables[key];
      if (!exportOp) {
        Operation *parentFunc =
            encodeOp->getParentOfType<FunctionOpInterface>();
        while (parentFunc->getParentOp() != moduleOp)
          parentFunc = parentFunc->getParentOfType<FunctionOpInterface>();
        std::string name =
            "_encoding_" + std::to_string(executables.size() - 1);
        exportOp = buildEncodingExecutable(encodeOp.getLoc(), parentFunc, name,
                                           sourceType, resultType);
        symbolTable.insert(exportOp->getParentOfType<ExecutableOp>());
      }

      OpBuilder builder(encodeOp);
      Location loc = encodeOp.getLoc();
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      SmallVector<Value> dims(encodeOp.getSourceEncodingDims());
      llvm::append_range(dims, encodeOp.getResultEncodingDims());
      SmallVector<Value> operands = {encodeOp.getSource()};
      llvm::append_range(operands, dims);
      Value sourceSize = encodeOp.getSourceSize();
      auto dispatchOp = AsyncDispatchOp::create(
          builder, loc, exportOp, dims, encodeOp.getResult().getType(),
          operands, ValueRange{sourceSize}, ValueRange{zero},
          ValueRange{sourceSize}, ValueRange{sourceSize},
          ValueRange{encodeOp.getResultSize()}, /*tiedOperands=*/ArrayAttr(),
          encodeOp.getAffinityAttr());
      encodeOp.getResult().replaceAllUsesWith(dispatchOp.getResult(0));
      encodeOp.erase();
    }
  }
};

} // namespace
