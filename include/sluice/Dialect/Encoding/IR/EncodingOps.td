//===- EncodingOps.td - iree_encoding ops ------------------*- tablegen -*-===//
//
// `iree_encoding.set_encoding` and `iree_encoding.unset_encoding`
// (encoding.md §5). --iree-stream-materialize-encodings creates them inside
// the executables it generates.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_ENCODING_IR_ENCODINGOPS
#define SLUICE_DIALECT_ENCODING_IR_ENCODINGOPS

include "sluice/Dialect/Encoding/IR/EncodingAttrs.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def IREEEncoding_SetEncodingOp : IREEEncoding_Op<"set_encoding", [
    Pure,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>,
  ]> {
  let summary = "adds an encoding to a tensor";
  let description = [{
    Converts an un-encoded tensor into the same logical tensor in the
    result's (serializable) encoding. `encoding_dims` carry the dynamic
    values the encoding needs (`iteration_sizes` entries that are `?`).

    ```mlir
    %1 = iree_encoding.set_encoding %0 : tensor<4x?xf32> -> tensor<?x5xf32, #encoding>
    ```
  }];
  let arguments = (ins
    AnyRankedTensor:$source,
    Variadic<Index>:$encoding_dims
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    attr-dict $source (`encoding_dims` `{` $encoding_dims^ `}`)?
    `:` type($source) `->` type($result)
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$source), [{
      build($_builder, $_state, resultType, source, ::mlir::ValueRange{});
    }]>,
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getSourceType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getSource().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
  }];
}

def IREEEncoding_UnsetEncodingOp : IREEEncoding_Op<"unset_encoding", [
    AttrSizedOperandSegments,
    Pure,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
                              ["reifyResultShapes"]>,
  ]> {
  let summary = "removes the encoding of a tensor";
  let description = [{
    Converts an encoded tensor back into the same logical tensor without an
    encoding. `result_dims` are the dynamic sizes of the result.

    ```mlir
    %2 = iree_encoding.unset_encoding %1 : tensor<?x?xf32, #encoding> -> tensor<?x?xf32>{%d0, %d1}
    ```
  }];
  let arguments = (ins
    AnyRankedTensor:$source,
    Variadic<Index>:$result_dims,
    Variadic<Index>:$encoding_dims
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    attr-dict $source (`encoding_dims` `{` $encoding_dims^ `}`)?
    `:` type($source) `->` type($result) (`{` $result_dims^ `}`)?
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$source,
                   "::mlir::ValueRange":$resultDims), [{
      build($_builder, $_state, resultType, source, resultDims,
            ::mlir::ValueRange{});
    }]>,
  ];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::RankedTensorType getSourceType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getSource().getType());
    }
    ::mlir::RankedTensorType getResultType() {
      return ::llvm::cast<::mlir::RankedTensorType>(getResult().getType());
    }
  }];
}

#endif // SLUICE_DIALECT_ENCODING_IR_ENCODINGOPS
