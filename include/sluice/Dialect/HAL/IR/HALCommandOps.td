//===- HALCommandOps.td - hal ops of the hal-level IR ------*- tablegen -*-===//
//
// The ops that --iree-hal-conversion produces and the native lowering
// consumes (execution.md §2.6): allocators, buffers, buffer views, command
// buffers, device queues, executables lookups and interfaces, fences, files
// and channels. Syntax, operand order and attribute names are the
// reference's. Bit-enum attributes are stored as integer attributes of the
// enum width and spelled with support-dialects.md §0.3 rule 2.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_DIALECT_HAL_IR_HALCOMMANDOPS
#define SLUICE_DIALECT_HAL_IR_HALCOMMANDOPS

include "sluice/Dialect/HAL/IR/HALOpBase.td"
include "sluice/Dialect/HAL/IR/HALTypes.td"
include "sluice/Dialect/HAL/IR/HALAttrs.td"
include "sluice/Dialect/Util/IR/UtilTypes.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

// An op whose single result `result` prints as `%<name>`.
class HAL_NamedOp<string mnemonic, string name, list<Trait> traits = []>
    : HAL_Op<mnemonic, !listconcat(
        [DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>],
        traits)> {
  let extraClassDefinition = HAL_NamedResult<name>.extraClassDefinition;
}

defvar HAL_BufferOrSlot = AnyTypeOf<[Index, HAL_Buffer]>;
defvar HAL_FillPattern = AnyTypeOf<[I8, I16, I32]>;
defvar HAL_BufferValue = AnyTypeOf<[AnySignlessInteger, AnyFloat, Index, AnyVectorOfAnyRank]>;

//===----------------------------------------------------------------------===//
// Allocators
//===----------------------------------------------------------------------===//

def HAL_AllocatorAllocateOp : HAL_NamedOp<"allocator.allocate", "buffer"> {
  let summary = "allocates a buffer from an allocator";
  let arguments = (ins
    HAL_Allocator:$allocator,
    I64:$queue_affinity,
    I32:$memory_types,
    I32:$buffer_usage,
    Index:$result_size
  );
  let results = (outs HAL_Buffer:$result);
  let assemblyFormat = [{
    `<` $allocator `:` type($allocator) `>`
    `affinity` `(` $queue_affinity `)`
    `type` `(` $memory_types `)`
    `usage` `(` $buffer_usage `)`
    `:` type($result) `{` $result_size `}`
    attr-dict-with-keyword
  }];
}

def HAL_AllocatorImportOp : HAL_Op<"allocator.import", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "imports host memory as a buffer when the allocator can";
  let arguments = (ins
    HAL_Allocator:$allocator,
    Util_BufferType:$source,
    Index:$offset,
    Index:$length,
    I64:$queue_affinity,
    I32:$memory_types,
    I32:$buffer_usage
  );
  let results = (outs I1:$did_import, HAL_Buffer:$result);
  let assemblyFormat = [{
    `<` $allocator `:` type($allocator) `>`
    `source` `(` $source `:` type($source) `)` `` `[` $offset `,` $length `]`
    `affinity` `(` $queue_affinity `)`
    `type` `(` $memory_types `)`
    `usage` `(` $buffer_usage `)`
    `:` type($did_import) `,` type($result)
    attr-dict-with-keyword
  }];
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getDidImport(), "did_import");
      setNameFn(getResult(), "mapped");
    }
  }];
}

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

def HAL_BufferAssertOp : HAL_Op<"buffer.assert"> {
  let summary = "checks a buffer's allocator, size, memory type and usage";
  let arguments = (ins
    HAL_Buffer:$buffer,
    StrAttr:$message,
    HAL_Allocator:$allocator,
    Index:$minimum_length,
    I32Attr:$memory_types,
    I32Attr:$buffer_usage
  );
  let assemblyFormat = [{
    `<` $buffer `:` type($buffer) `>`
    `message` `(` $message `)`
    `allocator` `(` $allocator `:` type($allocator) `)`
    `minimum_length` `(` $minimum_length `)`
    `type` `(` custom<MemoryTypeBitfield>($memory_types) `)`
    `usage` `(` custom<BufferUsageBitfield>($buffer_usage) `)`
    attr-dict-with-keyword
  }];
}

def HAL_BufferAllocationPreserveOp : HAL_Op<"buffer.allocation.preserve"> {
  let summary = "adds a reference to a buffer's allocation";
  let arguments = (ins HAL_Buffer:$buffer);
  let assemblyFormat = [{
    `<` $buffer `:` type($buffer) `>` attr-dict-with-keyword
  }];
}

def HAL_BufferAllocationDiscardOp
    : HAL_NamedOp<"buffer.allocation.discard", "was_terminal"> {
  let summary = "drops a reference to a buffer's allocation";
  let arguments = (ins HAL_Buffer:$buffer);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    `<` $buffer `:` type($buffer) `>` `:` type($result) attr-dict-with-keyword
  }];
}

def HAL_BufferAllocationIsTerminalOp
    : HAL_NamedOp<"buffer.allocation.is_terminal", "is_terminal"> {
  let summary = "whether a buffer holds the last reference to its allocation";
  let arguments = (ins HAL_Buffer:$buffer);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    `<` $buffer `:` type($buffer) `>` `:` type($result) attr-dict-with-keyword
  }];
}

def HAL_BufferSubspanOp : HAL_NamedOp<"buffer.subspan", "buffer", [Pure]> {
  let summary = "a reference to a byte range of a buffer";
  let arguments = (ins HAL_Buffer:$source_buffer, Index:$source_offset,
                       Index:$length);
  let results = (outs HAL_Buffer:$result);
  let assemblyFormat = [{
    `<` $source_buffer `:` type($source_buffer) `>`
    `` `[` $source_offset `,` $length `]`
    `:` type($result) attr-dict-with-keyword
  }];
}

def HAL_BufferLoadOp : HAL_Op<"buffer.load"> {
  let summary = "loads a value from a buffer";
  let arguments = (ins HAL_Buffer:$source_buffer, Index:$source_offset);
  let results = (outs HAL_BufferValue:$result);
  let assemblyFormat = [{
    `<` $source_buffer `:` type($source_buffer) `>`
    `` `[` $source_offset `]`
    `:` type($result) attr-dict-with-keyword
  }];
}

def HAL_BufferStoreOp : HAL_Op<"buffer.store"> {
  let summary = "stores a value into a buffer";
  let arguments = (ins HAL_BufferValue:$value, HAL_Buffer:$target_buffer,
                       Index:$target_offset);
  let assemblyFormat = [{
    `<` $target_buffer `:` type($target_buffer) `>`
    `` `[` $target_offset `]`
    `value` `(` $value `:` type($value) `)`
    attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// Buffer views
//===----------------------------------------------------------------------===//

def HAL_BufferViewCreateOp : HAL_NamedOp<"buffer_view.create", "view", [Pure]> {
  let summary = "a shaped, typed view of a buffer byte range";
  let arguments = (ins
    HAL_Buffer:$source_buffer,
    Index:$source_offset,
    Index:$source_length,
    I32:$element_type,
    I32:$encoding_type,
    Variadic<Index>:$shape
  );
  let results = (outs HAL_BufferView:$result);
  let assemblyFormat = [{
    `buffer` `(` $source_buffer `:` type($source_buffer) `)`
    `` `[` $source_offset `,` $source_length `]`
    `shape` `(` `[` $shape `]` `)`
    `type` `(` $element_type `)`
    `encoding` `(` $encoding_type `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_BufferViewElementTypeOp
    : HAL_PureOp<"buffer_view.element_type"> {
  let summary = "the element type of a buffer view";
  let arguments = (ins HAL_BufferView:$buffer_view);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>` `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_BufferViewEncodingTypeOp
    : HAL_PureOp<"buffer_view.encoding_type"> {
  let summary = "the encoding type of a buffer view";
  let arguments = (ins HAL_BufferView:$buffer_view);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    `<` $buffer_view `:` type($buffer_view) `>` `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_BufferViewTraceOp : HAL_Op<"buffer_view.trace"> {
  let summary = "traces buffer views under a key";
  let arguments = (ins StrAttr:$key, Variadic<HAL_BufferView>:$operands);
  let assemblyFormat = [{
    $key `=` $operands `:` type($operands) attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// Command buffers
//===----------------------------------------------------------------------===//

def HAL_CommandBufferCreateOp
    : HAL_NamedOp<"command_buffer.create", "cmd"> {
  let summary = "creates a command buffer";
  let arguments = (ins
    HAL_Device:$device,
    I32Attr:$modes,
    I32Attr:$command_categories,
    I64:$queue_affinity,
    Optional<Index>:$binding_capacity
  );
  let results = (outs HAL_CommandBuffer:$result);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)`
    `mode` `(` custom<CommandBufferModes>($modes) `)`
    `categories` `(` custom<CommandCategories>($command_categories) `)`
    `affinity` `(` $queue_affinity `)`
    (`bindings` `(` $binding_capacity^ `)`)?
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_CommandBufferFinalizeOp : HAL_Op<"command_buffer.finalize"> {
  let summary = "finalizes a command buffer's recording";
  let arguments = (ins HAL_CommandBuffer:$command_buffer);
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>` attr-dict-with-keyword
  }];
}

def HAL_CommandBufferDeviceOp : HAL_PureOp<"command_buffer.device"> {
  let summary = "the device a command buffer records for";
  let arguments = (ins HAL_CommandBuffer:$command_buffer);
  let results = (outs HAL_Device:$device);
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>` `:` type($device)
    attr-dict-with-keyword
  }];
}

def HAL_CommandBufferExecutionBarrierOp
    : HAL_Op<"command_buffer.execution_barrier"> {
  let summary = "an execution barrier between the commands around it";
  let arguments = (ins
    HAL_CommandBuffer:$command_buffer,
    I32Attr:$source_stage_mask,
    I32Attr:$target_stage_mask,
    I64Attr:$flags
  );
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>`
    `source` `(` custom<ExecutionStages>($source_stage_mask) `)`
    `target` `(` custom<ExecutionStages>($target_stage_mask) `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_CommandBufferFillBufferOp : HAL_Op<"command_buffer.fill_buffer"> {
  let summary = "fills a buffer range with a repeated pattern";
  let arguments = (ins
    HAL_CommandBuffer:$command_buffer,
    HAL_BufferOrSlot:$target_buffer,
    Index:$target_offset,
    Index:$length,
    HAL_FillPattern:$pattern,
    I64Attr:$flags
  );
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>`
    `target` `(` $target_buffer `:` type($target_buffer) `)`
    `` `[` $target_offset `,` $length `]`
    `pattern` `(` $pattern `:` type($pattern) `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_CommandBufferCopyBufferOp : HAL_Op<"command_buffer.copy_buffer"> {
  let summary = "copies a buffer range";
  let arguments = (ins
    HAL_CommandBuffer:$command_buffer,
    HAL_BufferOrSlot:$source_buffer,
    Index:$source_offset,
    HAL_BufferOrSlot:$target_buffer,
    Index:$target_offset,
    Index:$length,
    I64Attr:$flags
  );
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>`
    `source` `(` $source_buffer `:` type($source_buffer) `)`
    `` `[` $source_offset `]`
    `target` `(` $target_buffer `:` type($target_buffer) `)`
    `` `[` $target_offset `]`
    `length` `(` $length `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_CommandBufferCollectiveOp : HAL_Op<"command_buffer.collective", [
    AttrSizedOperandSegments,
  ]> {
  let summary = "records a collective operation over a channel";
  let arguments = (ins
    HAL_CommandBuffer:$command_buffer,
    HAL_Channel:$channel,
    HAL_CollectiveAttr:$op,
    Optional<I32>:$param,
    Optional<HAL_BufferOrSlot>:$send_buffer,
    Optional<Index>:$send_offset,
    Optional<Index>:$send_length,
    Optional<HAL_BufferOrSlot>:$recv_buffer,
    Optional<Index>:$recv_offset,
    Optional<Index>:$recv_length,
    Index:$element_count
  );
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>`
    `channel` `(` $channel `:` type($channel) `)`
    `op` `(` custom<CollectiveAttr>($op) `)`
    (`param` `(` $param^ `:` type($param) `)`)?
    (`send` `(` $send_buffer^ `:` type($send_buffer) `)`
     `` `[` $send_offset `,` $send_length `]`)?
    (`recv` `(` $recv_buffer^ `:` type($recv_buffer) `)`
     `` `[` $recv_offset `,` $recv_length `]`)?
    `count` `(` $element_count `)`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

def HAL_CommandBufferDispatchOp : HAL_Op<"command_buffer.dispatch", [
    AttrSizedOperandSegments,
  ]> {
  let summary = "dispatches an executable function";
  let arguments = (ins
    HAL_CommandBuffer:$command_buffer,
    HAL_Executable:$executable,
    I64:$entry_point,
    Index:$workgroup_x,
    Index:$workgroup_y,
    Index:$workgroup_z,
    Variadic<I32>:$constants,
    Variadic<HAL_BufferOrSlot>:$binding_buffers,
    Variadic<Index>:$binding_offsets,
    Variadic<Index>:$binding_lengths,
    I64Attr:$flags
  );
  let assemblyFormat = [{
    `<` $command_buffer `:` type($command_buffer) `>`
    `target` `(` $executable `:` type($executable) `)`
    `` `[` $entry_point `]`
    `workgroups` `(` `[`
        $workgroup_x `,`
        $workgroup_y `,`
        $workgroup_z
    `]` `)`
    (`constants` `(` `[` $constants^ `]` `)`)?
    `bindings` `(` custom<BindingList>($binding_buffers,
                                       type($binding_buffers),
                                       $binding_offsets,
                                       $binding_lengths) `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Devices and queues
//===----------------------------------------------------------------------===//

def HAL_DeviceMemoizeOp : HAL_Op<"device.memoize", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
    RecursiveMemoryEffects,
    SingleBlock,
  ]> {
  let summary = "a region whose results may be computed once per device";
  let arguments = (ins HAL_Device:$device, I64:$queue_affinity);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    (`->` type($results)^)?
    attr-dict-with-keyword
    $body
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      for (::mlir::Value result : getResults())
        setNameFn(result, "memo");
    }
  }];
}

def HAL_DeviceQueryOp : HAL_PureOp<"device.query"> {
  let summary = "queries a device configuration value";
  let arguments = (ins
    HAL_Device:$device,
    StrAttr:$category,
    StrAttr:$key,
    OptionalAttr<AnyAttr>:$default_value
  );
  let results = (outs I1:$ok, AnyType:$value);
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `key` `(` $category `:` `` `:` $key `)`
    `:` type($ok) `,` type($value)
    (`=` $default_value^)?
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

// The prefix every queue operation shares.
class HAL_QueueOp<string mnemonic, list<Trait> traits = []>
    : HAL_Op<"device.queue." # mnemonic, traits> {
  dag queueArguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    HAL_Fence:$wait_fence,
    HAL_Fence:$signal_fence
  );
  string queuePrefix = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    `wait` `(` $wait_fence `)`
    `signal` `(` $signal_fence `)`
  }];
  let hasVerifier = 1;
}

def HAL_DeviceQueueAllocaOp : HAL_QueueOp<"alloca", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "allocates a queue-ordered transient buffer";
  let arguments = !con(queueArguments, (ins
    I64:$pool,
    I32:$memory_types,
    I32:$buffer_usage,
    I64Attr:$flags,
    Index:$result_size
  ));
  let results = (outs HAL_Buffer:$result);
  let assemblyFormat = queuePrefix # [{
    `pool` `(` $pool `)`
    `type` `(` $memory_types `)`
    `usage` `(` $buffer_usage `)`
    `flags` `(` custom<AllocaFlags>($flags) `)`
    `:` type($result) `{` $result_size `}`
    attr-dict-with-keyword
  }];
  let extraClassDefinition = HAL_NamedResult<"transient_buffer">.extraClassDefinition;
}

def HAL_DeviceQueueDeallocaOp : HAL_QueueOp<"dealloca"> {
  let summary = "deallocates a queue-ordered transient buffer";
  let arguments = !con(queueArguments, (ins
    HAL_Buffer:$buffer,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `buffer` `(` $buffer `:` type($buffer) `)`
    `flags` `(` custom<DeallocaFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueFillOp : HAL_QueueOp<"fill"> {
  let summary = "fills a buffer range on a queue";
  let arguments = !con(queueArguments, (ins
    HAL_Buffer:$target_buffer,
    Index:$target_offset,
    Index:$length,
    HAL_FillPattern:$pattern,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `target` `(` $target_buffer `:` type($target_buffer) `)`
    `` `[` $target_offset `]`
    `length` `(` $length `)`
    `pattern` `(` $pattern `:` type($pattern) `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueCopyOp : HAL_QueueOp<"copy"> {
  let summary = "copies a buffer range on a queue";
  let arguments = !con(queueArguments, (ins
    HAL_Buffer:$source_buffer,
    Index:$source_offset,
    HAL_Buffer:$target_buffer,
    Index:$target_offset,
    Index:$length,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `source` `(` $source_buffer `:` type($source_buffer) `)`
    `` `[` $source_offset `]`
    `target` `(` $target_buffer `:` type($target_buffer) `)`
    `` `[` $target_offset `]`
    `length` `(` $length `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueReadOp : HAL_QueueOp<"read"> {
  let summary = "reads a file range into a buffer on a queue";
  let arguments = !con(queueArguments, (ins
    HAL_File:$source_file,
    I64:$source_offset,
    HAL_Buffer:$target_buffer,
    Index:$target_offset,
    Index:$length,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `source` `(` $source_file `:` type($source_file) `)`
    `` `[` $source_offset `]`
    `target` `(` $target_buffer `:` type($target_buffer) `)`
    `` `[` $target_offset `]`
    `length` `(` $length `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueWriteOp : HAL_QueueOp<"write"> {
  let summary = "writes a buffer range into a file on a queue";
  let arguments = !con(queueArguments, (ins
    HAL_Buffer:$source_buffer,
    Index:$source_offset,
    HAL_File:$target_file,
    I64:$target_offset,
    Index:$length,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `source` `(` $source_buffer `:` type($source_buffer) `)`
    `` `[` $source_offset `]`
    `target` `(` $target_file `:` type($target_file) `)`
    `` `[` $target_offset `]`
    `length` `(` $length `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueBarrierOp : HAL_QueueOp<"barrier"> {
  let summary = "signals a fence once a fence is reached, on a queue";
  let arguments = !con(queueArguments, (ins I64Attr:$flags));
  let assemblyFormat = queuePrefix # [{
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueExecuteOp : HAL_QueueOp<"execute"> {
  let summary = "executes a command buffer on a queue";
  let arguments = !con(queueArguments, (ins
    HAL_CommandBuffer:$command_buffer,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `commands` `(` $command_buffer `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueExecuteIndirectOp : HAL_QueueOp<"execute.indirect", [
    SameVariadicOperandSize,
  ]> {
  let summary = "executes a command buffer with a binding table on a queue";
  let arguments = !con(queueArguments, (ins
    HAL_CommandBuffer:$command_buffer,
    Variadic<HAL_Buffer>:$binding_buffers,
    Variadic<Index>:$binding_offsets,
    Variadic<Index>:$binding_lengths,
    I64Attr:$flags
  ));
  let assemblyFormat = queuePrefix # [{
    `commands` `(` $command_buffer `)`
    `bindings` `(` custom<BindingList>($binding_buffers,
                                       type($binding_buffers),
                                       $binding_offsets,
                                       $binding_lengths) `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    attr-dict-with-keyword
  }];
}

def HAL_DeviceQueueFlushOp : HAL_Op<"device.queue.flush"> {
  let summary = "flushes the queues of an affinity";
  let arguments = (ins HAL_Device:$device, I64:$queue_affinity);
  let assemblyFormat = [{
    `<` $device `:` type($device) `>`
    `affinity` `(` $queue_affinity `)`
    attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// Executables
//===----------------------------------------------------------------------===//

def HAL_ExecutableLookupOp : HAL_NamedOp<"executable.lookup", "exe", [Pure]> {
  let summary = "the loaded executable of a device";
  let arguments = (ins HAL_Device:$device, FlatSymbolRefAttr:$executable);
  let results = (outs HAL_Executable:$result);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)`
    `executable` `(` $executable `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_ExecutableLookupFunctionOp
    : HAL_NamedOp<"executable.lookup.function", "function_id", [Pure]> {
  let summary = "the ordinal of an export in a loaded executable";
  let arguments = (ins HAL_Executable:$executable, SymbolRefAttr:$entry_point);
  let results = (outs I64:$result);
  let assemblyFormat = [{
    `target` `(` $executable `:` type($executable) `)`
    `function` `(` $entry_point `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_ExecutableCalculateWorkgroupsOp
    : HAL_PureOp<"executable.calculate_workgroups"> {
  let summary = "the workgroup count of an export for a workload";
  let arguments = (ins
    HAL_Device:$device,
    SymbolRefAttr:$entry_point,
    Variadic<Index>:$workload
  );
  let results = (outs Index:$workgroup_x, Index:$workgroup_y,
                      Index:$workgroup_z);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)`
    `target` `(` $entry_point `)`
    (`workload` `(` `[` $workload^ `]` `)`)?
    `:` type($workgroup_x) `,` type($workgroup_y) `,` type($workgroup_z)
    attr-dict-with-keyword
  }];
}

def HAL_ExecutableConditionOp : HAL_Op<"executable.condition", [
    IsolatedFromAbove,
    ParentOneOf<["ExecutableSourceOp", "ExecutableVariantOp"]>,
  ]> {
  let summary = "whether a device supports an executable variant";
  let arguments = (ins
    TypeAttrOf<FunctionType>:$function_type,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs
  );
  let regions = (region AnyRegion:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Interfaces (inside executables)
//===----------------------------------------------------------------------===//

class HAL_InterfaceWorkgroupOp<string mnemonic, string prefix>
    : HAL_PureOp<"interface.workgroup." # mnemonic, [
        DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
      ]> {
  let arguments = (ins IndexAttr:$dimension, OptionalAttr<IndexAttr>:$upper_bound);
  let results = (outs Index:$result);
  let assemblyFormat = [{
    `[` $dimension `]` (`upper_bound` $upper_bound^)? attr-dict `:` type($result)
  }];
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      static const char *names[] = {"}] # prefix # [{_x", "}] # prefix # [{_y",
                                    "}] # prefix # [{_z"};
      uint64_t dim = getDimension().getZExtValue();
      if (dim < 3)
        setNameFn(getResult(), names[dim]);
    }
  }];
}

def HAL_InterfaceWorkgroupIDOp
    : HAL_InterfaceWorkgroupOp<"id", "workgroup_id"> {
  let summary = "the workgroup index along a dimension";
}
def HAL_InterfaceWorkgroupCountOp
    : HAL_InterfaceWorkgroupOp<"count", "workgroup_count"> {
  let summary = "the number of workgroups along a dimension";
}
def HAL_InterfaceWorkgroupSizeOp
    : HAL_InterfaceWorkgroupOp<"size", "workgroup_size"> {
  let summary = "the workgroup size along a dimension";
}

def HAL_InterfaceConstantLoadOp : HAL_PureOp<"interface.constant.load"> {
  let summary = "loads a push constant of the dispatch";
  let arguments = (ins
    HAL_PipelineLayoutAttr:$layout,
    IndexAttr:$ordinal,
    OptionalAttr<IndexAttr>:$alignment,
    OptionalAttr<AnyAttr>:$values
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    `layout` `(` $layout `)`
    `ordinal` `(` $ordinal `)`
    (`alignment` `(` $alignment^ `)`)?
    (`values` `(` $values^ `)`)?
    attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
}

def HAL_InterfaceBindingSubspanOp : HAL_PureOp<"interface.binding.subspan", [
    AttrSizedOperandSegments,
  ]> {
  let summary = "a typed view of a binding of the dispatch";
  let arguments = (ins
    HAL_PipelineLayoutAttr:$layout,
    IndexAttr:$binding,
    Optional<Index>:$byte_offset,
    Variadic<Index>:$dynamic_dims,
    OptionalAttr<IndexAttr>:$alignment,
    OptionalAttr<I32Attr>:$descriptor_flags
  );
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    `layout` `(` $layout `)`
    `binding` `(` $binding `)`
    (`alignment` `(` $alignment^ `)`)?
    (`offset` `(` $byte_offset^ `)`)?
    (`flags` `(` custom<DescriptorFlags>($descriptor_flags)^ `)`)?
    attr-dict `:` type($result) (`{` $dynamic_dims^ `}`)?
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

def HAL_FenceJoinOp : HAL_NamedOp<"fence.join", "fence"> {
  let summary = "a fence reached when all given fences are";
  let arguments = (ins Variadic<HAL_Fence>:$fences, I64Attr:$flags);
  let results = (outs HAL_Fence:$result);
  let assemblyFormat = [{
    `at` `(` `[` $fences `]` `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    `->` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_FenceAwaitOp : HAL_NamedOp<"fence.await", "status"> {
  let summary = "waits until all fences are reached or a timeout elapses";
  let arguments = (ins
    I32:$timeout_millis,
    Variadic<HAL_Fence>:$fences,
    I64Attr:$flags
  );
  let results = (outs I32:$result);
  let assemblyFormat = [{
    `until` `(` `[` $fences `]` `)`
    `timeout_millis` `(` $timeout_millis `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_FenceSignalOp : HAL_Op<"fence.signal"> {
  let summary = "signals a fence";
  let arguments = (ins HAL_Fence:$fence);
  let assemblyFormat = [{
    `<` $fence `:` type($fence) `>` attr-dict-with-keyword
  }];
}

//===----------------------------------------------------------------------===//
// Files and channels
//===----------------------------------------------------------------------===//

def HAL_ExFileFromMemoryOp : HAL_NamedOp<"ex.file.from_memory", "memory_file"> {
  let summary = "a file backed by a host buffer range";
  let arguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    I32Attr:$access,
    Util_BufferType:$buffer,
    Index:$offset,
    Index:$length,
    I32:$flags
  );
  let results = (outs HAL_File:$result);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)`
    `affinity` `(` $queue_affinity `)`
    `access` `(` custom<MemoryAccess>($access) `)`
    `buffer` `(` $buffer `:` type($buffer) `)`
    `` `[` $offset `for` $length `]`
    `flags` `(` $flags `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_ChannelCreateOp : HAL_NamedOp<"channel.create", "channel"> {
  let summary = "creates a collective channel";
  let arguments = (ins
    HAL_Device:$device,
    I64:$queue_affinity,
    I64Attr:$flags,
    Util_BufferType:$id,
    Util_BufferType:$group,
    I32:$rank,
    I32:$count
  );
  let results = (outs HAL_Channel:$result);
  let assemblyFormat = [{
    `device` `(` $device `:` type($device) `)`
    `affinity` `(` $queue_affinity `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    `id` `(` $id `)`
    `group` `(` $group `)`
    `rank` `(` $rank `)`
    `count` `(` $count `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_ChannelSplitOp : HAL_NamedOp<"channel.split", "channel"> {
  let summary = "splits a channel by color and key";
  let arguments = (ins
    HAL_Channel:$channel,
    I32:$color,
    I32:$key,
    I64Attr:$flags
  );
  let results = (outs HAL_Channel:$result);
  let assemblyFormat = [{
    `<` $channel `:` type($channel) `>`
    `color` `(` $color `)`
    `key` `(` $key `)`
    `flags` `(` custom<ReservedFlags>($flags) `)`
    `:` type($result)
    attr-dict-with-keyword
  }];
}

def HAL_ChannelRankAndCountOp : HAL_PureOp<"channel.rank_and_count", [
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>,
  ]> {
  let summary = "the rank of this participant and the participant count";
  let arguments = (ins HAL_Channel:$channel);
  let results = (outs I32:$rank, I32:$count);
  let assemblyFormat = [{
    `<` $channel `:` type($channel) `>`
    `:` type($rank) `,` type($count)
    attr-dict-with-keyword
  }];
  let extraClassDefinition = [{
    void $cppClass::getAsmResultNames(
        ::llvm::function_ref<void(::mlir::Value, ::llvm::StringRef)> setNameFn) {
      setNameFn(getRank(), "ccl_rank");
      setNameFn(getCount(), "ccl_count");
    }
  }];
}

#endif // SLUICE_DIALECT_HAL_IR_HALCOMMANDOPS
