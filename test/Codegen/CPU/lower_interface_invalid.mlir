// RUN: sluice-opt --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(builtin.module(sluice-cpu-lower-interface))))' --verify-diagnostics %s
// REQUIRES: sluice-opt

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // expected-error @+1 {{'hal.executable.export' op export 'wide' uses 65 bindings; the CPU ABI allows 64}}
    hal.executable.export public @wide ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>)
    builtin.module {
      func.func @wide() {
        return
      }
    }
  }
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // expected-error @+1 {{'hal.executable.export' op export 'many' uses 65 constants; the CPU ABI allows 64}}
    hal.executable.export public @many ordinal(0) layout(#hal.pipeline.layout<constants = 65, bindings = []>)
    builtin.module {
      func.func @many() {
        return
      }
    }
  }
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = []>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @wide_constant ordinal(0) layout(#layout)
    builtin.module {
      func.func @wide_constant() {
        // expected-error @+1 {{'hal.interface.constant.load' op of type 'i64' cannot be read from the CPU ABI (32-bit values or index only)}}
        %k = hal.interface.constant.load layout(#layout) ordinal(0) : i64
        "test.use"(%k) : (i64) -> ()
        return
      }
    }
  }
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // expected-error @+1 {{'hal.executable.export' op has no function 'missing' in the variant's module}}
    hal.executable.export public @missing ordinal(0) layout(#hal.pipeline.layout<bindings = []>)
    builtin.module {
    }
  }
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @tensor ordinal(0) layout(#layout)
    builtin.module {
      func.func @tensor() {
        // expected-error @+1 {{'hal.interface.binding.subspan' op must be a row-major memref before the interface is lowered (run --sluice-cpu-lower-dispatch-tensors and bufferization first)}}
        %b = hal.interface.binding.subspan layout(#layout) binding(0) : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        "test.use"(%b) : (!iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>) -> ()
        return
      }
    }
  }
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @args ordinal(0) layout(#hal.pipeline.layout<bindings = []>)
    builtin.module {
      // expected-error @+1 {{'func.func' op is not a dispatch function: expected a body without arguments or results}}
      func.func @args(%a: index) {
        return
      }
    }
  }
}
