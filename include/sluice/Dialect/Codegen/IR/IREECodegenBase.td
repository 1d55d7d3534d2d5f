//===- IREECodegenBase.td - shared codegen resolver pieces -*- tablegen -*-===//
//
// What the configuration-carrying resolvers of `iree_cpu` and `iree_gpu`
// share (encoding.md §6.2).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_CODEGEN_IR_IREECODEGENBASE
#define SLUICE_DIALECT_CODEGEN_IR_IREECODEGENBASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/OpBase.td"
include "mlir/IR/TensorEncoding.td"
include "sluice/Dialect/Encoding/IR/EncodingInterfaces.td"

// The methods a configuration-carrying resolver implements: it resolves
// layouts, and a copy whose configuration has `encoding_info` is a
// serialized layout verified against the tensor it encodes.
defvar IREECodegen_ResolverTraits = [
  DeclareAttrInterfaceMethods<IREEEncoding_LayoutResolverAttr,
      ["cloneWithSimplifiedConfig", "getLayout"]>,
  DeclareAttrInterfaceMethods<IREEEncoding_SerializableAttr,
      ["isSerialized", "calculateStorageSizeInBytes"]>,
  DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
];

#endif // SLUICE_DIALECT_CODEGEN_IR_IREECODEGENBASE
