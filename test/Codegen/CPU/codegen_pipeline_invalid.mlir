// RUN: sluice-opt --split-input-file --sluice-cpu-codegen-pipeline --verify-diagnostics %s
// REQUIRES: sluice-opt

#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @bad {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#layout)
    builtin.module {
      func.func @e() {
        // expected-error @+1 {{'memref.alloc' op cannot be compiled by the Sluice CPU dispatch codegen}}
        %m = memref.alloc() : memref<4xf32>
        return
      }
    }
  }
}
