//===- UtilTypes.td - util types ---------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILTYPES
#define SLUICE_DIALECT_UTIL_IR_UTILTYPES

include "sluice/Dialect/Util/IR/UtilBase.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"

def Util_BufferType : Util_Type<"Buffer", "buffer", [
    Util_ReferenceType, Util_SizeAwareType]> {
  let summary = "a reference-counted byte buffer";
  let description = [{
    A byte buffer (pointer, offset, length). Its size travels with every value
    as an explicit `index`.
  }];
}


#endif // SLUICE_DIALECT_UTIL_IR_UTILTYPES
