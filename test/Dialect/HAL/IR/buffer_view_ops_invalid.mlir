// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @element_type_index() -> i32 {
  // expected-error @+1 {{'hal.element_type' op unsupported element type}}
  %0 = hal.element_type<index> : i32
  util.return %0 : i32
}

// -----

util.func public @element_type_tensor() -> i32 {
  // expected-error @+1 {{unsupported element type}}
  %0 = hal.element_type<tensor<4xf32>> : i32
  util.return %0 : i32
}

// -----

util.func public @encoding_type_attr() -> i32 {
  // expected-error @+1 {{'hal.encoding_type' op unsupported encoding type}}
  %0 = hal.encoding_type<#hal.device.promise<@a>> : i32
  util.return %0 : i32
}

// -----

util.func public @dim_not_view(%buffer: !hal.buffer) -> index {
  // expected-error @+1 {{'hal.buffer_view.dim' op operand #0 must be a shaped and typed view of a buffer, but got '!hal.buffer'}}
  %0 = "hal.buffer_view.dim"(%buffer) {index = 0 : index} : (!hal.buffer) -> index
  util.return %0 : index
}

// -----

util.func public @trace_buffer(%buffer: !hal.buffer) {
  // expected-error @+1 {{'hal.buffer_view.trace' op operand #0 must be variadic of}}
  hal.buffer_view.trace "key" = %buffer : !hal.buffer
  util.return
}
