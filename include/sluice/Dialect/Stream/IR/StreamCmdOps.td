//===- StreamCmdOps.td - command-phase ops -*- tablegen -*-===//
//
// command-phase ops (stream-ir.md §12.10, §11.14–§11.17).
// Included from StreamOps.td.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMCMDOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMCMDOPS

include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"

// An array of `ResourceAccessBitfield` i32 attributes (§4.6).
def Stream_CmdResourceAccessArrayAttr
    : TypedArrayAttrBase<Stream_ResourceAccessBitfield, "access array attribute">;

//===----------------------------------------------------------------------===//
// Single-range commands
//===----------------------------------------------------------------------===//

class Stream_CmdTargetRangeOp<string mnemonic, list<Trait> traits = []>
    : Stream_Op<mnemonic, !listconcat([
        Stream_CmdPhaseOp,
        Stream_StreamableOp,
        Stream_SubviewEffectOp,
        DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
      ], traits)> {
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdFlushOp : Stream_CmdTargetRangeOp<"cmd.flush"> {
  let summary = "makes a resource range available to an external consumer";
  let arguments = (ins
    Stream_AnyResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_length,
    Stream_OptionalAffinity:$source_affinity
  );
  let assemblyFormat = [{
    (`to` `(` $source_affinity^ `)`)?
    $target `[` $target_offset `for` $target_length `]` `:`
    qualified(type($target)) `` `{` $target_size `}`
    attr-dict-with-keyword
  }];
}

def Stream_CmdInvalidateOp : Stream_CmdTargetRangeOp<"cmd.invalidate"> {
  let summary = "makes an externally flushed resource range visible";
  let arguments = (ins
    Stream_AnyResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_length,
    Stream_OptionalAffinity:$source_affinity
  );
  let assemblyFormat = [{
    (`from` `(` $source_affinity^ `)`)?
    $target `[` $target_offset `for` $target_length `]` `:`
    qualified(type($target)) `` `{` $target_size `}`
    attr-dict-with-keyword
  }];
}

def Stream_CmdDiscardOp : Stream_CmdTargetRangeOp<"cmd.discard"> {
  let summary = "declares a resource range's contents no longer needed";
  let arguments = (ins
    Stream_AnyResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_length
  );
  let assemblyFormat = [{
    $target `[` $target_offset `for` $target_length `]` `:`
    qualified(type($target)) `` `{` $target_size `}`
    attr-dict-with-keyword
  }];
}

def Stream_CmdFillOp : Stream_CmdTargetRangeOp<"cmd.fill"> {
  let summary = "fills a resource range with a repeating pattern";
  let arguments = (ins
    Stream_StreamResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$target_length,
    Stream_NativeFillPattern:$value
  );
  let assemblyFormat = [{
    $value `,` $target `[` $target_offset `for` $target_length `]` `:`
    type($value) `->`
    qualified(type($target)) `` `{` $target_size `}`
    attr-dict-with-keyword
  }];
}

def Stream_CmdCopyOp : Stream_CmdTargetRangeOp<"cmd.copy"> {
  let summary = "copies bytes between resource ranges";
  let arguments = (ins
    Stream_AnyResource:$source,
    Index:$source_size,
    Index:$source_offset,
    Stream_AnyResource:$target,
    Index:$target_size,
    Index:$target_offset,
    Index:$length
  );
  let assemblyFormat = [{
    $source `[` $source_offset `]` `,`
    $target `[` $target_offset `]` `,`
    $length `:`
    qualified(type($source)) `` `{` $source_size `}` `->`
    qualified(type($target)) `` `{` $target_size `}`
    attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// Multi-resource commands
//===----------------------------------------------------------------------===//

def Stream_CmdCollectiveOp : Stream_Op<"cmd.collective", [
    AttrSizedOperandSegments,
    Stream_CmdPhaseOp,
    Stream_StreamableOp,
    Stream_SubviewEffectOp,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "issues a collective operation over explicit resource ranges";
  let arguments = (ins
    Stream_CollectiveAttr:$op,
    Stream_ChannelType:$channel,
    Index:$element_count,
    Optional<I32>:$param,
    Variadic<Stream_StreamResource>:$resources,
    Variadic<Index>:$resource_sizes,
    Variadic<Index>:$resource_offsets,
    Variadic<Index>:$resource_lengths,
    Stream_CmdResourceAccessArrayAttr:$resource_accesses
  );
  let assemblyFormat = [{
    `` $op
    `[` $element_count `]`
    `channel` `(` $channel `)`
    (`param` `(` $param^ `:` type($param) `)`)?
    `{`
    custom<DispatchResources>($resources, type($resources), $resource_sizes,
                              $resource_offsets, $resource_lengths,
                              $resource_accesses)
    `\n` `}`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdDispatchOp : Stream_Op<"cmd.dispatch", [
    AttrSizedOperandSegments,
    Stream_CmdPhaseOp,
    Stream_StreamableOp,
    Stream_SubviewEffectOp,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "dispatches a grid of work over explicit bindings";
  let arguments = (ins
    Variadic<Index>:$workload,
    SymbolRefArrayAttr:$entry_points,
    Variadic<Stream_Primitive>:$uniform_operands,
    Variadic<Stream_StreamResource>:$resources,
    Variadic<Index>:$resource_sizes,
    Variadic<Index>:$resource_offsets,
    Variadic<Index>:$resource_lengths,
    Stream_CmdResourceAccessArrayAttr:$resource_accesses
  );
  let assemblyFormat = [{
    custom<DispatchEntryPoints>($entry_points)
    (`[` $workload^ `]`)? ``
    (`(` $uniform_operands^ `:` type($uniform_operands) `)`)?
    `{`
    custom<DispatchResources>($resources, type($resources), $resource_sizes,
                              $resource_offsets, $resource_lengths,
                              $resource_accesses)
    `\n` `}`
    attr-dict-with-keyword
  }];
  let extraClassDeclaration = [{
    /// Entry k is the index of the k-th argument of `funcOp` whose type is not
    /// `!stream.binding` (the uniform operand k of a dispatch).
    static ::llvm::SmallVector<unsigned>
    makeOperandToArgMap(::mlir::FunctionOpInterface funcOp);
    /// Entry k is the index of the k-th `!stream.binding` argument of `funcOp`
    /// (the resource k of a dispatch).
    static ::llvm::SmallVector<unsigned>
    makeResourceToArgMap(::mlir::FunctionOpInterface funcOp);
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Functions and calls
//===----------------------------------------------------------------------===//

def Stream_CmdFuncOp : Stream_Op<"cmd.func", [
    CallableOpInterface,
    FunctionOpInterface,
    IsolatedFromAbove,
    Stream_CmdPhaseOp,
  ]> {
  let summary = "declares an external function called with stream.cmd.call";
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let regions = (region AnyRegion:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name ``
    custom<DispatchFunctionSignature>($function_type, $arg_attrs, $res_attrs)
    attr-dict-with-keyword
    ($body^)?
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    // Private declaration `name` of type `type`.
    OpBuilder<(ins
      "::llvm::StringRef":$name,
      "::mlir::FunctionType":$type,
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
    /// Always a declaration: there is no callable region (so, like every
    /// symbol declaration, it cannot be public).
    ::mlir::Region *getCallableRegion() { return nullptr; }
    bool isDeclaration() { return true; }
  }];
}

def Stream_CmdCallOp : Stream_Op<"cmd.call", [
    AttrSizedOperandSegments,
    CallOpInterface,
    Stream_CmdPhaseOp,
    Stream_StreamableOp,
    Stream_SubviewEffectOp,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "calls a stream.cmd.func with explicit resource ranges";
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<AnyType>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Variadic<Index>:$resource_operand_offsets,
    Variadic<Index>:$resource_operand_lengths,
    Variadic<Index>:$result_sizes,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    Stream_CmdResourceAccessArrayAttr:$resource_operand_accesses
  );
  let results = (outs Variadic<Stream_Primitive>:$results);
  let assemblyFormat = [{
    $callee ``
    custom<CmdCallOperands>($resource_operands, $resource_operand_offsets,
                            $resource_operand_lengths,
                            $resource_operand_accesses)
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
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Execution regions
//===----------------------------------------------------------------------===//

def Stream_CmdExecuteOp : Stream_Op<"cmd.execute", [
    AttrSizedOperandSegments,
    RecursiveMemoryEffects,
    SingleBlockImplicitTerminator<"::sluice::stream::YieldOp">,
    Stream_CmdPhaseOp,
    Stream_AffinityOp,
    DeclareOpInterfaceMethods<RegionBranchOpInterface, [
      "getEntrySuccessorOperands"]>,
    DeclareOpInterfaceMethods<Stream_TimelineOp, ["getAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_ClosureOpInterface, [
      "getClosureOperands", "getClosureResults", "canClosureContainOp",
      "getOperandAccess", "getResultAccess",
      "cloneReplacementExcludingOperandsAndResults"]>,
  ]> {
  let summary = "an explicit-command execution region";
  let arguments = (ins
    Variadic<Stream_StreamOrStaging>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Optional<Stream_TimepointType>:$await_timepoint,
    UnitAttr:$once,
    Stream_OptionalAffinity:$affinity
  );
  let results = (outs Stream_TimepointType:$result_timepoint);
  let regions = (region AnyRegion:$body);
  let assemblyFormat = [{
    (`once` $once^)?
    (`on` `(` $affinity^ `)`)?
    (`await` `(` $await_timepoint^ `)` `=` `>`)?
    `with` ``
    custom<ExplicitResourceRegion>($resource_operands,
                                   type($resource_operands),
                                   $resource_operand_sizes,
                                   $body)
    `=` `>` qualified(type($result_timepoint))
    attr-dict-with-keyword
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::mlir::ValueRange":$resourceOperands,
                   "::mlir::ValueRange":$resourceOperandSizes,
                   "::mlir::Value":$awaitTimepoint,
                   CArg<"::llvm::ArrayRef<::mlir::NamedAttribute>", "{}">:$attributes)>,
  ];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

class Stream_CmdNestedRegionOp<string mnemonic>
    : Stream_Op<mnemonic, [
        ParentOneOf<["::sluice::stream::CmdExecuteOp",
                     "::sluice::stream::CmdSerialOp",
                     "::sluice::stream::CmdConcurrentOp"]>,
        RecursiveMemoryEffects,
        DeclareOpInterfaceMethods<RegionBranchOpInterface>,
        SingleBlockImplicitTerminator<"::sluice::stream::YieldOp">,
        Stream_CmdPhaseOp,
        Stream_StreamableOp,
      ]> {
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "$body attr-dict-with-keyword";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Stream_CmdSerialOp : Stream_CmdNestedRegionOp<"cmd.serial"> {
  let summary = "a nested region whose commands run one after another";
}

def Stream_CmdConcurrentOp : Stream_CmdNestedRegionOp<"cmd.concurrent"> {
  let summary = "a nested region whose commands may run concurrently";
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMCMDOPS
