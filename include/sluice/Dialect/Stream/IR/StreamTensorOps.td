//===- StreamTensorOps.td - tensor-phase and boundary ops --*- tablegen -*-===//
//
// The conversion-boundary ops (no phase trait) and the tensor-phase ops. An
// "encoding" is the tensor type describing a resource's logical contents.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMTENSOROPS
#define SLUICE_DIALECT_STREAM_IR_STREAMTENSOROPS

//===----------------------------------------------------------------------===//
// Conversion boundary
//===----------------------------------------------------------------------===//

def Stream_TensorImportOp : Stream_Op<"tensor.import", [
    Pure,
    DeclareOpInterfaceMethods<Stream_AffinityOp, ["pinsValueAffinity"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "imports a foreign value as a resource";
  let arguments = (ins
    AnyType:$source,
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Index:$result_size,
    UnitAttr:$consume,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamOrStaging:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`consume` $consume^)?
    $source `:`
    qualified(type($source))
    `->`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorExportOp : Stream_Op<"tensor.export", [
    Pure,
    DeclareOpInterfaceMethods<Stream_AffinityOp, ["pinsValueAffinity"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "exports a resource as a foreign value";
  let arguments = (ins
    Stream_StreamOrStaging:$source,
    TypeAttr:$source_encoding,
    Variadic<Index>:$source_encoding_dims,
    Index:$source_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `:`
    $source_encoding (`{` $source_encoding_dims^ `}`)?
    `in`
    qualified(type($source)) `` `{` $source_size `}`
    `->`
    qualified(type($result))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Tensor phase
//===----------------------------------------------------------------------===//

def Stream_TensorSizeOfOp : Stream_Op<"tensor.sizeof", [
    Pure,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
  ]> {
  let summary = "the storage size of a tensor encoding";
  let arguments = (ins
    TypeAttr:$encoding,
    Variadic<Index>:$encoding_dims,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Index:$storage_size);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $encoding (`{` $encoding_dims^ `}`)?
    attr-dict `:` type($storage_size)
  }];
  let hasVerifier = 1;
}

def Stream_TensorEmptyOp : Stream_Op<"tensor.empty", [
    Pure,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<Stream_StreamableOp, [
      "isMetadata", "preferCloneToConsumers"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a resource with no defined contents";
  let arguments = (ins
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    `:`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def Stream_TensorConstantOp : Stream_Op<"tensor.constant", [
    Pure,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "a resource initialized to a constant tensor value";
  let arguments = (ins
    TypedAttrInterface:$value,
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    `:`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result))
    `=`
    $value
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorSplatOp : Stream_Op<"tensor.splat", [
    Pure,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["preferCloneToConsumers"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a resource filled with one primitive value";
  let arguments = (ins
    Stream_Primitive:$value,
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $value `:` type($value)
    `->`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

class Stream_TensorCloneLikeOp<string mnemonic, string summaryText,
                               list<Trait> traits = []>
    : Stream_Op<mnemonic, !listconcat([
        Pure,
        AttrSizedOperandSegments,
        Stream_TensorPhaseOp,
        Stream_AffinityOp,
        DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
        DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
      ], traits)> {
  let summary = summaryText;
  let arguments = (ins
    Stream_StreamResource:$source,
    TypeAttr:$source_encoding,
    Variadic<Index>:$source_encoding_dims,
    Index:$source_size,
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `:`
    $source_encoding (`{` $source_encoding_dims^ `}`)?
    `in`
    qualified(type($source)) `` `{` $source_size `}`
    `->`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Stream_TensorCloneOp : Stream_TensorCloneLikeOp<"tensor.clone",
    "a copy-on-write clone of a tensor value", [
      DeclareOpInterfaceMethods<Stream_StreamableOp, ["preferCloneToConsumers"]>,
    ]> {
  let hasCanonicalizer = 1;
}

def Stream_TensorEncodeOp : Stream_TensorCloneLikeOp<"tensor.encode",
    "re-encodes a tensor value", [
      Stream_StreamableOp,
    ]>;

def Stream_TensorSliceOp : Stream_Op<"tensor.slice", [
    Pure,
    AttrSizedOperandSegments,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a copy-on-write slice of a tensor value";
  let arguments = (ins
    Stream_StreamResource:$source,
    TypeAttr:$source_encoding,
    Variadic<Index>:$source_encoding_dims,
    Index:$source_size,
    Variadic<Index>:$start_indices,
    Variadic<Index>:$lengths,
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `[` $start_indices `for` $lengths `]` `:`
    $source_encoding (`{` $source_encoding_dims^ `}`)?
    `in`
    qualified(type($source)) `` `{` $source_size `}`
    `->`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorFillOp : Stream_Op<"tensor.fill", [
    AttrSizedOperandSegments,
    AllTypesMatch<["target", "result"]>,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "fills a region of a tensor with a value";
  let arguments = (ins
    Stream_StreamResource:$target,
    TypeAttr:$target_encoding,
    Variadic<Index>:$target_encoding_dims,
    Index:$target_size,
    Variadic<Index>:$start_indices,
    Variadic<Index>:$lengths,
    Stream_Primitive:$value,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $value `,` $target (`[` $start_indices `for` $lengths^ `]`)? `:`
    type($value)
    `->`
    $target_encoding (`{` $target_encoding_dims^ `}`)?
    `in`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorUpdateOp : Stream_Op<"tensor.update", [
    AttrSizedOperandSegments,
    AllTypesMatch<["target", "result"]>,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "writes a tensor into a region of another";
  let arguments = (ins
    Stream_StreamResource:$target,
    TypeAttr:$target_encoding,
    Variadic<Index>:$target_encoding_dims,
    Index:$target_size,
    Variadic<Index>:$start_indices,
    Stream_StreamResource:$update,
    TypeAttr:$update_encoding,
    Variadic<Index>:$update_encoding_dims,
    Index:$update_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $update `,` $target `[` $start_indices `]` `:`
    $update_encoding (`{` $update_encoding_dims^ `}`)?
    `in`
    qualified(type($update)) `` `{` $update_size `}`
    `->`
    $target_encoding (`{` $target_encoding_dims^ `}`)?
    `in`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorLoadOp : Stream_Op<"tensor.load", [
    Pure,
    AttrSizedOperandSegments,
    Stream_TensorPhaseOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "loads one element from a staging tensor";
  let arguments = (ins
    Stream_StagingResource:$source,
    TypeAttr:$source_encoding,
    Variadic<Index>:$source_encoding_dims,
    Index:$source_size,
    Variadic<Index>:$indices
  );
  let results = (outs Stream_PrimitiveOrVector:$result);
  let assemblyFormat = [{
    $source (`[` $indices^ `]`)? `:`
    $source_encoding (`{` $source_encoding_dims^ `}`)?
    `in`
    qualified(type($source)) `` `{` $source_size `}`
    `->`
    type($result)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorStoreOp : Stream_Op<"tensor.store", [
    Pure,
    AttrSizedOperandSegments,
    AllTypesMatch<["target", "result"]>,
    Stream_TensorPhaseOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "stores one element into a staging tensor";
  let arguments = (ins
    Stream_StagingResource:$target,
    TypeAttr:$target_encoding,
    Variadic<Index>:$target_encoding_dims,
    Index:$target_size,
    Variadic<Index>:$indices,
    Stream_PrimitiveOrVector:$value
  );
  let results = (outs Stream_StagingResource:$result);
  let assemblyFormat = [{
    $value `,` $target (`[` $indices^ `]`)? `:`
    type($value)
    `->`
    $target_encoding (`{` $target_encoding_dims^ `}`)?
    `in`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_TensorTraceOp : Stream_Op<"tensor.trace", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "traces staging tensors to a runtime sink";
  let arguments = (ins
    StrAttr:$key,
    Variadic<Stream_StagingResource>:$resources,
    Variadic<Index>:$resource_sizes,
    TypeArrayAttr:$resource_encodings,
    Variadic<Index>:$resource_encoding_dims
  );
  let assemblyFormat = [{
    $key `=` `[`
    custom<EncodedResourceOperands>(
        $resources, type($resources), $resource_sizes,
        $resource_encodings, $resource_encoding_dims)
    `]` attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def Stream_TensorDispatchOp : Stream_Op<"tensor.dispatch", [
    Pure,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    Stream_AffinityOp,
    Stream_TensorPhaseOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedOperandsIndexAndLength"]>,
  ]> {
  let summary = "dispatches work to executable entry points over encoded tensors";
  let arguments = (ins
    Variadic<Index>:$workload,
    SymbolRefArrayAttr:$entry_points,
    Variadic<AnyTypeOf<[Stream_StreamResource, Stream_Primitive]>>:$mixed_operands,
    Variadic<Index>:$operand_sizes,
    TypeArrayAttr:$operand_encodings,
    Variadic<Index>:$operand_encoding_dims,
    TypeArrayAttr:$result_encodings,
    Variadic<Index>:$result_sizes,
    Variadic<Index>:$result_encoding_dims,
    OptionalAttr<ArrayAttr>:$tied_operands,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Variadic<Stream_StreamResource>:$results);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    custom<DispatchEntryPoints>($entry_points)
    (`[` $workload^ `]`)? ``
    `(` $mixed_operands `)`
    attr-dict `:`
    custom<EncodedShapedFunctionType>(ref($mixed_operands),
                                      type($mixed_operands),
                                      $operand_encodings,
                                      $operand_encoding_dims,
                                      $operand_sizes,
                                      type($results),
                                      $result_encodings,
                                      $result_encoding_dims,
                                      $result_sizes,
                                      $tied_operands)
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMTENSOROPS
