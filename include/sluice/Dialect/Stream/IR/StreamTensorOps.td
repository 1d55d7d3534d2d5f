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

#endif // SLUICE_DIALECT_STREAM_IR_STREAMTENSOROPS
