//===- SluiceRTOps.td - sluice_rt ops -----------------------*- tablegen -*-===//
//
// The ops of execution.md §4.2. Syntax and diagnostics are normative.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_SLUICERT_IR_SLUICERTOPS
#define SLUICE_DIALECT_SLUICERT_IR_SLUICERTOPS

include "sluice/Dialect/SluiceRT/IR/SluiceRTBase.td"
include "sluice/Dialect/HAL/IR/HALTypes.td"
include "sluice/Dialect/HAL/IR/HALAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

// The reference-counted types of execution.md §3.6.
def SluiceRT_CountedRef : AnyTypeOf<[HAL_Buffer, HAL_BufferView, HAL_Fence,
                                     HAL_File, HAL_Semaphore],
                                    "a reference-counted HAL object">;

//===----------------------------------------------------------------------===//
// Submission
//===----------------------------------------------------------------------===//

def SluiceRT_QueueExecuteOp : SluiceRT_Op<"queue.execute", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "submits a command function to a device queue";
  let description = [{
    Once `wait` is reached, runs the command function `callee` with the
    captured operands and signals `signal` when it returns (or fails it with
    the command function's status). `cost` is the estimated run time in
    nanoseconds (execution.md §4.3 step 5) when it is known statically.
  }];
  let arguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    HAL_Fence:$wait_fence,
    HAL_Fence:$signal_fence,
    FlatSymbolRefAttr:$callee,
    Variadic<AnyType>:$arguments,
    OptionalAttr<I64Attr>:$cost
  );
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    `wait` `(` $wait_fence `)`
    `signal` `(` $signal_fence `)`
    `call` `(` $callee `(` $arguments `)` `)`
    (`cost` `(` $cost^ `)`)?
    attr-dict-with-keyword `:` custom<OperandTypeList>(type($arguments))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Waves
//===----------------------------------------------------------------------===//

def SluiceRT_WaveOp : SluiceRT_Op<"wave", [
    SingleBlockImplicitTerminator<"WaveEndOp">,
    NoRegionArguments,
  ]> {
  let summary = "commands that may run concurrently, ending with a barrier";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
  let hasVerifier = 1;
}

def SluiceRT_WaveEndOp : SluiceRT_Op<"wave_end", [
    HasParent<"WaveOp">, Terminator, Pure,
  ]> {
  let summary = "terminates a wave (never printed)";
  let assemblyFormat = "attr-dict";
}

def SluiceRT_DispatchOp : SluiceRT_Op<"dispatch", [
    HasParent<"WaveOp">,
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "runs every workgroup of an executable export";
  let description = [{
    The entry is `@executable::@variant::@export` before
    `--sluice-link-executables`, the flat symbol of the workgroup function
    (described by a `sluice_rt.executable_info`) after it.
  }];
  let arguments = (ins
    SymbolRefAttr:$entry_point,
    Index:$workgroup_x,
    Index:$workgroup_y,
    Index:$workgroup_z,
    Variadic<I32>:$constants,
    Variadic<HAL_Buffer>:$binding_buffers,
    Variadic<Index>:$binding_offsets,
    Variadic<Index>:$binding_lengths
  );
  let assemblyFormat = [{
    $entry_point
    `workgroups` `(` `[`
        $workgroup_x `,`
        $workgroup_y `,`
        $workgroup_z
    `]` `)`
    (`constants` `(` `[` $constants^ `]` `)`)?
    `bindings` `(` `[` custom<WaveBindings>($binding_buffers,
                                            $binding_offsets,
                                            $binding_lengths) `]` `)`
    attr-dict
  }];
  let hasVerifier = 1;
}

