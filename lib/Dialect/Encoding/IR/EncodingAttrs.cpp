//===- EncodingAttrs.cpp - iree_encoding attributes -----------------------===//
//
// Syntax helpers, verifiers and interface methods of the attributes of
// encoding.md §4.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectImplementation.h"
#include "sluice/Dialect/Encoding/IR/EncodingDialect.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::iree_encoding;

#include "sluice/Dialect/Encoding/IR/EncodingEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.cpp.inc"

void IREEEncodingDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// `[a, ?, b]` lists
//===----------------------------------------------------------------------===//

namespace sluice::iree_encoding {

static ParseResult parseDynamicIndexValues(AsmParser &parser,
                                           SmallVectorImpl<int64_t> &values) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        int64_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      });
}

FailureOr<DenseI64ArrayAttr> parseDynamicIndexList(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (parseDynamicIndexValues(parser, values))
    return failure();
  return DenseI64ArrayAttr::get(parser.getContext(), values);
}

void printDynamicIndexList(AsmPrinter &printer, ArrayRef<int64_t> values) {
  printer << '[';
  llvm::interleaveComma(values, printer, [&](int64_t value) {
    if (ShapedType::isDynamic(value))
      printer << '?';
    else
      printer << value;
  });
  printer << ']';
}

FailureOr<ArrayAttr> parseIterationSizes(AsmParser &parser) {
  SmallVector<int64_t> values;
  if (parseDynamicIndexValues(parser, values))
    return failure();
  Builder builder(parser.getContext());
  return builder.getI64ArrayAttr(values);
}

void printIterationSizes(AsmPrinter &printer, ArrayAttr sizes) {
  SmallVector<int64_t> values;
  for (Attribute size : sizes) {
    if (auto intAttr = dyn_cast<IntegerAttr>(size))
      values.push_back(intAttr.getInt());
    else
      values.push_back(ShapedType::kDynamic);
  }
  printDynamicIndexList(printer, values);
}

} // namespace sluice::iree_encoding

//===----------------------------------------------------------------------===//
// Shared pieces
//===----------------------------------------------------------------------===//

/// The identity size of `type` (encoding.md §4.4).
static Value identitySize(Location loc, OpBuilder &builder,
                          RankedTensorType type, ValueRange dynamicDims) {
  return calculatePaddedDenseSizeInBytes(loc, builder, type, dynamicDims, {});
}

/// `#iree_encoding.layout<layouts>` built through the verifier: on failure
/// the error goes to the context's diagnostic handler and the result is null
/// (encoding.md §4.8).
static Attribute getCheckedLayout(MLIRContext *context,
                                  ArrayRef<Attribute> layouts) {
  return LayoutAttr::getChecked(
      [context]() { return emitError(UnknownLoc::get(context)); }, context,
      ArrayAttr::get(context, layouts));
}

//===----------------------------------------------------------------------===//
// #iree_encoding.testing
//===----------------------------------------------------------------------===//

bool TestingAttr::isSerialized() const { return getLayouts() != nullptr; }
bool TestingAttr::isIdentityLayout() const { return false; }

Attribute TestingAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return TestingAttr::get(getContext(), ArrayAttr::get(getContext(), layouts),
                          getOriginalElementType());
}

Value TestingAttr::calculateStorageSizeInBytes(Location loc, OpBuilder &builder,
                                               RankedTensorType type,
                                               ValueRange dynamicDims) const {
  if (!getLayouts() || getLayouts().empty())
    return identitySize(loc, builder, type, dynamicDims);
  return calculateMaxLayoutSizeInBytes(loc, builder, type, dynamicDims,
                                       getLayouts(),
                                       /*identityForOthers=*/true);
}

//===----------------------------------------------------------------------===//
// #iree_encoding.specialized
//===----------------------------------------------------------------------===//

bool SpecializedAttr::isSerialized() const { return true; }
bool SpecializedAttr::isIdentityLayout() const { return false; }
Attribute SpecializedAttr::cloneWithLayouts(ArrayRef<Attribute>) const {
  return {};
}
Value SpecializedAttr::calculateStorageSizeInBytes(
    Location loc, OpBuilder &builder, RankedTensorType type,
    ValueRange dynamicDims) const {
  return identitySize(loc, builder, type, dynamicDims);
}

//===----------------------------------------------------------------------===//
// Resolvers
//===----------------------------------------------------------------------===//

Attribute SpecializationResolverAttr::getLayout(RankedTensorType type) const {
  return SpecializedAttr::get(getContext(), getSeed(), type.dropEncoding());
}

Attribute
SpecializationResolverAttr::getUnifiedEncoding(ArrayRef<Attribute>) const {
  return SpecializedAttr::get(getContext(), getSeed(), Type());
}

Attribute IdentityResolverAttr::getLayout(RankedTensorType) const {
  return IdentityAttr::get(getContext());
}

Attribute IdentityResolverAttr::getUnifiedEncoding(ArrayRef<Attribute>) const {
  return IdentityAttr::get(getContext());
}

Attribute UnsupportedResolverAttr::getLayout(RankedTensorType) const {
  return {};
}

//===----------------------------------------------------------------------===//
// #iree_encoding.identity
//===----------------------------------------------------------------------===//

bool IdentityAttr::isSerialized() const { return true; }
bool IdentityAttr::isIdentityLayout() const { return true; }
Value IdentityAttr::calculateStorageSizeInBytes(Location loc,
                                                OpBuilder &builder,
                                                RankedTensorType type,
                                                ValueRange dynamicDims) const {
  return identitySize(loc, builder, type, dynamicDims);
}

//===----------------------------------------------------------------------===//
// #iree_encoding.layout
//===----------------------------------------------------------------------===//

LogicalResult LayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayAttr layouts) {
  if (layouts.empty())
    return emitError() << "expected non-empty layouts";
  if (!llvm::all_of(layouts, llvm::IsaPred<SerializableAttr>))
    return emitError() << "expected all the layout attributes to implement "
                          "SerializableAttr";
  return success();
}

LogicalResult
LayoutAttr::verifyEncoding(ArrayRef<int64_t> shape, Type elementType,
                           function_ref<InFlightDiagnostic()> emitError) const {
  for (Attribute layout : getLayouts())
    if (auto verifiable = dyn_cast<VerifiableTensorEncoding>(layout))
      if (failed(verifiable.verifyEncoding(shape, elementType, emitError)))
        return failure();
  return success();
}

/// Whether every layout is serializable and satisfies `predicate`.
static bool allLayouts(ArrayAttr layouts,
                       function_ref<bool(SerializableAttr)> predicate) {
  return llvm::all_of(layouts, [&](Attribute layout) {
    auto serializable = dyn_cast<SerializableAttr>(layout);
    return serializable && predicate(serializable);
  });
}

bool LayoutAttr::isSerialized() const {
  return allLayouts(getLayouts(), [](SerializableAttr layout) {
    return layout.isSerialized();
  });
}

bool LayoutAttr::isIdentityLayout() const {
  return allLayouts(getLayouts(), [](SerializableAttr layout) {
    return layout.isIdentityLayout();
  });
}

Attribute LayoutAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return getCheckedLayout(getContext(), layouts);
}

Value LayoutAttr::calculateStorageSizeInBytes(Location loc, OpBuilder &builder,
                                              RankedTensorType type,
                                              ValueRange dynamicDims) const {
  return calculateMaxLayoutSizeInBytes(loc, builder, type, dynamicDims,
                                       getLayouts(),
                                       /*identityForOthers=*/false);
}

//===----------------------------------------------------------------------===//
// #iree_encoding.padding
//===----------------------------------------------------------------------===//

LogicalResult PaddingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  DenseI64ArrayAttr padding) {
  for (int64_t value : padding.asArrayRef())
    if (value < 0 && !ShapedType::isDynamic(value))
      return emitError()
             << "expected all padding values need to be non-negative or "
                "dynamic";
  return success();
}

