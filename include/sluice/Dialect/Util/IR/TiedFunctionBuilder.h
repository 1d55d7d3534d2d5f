//===- TiedFunctionBuilder.h - shared builder of tied function ops -*- C++
//-*-===//
//
// util.func, flow.func, stream.async.func and stream.cmd.func are built the
// same way: symbol name and visibility, function type, optional
// `tied_operands` (not for stream.cmd.func), one region, and optional
// argument/result attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_TIEDFUNCTIONBUILDER_H
#define SLUICE_DIALECT_UTIL_IR_TIEDFUNCTIONBUILDER_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"

namespace sluice::util {

/// Fills `state` for a function-like `OpT`: symbol name and visibility,
/// function type, one region and optional argument/result attributes.
template <typename OpT>
void buildFunctionState(mlir::OpBuilder &builder, mlir::OperationState &state,
                        llvm::StringRef name, llvm::StringRef visibility,
                        mlir::FunctionType type,
                        llvm::ArrayRef<mlir::DictionaryAttr> argAttrs,
                        llvm::ArrayRef<mlir::DictionaryAttr> resAttrs) {
  state.addAttribute(mlir::SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(mlir::SymbolTable::getVisibilityAttrName(),
                     builder.getStringAttr(visibility));
  state.addAttribute(OpT::getFunctionTypeAttrName(state.name),
                     mlir::TypeAttr::get(type));
  state.addRegion();
  if (!argAttrs.empty() || !resAttrs.empty())
    mlir::call_interface_impl::addArgAndResultAttrs(
        builder, state, argAttrs, resAttrs,
        OpT::getArgAttrsAttrName(state.name),
        OpT::getResAttrsAttrName(state.name));
}

/// Same as buildFunctionState, plus `tied_operands` when it is non-null.
template <typename OpT>
void buildTiedFunctionState(mlir::OpBuilder &builder,
                            mlir::OperationState &state, llvm::StringRef name,
                            llvm::StringRef visibility, mlir::FunctionType type,
                            mlir::ArrayAttr tiedOperands,
                            llvm::ArrayRef<mlir::DictionaryAttr> argAttrs,
                            llvm::ArrayRef<mlir::DictionaryAttr> resAttrs) {
  if (tiedOperands)
    state.addAttribute(OpT::getTiedOperandsAttrName(state.name), tiedOperands);
  buildFunctionState<OpT>(builder, state, name, visibility, type, argAttrs,
                          resAttrs);
}

} // namespace sluice::util

#endif // SLUICE_DIALECT_UTIL_IR_TIEDFUNCTIONBUILDER_H
