//===- StreamExecutableOps.td - executables and terminators -*- tablegen -*-===//

#ifndef SLUICE_DIALECT_STREAM_IR_STREAMEXECUTABLEOPS
#define SLUICE_DIALECT_STREAM_IR_STREAMEXECUTABLEOPS

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

def Stream_ExecutableOp : Stream_Op<"executable", [
    IsolatedFromAbove,
    SingleBlockImplicitTerminator<"::sluice::stream::ExecutableEndOp">,
    Symbol,
    SymbolTable,
    Util_ObjectLike,
  ]> {
  let summary = "a module of dispatchable functions";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility)
    $sym_name
    attr-dict-with-keyword
    regions
  }];
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$sym_name)>];
  let extraClassDeclaration = [{
    ::mlir::Block &getBlock() { return getBody().front(); }
    /// The first builtin.module directly in the body, or null.
    ::mlir::ModuleOp getInnerModule();
  }];
}

def Stream_ExecutableEndOp : Stream_Op<"executable.end", [
    HasParent<"::sluice::stream::ExecutableOp">,
    Terminator,
  ]> {
  let summary = "terminates a stream.executable";
  let assemblyFormat = "attr-dict";
}

def Stream_ExecutableExportOp : Stream_Op<"executable.export", [
    HasParent<"::sluice::stream::ExecutableOp">,
    IsolatedFromAbove,
    Symbol,
  ]> {
  let summary = "exports a function as a dispatch entry point";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    FlatSymbolRefAttr:$function_ref
  );
  let regions = (region AnyRegion:$workgroup_count);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility)
    custom<SymbolAlias>($sym_name, $function_ref)
    custom<WorkgroupCountRegion>($workgroup_count)
    attr-dict-with-keyword
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$sym_name,
                   "::mlir::FlatSymbolRefAttr":$function_ref)>,
  ];
  let extraClassDeclaration = [{
    /// The exported function in the parent executable's inner module.
    ::mlir::FunctionOpInterface lookupFunctionRef();
  }];
  let hasVerifier = 1;
}

def Stream_BindingSubspanOp : Stream_Op<"binding.subspan", [
    Pure,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "views a binding at a byte offset";
  let arguments = (ins
    Stream_BindingType:$binding,
    Index:$byte_offset,
    Variadic<Index>:$dynamic_dims
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $binding `[` $byte_offset `]`
    attr-dict `:` qualified(type($binding)) `->` qualified(type($result)) (`{` $dynamic_dims^ `}`)?
  }];
  let hasVerifier = 1;
}

class Stream_DispatchWorkgroupDimOp<string mnemonic, string namePrefix>
    : Stream_Op<mnemonic, [
        Pure,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let arguments = (ins IndexAttr:$dimension);
  let results = (outs Index:$result);
  let assemblyFormat = "`[` $dimension `]` attr-dict `:` qualified(type($result))";
  let builders = [
    OpBuilder<(ins "unsigned":$dim), [{
      build($_builder, $_state, $_builder.getIndexType(),
            $_builder.getIndexAttr(dim));
    }]>,
  ];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getResult(),
                ("}] # namePrefix # [{_" + ::llvm::Twine(getDimension().getZExtValue())).str());
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::sluice::stream::verifyDispatchWorkgroupDimension(
          getOperation(), getDimension().getZExtValue());
    }
  }];
}

def Stream_DispatchWorkgroupIDOp : Stream_DispatchWorkgroupDimOp<
    "dispatch.workgroup.id", "workgroup_id"> {
  let summary = "the current workgroup's index along a dimension";
}
def Stream_DispatchWorkgroupCountOp : Stream_DispatchWorkgroupDimOp<
    "dispatch.workgroup.count", "workgroup_count"> {
  let summary = "the number of workgroups along a dimension";
}
def Stream_DispatchWorkgroupSizeOp : Stream_DispatchWorkgroupDimOp<
    "dispatch.workgroup.size", "workgroup_size"> {
  let summary = "the workgroup size along a dimension";
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

def Stream_ReturnOp : Stream_Op<"return", [
    HasParent<"::sluice::stream::ExecutableExportOp">,
    Pure,
    ReturnLike,
    Terminator,
  ]> {
  let summary = "returns the workgroup counts of an export";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict $operands `:` qualified(type($operands))";
}

def Stream_YieldOp : Stream_Op<"yield", [
    Pure,
    SameVariadicOperandSize,
    Terminator,
    DeclareOpInterfaceMethods<RegionBranchTerminatorOpInterface>,
    DeclareOpInterfaceMethods<Util_ClosureYieldOpInterface, [
      "getClosureResultsMutable"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "yields resources from an execution region";
  let arguments = (ins
    Variadic<Stream_StreamOrStaging>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes
  );
  let assemblyFormat = [{
    attr-dict
    ($resource_operands^ `:`
     custom<ShapedTypeList>(type($resource_operands),
                            $resource_operand_sizes))?
  }];
  let builders = [OpBuilder<(ins), [{
    build($_builder, $_state, ::mlir::ValueRange(), ::mlir::ValueRange());
  }]>];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Test ops
//===----------------------------------------------------------------------===//

def Stream_TestTimelineOp : Stream_Op<"test.timeline_op", [
    Pure,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Stream_TimelineOp, [
      "getAwaitTimepoints", "setAwaitTimepoint", "setAwaitTimepoints"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "a minimal timeline op for testing timepoint passes";
  let arguments = (ins
    Variadic<Stream_StreamOrStaging>:$resource_operands,
    Variadic<Index>:$resource_operand_sizes,
    Variadic<Index>:$result_sizes,
    Variadic<Stream_TimepointType>:$await_operands,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<I64Attr>:$await_limit
  );
  let results = (outs
    Variadic<Stream_StreamOrStaging>:$results,
    Stream_TimepointType:$result_timepoint
  );
  let assemblyFormat = [{
    (`await_limit` `(` $await_limit^ `)`)?
    (`await` `(` $await_operands^ `)` `=` `>`)?
    `with` `(` $resource_operands `)`
    attr-dict `:`
    custom<ShapedFunctionType>(ref($resource_operands),
                               type($resource_operands), $resource_operand_sizes,
                               type($results), $result_sizes,
                               $tied_operands)
    `=` `>` qualified(type($result_timepoint))
  }];
  let hasCanonicalizer = 1;
}

def Stream_TestTimelineAwareOp : Stream_Op<"test.timeline_aware", [
    Pure,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Stream_TimelineAwareOp, [
      "participatesInTimeline", "getAwaitFences", "getSignalFence",
      "buildAwaitTimepoints", "buildResultTimepoint"]>,
  ]> {
  let summary = "a timeline-aware stand-in for a fenced call";
  let arguments = (ins
    Variadic<AnyType>:$args,
    Variadic<Stream_TestFenceType>:$wait_fence_likes,
    Stream_TestFenceType:$signal_fence_like
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    `(` $args `)`
    `waits` `(` $wait_fence_likes `)`
    `signals` `(` $signal_fence_like `)`
    attr-dict `:` functional-type($args, $results)
  }];
}

#endif // SLUICE_DIALECT_STREAM_IR_STREAMEXECUTABLEOPS
