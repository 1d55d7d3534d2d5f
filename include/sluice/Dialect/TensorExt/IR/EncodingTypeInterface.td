//===- EncodingTypeInterface.td - iree_encoding type iface -*- tablegen -*-===//
//
// `EncodingTypeInterface` of the `iree_encoding` dialect (support-dialects.md
// §6.7, stream-passes-1.md §7). Sluice has no `iree_encoding` dialect; only
// this interface is defined, next to its one implementation
// (`!iree_tensor_ext.dispatch.tensor`). --iree-stream-specialize-encodings
// requires every `stream.binding.subspan` result type of an affected
// executable to implement it and rewrites those types with `updateEncoding`.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_TENSOREXT_IR_ENCODINGTYPEINTERFACE
#define SLUICE_DIALECT_TENSOREXT_IR_ENCODINGTYPEINTERFACE

include "mlir/IR/OpBase.td"

def IREEEncoding_EncodingTypeInterface
    : TypeInterface<"EncodingTypeInterface"> {
  let cppNamespace = "::sluice::iree_encoding";
  let description = [{
    A type that wraps a (possibly encoded) tensor type and can be rebuilt with
    another encoding on that tensor.
  }];
  let methods = [
    InterfaceMethod<
      "The wrapped type whose encoding this type carries (a tensor type with "
      "its encoding, or a scalar).",
      "::mlir::Type", "getEncodingType", (ins)>,
    InterfaceMethod<
      "The same type with `encoding` set on the wrapped tensor type.",
      "::mlir::Type", "updateEncoding", (ins "::mlir::Attribute":$encoding)>,
  ];
}

#endif // SLUICE_DIALECT_TENSOREXT_IR_ENCODINGTYPEINTERFACE
