// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @constant_ordinal() {
  // expected-error @+1 {{'hal.interface.constant.load' op push constant ordinal out of bounds}}
  %0 = hal.interface.constant.load layout(#layout) ordinal(1) : i32
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @subspan_dims(%dim: index) {
  // expected-error @+1 {{'hal.interface.binding.subspan' op result type 'memref<?x?xf32>' has 2 dynamic dimensions but 1 associated dimension SSA values}}
  %0 = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?x?xf32>{%dim}
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>

func.func @subspan_binding() {
  // expected-error @+1 {{'hal.interface.binding.subspan' op binding ordinal 1 out of bounds in layout #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>}}
  %0 = hal.interface.binding.subspan layout(#layout) binding(1) : memref<4xf32>
  return
}
