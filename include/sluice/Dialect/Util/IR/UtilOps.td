//===- UtilOps.td - util ops -------------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_UTIL_IR_UTILOPS
#define SLUICE_DIALECT_UTIL_IR_UTILOPS

include "sluice/Dialect/Util/IR/UtilBase.td"
include "sluice/Dialect/Util/IR/UtilAttrs.td"
include "sluice/Dialect/Util/IR/UtilDivisibility.td"
include "sluice/Dialect/Util/IR/UtilTypes.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def Util_FuncOp : Util_Op<"func", [
    AffineScope,
    AutomaticAllocationScope,
    CallableOpInterface,
    FunctionOpInterface,
    IsolatedFromAbove,
    OpAsmOpInterface,
    DeclareOpInterfaceMethods<Symbol, ["canDiscardOnUseEmpty"]>,
  ]> {
  let summary = "a function with optionally tied results";
  let description = [{
    A function whose results may be tied to arguments (`-> %arg0`), meaning the
    result is an in-place update of that argument. An empty body is a
    declaration.
  }];

  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<AnyAttr>:$inlining_policy
  );
  let regions = (region AnyRegion:$body);

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
    /// Creates a detached function (not inserted anywhere).
    static FuncOp create(::mlir::Location loc, ::llvm::StringRef name,
                         ::mlir::FunctionType type,
                         ::mlir::ArrayAttr tiedOperands = {});

    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    bool isDeclaration() { return isExternal(); }

    /// Returns the argument index tied to result `resultIndex`, or nullopt.
    std::optional<unsigned> getTiedResultArgumentIndex(unsigned resultIndex);
    /// True when any result is tied to an argument.
    bool hasAnyTiedOperands();

    /// Replaces each argument and result type by 0..N types. The first type
    /// of an expansion keeps the original attributes and tie (remapped to the
    /// first expansion of the tied argument); added types get empty
    /// attributes and no tie. The body is not touched.
    void expandSignature(
        ::llvm::function_ref<void(unsigned, ::mlir::Type,
                                  ::llvm::SmallVectorImpl<::mlir::Type> &)>
            expandArgument,
        ::llvm::function_ref<void(unsigned, ::mlir::Type,
                                  ::llvm::SmallVectorImpl<::mlir::Type> &)>
            expandResult);
  }];

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Util_ReturnOp : Util_Op<"return", [
    Pure,
    ReturnLike,
    Terminator,
  ]> {
  let summary = "returns from a util.func or util.initializer";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

def Util_NullOp : Util_Op<"null", [ConstantLike, Pure]> {
  let summary = "a null value of a reference type";
  let description = [{
    A null reference (e.g. an absent `!hal.fence`). Folds to `#util.null`.
  }];
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasFolder = 1;
}

def Util_BufferConstantOp : Util_Op<"buffer.constant", [
    ConstantLike,
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "a constant byte buffer";
  let description = [{
    A constant `!util.buffer` holding the serialized bytes of `value` (a string,
    dense elements or another serializable attribute).
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$name,
    AnyAttr:$value,
    OptionalAttr<IndexAttr>:$alignment,
    OptionalAttr<StrAttr>:$mime_type
  );
  let results = (outs Util_BufferType:$result);
  let assemblyFormat = "($name^)? attr-dict `:` type($result) `=` $value";
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Calls, initializers, barriers
//===----------------------------------------------------------------------===//

def Util_CallOp : Util_Op<"call", [
    CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface>,
  ]> {
  let summary = "calls a util.func";
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<AnyType>:$arguments,
    OptionalAttr<ArrayAttr>:$tied_operands,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $arguments `)` attr-dict `:`
    custom<OperandTypeList>(type($arguments))
    `->`
    custom<TiedFunctionResultList>(ref($arguments), ref(type($arguments)),
                                   type($results), $tied_operands)
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
    ::mlir::FunctionType getCalleeType();

    /// Builds a new call whose operands and results are expanded 1:N; ties
    /// are remapped to the first expansion of the tied operand.
    CallOp cloneAndExpand(
        ::llvm::function_ref<void(unsigned, ::mlir::Value,
                                  ::llvm::SmallVectorImpl<::mlir::Value> &)>
            expandOperand,
        ::llvm::function_ref<void(unsigned, ::mlir::Type,
                                  ::llvm::SmallVectorImpl<::mlir::Type> &)>
            expandResult,
        ::mlir::OpBuilder &builder);
  }];
}

def Util_InitializerOp : Util_Op<"initializer", [
    CallableOpInterface,
    FunctionOpInterface,
    IsolatedFromAbove,
    Util_InitializerOpInterface,
  ]> {
  let summary = "code run once at module initialization";
  let description = [{
    Runs once when the module initializes, in module order with global initial
    values. Its function type is always `() -> ()` and never printed.
  }];
  let arguments = (ins
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let regions = (region AnyRegion:$body);
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins)>];
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return {}; }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return {}; }
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    /// Initializers are not symbols.
    bool isOptionalSymbol() { return true; }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasCanonicalizer = 1;
}

def Util_OptimizationBarrierOp : Util_Op<"optimization_barrier", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
  ]> {
  let summary = "prevents optimizations from looking through values";
  let description = [{
    Returns its operands unchanged. Declares no effects (so it is never
    removed or CSE'd) and has no folder: its results are opaque.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

def Util_UnreachableOp : Util_Op<"unreachable", [
    NoMemoryEffect,
    ReturnLike,
    Terminator,
    Util_UnreachableLike,
  ]> {
  let summary = "marks unreachable control flow";
  let arguments = (ins OptionalAttr<StrAttr>:$message);
  let assemblyFormat = "($message^)? attr-dict";
}

def Util_SCFUnreachableOp : Util_Op<"scf.unreachable", [
    Util_UnreachableLike,
  ]> {
  let summary = "marks unreachable code inside structured control flow";
  let arguments = (ins OptionalAttr<StrAttr>:$message);
  let assemblyFormat = "($message^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Globals
//===----------------------------------------------------------------------===//

def Util_GlobalOp : Util_Op<"global", [
    Symbol,
    DeclareOpInterfaceMethods<Util_GlobalOpInterface, [
      "getGlobalType", "setGlobalType", "isGlobalMutable", "setGlobalMutable",
      "getGlobalInitialValue", "setGlobalInitialValue", "createLoadOp",
      "createStoreOp"]>,
    DeclareOpInterfaceMethods<Symbol, ["canDiscardOnUseEmpty"]>,
  ]> {
  let summary = "a global variable";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    TypeAttr:$type,
    UnitAttr:$is_mutable,
    OptionalAttr<AnyAttr>:$initial_value,
    OptionalAttr<AnyAttr>:$inlining_policy
  );
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility)
    (`mutable` $is_mutable^)?
    $sym_name
    attr-dict
    custom<TypeOrAttr>($type, $initial_value)
  }];
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "bool":$isMutable,
                   "::mlir::Type":$type,
                   CArg<"::mlir::Attribute", "{}">:$initialValue)>,
  ];
}

def Util_GlobalLoadOp : Util_Op<"global.load", [
    DeclareOpInterfaceMethods<Util_GlobalLoadOpInterface, ["isGlobalImmutable",
                                                  "setGlobalImmutable"]>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "loads a global's value";
  let arguments = (ins
    FlatSymbolRefAttr:$global,
    UnitAttr:$is_immutable
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    (`immutable` $is_immutable^)? $global attr-dict `:` type($result)
  }];
}

def Util_GlobalStoreOp : Util_Op<"global.store", [
    Util_GlobalStoreOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "stores a value into a global";
  let arguments = (ins
    AnyType:$value,
    FlatSymbolRefAttr:$global
  );
  let assemblyFormat = "$value `,` $global attr-dict `:` type($value)";
  let hasCanonicalizer = 1;
}

def Util_GlobalAddressOp : Util_Op<"global.address", [
    Pure,
    Util_GlobalAddressOpInterface,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the address of a global";
  let arguments = (ins
    FlatSymbolRefAttr:$global,
    UnitAttr:$is_immutable
  );
  let results = (outs Util_PtrType:$result);
  let assemblyFormat = [{
    (`immutable` $is_immutable^)? $global attr-dict `:` qualified(type($result))
  }];
}

def Util_GlobalLoadIndirectOp : Util_Op<"global.load.indirect", [
    Util_GlobalLoadIndirectOpInterface,
  ]> {
  let summary = "loads a global through its address";
  let arguments = (ins
    Util_PtrType:$global,
    UnitAttr:$is_immutable
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    (`immutable` $is_immutable^)? $global attr-dict `:` qualified(type($global)) `->` type($result)
  }];
}

def Util_GlobalStoreIndirectOp : Util_Op<"global.store.indirect", [
    Util_GlobalStoreIndirectOpInterface,
  ]> {
  let summary = "stores into a global through its address";
  let arguments = (ins
    AnyType:$value,
    Util_PtrType:$global
  );
  let assemblyFormat = [{
    $value `,` $global attr-dict `:` type($value) `->` qualified(type($global))
  }];
}

//===----------------------------------------------------------------------===//
// Integers
//===----------------------------------------------------------------------===//

def Util_AlignOp : Util_Op<"align", [
    Pure,
    SameOperandsAndResultType,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
    DeclareOpInterfaceMethods<Util_InferIntDivisibilityOp>,
  ]> {
  let summary = "rounds a value up to a power-of-two alignment";
  let arguments = (ins
    SignlessIntegerOrIndexLike:$value,
    SignlessIntegerOrIndexLike:$alignment
  );
  let results = (outs SignlessIntegerOrIndexLike:$result);
  let assemblyFormat = "$value `,` $alignment attr-dict `:` type($result)";
  let hasFolder = 1;
}

def Util_AssumeIntOp : Util_Op<"assume.int", [
    Pure,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
    DeclareOpInterfaceMethods<InferTypeOpInterface>,
    DeclareOpInterfaceMethods<Util_InferIntDivisibilityOp>,
  ]> {
  let summary = "assumptions about integer values";
  let description = [{
    Returns its operands unchanged, attaching per operand a row of
    `#util.int.assumption`s (one per call-site specialization, or one entry
    that holds everywhere).
  }];
  let arguments = (ins
    Variadic<AnySignlessIntegerOrIndex>:$operands,
    ArrayAttr:$assumptions
  );
  let results = (outs Variadic<AnySignlessIntegerOrIndex>:$results);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    /// The assumptions of operand `index`.
    ::llvm::SmallVector<IntAssumptionAttr> getOperandAssumptions(unsigned index);
    /// (min of umin, max of umax) over the row, each only if every entry has it.
    std::pair<std::optional<uint64_t>, std::optional<uint64_t>>
    getUnionedUnsignedRange(unsigned index);
    /// gcd of the row's udivs, skipping entries pinned to 0.
    std::optional<uint64_t> getUnionedUnsignedDivisor(unsigned index);
  }];
}

def Util_CmpEQOp : Util_Op<"cmp.eq", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "compares two values for equality";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let builders = [
    OpBuilder<(ins "::mlir::Value":$lhs, "::mlir::Value":$rhs), [{
      build($_builder, $_state, $_builder.getI1Type(), lhs, rhs);
    }]>,
  ];
  let hasFolder = 1;
}

def Util_CmpNEOp : Util_Op<"cmp.ne", [
    Pure, Commutative, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "compares two values for inequality";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let results = (outs I1:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
}

def Util_SizeOfOp : Util_Op<"sizeof", [Pure]> {
  let summary = "the storage size of a type in bytes";
  let arguments = (ins TypeAttr:$sizedType);
  let results = (outs Index:$size);
  let assemblyFormat = "$sizedType attr-dict-with-keyword";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

def Util_BufferSizeOp : Util_Op<"buffer.size", [
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the size of a buffer in bytes";
  let arguments = (ins Util_BufferType:$operand);
  let results = (outs Index:$result);
  let assemblyFormat = "$operand `:` type($operand) attr-dict-with-keyword";
  let hasFolder = 1;
}

def Util_BufferSubspanOp : Util_Op<"buffer.subspan", [
    Pure,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_SubrangeOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, ["getTiedResultOperandIndex",
                                            "getTiedResultOperandIndices"]>,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>,
  ]> {
  let summary = "a view of a byte range of a buffer";
  let arguments = (ins
    Util_BufferType:$source,
    Index:$source_size,
    Index:$source_offset,
    Index:$result_size
  );
  let results = (outs Util_BufferType:$result);
  let assemblyFormat = [{
    $source `[` $source_offset `]` `:`
    type($source) `` `{` $source_size `}` `->`
    type($result) `` `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Lists
//===----------------------------------------------------------------------===//

def Util_ListCreateOp : Util_Op<"list.create", [
    MemoryEffects<[MemAlloc]>,
  ]> {
  let summary = "creates a new empty list";
  let arguments = (ins Optional<Index>:$initial_capacity);
  let results = (outs Util_ListType:$result);
  let assemblyFormat = "($initial_capacity^)? attr-dict `:` qualified(type($result))";
}

def Util_ListConstructOp : Util_Op<"list.construct", [
    Pure,
  ]> {
  let summary = "creates a list holding the given values";
  let arguments = (ins Variadic<AnyType>:$values);
  let results = (outs Util_ListType:$result);
  let assemblyFormat = [{
    custom<ValueTypeList>($values, type($values)) attr-dict `:` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def Util_ListSizeOp : Util_Op<"list.size", [
    MemoryEffects<[MemRead]>,
  ]> {
  let summary = "the number of elements in a list";
  let arguments = (ins Util_ListType:$list);
  let results = (outs Index:$result);
  let assemblyFormat = "$list attr-dict `:` qualified(type($list))";
}

def Util_ListResizeOp : Util_Op<"list.resize", [
    MemoryEffects<[MemWrite]>,
  ]> {
  let summary = "resizes a list";
  let arguments = (ins Util_ListType:$list, Index:$new_size);
  let assemblyFormat = "operands attr-dict `:` qualified(type($list))";
}

def Util_ListGetOp : Util_Op<"list.get", [
    MemoryEffects<[MemRead]>,
  ]> {
  let summary = "reads an element of a list";
  let arguments = (ins Util_ListType:$list, Index:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $list `[` $index `]` attr-dict `:` custom<ListTypeGet>(type($list), type($result))
  }];
  let hasVerifier = 1;
}

def Util_ListSetOp : Util_Op<"list.set", [
    MemoryEffects<[MemWrite]>,
  ]> {
  let summary = "writes an element of a list";
  let arguments = (ins Util_ListType:$list, Index:$index, AnyType:$value);
  let assemblyFormat = [{
    $list `[` $index `]` `,` $value attr-dict `:` custom<ListTypeSet>(type($list), type($value))
  }];
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_UTIL_IR_UTILOPS
