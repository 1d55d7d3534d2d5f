//===- StreamAsyncOps.td - async-phase ops -*- tablegen -*-===//
//
// async-phase ops (stream-ir.md §12.7, §12.8, §11.10, §11.13, §11.18).
// Included from StreamOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMASYNCOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMASYNCOPS

include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"

//===----------------------------------------------------------------------===//
// Async-phase resource ops (§12.7)
//===----------------------------------------------------------------------===//

def Stream_AsyncAllocaOp : Stream_Op<"async.alloca", [
    AlwaysSpeculatable,
    MemoryEffects<[MemAlloc]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_StreamableOp, [
      "isMetadata", "preferCloneToConsumers"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a transient resource with undefined contents";
  let arguments = (ins
    Index:$storage_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    attr-dict `:` qualified(type($result)) `` `{` $storage_size `}`
  }];
  let hasCanonicalizer = 1;
}

def Stream_AsyncConstantOp : Stream_Op<"async.constant", [
    Pure,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "getResultTimepoint"]>,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["isMetadata"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    Util_HoistableOpInterface,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a new resource holding a constant value";
  let arguments = (ins
    Optional<Stream_TimepointType>:$await_timepoint,
    AnyAttr:$value,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    `:` qualified(type($result)) `` `{` $result_size `}`
    `=` $value
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncSplatOp : Stream_Op<"async.splat", [
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "getResultTimepoint"]>,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["preferCloneToConsumers"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    Util_HoistableOpInterface,
  ]> {
  let summary = "a new resource filled with a repeated pattern";
  let arguments = (ins
    Optional<Stream_TimepointType>:$await_timepoint,
    Stream_FillPattern:$value,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)`)?
    $value `:` type($value) `->` qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$value,
                   "::mlir::Value":$resultSize,
                   CArg<"::sluice::stream::AffinityAttr", "{}">:$affinity,
                   CArg<"::mlir::Value", "{}">:$awaitTimepoint), [{
      build($_builder, $_state, resultType, awaitTimepoint, value, resultSize,
            affinity);
    }]>,
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncCloneOp : Stream_Op<"async.clone", [
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["preferCloneToConsumers"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    Util_HoistableOpInterface,
  ]> {
  let summary = "a copy-on-write clone of a resource";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncSliceOp : Stream_Op<"async.slice", [
    Pure,
    AllTypesMatch<["source", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    Util_HoistableOpInterface,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a copy-on-write copy of a byte range";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$source_end,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `[` $source_offset `to` $source_end `]` `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncFillOp : Stream_Op<"async.fill", [
    AllTypesMatch<["target", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
    Util_HoistableOpInterface,
  ]> {
  let summary = "fills a byte range of a resource with a pattern";
  let arguments = (ins
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_end,
    Index:$target_length,
    Stream_FillPattern:$value,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $value `,`
    $target `[` $target_offset `to` $target_end `for` $target_length `]` `:`
    type($value) `->`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncUpdateOp : Stream_Op<"async.update", [
    AllTypesMatch<["target", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
    Util_HoistableOpInterface,
  ]> {
  let summary = "writes a resource into a byte range of another";
  let arguments = (ins
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_end,
    Stream_StreamResource:$update,
    Index:$update_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $update `,`
    $target `[` $target_offset `to` $target_end `]` `:`
    qualified(type($update)) `` `{` $update_size `}` `->`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncCopyOp : Stream_Op<"async.copy", [
    AllTypesMatch<["target", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
    Util_HoistableOpInterface,
  ]> {
  let summary = "copies a byte range between resources";
  let arguments = (ins
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_end,
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$source_end,
    Index:$length,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `[` $source_offset `to` $source_end `]` `,`
    $target `[` $target_offset `to` $target_end `]` `,`
    $length `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncCollectiveOp : Stream_Op<"async.collective", [
    AllTypesMatch<["target", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
    Util_HoistableOpInterface,
  ]> {
  let summary = "performs a collective operation over a channel";
  let arguments = (ins
    Stream_CollectiveAttr:$op,
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_end,
    Index:$target_length,
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$source_end,
    Index:$source_length,
    Index:$element_count,
    Stream_ChannelType:$channel,
    Optional<I32>:$param,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    `` $op `[` $element_count `]`
    (`on` `(` $affinity^ `)`)?
    `channel` `(` $channel `)`
    custom<CollectiveParam>(ref($op), $param) ``
    $source `[` $source_offset `to` $source_end `for` $source_length `]` `,`
    $target `[` $target_offset `to` $target_end `for` $target_length `]` `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncBarrierOp : Stream_Op<"async.barrier", [
    AllTypesMatch<["source", "result"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_TiedResourcePassthrough,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["isMetadata"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "pins a value to an affinity";
  let arguments = (ins
    Stream_StreamOrStaging:$source,
    Index:$size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamOrStaging:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `:` qualified(type($source)) `` `{` $size `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncTransferOp : Stream_Op<"async.transfer", [
    Pure,
    Stream_AsyncPhaseOp,
    DeclareOpInterfaceMethods<Stream_AffinityOp, [
      "getAffinityAttr", "setAffinityAttr", "getResultAffinityAttr",
      "removeAffinityAttrs"]>,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    Util_HoistableOpInterface,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "moves a resource between lifetimes and affinities";
  let arguments = (ins
    Stream_StreamOrStaging:$source,
    Index:$source_size,
    Index:$result_size,
    Stream_OptionalAffinity:$source_affinity,
    Stream_OptionalAffinity:$target_affinity,
    Stream_OptionalAffinity:$execution_affinity
  );
  let results = (outs Stream_StreamOrStaging:$result);
  let assemblyFormat = [{
    (`on` `(` $execution_affinity^ `)`)?
    $source `:`
    qualified(type($source)) `` `{` $source_size `}`
    (`from` `(` $source_affinity^ `)`)?
    `->`
    (`to` `(` $target_affinity^ `)`)?
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$source,
                   "::mlir::Value":$sourceSize, "::mlir::Value":$resultSize,
                   "::sluice::stream::AffinityAttr":$sourceAffinity,
                   "::sluice::stream::AffinityAttr":$targetAffinity), [{
      build($_builder, $_state, resultType, source, sourceSize, resultSize,
            sourceAffinity, targetAffinity,
            ::sluice::stream::AffinityAttr());
    }]>,
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncCastOp : Stream_Op<"async.cast", [
    Pure,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_TiedResourcePassthrough,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "asserts a lifetime change of the same storage";
  let arguments = (ins
    Stream_StreamResource:$source,
    Index:$source_size,
    Index:$result_size,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_StreamResource:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    qualified(type($result)) `` `{` $result_size `}`
    attr-dict
  }];
  let builders = [
    OpBuilder<(ins "::mlir::Type":$resultType, "::mlir::Value":$source,
                   "::mlir::Value":$size,
                   "::sluice::stream::AffinityAttr":$affinity), [{
      build($_builder, $_state, resultType, source, size, size, affinity);
    }]>,
  ];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncLoadOp : Stream_Op<"async.load", [
    Pure,
    Stream_AsyncPhaseOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "reads one element from a staging resource";
  let arguments = (ins
    Stream_StagingResource:$source,
    Index:$source_size,
    Index:$source_offset
  );
  let results = (outs Stream_PrimitiveOrVector:$result);
  let assemblyFormat = [{
    $source `[` $source_offset `]` `:`
    qualified(type($source)) `` `{` $source_size `}`
    `->`
    type($result)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncStoreOp : Stream_Op<"async.store", [
    Pure,
    AllTypesMatch<["target", "result"]>,
    Stream_AsyncPhaseOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex", "getTiedResultOperandIndices"]>,
  ]> {
  let summary = "writes one element into a staging resource";
  let arguments = (ins
    Stream_StagingResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Stream_PrimitiveOrVector:$value
  );
  let results = (outs Stream_StagingResource:$result);
  let assemblyFormat = [{
    $value `,`
    $target `[` $target_offset `]` `:`
    type($value) `->`
    custom<ShapedTiedResult>(type($target), $target_size)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncDispatchOp : Stream_Op<"async.dispatch", [
    Pure,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Util_HoistableOpInterface,
    DeclareOpInterfaceMethods<Stream_StreamableOp, ["preferCloneToConsumers"]>,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedOperandsIndexAndLength"]>,
  ]> {
  let summary = "dispatches a grid of work over resource ranges";
  let arguments = (ins
    Variadic<Index>:$workload,
    SymbolRefArrayAttr:$entry_points,
    Variadic<AnyTypeOf<[Stream_StreamResource, Stream_Primitive]>>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Variadic<Index>:$resource_operand_offsets,
    Variadic<Index>:$resource_operand_ends,
    Variadic<Index>:$resource_operand_lengths,
    Variadic<Index>:$result_sizes,
    OptionalAttr<ArrayAttr>:$tied_operands,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Variadic<Stream_StreamResource>:$results);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    custom<DispatchEntryPoints>($entry_points)
    (`[` $workload^ `]`)? ``
    custom<DispatchOperands>($resource_operands,
                             $resource_operand_offsets,
                             $resource_operand_ends,
                             $resource_operand_lengths)
    attr-dict `:`
    custom<ShapedFunctionType>(ref($resource_operands),
                               type($resource_operands), $resource_operand_sizes,
                               type($results), $result_sizes,
                               $tied_operands)
  }];
  let builders = [
    // §9.10: dispatches `@<executable>::@<export>` of `exportOp`.
    OpBuilder<(ins "::sluice::stream::ExecutableExportOp":$exportOp,
                   "::mlir::ValueRange":$workload,
                   "::mlir::TypeRange":$resultTypes,
                   "::mlir::ValueRange":$operands,
                   "::mlir::ValueRange":$operandSizes,
                   "::mlir::ValueRange":$operandOffsets,
                   "::mlir::ValueRange":$operandEnds,
                   "::mlir::ValueRange":$operandLengths,
                   "::mlir::ValueRange":$resultSizes,
                   CArg<"::mlir::ArrayAttr", "{}">:$tiedOperands,
                   CArg<"::sluice::stream::AffinityAttr", "{}">:$affinity)>,
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Async control flow (§12.8)
//===----------------------------------------------------------------------===//

def Stream_AsyncFuncOp : Stream_Op<"async.func", [
    CallableOpInterface,
    FunctionOpInterface,
    IsolatedFromAbove,
    Stream_AsyncPhaseOp,
  ]> {
  let summary = "an external function called with stream.async.call";
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let regions = (region AnyRegion:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name ``
    custom<ShapedFunctionSignature>($function_type, $tied_operands,
                                    $arg_attrs, $res_attrs)
    attr-dict-with-keyword
    ($body^)?
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins
      "::llvm::StringRef":$name,
      "::mlir::FunctionType":$type,
      CArg<"::mlir::ArrayAttr", "{}">:$tiedOperands,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$argAttrs,
      CArg<"::llvm::ArrayRef<::mlir::DictionaryAttr>", "{}">:$resAttrs)>,
  ];
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    /// Always a declaration.
    bool isDeclaration() { return true; }
    ::mlir::Region *getCallableRegion() { return nullptr; }
    /// True iff `tied_operands[resultIndex]` is an integer other than -1.
    bool isResultTied(unsigned resultIndex);
  }];
}

def Stream_AsyncCallOp : Stream_Op<"async.call", [
    AttrSizedOperandSegments,
    CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedOperandsIndexAndLength"]>,
  ]> {
  let summary = "calls a stream.async.func";
  let arguments = (ins
    Variadic<AnyType>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Variadic<Index>:$resource_operand_offsets,
    Variadic<Index>:$resource_operand_ends,
    Variadic<Index>:$resource_operand_lengths,
    Variadic<Index>:$result_sizes,
    FlatSymbolRefAttr:$callee,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Variadic<AnyTypeOf<[Stream_StreamResource, Stream_Primitive]>>:$results
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $callee ``
    custom<DispatchOperands>($resource_operands,
                             $resource_operand_offsets,
                             $resource_operand_ends,
                             $resource_operand_lengths)
    attr-dict `:`
    custom<ShapedFunctionType>(ref($resource_operands),
                               type($resource_operands), $resource_operand_sizes,
                               type($results), $result_sizes,
                               $tied_operands)
  }];
  let extraClassDeclaration = [{
    ::mlir::CallInterfaceCallable getCallableForCallee() { return getCalleeAttr(); }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() {
      return getResourceOperands();
    }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getResourceOperandsMutable();
    }
    /// `(resource operand types) -> (result types)`.
    ::mlir::FunctionType getCalleeType();
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncExecuteOp : Stream_Op<"async.execute", [
    RecursiveMemoryEffects,
    AttrSizedOperandSegments,
    SingleBlockImplicitTerminator<"::sluice::stream::YieldOp">,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, [
      "getEntrySuccessorOperands"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_ClosureOpInterface, [
      "getClosureOperands", "getClosureResults", "canClosureContainOp",
      "getOperandAccess", "getResultAccess",
      "cloneReplacementExcludingOperandsAndResults"]>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultsIndexAndLength"]>,
  ]> {
  let summary = "a dependency-ordered region of async work";
  let arguments = (ins
    Variadic<Stream_StreamOrStaging>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Variadic<Index>:$result_sizes,
    Optional<Stream_TimepointType>:$await_timepoint,
    OptionalAttr<ArrayAttr>:$tied_operands,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs
    Variadic<Stream_StreamOrStaging>:$results,
    Stream_TimepointType:$result_timepoint
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    `with` ``
    custom<ResourceRegion>($resource_operands,
                           type($resource_operands), $resource_operand_sizes,
                           type($results), $result_sizes,
                           $tied_operands, $body)
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins
      "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$resultSizes,
      "::mlir::Value":$awaitTimepoint,
      "::mlir::ValueRange":$operands,
      "::mlir::ValueRange":$operandSizes,
      "::llvm::ArrayRef<int64_t>":$tiedOperands,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attributes)>,
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_AsyncConcurrentOp : Stream_Op<"async.concurrent", [
    ParentOneOf<["::sluice::stream::AsyncExecuteOp",
                 "::sluice::stream::AsyncConcurrentOp"]>,
    AttrSizedOperandSegments,
    RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"::sluice::stream::YieldOp">,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, [
      "getEntrySuccessorOperands"]>,
    Stream_AsyncPhaseOp,
    Stream_AffinityOp,
    Stream_StreamableOp,
    DeclareOpInterfaceMethods<Stream_AsyncAccessOp>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_ClosureOpInterface, [
      "getClosureOperands", "getClosureResults", "canClosureContainOp",
      "getOperandAccess", "getResultAccess",
      "cloneReplacementExcludingOperandsAndResults"]>,
    Util_TiedOpInterface,
  ]> {
  let summary = "a wave of concurrently executable async work";
  let arguments = (ins
    Variadic<Stream_StreamOrStaging>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Variadic<Index>:$result_sizes,
    OptionalAttr<ArrayAttr>:$tied_operands,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Variadic<Stream_StreamOrStaging>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    `with` ``
    custom<ResourceRegion>($resource_operands,
                           type($resource_operands), $resource_operand_sizes,
                           type($results), $result_sizes,
                           $tied_operands, $body)
    attr-dict-with-keyword
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins
      "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$resultSizes,
      "::mlir::ValueRange":$operands,
      "::mlir::ValueRange":$operandSizes,
      "::llvm::ArrayRef<int64_t>":$tiedOperands,
      CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attributes)>,
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMASYNCOPS
