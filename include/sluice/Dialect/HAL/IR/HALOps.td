//===- HALOps.td - hal ops ---------------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALOPS
#define SLUICE_DIALECT_HAL_IR_HALOPS

include "sluice/Dialect/HAL/IR/HALOpBase.td"
include "sluice/Dialect/HAL/IR/HALTypes.td"
include "sluice/Dialect/HAL/IR/HALAttrs.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// A constant of a HAL bitfield enum, printed with the bit-enum spelling rules:
// `hal.<mnemonic><Bit>` for single-bit cases, `hal.<mnemonic><"A|B">` otherwise.
class HAL_BitfieldConstantOp<string mnemonic, string attrName, string enumName,
                             string resultName>
    : HAL_Op<mnemonic, [
        ConstantLike,
        Pure,
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let arguments = !dag(ins, [I32Attr], [attrName]);
  let results = (outs I32:$result);
  let assemblyFormat = "`<` custom<" # enumName # ">($" # attrName #
                       ") `>` attr-dict `:` type($result)";
  let hasFolder = 1;
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getResult(), "}] # resultName # [{");
    }
    ::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {
      return *(*this)->getInherentAttr("}] # attrName # [{");
    }
  }];
}

def HAL_MemoryTypeOp : HAL_BitfieldConstantOp<"memory_type", "type",
                                              "MemoryTypeBitfield", "memory_type"> {
  let summary = "a memory type bitfield constant";
}

def HAL_BufferUsageOp : HAL_BitfieldConstantOp<"buffer_usage", "usage",
                                               "BufferUsageBitfield", "buffer_usage"> {
  let summary = "a buffer usage bitfield constant";
}

//===----------------------------------------------------------------------===//
// Tensor ABI ops (§2.5.1 - §2.5.5)
//===----------------------------------------------------------------------===//

defvar HAL_BufferOrView = AnyTypeOf<[HAL_Buffer, HAL_BufferView]>;

def HAL_TensorImportOp : HAL_PureOp<"tensor.import", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "imports a buffer or buffer view as a tensor";
  let description = [{
    `target_encoding` is the ABI-facing tensor type; the result is the storage
    type (`T as U` in the syntax when they differ).
  }];
  let arguments = (ins
    HAL_BufferOrView:$source,
    TypeAttr:$target_encoding,
    Variadic<Index>:$target_dims,
    Optional<HAL_Fence>:$wait_fence,
    Optional<Index>:$byte_offset,
    UnitAttr:$consume,
    OptionalAttr<StrAttr>:$name,
    OptionalAttr<AnyAttr>:$affinity
  );
  let results = (outs AnyTensor:$target);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`wait` `(` $wait_fence^ `)` `=` `` `>`)?
    (`consume` $consume^)?
    $source
    (`offset` `(` $byte_offset^ `)`)?
    ($name^)?
    `:` type($source) `->`
    custom<TypeAlias>($target_encoding, type($target))
    `` custom<BracedDims>($target_dims)
    attr-dict
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def HAL_TensorExportOp : HAL_PureOp<"tensor.export", [
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "exports a tensor as a buffer or buffer view";
  let arguments = (ins
    AnyTensor:$source,
    TypeAttr:$source_encoding,
    Variadic<Index>:$source_dims,
    OptionalAttr<StrAttr>:$name,
    OptionalAttr<AnyAttr>:$affinity
  );
  let results = (outs HAL_BufferOrView:$target);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source
    ($name^)?
    `:`
    custom<TypeAlias>($source_encoding, type($source))
    `` custom<BracedDims>($source_dims)
    `->` type($target)
    attr-dict
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HAL_TensorAliasOp : HAL_PureOp<"tensor.alias", [
    AllTypesMatch<["source", "result"]>,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex",
      "getTiedResultOperandIndices",
    ]>,
  ]> {
  let summary = "aliases a tensor onto caller-provided storage";
  let arguments = (ins
    AnyTensor:$source,
    Variadic<Index>:$source_dims,
    HAL_BufferOrView:$storage,
    Optional<HAL_Fence>:$wait_fence,
    OptionalAttr<AnyAttr>:$affinity
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    (`wait` `(` $wait_fence^ `)` `=` `` `>`)?
    $source `:` type($source) `` custom<BracedDims>($source_dims)
    `to` $storage `:` type($storage)
    attr-dict
  }];
  let hasVerifier = 1;
}

def HAL_TensorTransientsOp : HAL_PureOp<"tensor.transients", [
    AllTypesMatch<["source", "result"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex",
      "getTiedResultOperandIndices",
    ]>,
  ]> {
  let summary = "provides storage for the transients of computing a tensor";
  let arguments = (ins
    AnyTensor:$source,
    Variadic<Index>:$source_dims,
    HAL_BufferOrView:$storage,
    OptionalAttr<AnyAttr>:$affinity
  );
  let results = (outs AnyTensor:$result);
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)?
    $source `:` type($source) (`{` $source_dims^ `}`)?
    `from` $storage `:` type($storage)
    attr-dict
  }];
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

def HAL_TensorBarrierOp : HAL_Op<"tensor.barrier", [
    AllTypesMatch<["sources", "results"]>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface, [
      "getTiedResultOperandIndex",
      "getTiedResultOperandIndices",
    ]>,
  ]> {
  let summary = "signals a fence when all source tensors are available";
  let arguments = (ins
    Variadic<AnyTensor>:$sources,
    HAL_Fence:$signal_fence
  );
  let results = (outs Variadic<AnyTensor>:$results);
  let assemblyFormat = [{
    `join` `` `(` $sources `:` type($sources) `)`
    `=` `` `>`
    $signal_fence `:` type($signal_fence)
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
}

//===----------------------------------------------------------------------===//
// Buffer views and buffers (§2.5.6, §2.5.7)
//===----------------------------------------------------------------------===//

def HAL_BufferViewDimOp : HAL_PureOp<"buffer_view.dim", [
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>,
  ]> {
  let summary = "the size of one dimension of a buffer view";
  let arguments = (ins HAL_BufferView:$buffer_view, IndexAttr:$index);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>` `` `[` $index `]` `:`
    type($result) attr-dict-with-keyword
  }];
}

def HAL_BufferViewBufferOp : HAL_PureOp<"buffer_view.buffer", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the buffer backing a buffer view";
  let arguments = (ins HAL_BufferView:$buffer_view);
  let results = (outs HAL_Buffer:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>` `:` type($result)
    attr-dict-with-keyword
  }];
  let extraClassDefinition = HAL_NamedResult<"buffer">.extraClassDefinition;
}

def HAL_BufferViewRankOp : HAL_PureOp<"buffer_view.rank"> {
  let summary = "the rank of a buffer view";
  let arguments = (ins HAL_BufferView:$buffer_view);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>` `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_BufferLengthOp : HAL_PureOp<"buffer.length", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the byte length of a buffer";
  let arguments = (ins HAL_Buffer:$buffer);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    `<` $buffer `:` type($buffer) `>` `:` type($result) attr-dict-with-keyword
  }];
  let extraClassDefinition = HAL_NamedResult<"length">.extraClassDefinition;
}

def HAL_ElementTypeOp : HAL_PureOp<"element_type", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the ABI encoding of an element type";
  let description = [{
    `(numerical type << 24) | bit count` of `type`, e.g.
    `%element_type_f32 = hal.element_type<f32> : i32`.
  }];
  let arguments = (ins TypeAttr:$type);
  let results = (outs I32:$result);
  let assemblyFormat = "`<` $type `>` attr-dict `:` type($result)";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The ABI value of `type`, or nullopt when it has no encoding.
    static std::optional<int32_t> getTypeValue(::mlir::Type type);
  }];
}

def HAL_EncodingTypeOp : HAL_PureOp<"encoding_type", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the ABI encoding of a tensor encoding";
  let description = [{
    Only the absent encoding (`dense_row_major`, value 1) is supported.
  }];
  let arguments = (ins OptionalAttr<AnyAttr>:$encoding);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    `<` custom<EncodingType>($encoding) `>` attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The ABI value of `encoding` (null = dense row-major = 1), or nullopt.
    static std::optional<int32_t> getEncodingValue(::mlir::Attribute encoding);
  }];
}

def HAL_BufferViewAssertOp : HAL_Op<"buffer_view.assert"> {
  let summary = "checks the shape, element type and encoding of a buffer view";
  let arguments = (ins
    HAL_BufferView:$buffer_view,
    StrAttr:$message,
    I32:$element_type,
    I32:$encoding_type,
    Variadic<Index>:$shape
  );
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>`
    `message` `(` $message `)`
    `shape` `(` `[` $shape `]` `)`
    `type` `(` $element_type `)`
    `encoding` `(` $encoding_type `)`
    attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// Fences, allocators and devices (§2.5.9 - §2.5.11)
//===----------------------------------------------------------------------===//

// MemAlloc is declared on the op (not on the result) so that an unused fence
// is not trivially dead: only the canonicalizer erases it.
def HAL_FenceCreateOp : HAL_Op<"fence.create", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    MemoryEffects<[MemAlloc]>,
  ]> {
  let summary = "creates an unsignaled fence";
  let arguments = (ins HAL_Device:$device, I64Attr:$flags);
  let results = (outs HAL_Fence:$result);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)`
    `flags` `(` custom<FenceFlagBitfield>($flags) `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
  let hasCanonicalizer = 1;
  let extraClassDefinition = HAL_NamedResult<"fence">.extraClassDefinition;
}

def HAL_AllocatorResolveMemoryPropertiesOp
    : HAL_PureOp<"allocator.resolve_memory_properties", [
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let summary = "memory type and usage for a lifetime on an affinity";
  let arguments = (ins
    OptionalAttr<AnyAttr>:$affinity,
    I32Attr:$lifetime
  );
  let results = (outs I32:$memory_types, I32:$buffer_usage);
  let assemblyFormat = [{
    (`for` `(` $affinity^ `)`)?
    `lifetime` `(` custom<Lifetime>($lifetime) `)`
    `:` type($memory_types) `,` type($buffer_usage)
    attr-dict-with-keyword
  }];
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getMemoryTypes(), "memory_types");
      setNameFn(getBufferUsage(), "buffer_usage");
    }
  }];
}

def HAL_DeviceResolveOp : HAL_PureOp<"device.resolve"> {
  let summary = "resolves the device, allocator and queue mask of an affinity";
  // Printed in full (`on(#hal.device.affinity<...>)`).
  let arguments = (ins OptionalAttr<AnyAttrOf<[HAL_DeviceAffinityAttr]>>:$affinity);
  let results = (outs
    Variadic<AnyTypeOf<[HAL_Device, HAL_Allocator, I64]>>:$results
  );
  let assemblyFormat = [{
    (`on` `(` $affinity^ `)`)? attr-dict `:` type($results)
  }];
}

def HAL_DeviceAllocatorOp : HAL_PureOp<"device.allocator", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the allocator of a device";
  let arguments = (ins HAL_Device:$device);
  let results = (outs HAL_Allocator:$result);
  let assemblyFormat = [{
    `<` $device `:` type($device) `>` `:` type($result) attr-dict-with-keyword
  }];
  let extraClassDefinition = HAL_NamedResult<"allocator">.extraClassDefinition;
}

def HAL_DevicesCountOp : HAL_PureOp<"devices.count", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the number of devices";
  let results = (outs Index:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let extraClassDefinition = HAL_NamedResult<"device_count">.extraClassDefinition;
}

def HAL_DevicesGetOp : HAL_PureOp<"devices.get", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the device at an index";
  let arguments = (ins Index:$index);
  let results = (outs HAL_Device:$result);
  let assemblyFormat = "$index attr-dict `:` type($result)";
}

def HAL_AllocatorSelectOp : HAL_PureOp<"allocator.select", [
    SameVariadicOperandSize,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "picks the best device and queue for an allocation";
  let description = [{
    Chooses among `(device, queue affinity)` candidates the one whose
    allocator best serves memory of `memory_types` used as `buffer_usage`
    (execution.md §2.6). Each pair prints on its own line.
  }];
  let arguments = (ins
    Variadic<HAL_Device>:$devices,
    Variadic<I64>:$queue_affinities,
    I32:$memory_types,
    I32:$buffer_usage
  );
  let results = (outs HAL_Device:$selected_device, I64:$selected_queue_affinity);
  let assemblyFormat = [{
    `from` `(` custom<DeviceQueueAffinityList>($devices, type($devices),
                                               $queue_affinities,
                                               type($queue_affinities)) `)`
    `type` `(` $memory_types `)`
    `usage` `(` $buffer_usage `)`
    `:` type($selected_device) `,` type($selected_queue_affinity)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getSelectedDevice(), "device");
      setNameFn(getSelectedQueueAffinity(), "queue_affinity");
    }
  }];
}

//===----------------------------------------------------------------------===//
// Executables (§2.5.12)
//===----------------------------------------------------------------------===//

def HAL_ExecutableSourceOp : HAL_Op<"executable.source", [
    Util_ObjectLike,
    IsolatedFromAbove,
    SingleBlockImplicitTerminator<"ExecutableSourceEndOp">,
    Symbol,
    SymbolTable,
  ]> {
  let summary = "an executable defined by its source (exports and objects)";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    OptionalAttr<AnyAttr>:$objects
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name
    attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name)>,
  ];
}

def HAL_ExecutableSourceEndOp : HAL_Op<"executable.source_end", [
    HasParent<"ExecutableSourceOp">,
    Terminator,
  ]> {
  let summary = "terminates an executable source (never printed)";
  let assemblyFormat = "attr-dict";
}

def HAL_ExecutableOp : HAL_Op<"executable", [
    Util_ObjectLike,
    IsolatedFromAbove,
    SingleBlockImplicitTerminator<"ExecutableEndOp">,
    Symbol,
    SymbolTable,
  ]> {
  let summary = "a target-independent executable holding target variants";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name
    attr-dict-with-keyword $body
  }];
}

def HAL_ExecutableEndOp : HAL_Op<"executable_end", [
    HasParent<"ExecutableOp">,
    Terminator,
  ]> {
  let summary = "terminates an executable (never printed)";
  let assemblyFormat = "attr-dict";
}

def HAL_ExecutableVariantOp : HAL_Op<"executable.variant", [
    HasParent<"ExecutableOp">,
    IsolatedFromAbove,
    SingleBlockImplicitTerminator<"ExecutableVariantEndOp">,
    Symbol,
    SymbolTable,
  ]> {
  let summary = "a target-specific variant of an executable";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    HAL_ExecutableTargetAttr:$target,
    OptionalAttr<ArrayAttr>:$objects,
    OptionalAttr<DictionaryAttr>:$sources
  );
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    custom<SymbolVisibility>($sym_visibility) $sym_name
    `target` `(` $target `)`
    (`objects` `(` $objects^ `)`)?
    (`sources` `(` $sources^ `)`)?
    attr-dict-with-keyword $body
  }];  let hasVerifier = 1;
}

def HAL_ExecutableVariantEndOp : HAL_Op<"executable.variant_end", [
    HasParent<"ExecutableVariantOp">,
    Terminator,
  ]> {
  let summary = "terminates an executable variant (never printed)";
  let assemblyFormat = "attr-dict";
}

def HAL_ExecutableExportOp : HAL_Op<"executable.export", [
    IsolatedFromAbove,
    Symbol,
  ]> {
  let summary = "an entry point of an executable";
  let arguments = (ins
    OptionalAttr<StrAttr>:$sym_visibility,
    SymbolNameAttr:$sym_name,
    OptionalAttr<IndexAttr>:$ordinal,
    HAL_PipelineLayoutAttr:$layout,
    OptionalAttr<SymbolRefAttr>:$condition_fallback,
    OptionalAttr<ArrayAttr>:$workgroup_size,
    OptionalAttr<IndexAttr>:$subgroup_size,
    OptionalAttr<IndexAttr>:$workgroup_local_memory,
    OptionalAttr<DictionaryAttr>:$source_locs
  );
  let regions = (region AnyRegion:$workgroup_count, AnyRegion:$condition);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def HAL_ReturnOp : HAL_Op<"return", [Pure, ReturnLike, Terminator]> {
  let summary = "returns from a HAL region";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_HAL_IR_HALOPS
