//===- HALTypes.td - hal types -----------------------------*- tablegen -*-===//

#ifndef SLUICE_DIALECT_HAL_IR_HALTYPES
#define SLUICE_DIALECT_HAL_IR_HALTYPES

include "sluice/Dialect/HAL/IR/HALBase.td"
include "sluice/Dialect/Util/IR/UtilInterfaces.td"

def HAL_Allocator : HAL_Type<"Allocator", "allocator"> {
  let summary = "a device memory allocator";
}
def HAL_Buffer : HAL_Type<"Buffer", "buffer", [
    Util_ReferenceType,
    DeclareTypeInterfaceMethods<Util_InferTypeSize>,
  ]> {
  let summary = "a memory buffer";
}
def HAL_BufferView : HAL_Type<"BufferView", "buffer_view", [
    Util_ReferenceType,
    DeclareTypeInterfaceMethods<Util_InferTypeSize>,
  ]> {
  let summary = "a shaped and typed view of a buffer";
}
def HAL_Channel : HAL_Type<"Channel", "channel"> {
  let summary = "a collective communication channel";
}
def HAL_CommandBuffer : HAL_Type<"CommandBuffer", "command_buffer"> {
  let summary = "a recorded command buffer";
}
def HAL_Device : HAL_Type<"Device", "device", [
    Util_ImplicitlyCaptured,
    Util_ReferenceType,
  ]> {
  let summary = "a logical device";
}
def HAL_Event : HAL_Type<"Event", "event"> {
  let summary = "an event";
}
def HAL_Executable : HAL_Type<"Executable", "executable"> {
  let summary = "a loaded executable";
}
def HAL_Fence : HAL_Type<"Fence", "fence"> {
  let summary = "a set of semaphore timepoints";
}
def HAL_File : HAL_Type<"File", "file"> {
  let summary = "a file handle usable by device queues";
}
def HAL_Semaphore : HAL_Type<"Semaphore", "semaphore"> {
  let summary = "a timeline semaphore";
}

#endif // SLUICE_DIALECT_HAL_IR_HALTYPES
