//===- StreamTimelineOps.td - timepoint/channel/context ops -*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMTIMELINEOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMTIMELINEOPS

//===----------------------------------------------------------------------===//
// Execution context
//===----------------------------------------------------------------------===//

def Stream_ContextResolveOp : Stream_Op<"context.resolve", [
    Pure,
    Stream_AffinityOp,
  ]> {
  let summary = "resolves execution-context objects for an affinity";
  let arguments = (ins Stream_OptionalAffinity:$affinity);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)? attr-dict `:` qualified(type($results))
  }];
}

//===----------------------------------------------------------------------===//
// Timepoints
//===----------------------------------------------------------------------===//

def Stream_TimepointImmediateOp : Stream_Op<"timepoint.immediate", [
    ConstantLike,
    Pure,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "setAwaitTimepoint"]>,
  ]> {
  let summary = "a timepoint that is already reached";
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = "attr-dict `=` `>` qualified(type($result_timepoint))";
  let hasFolder = 1;
}

def Stream_TimepointImportOp : Stream_Op<"timepoint.import", [
    Pure,
    Stream_AffinityOp,
  ]> {
  let summary = "imports external synchronization values as a timepoint";
  let arguments = (ins
    Variadic<AnyType>:$operands,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $operands `:` `(` qualified(type($operands)) `)`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
}

def Stream_TimepointExportOp : Stream_Op<"timepoint.export", [
    Pure,
    Stream_AffinityOp,
  ]> {
  let summary = "exports a timepoint as external synchronization values";
  let arguments = (ins
    Stream_TimepointType:$await_timepoint,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $await_timepoint
    `=` `>` `(` qualified(type($results)) `)`
    attr-dict-with-keyword
  }];
  let hasFolder = 1;
}

def Stream_TimepointChainExternalOp : Stream_Op<"timepoint.chain_external", [
    Stream_AffinityOp,
  ]> {
  let summary = "signals external values when a timepoint is reached";
  let arguments = (ins
    Stream_TimepointType:$await_timepoint,
    Variadic<AnyType>:$external_values,
    Stream_OptionalAffinity:$affinity
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $await_timepoint
    `=` `>` `(` $external_values `:` qualified(type($external_values)) `)`
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
}

def Stream_TimepointJoinOp : Stream_Op<"timepoint.join", [
    Pure,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "setAwaitTimepoint", "setAwaitTimepoints"]>,
  ]> {
  let summary = "a timepoint reached when all inputs are reached";
  // Named `timepoints` in C++ so that the accessor does not clash with
  // TimelineOpInterface::getAwaitTimepoints.
  let arguments = (ins Variadic<Stream_TimepointType>:$timepoints);
  let results = (outs Stream_TimepointType:$result_timepoint);
  let assemblyFormat = [{
    `max` `(` $timepoints `)` `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// `timepoints[0]` for one timepoint, else a new join (non-empty input).
    static ::mlir::Value join(::mlir::Location loc, ::mlir::ValueRange timepoints,
                              ::mlir::OpBuilder &builder);
    /// As above at a location fused from the timepoints' locations.
    static ::mlir::Value join(::mlir::ValueRange timepoints,
                              ::mlir::OpBuilder &builder);
  }];
}

def Stream_TimepointBarrierOp : Stream_Op<"timepoint.barrier", [
    Pure,
    Stream_AffinityOp,
    Stream_TiedResourcePassthrough,
    AllTypesMatch<["resource", "result"]>,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "setAwaitTimepoint"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultsIndexAndLength", "getTiedResultOperandIndex",
      "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "returns a resource with the timepoint of its availability";
  let arguments = (ins
    Stream_StreamOrStaging:$resource,
    Index:$resource_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Stream_StreamOrStaging:$result,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $resource `:` qualified(type($resource)) `` `{` $resource_size `}`
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_TimepointAwaitOp : Stream_Op<"timepoint.await", [
    Pure,
    AttrSizedOperandSegments,
    Stream_TiedResourcePassthrough,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "getResultTimepoint", "setAwaitTimepoint"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "waits on the host for a timepoint";
  let arguments = (ins
    Variadic<Stream_StreamOrStaging>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Stream_TimepointType:$await_timepoint,
    UnitAttr:$sync
  );
  let results = (outs Variadic<Stream_StreamOrStaging>:$results);
  let assemblyFormat = [{
    (`sync` $sync^)?
    $await_timepoint `=` `>`
    $resource_operands `:`
    custom<ShapedTypeList>(type($resource_operands), type($results),
                           $resource_operand_sizes)
    attr-dict-with-keyword
  }];
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$operands,
                   "::mlir::ValueRange":$operandSizes,
                   "::mlir::Value":$timepoint,
                   CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attributes)>,
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Channels
//===----------------------------------------------------------------------===//

def Stream_ChannelCreateOp : Stream_Op<"channel.create", [
    Pure,
    AttrSizedOperandSegments,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "creates a collective channel";
  let arguments = (ins
    Optional<Stream_UtilBuffer>:$id,
    OptionalAttr<StrAttr>:$group,
    Optional<Index>:$rank,
    Optional<Index>:$count,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_ChannelType:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`id` `(` $id^ `)`)?
    (`group` `(` $group^ `)`)?
    (`rank` `(` $rank^ `)`)?
    (`count` `(` $count^ `)`)?
    `:` qualified(type($result))
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
}

def Stream_ChannelSplitOp : Stream_Op<"channel.split", [
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "splits a channel into subgroups";
  let arguments = (ins
    Stream_ChannelType:$channel,
    Index:$color,
    Index:$key
  );
  let results = (outs Stream_ChannelType:$result);
  let assemblyFormat = [{
    $channel `,` $color `,` $key `:` qualified(type($channel)) `->` qualified(type($result))
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
}

def Stream_ChannelRankOp : Stream_Op<"channel.rank", [
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "this participant's rank";
  let arguments = (ins Stream_ChannelType:$channel);
  let results = (outs Index:$result);
  let assemblyFormat = "$channel `:` qualified(type($result)) attr-dict-with-keyword";
  let hasFolder = 1;
}

def Stream_ChannelCountOp : Stream_Op<"channel.count", [
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the participant count";
  let arguments = (ins Stream_ChannelType:$channel);
  let results = (outs Index:$result);
  let assemblyFormat = "$channel `:` qualified(type($result)) attr-dict-with-keyword";
  let hasFolder = 1;
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMTIMELINEOPS
