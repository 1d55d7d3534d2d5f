//===- StreamBase.td - stream dialect, enums, constraints --*- tablegen -*-===//
//
// The `stream` dialect: tensor programs as explicitly scheduled asynchronous
// programs over byte-addressed resources ordered by timepoints.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMBASE
#define SLUICE_DIALECT_STREAM_IR_STREAMBASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/OpBase.td"

def Stream_Dialect : Dialect {
  let name = "stream";
  let cppNamespace = "::sluice::stream";
  let summary = "Explicit scheduling of asynchronous resource programs.";
  let description = [{
    Tensor programs become programs over byte-addressed resources with
    lifetimes, partitioned into execution regions ordered by timepoints.
    Three phases: `stream.tensor.*`, `stream.async.*` and `stream.cmd.*`.
  }];
  let dependentDialects = [
    "::sluice::util::UtilDialect",
    "::mlir::complex::ComplexDialect",
  ];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerTypes();
    void registerOps();
  }];
}

class Stream_Op<string mnemonic, list<Trait> traits = []>
    : Op<Stream_Dialect, mnemonic, traits>;

class Stream_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Stream_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class Stream_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Stream_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Stream_Lifetime : I32EnumAttr<"Lifetime", "resource lifetime", [
    I32EnumAttrCase<"Unknown", 0, "*">,
    I32EnumAttrCase<"External", 1, "external">,
    I32EnumAttrCase<"Staging", 2, "staging">,
    I32EnumAttrCase<"Transient", 3, "transient">,
    I32EnumAttrCase<"Variable", 4, "variable">,
    I32EnumAttrCase<"Constant", 5, "constant">,
  ]> {
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

def Stream_CollectiveKind : I32EnumAttr<"CollectiveKind", "collective kind", [
    I32EnumAttrCase<"AllGather", 0, "all_gather">,
    I32EnumAttrCase<"AllReduce", 1, "all_reduce">,
    I32EnumAttrCase<"AllToAll", 2, "all_to_all">,
    I32EnumAttrCase<"Broadcast", 3, "broadcast">,
    I32EnumAttrCase<"Reduce", 4, "reduce">,
    I32EnumAttrCase<"ReduceScatter", 5, "reduce_scatter">,
    I32EnumAttrCase<"Send", 6, "send">,
    I32EnumAttrCase<"Recv", 7, "recv">,
    I32EnumAttrCase<"SendRecv", 8, "send_recv">,
  ]> {
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

def Stream_CollectiveReductionOp : I32EnumAttr<"CollectiveReductionOp",
                                               "collective reduction op", [
    I32EnumAttrCase<"None", 0, "none">,
    I32EnumAttrCase<"ReductionSum", 1, "sum">,
    I32EnumAttrCase<"ReductionProduct", 2, "product">,
    I32EnumAttrCase<"ReductionMinimum", 3, "minimum">,
    I32EnumAttrCase<"ReductionMaximum", 4, "maximum">,
    I32EnumAttrCase<"ReductionAverage", 5, "average">,
  ]> {
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

def Stream_CollectiveElementType : I32EnumAttr<"CollectiveElementType",
                                               "collective element type", [
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
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

def Stream_Favor : I32EnumAttr<"Favor", "partitioning favor", [
    I32EnumAttrCase<"Debug", 0, "debug">,
    I32EnumAttrCase<"MinPeakMemory", 1, "min-peak-memory">,
    I32EnumAttrCase<"MaxConcurrency", 2, "max-concurrency">,
  ]> {
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

def Stream_MemoryModel : I32EnumAttr<"MemoryModel", "memory model", [
    I32EnumAttrCase<"Unified", 0, "Unified">,
    I32EnumAttrCase<"Discrete", 1, "Discrete">,
  ]> {
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

def Stream_ResourceAccessBitfield : I32BitEnumAttr<
    "ResourceAccessBitfield", "valid ResourceAccess", [
    I32BitEnumAttrCaseNone<"None">,
    I32BitEnumAttrCaseBit<"Read", 0>,
    I32BitEnumAttrCaseBit<"Write", 1>,
  ]> {
  let cppNamespace = "::sluice::stream";
  let genSpecializedAttr = 0;
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMBASE
