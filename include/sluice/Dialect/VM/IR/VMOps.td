//===- VMOps.td - vm ops -----------------------------------*- tablegen -*-===//
//
// support-dialects.md §5.2-§5.5: structural ops (module, func, export,
// import, return, call), constants, rodata, buffer, list and integer ops.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_VM_IR_VMOPS
#define SLUICE_DIALECT_VM_IR_VMOPS

include "sluice/Dialect/VM/IR/VMBase.td"
include "sluice/Dialect/VM/IR/VMTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class VM_PureOp<string mnemonic, list<Trait> traits = []>
    : VM_Op<mnemonic, !listconcat([Pure], traits)>;

//===----------------------------------------------------------------------===//
// Structural ops (§5.2)
//===----------------------------------------------------------------------===//

def VM_ModuleOp : VM_Op<"module", [
    IsolatedFromAbove,
    NoRegionArguments,
    SingleBlockImplicitTerminator<"::sluice::vm::ModuleTerminatorOp">,
    Symbol,
    SymbolTable,
  ]> {
  let summary = "a module of functions, imports and exports";
  let description = [{
    `vm.module public @name attributes {...} { ... }`: a symbol table holding
    `vm.func`, `vm.import` and `vm.export` ops. The terminator is implicit.
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    OptionalAttr<AnyAttr>:$ordinal_counts,
    OptionalAttr<I32Attr>:$version
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name attr-dict-with-keyword
    $body
  }];
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name)>];
  let skipDefaultBuilders = 1;
}

def VM_ModuleTerminatorOp : VM_Op<"module_terminator", [
    HasParent<"::sluice::vm::ModuleOp">,
    Pure,
    Terminator,
  ]> {
  let summary = "terminates a vm.module (never printed)";
  let assemblyFormat = "attr-dict";
}

def VM_FuncOp : VM_Op<"func", [
    AutomaticAllocationScope,
    FunctionOpInterface,
    HasParent<"::sluice::vm::ModuleOp">,
    IsolatedFromAbove,
  ]> {
  let summary = "a function of a vm module";
  let description = [{
    Standard MLIR function syntax: `vm.func private @f(%arg0: i64) -> i32 {`.
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<I32Attr>:$ordinal,
    OptionalAttr<AnyAttr>:$inlining_policy
  );
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];
  let skipDefaultBuilders = 1;
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
  }];
}

def VM_ExportOp : VM_Op<"export", [
    HasParent<"::sluice::vm::ModuleOp">,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "exports a function of the module under a name";
  let description = [{
    `vm.export @fn` exports `@fn` as "fn"; `vm.export @fn as("name")` under
    another name.
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$function_ref,
    StrAttr:$export_name,
    OptionalAttr<I32Attr>:$ordinal
  );
  let assemblyFormat = [{
    custom<SymbolAlias>($export_name, $function_ref) attr-dict-with-keyword
  }];
}

def VM_ImportOp : VM_Op<"import", [
    FunctionOpInterface,
    HasParent<"::sluice::vm::ModuleOp">,
    IsolatedFromAbove,
  ]> {
  let summary = "declares a function of another (native) module";
  let description = [{
    `vm.import private [optional] @module.fn(%name : T, U ...) -> R`: named
    arguments store `{vm.name = "name"}`, `...` stores `{vm.variadic}`.
  }];
  let arguments = (ins
    SymbolNameAttr:$sym_name,
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<StrAttr>:$sym_visibility,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<I32Attr>:$ordinal,
    UnitAttr:$is_optional,
    OptionalAttr<I32Attr>:$minimum_version
  );
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    ::mlir::Region *getCallableRegion() { return nullptr; }
  }];
}

def VM_ReturnOp : VM_Op<"return", [
    HasParent<"::sluice::vm::FuncOp">,
    Pure,
    ReturnLike,
    Terminator,
  ]> {
  let summary = "returns from a vm.func";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def VM_CallOp : VM_Op<"call", [
    CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "calls a function or an import";
  let description = [{
    Memory effects are unknown: calls are never CSE'd or erased.
  }];
  let arguments = (ins
    FlatSymbolRefAttr:$callee,
    Variadic<AnyType>:$operands,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
  let extraClassDeclaration = [{
    operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getOperandsMutable();
    }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return getCalleeAttr();
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      setCalleeAttr(::llvm::cast<::mlir::FlatSymbolRefAttr>(
          ::llvm::cast<::mlir::SymbolRefAttr>(callee)));
    }
  }];
}

def VM_OptimizationBarrierOp : VM_Op<"optimization_barrier", [
    AllTypesMatch<["operands", "results"]>,
  ]> {
  let summary = "prevents optimizations from looking through values";
  let arguments = (ins Variadic<AnyType>:$operands);
  let results = (outs Variadic<AnyType>:$results);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// Constants (§5.3)
//===----------------------------------------------------------------------===//

class VM_ConstIntOp<string mnemonic, Attr valueAttr, Type resultType>
    : VM_PureOp<mnemonic, [
        ConstantLike,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let summary = "an integer constant";
  let arguments = (ins valueAttr:$value);
  let results = (outs resultType:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def VM_ConstI32Op : VM_ConstIntOp<"const.i32", I32Attr, I32>;
def VM_ConstI64Op : VM_ConstIntOp<"const.i64", I64Attr, I64>;

class VM_ConstIntZeroOp<string mnemonic, Type resultType>
    : VM_PureOp<mnemonic, [
        ConstantLike,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let summary = "an integer zero";
  let results = (outs resultType:$result);
  let assemblyFormat = "attr-dict";
  let hasFolder = 1;
}

def VM_ConstI32ZeroOp : VM_ConstIntZeroOp<"const.i32.zero", I32>;
def VM_ConstI64ZeroOp : VM_ConstIntZeroOp<"const.i64.zero", I64>;

def VM_ConstRefZeroOp : VM_PureOp<"const.ref.zero", [
    ConstantLike,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "a null reference";
  let results = (outs VM_AnyRef:$result);
  let assemblyFormat = "`:` type($result) attr-dict";
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Rodata (§5.4)
//===----------------------------------------------------------------------===//

def VM_RodataInlineOp : VM_PureOp<"rodata.inline"> {
  let summary = "an inline read-only data buffer";
  let description = [{
    `vm.rodata.inline ["name"] : !vm.buffer = <value>`: a buffer holding the
    serialized bytes of `value` (a string, dense elements, ...).
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$name,
    AnyAttr:$value,
    OptionalAttr<I64Attr>:$alignment,
    OptionalAttr<StrAttr>:$mime_type
  );
  let results = (outs VM_BufferRef:$result);
  let assemblyFormat = "($name^)? attr-dict `:` type($result) `=` $value";
  let hasVerifier = 1;
}

def VM_RodataTableInlineOp : VM_PureOp<"rodata.table.inline"> {
  let summary = "an inline table of (offset, length) pairs plus their data";
  let description = [{
    `vm.rodata.table.inline i32 : !vm.buffer, !vm.buffer = ["a", "b"]`: the
    data buffer holds every value serialized back to back (data alignment 1
    unless `data_alignment` says otherwise); the table buffer holds one
    `{offset, length}` pair of `table_type` per value.
  }];
  let arguments = (ins
    OptionalAttr<StrAttr>:$table_name,
    OptionalAttr<StrAttr>:$data_name,
    TypeAttr:$table_type,
    ArrayAttr:$data_array,
    OptionalAttr<I64Attr>:$alignment,
    OptionalAttr<I64Attr>:$data_alignment,
    OptionalAttr<StrAttr>:$mime_type
  );
  let results = (outs VM_BufferRef:$table_result, VM_BufferRef:$data_result);
  let assemblyFormat = [{
    $table_type attr-dict `:` type($table_result) `,` type($data_result)
    `=` $data_array
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Buffers, lists, integers (§5.5)
//===----------------------------------------------------------------------===//

def VM_BufferAllocOp : VM_Op<"buffer.alloc", [
    MemoryEffects<[MemAlloc]>,
  ]> {
  let summary = "allocates a zeroed byte buffer";
  let arguments = (ins I64:$length, I32:$alignment);
  let results = (outs VM_BufferRef:$result);
  let assemblyFormat = "$length `,` $alignment attr-dict `:` type($result)";
}

def VM_BufferCloneOp : VM_Op<"buffer.clone", [
    MemoryEffects<[MemAlloc, MemRead]>,
  ]> {
  let summary = "copies a range of a buffer into a new buffer";
  let arguments = (ins VM_BufferRef:$source_buffer, I64:$source_offset,
                       I64:$length, I32:$alignment);
  let results = (outs VM_BufferRef:$result);
  let assemblyFormat = [{
    $source_buffer `,` $source_offset `,` $length `,` $alignment attr-dict
    `:` type($source_buffer) `->` type($result)
  }];
}

def VM_BufferLengthOp : VM_PureOp<"buffer.length"> {
  let summary = "the byte length of a buffer";
  let arguments = (ins VM_BufferRef:$buffer);
  let results = (outs I64:$result);
  let assemblyFormat = "$buffer attr-dict `:` type($buffer) `->` type($result)";
}

def VM_BufferCopyOp : VM_Op<"buffer.copy", [
    MemoryEffects<[MemRead, MemWrite]>,
  ]> {
  let summary = "copies a byte range between buffers";
  let arguments = (ins VM_BufferRef:$source_buffer, I64:$source_offset,
                       VM_BufferRef:$target_buffer, I64:$target_offset,
                       I64:$length);
  let assemblyFormat = [{
    $source_buffer `,` $source_offset `,` $target_buffer `,` $target_offset
    `,` $length attr-dict `:` type($source_buffer) `->` type($target_buffer)
  }];
}

class VM_BufferStoreOp<string mnemonic, Type valueType>
    : VM_Op<mnemonic, [MemoryEffects<[MemWrite]>]> {
  let summary = "stores an element at an element index";
  let description = [{
    `element_index` counts elements of the stored width, not bytes.
  }];
  let arguments = (ins valueType:$value, VM_BufferRef:$target_buffer,
                       I64:$element_index);
  let assemblyFormat = [{
    $value `,` $target_buffer `[` $element_index `]` attr-dict
    `:` type($value) `->` type($target_buffer)
  }];
}

def VM_BufferStoreI32Op : VM_BufferStoreOp<"buffer.store.i32", I32>;
def VM_BufferStoreI64Op : VM_BufferStoreOp<"buffer.store.i64", I64>;

def VM_ListGetRefOp : VM_Op<"list.get.ref", [
    MemoryEffects<[MemRead]>,
  ]> {
  let summary = "the ref element of a list at an index";
  let arguments = (ins VM_ListRef:$list, I32:$index);
  let results = (outs VM_AnyRef:$result);
  let assemblyFormat = [{
    $list `,` $index attr-dict `:` `(` type($list) `,` type($index) `)` `->`
    type($result)
  }];
  let hasVerifier = 1;
}

class VM_BinaryIntOp<string mnemonic, Type type>
    : VM_PureOp<mnemonic, [Commutative, SameOperandsAndResultType]> {
  let summary = "wrapping integer addition";
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

def VM_AddI32Op : VM_BinaryIntOp<"add.i32", I32>;
def VM_AddI64Op : VM_BinaryIntOp<"add.i64", I64>;

class VM_CastIntOp<string mnemonic, Type from, Type to, string summaryText>
    : VM_PureOp<mnemonic> {
  let summary = summaryText;
  let arguments = (ins from:$operand);
  let results = (outs to:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($operand) `->` type($result)
  }];
  let hasFolder = 1;
}

def VM_TruncI64I32Op : VM_CastIntOp<"trunc.i64.i32", I64, I32,
                                    "keeps the low 32 bits">;
def VM_ExtI32I64UOp : VM_CastIntOp<"ext.i32.i64.u", I32, I64,
                                   "zero-extends to 64 bits">;

#endif // SLUICE_DIALECT_VM_IR_VMOPS
