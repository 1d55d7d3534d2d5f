//===- VMTypes.h - vm types -------------------------------------*- C++ -*-===//

#ifndef SLUICE_DIALECT_VM_IR_VMTYPES_H
#define SLUICE_DIALECT_VM_IR_VMTYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "sluice/Dialect/VM/IR/VMTypes.h.inc"

namespace sluice::vm {

/// `!vm.buffer`: a ref to a byte buffer.
inline RefType getBufferRefType(mlir::MLIRContext *context) {
  return RefType::get(context, BufferType::get(context));
}

/// `!vm.list<E>`: a ref to a list of `elementType`.
inline RefType getListRefType(mlir::Type elementType) {
  return RefType::get(ListType::get(elementType));
}

} // namespace sluice::vm

#endif // SLUICE_DIALECT_VM_IR_VMTYPES_H
