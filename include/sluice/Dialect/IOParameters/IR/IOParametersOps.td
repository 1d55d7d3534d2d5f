//===- IOParametersOps.td - io_parameters ops --------------*- tablegen -*-===//
//
// None of these ops declares memory effects: they have unknown effects and are
// never CSE'd, hoisted or erased. The parameter references of every row print
// as `%scope::%key[%offset]` (or `"scope"::"key"[%offset]` in the legacy
// string-literal form).
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSOPS
#define SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSOPS

include "sluice/Dialect/IOParameters/IR/IOParametersBase.td"
include "sluice/Dialect/HAL/IR/HALTypes.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"
include "sluice/Dialect/Util/IR/UtilTypes.td"

def IOParameters_LoadOp : IOParameters_Op<"load", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<Util_SizeAwareOpInterface>,
  ]> {
  let summary = "reads parameters into new buffers";
  let description = [{
    Reads one parameter range per row into a new `!hal.buffer` of the row's
    length. The runtime may return a buffer aliasing cached or mapped storage.
  }];
  let arguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    HAL_Fence:$wait_fence,
    HAL_Fence:$signal_fence,
    Optional<Util_BufferType>:$source_scope,
    Variadic<Util_BufferType>:$source_keys,
    Variadic<I64>:$source_offsets,
    I32:$memory_types,
    I32:$buffer_usage,
    Variadic<Index>:$lengths,
    OptionalAttr<StrAttr>:$source_scope_literal,
    OptionalAttr<StrArrayAttr>:$source_key_literals
  );
  let results = (outs Variadic<HAL_Buffer>:$results);
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    `wait` `(` $wait_fence `)`
    `signal` `(` $signal_fence `)`
    `type` `(` $memory_types `)`
    `usage` `(` $buffer_usage `)`
    custom<LoadRows>($source_scope, $source_keys, $source_offsets,
                     type($results), $lengths,
                     $source_scope_literal, $source_key_literals)
    attr-dict-with-keyword
  }];
  let extraClassDeclaration = [{
    /// The number of parameter rows (key operands or key literals).
    unsigned getRowCount();
  }];
  let hasVerifier = 1;
}

def IOParameters_GatherOp : IOParameters_Op<"gather", [
    AttrSizedOperandSegments,
  ]> {
  let summary = "gathers parameter ranges into one buffer";
  let description = [{
    Reads one parameter range per row into `target_buffer` at the row's target
    offset. Equivalent to one read per row, but a runtime can batch them.
  }];
  let arguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    HAL_Fence:$wait_fence,
    HAL_Fence:$signal_fence,
    Optional<Util_BufferType>:$source_scope,
    Variadic<Util_BufferType>:$source_keys,
    Variadic<I64>:$source_offsets,
    HAL_Buffer:$target_buffer,
    Variadic<Index>:$target_offsets,
    Variadic<Index>:$target_lengths,
    OptionalAttr<StrAttr>:$source_scope_literal,
    OptionalAttr<StrArrayAttr>:$source_key_literals
  );
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    `wait` `(` $wait_fence `)`
    `signal` `(` $signal_fence `)`
    custom<GatherRows>($source_scope, $source_keys, $source_offsets,
                       $target_buffer, type($target_buffer),
                       $target_offsets, $target_lengths,
                       $source_scope_literal, $source_key_literals)
    attr-dict-with-keyword
  }];
  let extraClassDeclaration = [{
    /// The number of parameter rows (key operands or key literals).
    unsigned getRowCount();
  }];
  let hasVerifier = 1;
}

def IOParameters_ScatterOp : IOParameters_Op<"scatter", [
    AttrSizedOperandSegments,
  ]> {
  let summary = "scatters buffer ranges into parameters";
  let description = [{
    Writes one range of `source_buffer` per row into the row's parameter at
    the row's parameter offset.
  }];
  let arguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    HAL_Fence:$wait_fence,
    HAL_Fence:$signal_fence,
    HAL_Buffer:$source_buffer,
    Variadic<Index>:$source_offsets,
    Variadic<Index>:$source_lengths,
    Optional<Util_BufferType>:$target_scope,
    Variadic<Util_BufferType>:$target_keys,
    Variadic<I64>:$target_offsets,
    OptionalAttr<StrAttr>:$target_scope_literal,
    OptionalAttr<StrArrayAttr>:$target_key_literals
  );
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    `wait` `(` $wait_fence `)`
    `signal` `(` $signal_fence `)`
    custom<ScatterRows>($source_buffer, type($source_buffer),
                        $source_offsets, $source_lengths,
                        $target_scope, $target_keys, $target_offsets,
                        $target_scope_literal, $target_key_literals)
    attr-dict-with-keyword
  }];
  let extraClassDeclaration = [{
    /// The number of parameter rows (key operands or key literals).
    unsigned getRowCount();
  }];
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_IOPARAMETERS_IR_IOPARAMETERSOPS
