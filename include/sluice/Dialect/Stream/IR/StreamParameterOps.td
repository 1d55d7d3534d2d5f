//===- StreamParameterOps.td - tensor/async/cmd parameter ops -*- tablegen -*-===//
//
// tensor/async/cmd parameter ops (stream-ir.md §12.6, §12.9, §12.11, §11.19–§11.24).
// Included from StreamOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMPARAMETEROPS
#define SLUICE_DIALECT_STREAM_IR_STREAMPARAMETEROPS

// Checks every result of the `results` group has the same type (the ODS
// `AllTypesMatch` of a single variadic group would always pass).
def Stream_CmdParameterLoadResultTypesMatch : PredOpTrait<
    "all of {results} have same type",
    CPred<"::llvm::all_equal(this->getResults().getTypes())">>;

//===----------------------------------------------------------------------===//
// Tensor phase (§12.6)
//===----------------------------------------------------------------------===//

def Stream_TensorParameterLoadOp : Stream_Op<"tensor.parameter.load", [
    Pure,
    AttrSizedOperandSegments,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "allocates a resource filled from a parameter";
  let arguments = (ins
    Optional<Stream_UtilBuffer>:$source_scope,
    Stream_UtilBuffer:$source_key,
    I64:$source_offset,
    TypeAttr:$result_encoding,
    Variadic<Index>:$result_encoding_dims,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    custom<ParameterReference>($source_scope, $source_key)
    `[` $source_offset `]` `:`
    $result_encoding (`{` $result_encoding_dims^ `}`)?
    `in`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def Stream_TensorParameterWriteOp : Stream_Op<"tensor.parameter.write", [
    AttrSizedOperandSegments,
    AllTypesMatch<["source", "result"]>,
    Stream_TensorPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "writes a resource to a parameter";
  let arguments = (ins
    Stream_StreamResource:$source,
    TypeAttr:$source_encoding,
    Variadic<Index>:$source_encoding_dims,
    Index:$source_size,
    Optional<Stream_UtilBuffer>:$target_scope,
    Stream_UtilBuffer:$target_key,
    I64:$target_offset,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `->`
    custom<ParameterReference>($target_scope, $target_key)
    `[` $target_offset `]` `:`
    $source_encoding (`{` $source_encoding_dims^ `}`)?
    `in`
    qualified(type($source)) `` `{` $source_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Async phase (§12.9)
//===----------------------------------------------------------------------===//

def Stream_AsyncParameterLoadOp : Stream_Op<"async.parameter.load", [
    Pure,
    AttrSizedOperandSegments,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "allocates a resource filled from a parameter";
  let arguments = (ins
    Optional<Stream_TimepointType>:$await_timepoint,
    Optional<Stream_UtilBuffer>:$source_scope,
    Stream_UtilBuffer:$source_key,
    I64:$source_offset,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    custom<ParameterReference>($source_scope, $source_key)
    `[` $source_offset `]` `:`
    qualified(type($result)) `` `{` $result_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncParameterReadOp : Stream_Op<"async.parameter.read", [
    AttrSizedOperandSegments,
    AllTypesMatch<["target", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "reads a parameter into a range of a resource";
  let arguments = (ins
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_end,
    Index:$target_length,
    Optional<Stream_UtilBuffer>:$source_scope,
    Stream_UtilBuffer:$source_key,
    I64:$source_offset,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    custom<ParameterReference>($source_scope, $source_key)
    `[` $source_offset `]` `->`
    $target `[` $target_offset `to` $target_end `for` $target_length `]` `:`
    qualified(type($target)) `` `{` $target_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncParameterWriteOp : Stream_Op<"async.parameter.write", [
    AttrSizedOperandSegments,
    AllTypesMatch<["source", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "writes a range of a resource to a parameter";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$source_end,
    Index:$source_length,
    Optional<Stream_UtilBuffer>:$target_scope,
    Stream_UtilBuffer:$target_key,
    I64:$target_offset,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    $source `[` $source_offset `to` $source_end `for` $source_length `]` `->`
    custom<ParameterReference>($target_scope, $target_key)
    `[` $target_offset `]` `:`
    qualified(type($source)) `` `{` $source_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

// The result types are inferred as (type of `target`, !stream.timepoint); the
// verifier reports a mismatch with the InferTypeOpInterface message.
def Stream_AsyncParameterGatherOp : Stream_Op<"async.parameter.gather", [
    AttrSizedOperandSegments,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "gathers parameters into ranges of a resource";
  let arguments = (ins
    Optional<Stream_UtilBuffer>:$source_scope,
    Variadic<Stream_UtilBuffer>:$source_keys,
    Variadic<I64>:$source_offsets,
    Stream_StreamResource:$target,
    Index:$target_size,
    Variadic<Index>:$target_offsets,
    Variadic<Index>:$target_ends,
    Variadic<Index>:$target_lengths,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    `{`
    custom<AsyncParameterGatherOperations>(
        $source_scope, $source_keys, $source_offsets,
        $target, type($target), $target_size,
        $target_offsets, $target_ends, $target_lengths)
    `}` `:` qualified(type($result))
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

// The result types are inferred as (type of `source`, !stream.timepoint); the
// verifier reports a mismatch with the InferTypeOpInterface message.
def Stream_AsyncParameterScatterOp : Stream_Op<"async.parameter.scatter", [
    AttrSizedOperandSegments,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "scatters ranges of a resource to parameters";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Variadic<Index>:$source_offsets,
    Variadic<Index>:$source_ends,
    Variadic<Index>:$source_lengths,
    Optional<Stream_UtilBuffer>:$target_scope,
    Variadic<Stream_UtilBuffer>:$target_keys,
    Variadic<I64>:$target_offsets,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamResource:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    `{`
    custom<AsyncParameterScatterOperations>(
        $source, type($source), $source_size,
        $source_offsets, $source_ends, $source_lengths,
        $target_scope, $target_keys, $target_offsets)
    `}` `:` qualified(type($result))
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Command phase (§12.11)
//===----------------------------------------------------------------------===//

def Stream_CmdParameterLoadOp : Stream_Op<"cmd.parameter.load", [
    Pure,
    AttrSizedOperandSegments,
    Stream_CmdParameterLoadResultTypesMatch,
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "loads parameters as new resources";
  let arguments = (ins
    Optional<Stream_UtilBuffer>:$source_scope,
    Variadic<Stream_UtilBuffer>:$source_keys,
    Variadic<I64>:$source_offsets,
    Variadic<Index>:$result_sizes,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Variadic<Stream_StreamResource>:$results,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    `{`
    custom<ParameterLoadOperations>(
        $source_scope, $source_keys, $source_offsets,
        type($results), $result_sizes)
    `}` `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdParameterReadOp : Stream_Op<"cmd.parameter.read", [
    AttrSizedOperandSegments,
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "reads a parameter into a range of a resource";
  let arguments = (ins
    Optional<Stream_UtilBuffer>:$source_scope,
    Stream_UtilBuffer:$source_key,
    I64:$source_offset,
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_length,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    custom<ParameterReference>($source_scope, $source_key)
    `[` $source_offset `]` `->`
    $target `[` $target_offset `for` $target_length `]` `:`
    qualified(type($target)) `` `{` $target_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdParameterWriteOp : Stream_Op<"cmd.parameter.write", [
    AttrSizedOperandSegments,
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "writes a range of a resource to a parameter";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$source_length,
    Optional<Stream_UtilBuffer>:$target_scope,
    Stream_UtilBuffer:$target_key,
    I64:$target_offset,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    $source `[` $source_offset `for` $source_length `]` `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    custom<ParameterReference>($target_scope, $target_key)
    `[` $target_offset `]`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdParameterGatherOp : Stream_Op<"cmd.parameter.gather", [
    AttrSizedOperandSegments,
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "gathers parameters into ranges of a resource";
  let arguments = (ins
    Optional<Stream_UtilBuffer>:$source_scope,
    Variadic<Stream_UtilBuffer>:$source_keys,
    Variadic<I64>:$source_offsets,
    Stream_StreamResource:$target,
    Index:$target_size,
    Variadic<Index>:$target_offsets,
    Variadic<Index>:$target_lengths,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    `{`
    custom<CmdParameterGatherOperations>(
        $source_scope, $source_keys, $source_offsets,
        $target, type($target), $target_size,
        $target_offsets, $target_lengths)
    `}` `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdParameterScatterOp : Stream_Op<"cmd.parameter.scatter", [
    AttrSizedOperandSegments,
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "scatters ranges of a resource to parameters";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Variadic<Index>:$source_offsets,
    Variadic<Index>:$source_lengths,
    Optional<Stream_UtilBuffer>:$target_scope,
    Variadic<Stream_UtilBuffer>:$target_keys,
    Variadic<I64>:$target_offsets,
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    `{`
    custom<CmdParameterScatterOperations>(
        $source, type($source), $source_size,
        $source_offsets, $source_lengths,
        $target_scope, $target_keys, $target_offsets)
    `}` `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMPARAMETEROPS
