//===- UtilAttrs.td - util attributes ----------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILATTRS
#define SLUICE_DIALECT_UTIL_IR_UTILATTRS

include "sluice/Dialect/Util/IR/UtilBase.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"

class Util_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Util_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Util_CompositeAttr : Util_Attr<"Composite", "composite", [
    DeclareAttrInterfaceMethods<Util_SizedStorageAttr>,
    DeclareAttrInterfaceMethods<Util_SerializableAttr, ["serializeToBuffer",
                                                        "serializeToStream"]>,
  ]> {
  let summary = "a sequence of serializable values stored back to back";
  let parameters = (ins
    "int64_t":$totalLength,
    "::mlir::ArrayAttr":$values
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Returns a composite of `values`, or null when a value has no storage
    /// size.
    static CompositeAttr getFromValues(::mlir::MLIRContext *context,
                                    ::llvm::ArrayRef<::mlir::Attribute> values);
  }];
}

def Util_UninitializedAttr : Util_Attr<"Uninitialized", "uninitialized", [
    TypedAttrInterface,
    DeclareAttrInterfaceMethods<Util_SizedStorageAttr>,
  ]> {
  let summary = "undefined initial contents";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "";
}

def Util_NullAttr : Util_Attr<"Null", "null", [TypedAttrInterface]> {
  let summary = "a null reference";
  let parameters = (ins AttributeSelfTypeParameter<"">:$type);
  let assemblyFormat = "";
}

def Util_IntAssumptionAttr : Util_Attr<"IntAssumption", "int.assumption"> {
  let summary = "an assumption about an integer value";
  let parameters = (ins
    OptionalParameter<"std::optional<uint64_t>">:$umin,
    OptionalParameter<"std::optional<uint64_t>">:$umax,
    OptionalParameter<"std::optional<uint64_t>">:$udiv
  );
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Parses the `<...>` body (also used stripped inside util.assume.int).
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
    /// Prints the `<...>` body.
    void printBody(::mlir::AsmPrinter &printer) const;
  }];
}

def Util_InlineNeverAttr : Util_Attr<"InlineNever", "inline.never", [
    DeclareAttrInterfaceMethods<Util_InliningPolicyAttr>,
  ]> {
  let summary = "never inline";
}

def Util_InlineAlwaysAttr : Util_Attr<"InlineAlways", "inline.always", [
    DeclareAttrInterfaceMethods<Util_InliningPolicyAttr>,
  ]> {
  let summary = "always inline";
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILATTRS
