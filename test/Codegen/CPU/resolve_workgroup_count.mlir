// RUN: sluice-opt --split-input-file --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(sluice-cpu-resolve-workgroup-count)))' %s | FileCheck %s
// REQUIRES: sluice-opt

// Dispatches that are not distributed run one workgroup: the placeholder
// becomes (1, 1, 1) whatever its operands; exports without a count region
// are left alone.
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // CHECK: hal.executable.export public @counted
    // CHECK-SAME: count(%{{.+}}: !hal.device, %{{.+}}: index) -> (index, index, index) {
    // CHECK-NEXT: %[[ONE:.+]] = arith.constant 1 : index
    // CHECK-NEXT: hal.return %[[ONE]], %[[ONE]], %[[ONE]] : index, index, index
    hal.executable.export public @counted ordinal(0) layout(#hal.pipeline.layout<bindings = []>) count(%device: !hal.device, %n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      hal.return %x, %y, %z : index, index, index
    }
    // CHECK: hal.executable.export public @plain ordinal(1) layout(#{{.+}}){{$}}
    hal.executable.export public @plain ordinal(1) layout(#hal.pipeline.layout<bindings = []>)
  }
}
