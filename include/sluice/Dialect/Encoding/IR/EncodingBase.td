//===- EncodingBase.td - iree_encoding dialect -------------*- tablegen -*-===//
//
// The subset of IREE's `iree_encoding` dialect that the stream layer needs
// (encoding.md §2): tensor-encoding attributes, layout resolvers and the
// `set_encoding` / `unset_encoding` ops. No types.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGBASE
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGBASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def IREEEncoding_Dialect : Dialect {
  let name = "iree_encoding";
  let cppNamespace = "::sluice::iree_encoding";
  let summary = "Tensor encodings, layout resolvers and encoding ops.";
  let description = [{
    An encoding is an attribute attached to a ranked tensor type
    (`tensor<?x4xf32, #enc>`). It is *verbose* (what the program wants),
    *serialized* (a concrete storage layout for one device) or materialized
    (codegen only). A layout resolver, found in a device's executable-target
    configuration under `iree.encoding.resolver`, turns verbose encodings
    into serialized layouts. The stream passes talk to both only through
    `SerializableAttr` and `LayoutResolverAttr`.

    `#iree_encoding.encoding`, `#iree_encoding.layout`,
    `#iree_encoding.testing` and `#iree_encoding.unknown` print behind the
    overridable alias `#encoding`; every other attribute prints inline.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    void registerOps();
  }];
}

class IREEEncoding_Op<string mnemonic, list<Trait> traits = []>
    : Op<IREEEncoding_Dialect, mnemonic, traits>;

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGBASE
