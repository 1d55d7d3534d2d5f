//===- FlowOps.td - flow ops -------------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_FLOW_IR_FLOWOPS
#define SLUICE_DIALECT_FLOW_IR_FLOWOPS

include "sluice/Dialect/Flow/IR/FlowBase.td"
include "sluice/Dialect/TensorExt/IR/TensorExtBase.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "sluice/Dialect/Util/IR/UtilTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class Flow_PureOp<string mnemonic, list<Trait> traits = []>
    : Flow_Op<mnemonic, !listconcat([Pure], traits)>;

// Names the single result `name` in the printed IR.
class Flow_NamedResult<string name> {
  code extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getResult(), "}] # name # [{");
    }
  }];
}

defvar Flow_StaticTie = DeclareOpInterfaceMethods<Util_TiedOpInterface, [
  "getTiedResultOperandIndex",
  "getTiedResultOperandIndices",
]>;

defvar Flow_ElementOf = "::mlir::getElementTypeOrSelf($_self)";

//===----------------------------------------------------------------------===//
// Tensor ops (§3.4)
//===----------------------------------------------------------------------===//

def Flow_TensorConstantOp : Flow_PureOp<"tensor.constant", [
    ConstantLike,
    InferTypeOpAdaptor,
  ]> {
  let summary = "a tensor constant (dense, splat or parameter reference)";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def Flow_TensorDynamicConstantOp : Flow_Op<"tensor.dynamic_constant", [
    Pure,
  ]> {
  let summary = "a constant whose result type hides its static dims";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = "attr-dict $value `->` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Flow_TensorReshapeOp : Flow_PureOp<"tensor.reshape", [
    AttrSizedOperandSegments,
    Flow_StaticTie,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "reshapes a tensor (metadata only)";
  let arguments = (ins
    AnyTensor:$source,
    Variadic<Index>:$source_dims,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $source `:` type($source) (`{` $source_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Flow_TensorBitCastOp : Flow_PureOp<"tensor.bitcast", [
    AttrSizedOperandSegments,
    Flow_StaticTie,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "reinterprets the bits of a tensor";
  let arguments = (ins
    AnyTensor:$source,
    Variadic<Index>:$source_dims,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $source `:` type($source) (`{` $source_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorLoadOp : Flow_PureOp<"tensor.load", [
    AttrSizedOperandSegments,
    TypesMatchWith<"value type matches the element type of source",
                   "source", "result", Flow_ElementOf>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "loads one element of a tensor";
  let arguments = (ins
    AnyTensor:$source,
    Variadic<Index>:$source_dims,
    Variadic<Index>:$indices
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $source (`[` $indices^ `]`)? `:` type($source) (`{` $source_dims^ `}`)?
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorStoreOp : Flow_PureOp<"tensor.store", [
    AttrSizedOperandSegments,
    AllTypesMatch<["target", "result"]>,
    TypesMatchWith<"value type matches the element type of target",
                   "target", "value", Flow_ElementOf>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "stores one element into a tensor";
  let arguments = (ins
    AnyType:$value,
    AnyTensor:$target,
    Variadic<Index>:$target_dims,
    Variadic<Index>:$indices
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $value `,` $target (`[` $indices^ `]`)? `:` type($target)
    (`{` $target_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorAllocaOp : Flow_Op<"tensor.alloca", [
    MemoryEffects<[MemAlloc]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "allocates an uninitialized tensor";
  let arguments = (ins Variadic<Index>:$result_dims);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    `:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def Flow_TensorEmptyOp : Flow_PureOp<"tensor.empty", [
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "an empty (undefined contents) tensor";
  let arguments = (ins Variadic<Index>:$result_dims);
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    `:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Flow_TensorSplatOp : Flow_PureOp<"tensor.splat", [
    TypesMatchWith<"value type matches the element type of result",
                   "result", "value", Flow_ElementOf>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "a tensor filled with one value";
  let arguments = (ins
    AnyType:$value,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $value `:` type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Flow_TensorCloneOp : Flow_PureOp<"tensor.clone", [
    AllTypesMatch<["operand", "result"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "a copy of a tensor";
  let arguments = (ins
    AnyTensor:$operand,
    Variadic<Index>:$argument_dims
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $operand `:` type($result) (`{` $argument_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorEncodeOp : Flow_PureOp<"tensor.encode", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "changes the encoding of a tensor";
  let arguments = (ins
    AnyRankedTensor:$operand,
    Variadic<Index>:$operand_dims,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand `:` type($operand) (`{` $operand_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorBarrierOp : Flow_PureOp<"tensor.barrier", [
    AllTypesMatch<["operand", "result"]>,
    Flow_StaticTie,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "pins a tensor to an affinity";
  let arguments = (ins
    AnyTensor:$operand,
    Variadic<Index>:$operand_dims,
    AnyAttr:$target
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $operand `:` type($result) (`{` $operand_dims^ `}`)?
    `on` $target attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def Flow_TensorTransferOp : Flow_PureOp<"tensor.transfer", [
    AllTypesMatch<["operand", "result"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "moves a tensor to an affinity";
  let arguments = (ins
    AnyTensor:$operand,
    Variadic<Index>:$operand_dims,
    AnyAttr:$target
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $operand `:` type($result) (`{` $operand_dims^ `}`)?
    `to` $target attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Flow_TensorSliceOp : Flow_PureOp<"tensor.slice", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "a slice of a tensor";
  let arguments = (ins
    AnyRankedTensor:$source,
    Variadic<Index>:$source_dims,
    Variadic<Index>:$start_indices,
    Variadic<Index>:$lengths,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `[` $start_indices `for` $lengths `]` `:`
    type($source) (`{` $source_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorUpdateOp : Flow_PureOp<"tensor.update", [
    AttrSizedOperandSegments,
    AllTypesMatch<["target", "result"]>,
    Flow_StaticTie,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "writes a tensor into a slice of another (in place)";
  let arguments = (ins
    AnyRankedTensor:$target,
    Variadic<Index>:$target_dims,
    Variadic<Index>:$start_indices,
    AnyRankedTensor:$update,
    Variadic<Index>:$update_dims
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $update `,` $target `[` $start_indices `]` `:`
    type($update) (`{` $update_dims^ `}`)? `->`
    custom<ShapedTiedResult>(type($result), $target_dims)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def Flow_TensorTraceOp : Flow_Op<"tensor.trace", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "traces tensor values under a key";
  let arguments = (ins
    StrAttr:$key,
    Variadic<AnyTensor>:$values,
    Variadic<Index>:$value_dims
  );
  let assemblyFormat = [{
    $key `=` `[`
    custom<ShapedOperandList>($values, type($values), $value_dims)
    `]` attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Parameter ops (§3.5)
//===----------------------------------------------------------------------===//

def Flow_ParameterLoadOp : Flow_PureOp<"parameter.load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "loads a tensor from a parameter";
  let arguments = (ins
    Optional<Util_BufferType>:$source_scope,
    Util_BufferType:$source_key,
    I64:$source_offset,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    custom<ParameterReference>($source_scope, $source_key)
    `[` $source_offset `]` `:` type($result) (`{` $result_dims^ `}`)?
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def Flow_ParameterWriteOp : Flow_Op<"parameter.write", [
    AttrSizedOperandSegments,
    AllTypesMatch<["source", "result"]>,
    Flow_StaticTie,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "writes a tensor to a parameter";
  let arguments = (ins
    AnyTensor:$source,
    Variadic<Index>:$source_dims,
    Optional<Util_BufferType>:$target_scope,
    Util_BufferType:$target_key,
    I64:$target_offset
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    $source `->` custom<ParameterReference>($target_scope, $target_key)
    `[` $target_offset `]` `:` type($result) (`{` $source_dims^ `}`)?
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Dispatch (§3.6.1, §3.6.4)
//===----------------------------------------------------------------------===//

def Flow_DispatchOp : Flow_PureOp<"dispatch", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedOperandsIndexAndLength",
    ]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "dispatches an executable export";
  let arguments = (ins
    TypedArrayAttrBase<SymbolRefAttr, "entry points">:$entry_points,
    Variadic<Index>:$workload,
    Variadic<AnyType>:$arguments,
    Variadic<Index>:$argument_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    custom<DispatchEntryPoints>($entry_points)
    (`[` $workload^ `]`)? ``
    `(` $arguments `)` attr-dict `:`
    custom<ShapedFunctionType>(ref($arguments),
                               type($arguments), $argument_dims,
                               type($results), $result_dims,
                               $tied_operands)
  }];
  let extraClassDeclaration = [{
    /// The single entry point (the first one when there are several).
    ::mlir::SymbolRefAttr getEntryPoint() {
      return ::llvm::cast<::mlir::SymbolRefAttr>(getEntryPoints()[0]);
    }
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def Flow_DispatchWorkgroupsOp : Flow_PureOp<"dispatch.workgroups", [
    AttrSizedOperandSegments,
    IsolatedFromAbove,
    DeclareOpInterfaceMethods<Util_ClosureOpInterface>,
    DeclareOpInterfaceMethods<Util_HoistableOpInterface, [
      "isAtomicallyHoistableOp",
      "isOperandHoistable",
    ]>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedOperandsIndexAndLength",
    ]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "a dispatch region with its workgroup body inline";
  let arguments = (ins
    Variadic<Index>:$workload,
    Variadic<AnyType>:$arguments,
    Variadic<Index>:$argument_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region AnyRegion:$workgroup_body,
                        AnyRegion:$workgroup_count);
  let assemblyFormat = [{
    (`[` $workload^ `]`)? ``
    `(` $arguments `)` `:`
    custom<ShapedFunctionType>(ref($arguments),
                               type($arguments), $argument_dims,
                               type($results), $result_dims,
                               $tied_operands)
    attr-dict-with-keyword
    `=` custom<DispatchWorkgroupBody>(ref(type($arguments)),
                                      ref(type($results)),
                                      $workgroup_body)
    `` custom<DispatchWorkgroupsCountRegion>($workgroup_count)
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def Flow_DispatchTieShapeOp : Flow_PureOp<"dispatch.tie_shape", [
    AllTypesMatch<["operand", "result"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "ties dynamic dims to a dispatch tensor";
  let arguments = (ins
    IREETensorExt_DispatchTensor:$operand,
    Variadic<Index>:$dynamic_dims
  );
  let results = (outs IREETensorExt_DispatchTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` qualified(type($result)) (`{` $dynamic_dims^ `}`)?
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

class Flow_DispatchWorkgroupDimOp<string mnemonic, string resultPrefix>
    : Flow_PureOp<mnemonic, [
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let arguments = (ins IndexAttr:$dimension);
  let results = (outs Index:$result);
  let assemblyFormat = "`[` $dimension `]` attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getResult(), ("}] # resultPrefix # [{" +
                              ::llvm::Twine(getDimension().getZExtValue())).str());
    }
    ::llvm::LogicalResult $cppClass::verify() {
      return ::sluice::flow::verifyDispatchWorkgroupDim(
          getOperation(), getDimension().getZExtValue());
    }
  }];
}

def Flow_DispatchWorkgroupIDOp
    : Flow_DispatchWorkgroupDimOp<"dispatch.workgroup.id", "workgroup_id_"> {
  let summary = "the workgroup ID along a dimension";
}
def Flow_DispatchWorkgroupCountOp
    : Flow_DispatchWorkgroupDimOp<"dispatch.workgroup.count", "workgroup_count_"> {
  let summary = "the workgroup count along a dimension";
}
def Flow_DispatchWorkgroupSizeOp
    : Flow_DispatchWorkgroupDimOp<"dispatch.workgroup.size", "workgroup_size_"> {
  let summary = "the workgroup size along a dimension";
}

//===----------------------------------------------------------------------===//
// Executables (§3.6.2)
//===----------------------------------------------------------------------===//

def Flow_ExecutableOp : Flow_Op<"executable", [
    IsolatedFromAbove,
    SingleBlockImplicitTerminator<"::sluice::flow::ExecutableEndOp">,
    Symbol,
    SymbolTable,
    Util_ObjectLike,
  ]> {
  let summary = "an executable holding dispatch entry points";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name
    attr-dict-with-keyword $body
  }];
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let extraClassDeclaration = [{
    ::mlir::Block &getBlock() { return getBody().front(); }
    /// The first `builtin.module` in the body, if any.
    ::mlir::ModuleOp getInnerModule();
  }];
}

def Flow_ExecutableEndOp : Flow_Op<"executable_end", [
    HasParent<"::sluice::flow::ExecutableOp">,
    Terminator,
  ]> {
  let summary = "terminates a flow.executable";
  let assemblyFormat = "attr-dict";
}

def Flow_ExecutableExportOp : Flow_Op<"executable.export", [
    HasParent<"::sluice::flow::ExecutableOp">,
    IsolatedFromAbove,
    Symbol,
  ]> {
  let summary = "an exported dispatch entry point";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    FlatSymbolRefAttr:$function_ref
  );
  let regions = (region AnyRegion:$workgroup_count);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility)
    custom<SymbolAlias>($sym_name, $function_ref)
    `` custom<WorkgroupCountRegion>($workgroup_count)
    attr-dict-with-keyword
  }];
  let hasRegionVerifier = 1;
}

def Flow_ReturnOp : Flow_PureOp<"return", [
    ReturnLike,
    Terminator,
    DeclareOpInterfaceMethods<Util_ClosureYieldOpInterface>,
  ]> {
  let summary = "returns from a flow region";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// Functions and calls (§3.6.3)
//===----------------------------------------------------------------------===//

def Flow_FuncOp : Flow_Op<"func", [
    CallableOpInterface,
    FunctionOpInterface,
    IsolatedFromAbove,
  ]> {
  let summary = "an external function called with flow.call";
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
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    /// The argument tied to result `resultIndex`, if any.
    std::optional<unsigned> getTiedResultArgumentIndex(unsigned resultIndex);
  }];
}

def Flow_CallOp : Flow_Op<"call", [
    AttrSizedOperandSegments,
    CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedOperandsIndexAndLength",
    ]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "calls a flow.func";
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<AnyType>:$arguments,
    Variadic<Index>:$argument_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $arguments `)` attr-dict `:`
    custom<ShapedFunctionType>(ref($arguments),
                               type($arguments), $argument_dims,
                               type($results), $result_dims,
                               $tied_operands)
  }];
  let extraClassDeclaration = [{
    ::mlir::CallInterfaceCallable getCallableForCallee() { return getCalleeAttr(); }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getArguments(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getArgumentsMutable();
    }
    /// `(argument types) -> (result types)` of this call.
    ::mlir::FunctionType getCalleeType();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Channels and collectives (§3.6.5)
//===----------------------------------------------------------------------===//

def Flow_ChannelDefaultOp : Flow_PureOp<"channel.default", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]>, Flow_NamedResult<"default_channel"> {
  let summary = "the default channel of a group";
  let arguments = (ins OptionalAttr<StrAttr>:$group);
  let results = (outs Flow_ChannelType:$result);
  let assemblyFormat = "($group^)? `:` qualified(type($result)) attr-dict-with-keyword";
}

def Flow_ChannelSplitOp : Flow_Op<"channel.split", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]>, Flow_NamedResult<"channel"> {
  let summary = "splits a channel by color and key";
  let arguments = (ins Flow_ChannelType:$channel, Index:$color, Index:$key);
  let results = (outs Flow_ChannelType:$result);
  let assemblyFormat = [{
    $channel `,` $color `,` $key `:` qualified(type($channel)) `->` qualified(type($result))
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
}

def Flow_ChannelRankOp : Flow_PureOp<"channel.rank", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]>, Flow_NamedResult<"channel_rank"> {
  let summary = "the rank of this participant in a channel";
  let arguments = (ins Flow_ChannelType:$channel);
  let results = (outs Index:$result);
  let assemblyFormat = "$channel `:` type($result) attr-dict-with-keyword";
}

def Flow_ChannelCountOp : Flow_PureOp<"channel.count", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]>, Flow_NamedResult<"channel_count"> {
  let summary = "the number of participants in a channel";
  let arguments = (ins Flow_ChannelType:$channel);
  let results = (outs Index:$result);
  let assemblyFormat = "$channel `:` type($result) attr-dict-with-keyword";
}

defvar Flow_CollectiveElementTypeAttr = Flow_CollectiveElementType;
defvar Flow_CollectiveReductionOpAttr = Flow_CollectiveReductionOp;

class Flow_CollectiveOp<string mnemonic, list<Trait> traits = []>
    : Flow_Op<mnemonic, !listconcat([
        Flow_StaticTie,
        DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
      ], traits)> {
  let results = (outs AnyRankedTensor:$result);
  let hasVerifier = 1;
}

def Flow_CollectiveAllGatherOp : Flow_CollectiveOp<"collective.all_gather", [
    AllTypesMatch<["target", "result"]>,
  ]> {
  let summary = "gathers the source of every participant";
  let arguments = (ins
    Flow_CollectiveElementTypeAttr:$element_type,
    AnyRankedTensor:$target,
    Variadic<Index>:$target_dims,
    AnyRankedTensor:$source,
    Flow_ChannelType:$channel,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let assemblyFormat = [{
    $element_type `,` $target `,` $source `,` $channel `:`
    `(` type($target) `,` type($source) `,` qualified(type($channel)) `)` `->`
    custom<ShapedTiedResult>(type($result), $target_dims, $tied_operands)
    attr-dict-with-keyword
  }];
}

def Flow_CollectiveAllReduceOp : Flow_CollectiveOp<"collective.all_reduce", [
    AllTypesMatch<["source", "target", "result"]>,
  ]> {
  let summary = "reduces the source of every participant";
  let arguments = (ins
    Flow_CollectiveReductionOpAttr:$reduction_op,
    Flow_CollectiveElementTypeAttr:$element_type,
    AnyRankedTensor:$target,
    Variadic<Index>:$target_dims,
    AnyRankedTensor:$source,
    Flow_ChannelType:$channel,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let assemblyFormat = [{
    $reduction_op `,` $element_type `,` $target `,` $source `,` $channel `:`
    `(` type($target) `,` type($source) `,` qualified(type($channel)) `)` `->`
    custom<ShapedTiedResult>(type($result), $target_dims, $tied_operands)
    attr-dict-with-keyword
  }];
}

def Flow_CollectiveAllToAllOp : Flow_CollectiveOp<"collective.all_to_all", [
    AllTypesMatch<["target", "result"]>,
  ]> {
  let summary = "exchanges slices of the source between participants";
  let arguments = (ins
    Flow_CollectiveElementTypeAttr:$element_type,
    AnyRankedTensor:$target,
    Variadic<Index>:$target_dims,
    AnyRankedTensor:$source,
    Flow_ChannelType:$channel,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let assemblyFormat = [{
    $element_type `,` $target `,` $source `,` $channel `:`
    `(` type($target) `,` type($source) `,` qualified(type($channel)) `)` `->`
    custom<ShapedTiedResult>(type($result), $target_dims, $tied_operands)
    attr-dict-with-keyword
  }];
}

def Flow_CollectiveReduceScatterOp : Flow_CollectiveOp<"collective.reduce_scatter", [
    AllTypesMatch<["target", "result"]>,
  ]> {
  let summary = "reduces and scatters the source between participants";
  let arguments = (ins
    Flow_CollectiveReductionOpAttr:$reduction_op,
    Flow_CollectiveElementTypeAttr:$element_type,
    AnyRankedTensor:$target,
    Variadic<Index>:$target_dims,
    AnyRankedTensor:$source,
    Flow_ChannelType:$channel,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let assemblyFormat = [{
    $reduction_op `,` $element_type `,` $target `,` $source `,` $channel `:`
    `(` type($target) `,` type($source) `,` qualified(type($channel)) `)` `->`
    custom<ShapedTiedResult>(type($result), $target_dims, $tied_operands)
    attr-dict-with-keyword
  }];
}

def Flow_CollectiveSendRecvOp : Flow_CollectiveOp<"collective.send_recv", [
    AllTypesMatch<["source", "target", "result"]>,
  ]> {
  let summary = "sends the source to one rank and receives from another";
  let arguments = (ins
    Flow_CollectiveElementTypeAttr:$element_type,
    AnyRankedTensor:$target,
    Variadic<Index>:$target_dims,
    AnyRankedTensor:$source,
    Flow_ChannelType:$channel,
    Index:$send,
    Index:$recv,
    OptionalAttr<ArrayAttr>:$tied_operands
  );
  let assemblyFormat = [{
    $element_type `,` $target `,` $source `,` $channel `,` $send `,` $recv `:`
    `(` type($target) `,` type($source) `,` qualified(type($channel)) `,` type($send)
    `,` type($recv) `)` `->`
    custom<ShapedTiedResult>(type($result), $target_dims, $tied_operands)
    attr-dict-with-keyword
  }];
}

#endif // SLUICE_DIALECT_FLOW_IR_FLOWOPS
