//===- TensorExtTypes.cpp - iree_tensor_ext types -------------------------===//
//
// `!iree_tensor_ext.dispatch.tensor<access:T>` (support-dialects.md §4.2).
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "sluice/Dialect/TensorExt/IR/TensorExtDialect.h"
#include "sluice/Dialect/Util/IR/DialectTypeSyntax.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::iree_tensor_ext;

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.cpp.inc"

void IREETensorExtDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/TensorExt/IR/TensorExtTypes.cpp.inc"
      >();
}

Type IREETensorExtDialect::parseType(DialectAsmParser &parser) const {
  return sluice::util::parseTypeOrReportUnknown(parser, generatedTypeParser,
                                                "TensorExt");
}

void IREETensorExtDialect::printType(Type type,
                                     DialectAsmPrinter &printer) const {
  if (failed(generatedTypePrinter(type, printer)))
    llvm_unreachable("unhandled TensorExt type");
}

//===----------------------------------------------------------------------===//
// DispatchTensorType
//===----------------------------------------------------------------------===//

static StringRef stringifyAccess(TensorAccess access) {
  switch (access) {
  case TensorAccess::ReadOnly:
    return "readonly";
  case TensorAccess::ReadWrite:
    return "readwrite";
  case TensorAccess::WriteOnly:
    return "writeonly";
  }
  llvm_unreachable("unknown access");
}

Type DispatchTensorType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  Type boundType;
  if (parser.parseLess() || parser.parseKeyword(&keyword))
    return {};
  std::optional<TensorAccess> access =
      llvm::StringSwitch<std::optional<TensorAccess>>(keyword)
          .Case("readonly", TensorAccess::ReadOnly)
          .Case("readwrite", TensorAccess::ReadWrite)
          .Case("writeonly", TensorAccess::WriteOnly)
          .Default(std::nullopt);
  if (!access) {
    parser.emitError(loc, "unknown dispatch tensor access '") << keyword << "'";
    return {};
  }
  if (parser.parseColon() || parser.parseType(boundType) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<DispatchTensorType>(loc, parser.getContext(),
                                               *access, boundType);
}

void DispatchTensorType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyAccess(getAccess()) << ':';
  printer.printType(getBoundType());
  printer << '>';
}

LogicalResult
DispatchTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                           TensorAccess, Type boundType) {
  if (boundType.isIntOrFloat() || isa<RankedTensorType>(boundType))
    return success();
  return emitError() << "unhandled bounded type in dispatch. Must by int, "
                        "float or ranked tensor type";
}

int64_t DispatchTensorType::getRank() const {
  if (auto tensorType = dyn_cast<RankedTensorType>(getBoundType()))
    return tensorType.getRank();
  return 0;
}

ArrayRef<int64_t> DispatchTensorType::getShape() const {
  if (auto tensorType = dyn_cast<RankedTensorType>(getBoundType()))
    return tensorType.getShape();
  return {};
}

int64_t DispatchTensorType::getNumDynamicDims() const {
  return llvm::count_if(getShape(), ShapedType::isDynamic);
}

bool DispatchTensorType::isDynamicDim(unsigned idx) const {
  return ShapedType::isDynamic(getShape()[idx]);
}

unsigned DispatchTensorType::getDynamicDimIndex(unsigned idx) const {
  return llvm::count_if(getShape().take_front(idx), ShapedType::isDynamic);
}

bool DispatchTensorType::hasStaticShape() const {
  return getNumDynamicDims() == 0;
}

Type DispatchTensorType::getBoundElementType() const {
  if (auto tensorType = dyn_cast<RankedTensorType>(getBoundType()))
    return tensorType.getElementType();
  return getBoundType();
}

RankedTensorType DispatchTensorType::asRankedTensorType() const {
  if (auto tensorType = dyn_cast<RankedTensorType>(getBoundType()))
    return tensorType;
  return RankedTensorType::get({}, getBoundType());
}

//===----------------------------------------------------------------------===//
// EncodingTypeInterface (support-dialects.md §6.7)
//===----------------------------------------------------------------------===//

Type DispatchTensorType::getEncodingType() const { return getBoundType(); }

/// Same access, shape and bound element type; the bound tensor carries
/// `encoding`. A scalar bound type T has shape [] and element type T, so the
/// only type meeting all of §6.7's conditions ("whose tensor now carries
/// enc") binds `tensor<T, enc>`.
Type DispatchTensorType::updateEncoding(Attribute encoding) const {
  RankedTensorType tensorType = asRankedTensorType();
  return DispatchTensorType::get(
      getContext(), getAccess(),
      RankedTensorType::get(tensorType.getShape(), tensorType.getElementType(),
                            encoding));
}

static bool isConstantInt(OpFoldResult value, int64_t expected) {
  std::optional<int64_t> constant = getConstantIntValue(value);
  return constant && *constant == expected;
}

bool DispatchTensorType::doesSliceSpanWholeTensor(
    ValueRange dims, ArrayRef<OpFoldResult> offsets,
    ArrayRef<OpFoldResult> sizes, ArrayRef<OpFoldResult> strides) const {
  if (!llvm::all_of(offsets,
                    [](OpFoldResult v) { return isConstantInt(v, 0); }))
    return false;
  if (!llvm::all_of(strides,
                    [](OpFoldResult v) { return isConstantInt(v, 1); }))
    return false;
  ArrayRef<int64_t> shape = getShape();
  if (sizes.size() != shape.size())
    return false;
  unsigned nextDim = 0;
  for (auto [size, dim] : llvm::zip_equal(sizes, shape)) {
    if (ShapedType::isDynamic(dim)) {
      if (nextDim >= dims.size())
        return false;
      Value dimValue = dims[nextDim++];
      if (auto value = dyn_cast<Value>(size)) {
        if (value != dimValue)
          return false;
        continue;
      }
      std::optional<int64_t> constantDim = getConstantIntValue(dimValue);
      if (!constantDim || !isConstantInt(size, *constantDim))
        return false;
      continue;
    }
    if (!isConstantInt(size, dim))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Dynamic dims check
//===----------------------------------------------------------------------===//

namespace sluice::iree_tensor_ext {

unsigned getDynamicDimCount(Type type) {
  if (auto shapedType = dyn_cast<ShapedType>(type))
    return shapedType.hasRank() ? shapedType.getNumDynamicDims() : 0;
  if (auto dispatchType = dyn_cast<DispatchTensorType>(type))
    return dispatchType.getNumDynamicDims();
  return 0;
}

LogicalResult verifyOpDynamicDims(Operation *op, TypeRange types,
                                  ValueRange dims) {
  unsigned required = 0;
  for (Type type : types)
    required += getDynamicDimCount(type);
  if (dims.size() != required)
    return op->emitOpError()
           << "value set has " << required << " dynamic dimensions but only "
           << dims.size() << " dimension values are attached";
  return success();
}

LogicalResult verifyOpDynamicDims(Operation *op, ValueRange values,
                                  ValueRange dims) {
  return verifyOpDynamicDims(op, values.getTypes(), dims);
}

} // namespace sluice::iree_tensor_ext