def SluiceRT_FillOp : SluiceRT_Op<"fill", [HasParent<"WaveOp">]> {
  let summary = "fills a buffer range with a repeated pattern";
  let arguments = (ins
    HAL_Buffer:$target,
    Index:$target_offset,
    Index:$length,
    AnyTypeOf<[I8, I16, I32]>:$pattern
  );
  let assemblyFormat = [{
    `target` `(` $target `:` type($target) `)`
    `` `[` $target_offset `,` $length `]`
    `pattern` `(` $pattern `:` type($pattern) `)`
    attr-dict
  }];
}

def SluiceRT_CopyOp : SluiceRT_Op<"copy", [HasParent<"WaveOp">]> {
  let summary = "copies a buffer range";
  let arguments = (ins
    HAL_Buffer:$source,
    Index:$source_offset,
    HAL_Buffer:$target,
    Index:$target_offset,
    Index:$length
  );
  let assemblyFormat = [{
    `source` `(` $source `:` type($source) `)`
    `` `[` $source_offset `]`
    `target` `(` $target `:` type($target) `)`
    `` `[` $target_offset `]`
    `length` `(` $length `)`
    attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Reference counting
//===----------------------------------------------------------------------===//

def SluiceRT_RetainOp : SluiceRT_Op<"retain", [
    AllTypesMatch<["value", "result"]>,
    MemoryEffects<[MemWrite]>,
  ]> {
  let summary = "a new owned reference to the same object";
  let arguments = (ins SluiceRT_CountedRef:$value);
  let results = (outs SluiceRT_CountedRef:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def SluiceRT_ReleaseOp : SluiceRT_Op<"release", [MemoryEffects<[MemWrite]>]> {
  let summary = "drops one reference (a NULL reference is allowed)";
  let arguments = (ins SluiceRT_CountedRef:$value);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

//===----------------------------------------------------------------------===//
// Error edges
//===----------------------------------------------------------------------===//

def SluiceRT_CheckStatusOp : SluiceRT_Op<"check_status", [
    Terminator,
    DeclareOpInterfaceMethods<BranchOpInterface>,
  ]> {
  let summary = "branches to the error block when the fallible op before it failed";
  let description = [{
    Continues at `^ok` when the pending status of the function is NULL after
    the fallible operation right before this terminator, else at `^error`.
  }];
  let successors = (successor AnySuccessor:$ok, AnySuccessor:$error);
  let assemblyFormat = "$ok `,` $error attr-dict";
  let hasVerifier = 1;
}

def SluiceRT_CheckCodeOp : SluiceRT_Op<"check_code", [
    Terminator,
    DeclareOpInterfaceMethods<BranchOpInterface>,
  ]> {
  let summary = "fails the function with an annotated status when a code is not OK";
  let arguments = (ins I32:$code, StrAttr:$message);
  let successors = (successor AnySuccessor:$ok, AnySuccessor:$error);
  let assemblyFormat = "$code `,` $message $ok `,` $error attr-dict";
}

def SluiceRT_FailOp : SluiceRT_Op<"fail", [Terminator, ReturnLike]> {
  let summary = "returns the pending status, or INTERNAL «unreachable: <message>»";
  let arguments = (ins OptionalAttr<StrAttr>:$message);
  let assemblyFormat = "($message^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Linked executables
//===----------------------------------------------------------------------===//

def SluiceRT_ExecutableInfoOp : SluiceRT_Op<"executable_info", [
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
  ]> {
  let summary = "metadata of a linked workgroup function";
  let arguments = (ins
    FlatSymbolRefAttr:$function,
    StrAttr:$executable,
    StrAttr:$export_name,
    HAL_PipelineLayoutAttr:$layout,
    I64Attr:$cost,
    OptionalAttr<DenseI64ArrayAttr>:$workgroup_size
  );
  let assemblyFormat = [{
    $function
    `executable` `(` $executable `)`
    `export` `(` $export_name `)`
    `layout` `(` $layout `)`
    `cost` `(` $cost `)`
    (`workgroup_size` `(` $workgroup_size^ `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
}

#endif // SLUICE_DIALECT_SLUICERT_IR_SLUICERTOPS