PaddingAttr PaddingAttr::getIdentity(MLIRContext *context, int64_t rank) {
  return PaddingAttr::get(
      context, DenseI64ArrayAttr::get(context, SmallVector<int64_t>(rank, 0)));
}

bool PaddingAttr::isSerialized() const {
  return llvm::none_of(getPadding().asArrayRef(), ShapedType::isDynamic);
}

bool PaddingAttr::isIdentityLayout() const {
  return llvm::all_of(getPadding().asArrayRef(),
                      [](int64_t value) { return value == 0; });
}

Attribute PaddingAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return getCheckedLayout(getContext(), layouts);
}

Value PaddingAttr::calculateStorageSizeInBytes(Location loc, OpBuilder &builder,
                                               RankedTensorType type,
                                               ValueRange dynamicDims) const {
  return calculatePaddedDenseSizeInBytes(loc, builder, type, dynamicDims,
                                         getPadding().asArrayRef());
}

//===----------------------------------------------------------------------===//
// #iree_encoding.packed_storage
//===----------------------------------------------------------------------===//

LogicalResult PackedStorageAttr::verifyEncoding(
    ArrayRef<int64_t>, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  uint64_t bitWidth = sluice::util::getTypeBitWidth(elementType);
  if (bitWidth > 7)
    return emitError() << "bit-width of the element type is " << bitWidth
                       << " but packed_storage is currently only supported "
                          "for sub-byte types";
  if (!llvm::isPowerOf2_64(bitWidth))
    return emitError() << "bit-width of the element type is " << bitWidth
                       << " but packed_storage currently only supports types "
                          "with power-of-two bitwidth";
  return success();
}

bool PackedStorageAttr::isSerialized() const { return true; }

bool PackedStorageAttr::isCompatibleWith(SerializableAttr other) const {
  return !other || isa<PackedStorageAttr>(other);
}

Value PackedStorageAttr::calculateStorageSizeInBytes(
    Location loc, OpBuilder &builder, RankedTensorType type,
    ValueRange dynamicDims) const {
  uint64_t bitWidth = sluice::util::getTypeBitWidth(type.getElementType());
  if (bitWidth == 0 || bitWidth > 8 || 8 % bitWidth != 0 ||
      type.getNumDynamicDims() != dynamicDims.size())
    return {};
  int64_t count = 1;
  for (int64_t dim : type.getShape())
    if (!ShapedType::isDynamic(dim) && llvm::MulOverflow(count, dim, count))
      return {};
  Value value = arith::ConstantIndexOp::create(builder, loc, count);
  for (Value dim : dynamicDims)
    value = builder.createOrFold<arith::MulIOp>(
        loc, value, dim, arith::IntegerOverflowFlags::nsw);
  return builder.createOrFold<arith::CeilDivUIOp>(
      loc, value, arith::ConstantIndexOp::create(builder, loc, 8 / bitWidth));
}

//===----------------------------------------------------------------------===//
// #iree_encoding.encoding
//===----------------------------------------------------------------------===//

/// The composed map of one `user_indexing_maps` entry: the map itself, or the
/// chain applied first to last; null for an empty chain or a malformed entry.
static AffineMap composeEntry(Attribute entry) {
  if (auto mapAttr = dyn_cast<AffineMapAttr>(entry))
    return mapAttr.getValue();
  auto chain = dyn_cast<ArrayAttr>(entry);
  if (!chain || chain.empty())
    return {};
  AffineMap composed;
  for (Attribute element : chain) {
    auto mapAttr = dyn_cast<AffineMapAttr>(element);
    if (!mapAttr)
      return {};
    composed =
        composed ? mapAttr.getValue().compose(composed) : mapAttr.getValue();
  }
  return composed;
}

LogicalResult EncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   IntegerAttr operandIndex, EncodingOpType,
                                   ArrayAttr, Type, ArrayAttr userIndexingMaps,
                                   ArrayAttr iterationSizes) {
  uint64_t index = operandIndex.getValue().getZExtValue();
  if (userIndexingMaps) {
    if (index >= userIndexingMaps.size())
      return emitError()
             << "`operandIndex` exceeds the size of `user_indexing_maps`";
    for (auto [i, entry] : llvm::enumerate(userIndexingMaps)) {
      if (isa<AffineMapAttr>(entry))
        continue;
      auto chain = dyn_cast<ArrayAttr>(entry);
      if (!chain || !llvm::all_of(chain, llvm::IsaPred<AffineMapAttr>))
        return emitError()
               << "found a non-composable attribute in `user_indexing_maps` "
                  "at index: "
               << i;
    }
  }
  if (iterationSizes) {
    AffineMap map =
        userIndexingMaps ? composeEntry(userIndexingMaps[index]) : AffineMap();
    if (!map)
      return emitError() << "found `iteration_sizes` without any "
                            "corresponding `user_indexing_maps`";
    if (iterationSizes.size() != map.getNumDims())
      return emitError() << "found an encoding with " << iterationSizes.size()
                         << " iteration sizes, but expected "
                         << map.getNumDims()
                         << " based on the user indexing maps";
  }
  return success();
}

uint64_t EncodingAttr::getOperandIndexValue() const {
  return getOperandIndex().getValue().getZExtValue();
}

AffineMap EncodingAttr::getComposedMap(unsigned index) const {
  ArrayAttr maps = getUserIndexingMaps();
  if (!maps || index >= maps.size())
    return {};
  return composeEntry(maps[index]);
}

SmallVector<AffineMap> EncodingAttr::getRootMaps() const {
  SmallVector<AffineMap> roots;
  if (!getUserIndexingMaps())
    return roots;
  for (Attribute entry : getUserIndexingMaps()) {
    if (auto mapAttr = dyn_cast<AffineMapAttr>(entry)) {
      roots.push_back(mapAttr.getValue());
      continue;
    }
    auto chain = dyn_cast<ArrayAttr>(entry);
    roots.push_back(chain && !chain.empty()
                        ? cast<AffineMapAttr>(chain[0]).getValue()
                        : AffineMap());
  }
  return roots;
}

AffineMap EncodingAttr::getLastMapForOperandIndex() const {
  return getComposedMap(getOperandIndexValue());
}

std::optional<unsigned> EncodingAttr::mapDimToOperandIndex(int64_t dim) const {
  AffineMap map = getLastMapForOperandIndex();
  if (!map)
    return std::nullopt;
  for (auto [position, expr] : llvm::enumerate(map.getResults()))
    if (auto dimExpr = dyn_cast<AffineDimExpr>(expr))
      if (dimExpr.getPosition() == dim)
        return position;
  return std::nullopt;
}

SmallVector<int64_t> EncodingAttr::getIterationSizesArray() const {
  SmallVector<int64_t> sizes;
  if (!getIterationSizes())
    return sizes;
  for (Attribute size : getIterationSizes()) {
    auto intAttr = dyn_cast<IntegerAttr>(size);
    sizes.push_back(intAttr ? intAttr.getInt() : ShapedType::kDynamic);
  }
  return sizes;
}

SmallVector<Type> EncodingAttr::getElementTypesArray() const {
  SmallVector<Type> types;
  for (Attribute attr : getElementTypes()) {
    auto typeAttr = dyn_cast<TypeAttr>(attr);
    types.push_back(typeAttr ? typeAttr.getValue() : Type());
  }
  return types;
}

Attribute EncodingAttr::cloneWithLayouts(ArrayRef<Attribute> layouts) const {
  return getCheckedLayout(getContext(), layouts);
}

std::optional<int64_t> EncodingAttr::getNumDynamicEncodingDims() const {
  return llvm::count_if(getIterationSizesArray(), ShapedType::isDynamic);
}
