//===- UtilTypes.td - util types ---------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILTYPES
#define SLUICE_DIALECT_UTIL_IR_UTILTYPES

include "sluice/Dialect/Util/IR/UtilBase.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"

def Util_BufferType : Util_Type<"Buffer", "buffer", [
    Util_ReferenceType,
    Util_SizeAwareType,
    Util_HoistableType,
    DeclareTypeInterfaceMethods<Util_GlobalType, ["isAccessStorageCompatible"]>,
    DeclareTypeInterfaceMethods<Util_InferTypeSize>,
    DeclareTypeInterfaceMethods<Util_SubrangeType>,
  ]> {
  let summary = "a reference-counted byte buffer";
  let description = [{
    A byte buffer (pointer, offset, length). Its size travels with every value
    as an explicit `index`.
  }];
}

def Util_ListType : Util_Type<"List", "list"> {
  let summary = "a dense list of values";
  let description = [{
    `!util.list<T>`, or `!util.list<?>` for a list of `!util.variant`.
  }];
  let parameters = (ins "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// True when every value of `type` may be stored in a list.
    static bool isCompatible(::mlir::Type type) { return true; }
    /// The implicit cast rule used by list accessors.
    static bool canImplicitlyCast(::mlir::Type from, ::mlir::Type to);
  }];
}

def Util_ObjectType : Util_Type<"Object", "object"> {
  let summary = "any reference-counted object";
}

def Util_PtrType : Util_Type<"Ptr", "ptr"> {
  let summary = "a pointer to a global";
  let parameters = (ins "::mlir::Type":$targetType);
  let assemblyFormat = "`<` qualified($targetType) `>`";
}

def Util_UnusedType : Util_Type<"Unused", "unused"> {
  let summary = "a placeholder for an unused value";
}

def Util_VariantType : Util_Type<"Variant", "variant"> {
  let summary = "a value of any type";
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILTYPES
