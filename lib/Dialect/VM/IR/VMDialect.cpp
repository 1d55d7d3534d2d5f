//===- VMDialect.cpp - vm dialect and types -------------------------------===//
//
// Types (support-dialects.md §5.1): `!vm.buffer`, `!vm.list<E>`,
// `!vm.ref<T>` and `!vm.opaque`. Buffers and lists parse as refs wrapping
// the object type and print back in the short form.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/VM/IR/VMDialect.h"

#include "sluice/Dialect/Util/IR/UtilAttrs.h"
#include "sluice/Dialect/Util/IR/UtilDialect.h"
#include "sluice/Dialect/VM/IR/VMOps.h"
#include "sluice/Dialect/VM/IR/VMTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace sluice::vm;

#include "sluice/Dialect/VM/IR/VMDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/VM/IR/VMTypes.cpp.inc"

void VMDialect::initialize() {
  registerTypes();
  registerOps();
}

void VMDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "sluice/Dialect/VM/IR/VMTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

bool RefType::isCompatibleObjectType(Type type) {
  return !llvm::isa<RefType, IntegerType, IndexType, FloatType, ComplexType>(
      type);
}

LogicalResult RefType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type objectType) {
  if (!isCompatibleObjectType(objectType))
    return emitError() << "invalid object type for a ref: " << objectType;
  return success();
}

LogicalResult ListType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type elementType) {
  if (llvm::isa<sluice::vm::OpaqueType, RefType>(elementType))
    return success();
  if (elementType.isIntOrFloat() &&
      elementType.getIntOrFloatBitWidth() % 8 == 0)
    return success();
  return emitError() << "invalid element type for a list: " << elementType;
}

//===----------------------------------------------------------------------===//
// Parsing and printing
//===----------------------------------------------------------------------===//

/// Parses `<` (`?` | type) `>`; `?` is the opaque type. Errors of the inner
/// type are replaced by `invalidMessage` (the reference reports the whole
/// type text); a missing bracket is `malformedMessage`.
static Type parseAngleType(DialectAsmParser &parser, StringRef malformedWhat,
                           StringRef invalidWhat) {
  StringRef spec = parser.getFullSymbolSpec();
  SMLoc loc = parser.getNameLoc();
  if (failed(parser.parseOptionalLess())) {
    parser.emitError(loc) << "malformed " << malformedWhat << " type '" << spec
                          << "'";
    return {};
  }
  Type inner;
  if (succeeded(parser.parseOptionalQuestion())) {
    inner = sluice::vm::OpaqueType::get(parser.getContext());
  } else {
    // Swallow the inner parser's diagnostics: one error names the problem.
    ScopedDiagnosticHandler quiet(parser.getContext(),
                                  [](Diagnostic &) { return success(); });
    if (failed(parser.parseType(inner)))
      inner = {};
  }
  if (!inner) {
    parser.emitError(loc) << "invalid " << invalidWhat
                          << " type specification: '" << spec << "'";
    return {};
  }
  if (failed(parser.parseGreater())) {
    parser.emitError(loc) << "malformed " << malformedWhat << " type '" << spec
                          << "'";
    return {};
  }
  return inner;
}

Type VMDialect::parseType(DialectAsmParser &parser) const {
  MLIRContext *context = getContext();
  SMLoc loc = parser.getNameLoc();
  auto emitError = [&]() { return parser.emitError(loc); };
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(&keyword))) {
    parser.emitError(loc) << "unknown VM type: " << parser.getFullSymbolSpec();
    return {};
  }
  if (keyword == "buffer")
    return RefType::get(context, BufferType::get(context));
  if (keyword == "opaque")
    return sluice::vm::OpaqueType::get(context);
  if (keyword == "list") {
    Type element = parseAngleType(parser, "list", "list element");
    if (!element)
      return {};
    auto list = ListType::getChecked(emitError, context, element);
    if (!list)
      return {};
    return RefType::get(context, list);
  }
  if (keyword == "ref") {
    Type object = parseAngleType(parser, "ref", "ref object");
    if (!object)
      return {};
    return RefType::getChecked(emitError, context, object);
  }
  parser.emitError(loc) << "unknown VM type: " << parser.getFullSymbolSpec();
  return {};
}

static void printListBody(ListType list, DialectAsmPrinter &printer) {
  printer << "list<";
  if (llvm::isa<sluice::vm::OpaqueType>(list.getElementType()))
    printer << "?";
  else
    printer << list.getElementType();
  printer << ">";
}

void VMDialect::printType(Type type, DialectAsmPrinter &printer) const {
  llvm::TypeSwitch<Type>(type)
      .Case<BufferType>([&](auto) { printer << "buffer"; })
      .Case<ListType>([&](ListType list) { printListBody(list, printer); })
      .Case<sluice::vm::OpaqueType>([&](auto) { printer << "opaque"; })
      .Case<RefType>([&](RefType ref) {
        Type object = ref.getObjectType();
        if (llvm::isa<BufferType>(object)) {
          printer << "buffer";
        } else if (auto list = llvm::dyn_cast<ListType>(object)) {
          printListBody(list, printer);
        } else if (llvm::isa<sluice::vm::OpaqueType>(object)) {
          printer << "ref<?>";
        } else {
          printer << "ref<" << object << ">";
        }
      })
      .Default([](Type) { llvm_unreachable("unknown vm type"); });
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

Operation *VMDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                          Type type, Location loc) {
  if (llvm::isa<RefType>(type))
    return ConstRefZeroOp::create(builder, loc, type);
  auto intAttr = llvm::dyn_cast<IntegerAttr>(value);
  if (!intAttr)
    return nullptr;
  bool zero = intAttr.getValue().isZero();
  if (type.isInteger(32)) {
    if (zero)
      return ConstI32ZeroOp::create(builder, loc);
    return ConstI32Op::create(
        builder, loc,
        builder.getI32IntegerAttr(intAttr.getValue().trunc(32).getSExtValue()));
  }
  if (type.isInteger(64)) {
    if (zero)
      return ConstI64ZeroOp::create(builder, loc);
    return ConstI64Op::create(
        builder, loc,
        builder.getI64IntegerAttr(intAttr.getValue().getSExtValue()));
  }
  return nullptr;
}
