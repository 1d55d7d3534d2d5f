//===- FlowBase.td - flow dialect, types, attrs, enums -----*- tablegen -*-===//
//
// The input-only subset of the `flow` dialect (support-dialects.md §3): the
// tensor, dispatch, executable, call, channel, collective and parameter ops
// that reach the stream conversion.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_FLOW_IR_FLOWBASE
#define SLUICE_DIALECT_FLOW_IR_FLOWBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"

def Flow_Dialect : Dialect {
  let name = "flow";
  let cppNamespace = "::sluice::flow";
  let summary = "Tensor-level dataflow input to the stream conversion.";
  let dependentDialects = [
    "::mlir::tensor::TensorDialect",
    "::sluice::util::UtilDialect",
  ];
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    void registerOps();
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &os) const override;
  }];
}

class Flow_Op<string mnemonic, list<Trait> traits = []>
    : Op<Flow_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Flow_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Flow_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Flow_ChannelType : Flow_Type<"Channel", "channel"> {
  let summary = "a collective communication channel";
}

def Flow_DummyType : Flow_Type<"Dummy", "dummy"> {
  let summary = "placeholder type";
}

//===----------------------------------------------------------------------===//
// Enums (plain i32, op-attribute spelling rule 1)
//===----------------------------------------------------------------------===//

def Flow_CollectiveElementType : I32EnumAttr<
    "CollectiveElementType", "valid CollectiveElementType", [
      I32EnumAttrCase<"Sint8", 0, "si8">,
      I32EnumAttrCase<"Uint8", 1, "ui8">,
      I32EnumAttrCase<"Sint16", 2, "si16">,
      I32EnumAttrCase<"Uint16", 3, "ui16">,
      I32EnumAttrCase<"Sint32", 4, "si32">,
      I32EnumAttrCase<"Uint32", 5, "ui32">,
      I32EnumAttrCase<"Sint64", 6, "si64">,
      I32EnumAttrCase<"Uint64", 7, "ui64">,
      I32EnumAttrCase<"Float16", 8, "f16">,
      I32EnumAttrCase<"Float32", 9, "f32">,
      I32EnumAttrCase<"Float64", 10, "f64">,
      I32EnumAttrCase<"BFloat16", 11, "bf16">,
    ]> {
  let cppNamespace = "::sluice::flow";
}

def Flow_CollectiveReductionOp : I32EnumAttr<
    "CollectiveReductionOp", "valid CollectiveReductionOp", [
      I32EnumAttrCase<"None", 0, "none">,
      I32EnumAttrCase<"ReductionSum", 1, "sum">,
      I32EnumAttrCase<"ReductionProduct", 2, "product">,
      I32EnumAttrCase<"ReductionMinimum", 3, "minimum">,
      I32EnumAttrCase<"ReductionMaximum", 4, "maximum">,
      I32EnumAttrCase<"ReductionAverage", 5, "average">,
    ]> {
  let cppNamespace = "::sluice::flow";
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

class Flow_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Flow_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Flow_NamedParameterAttr : Flow_Attr<"NamedParameter", "parameter.named", [
    TypedAttrInterface,
    DeclareAttrInterfaceMethods<Util_SizedStorageAttr, ["getStorageSize"]>,
  ]> {
  let summary = "a named parameter referenced by scope and key";
  let description = [{
    `#flow.parameter.named<` optional `"scope"::`, `"key"`, optional
    `, {config}`, `> : T`. The `offset`
    and `length` config entries select the byte range read from the stored
    parameter (io-parameters.md §6).
  }];
  let parameters = (ins
    AttributeSelfTypeParameter<"">:$type,
    OptionalParameter<"::mlir::StringAttr">:$scope,
    AttrParameter<"::mlir::StringAttr", "">:$key,
    OptionalParameter<"::mlir::DictionaryAttr">:$config
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Flow_DummyAttr : Flow_Attr<"Dummy", "dummy"> {
  let summary = "placeholder attribute";
}

#endif // SLUICE_DIALECT_FLOW_IR_FLOWBASE
