//===- UtilInterfaces.td - util op/type interfaces ---------*- tablegen -*-===//
//
// Interfaces owned by util and implemented across Sluice's dialects. This file
// holds the ones the foundation layers use; the remaining util interfaces
// (tied ops, closures, globals, subranges, ...) are added alongside.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILINTERFACES
#define SLUICE_DIALECT_UTIL_IR_UTILINTERFACES

include "mlir/IR/OpBase.td"

//===----------------------------------------------------------------------===//
// Type interfaces
//===----------------------------------------------------------------------===//

def Util_ReferenceType : TypeInterface<"ReferenceTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Marker for types whose values are passed by reference and may alias.
  }];
}

def Util_SizeAwareType : TypeInterface<"SizeAwareTypeInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    Marker for types whose values must always travel with a byte size value.
  }];
}

//===----------------------------------------------------------------------===//
// Op interfaces
//===----------------------------------------------------------------------===//

def Util_SizeAwareOp : OpInterface<"SizeAwareOpInterface"> {
  let cppNamespace = "::sluice::util";
  let description = [{
    An op whose size-aware operands and results carry explicit byte-size
    values. Indices are absolute operand/result indices; a null Value means the
    operand or result is not size-aware.
  }];
  let methods = [
    InterfaceMethod<
      "Returns the byte size of the operand at `idx`, or null.",
      "::mlir::Value", "getOperandSize", (ins "unsigned":$idx)>,
    InterfaceMethod<
      "Returns the byte size of the result at `idx`, or null.",
      "::mlir::Value", "getResultSize", (ins "unsigned":$idx)>,
    InterfaceMethod<
      "Returns the byte size of `result`, one of this op's results.",
      "::mlir::Value", "getResultSizeFromValue", (ins "::mlir::Value":$result),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{
        for (unsigned i = 0, e = $_op->getNumResults(); i < e; ++i)
          if ($_op->getResult(i) == result)
            return $_op.getResultSize(i);
        return {};
      }]>,
  ];
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILINTERFACES
